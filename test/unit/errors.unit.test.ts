/**
 * API-4 one error style, through the real handler on the memory adapters: a body, command or
 * query that does not match its schema is a 400 listing each field error with a JSON Pointer
 * and a sentence; 422 is only for rule violations, always with the rule ID.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, commandId } from '../support/client.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';

type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  rule?: string;
  code?: string;
  errors?: { pointer: string; detail: string }[];
};

let api: MemoryApi;
let red: Client;
let blue: Client;

beforeAll(async () => {
  // The real handler on the memory adapters (ARC-3): these routes are not about storage.
  api = memoryApi();
  const anon = api.anon;
  red = (await anon.register('Ann')).client;
  blue = (await anon.register('Bob')).client;
});

/** A Post Galactica game with both seats taken, red to deploy. */
const playingGame = async () => {
  const created = await red.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } });
  const joined = await blue.post<{ version: number }>(`/games/${created.body.gameId}/join`, {});
  expect(joined.status).toBe(200);
  return { gameId: created.body.gameId, version: joined.body.version };
};

const eventCount = async (gameId: string) => (await red.get<{ events: unknown[] }>(`/games/${gameId}/events?limit=500`)).body.events.length;

/** Every field error has a pointer and a sentence; the detail is a sentence too. */
const expectFieldErrors = (reply: { status: number; headers: Headers; body: Problem }, type: string) => {
  expect(reply.status).toBe(400);
  expect(reply.headers.get('content-type')).toBe('application/problem+json');
  expect(reply.body.type).toBe(`https://arbiter.dev/problems/${type}`);
  expect(reply.body.detail).toMatch(/^[A-Z].*\.$/);
  expect(reply.body.detail).not.toMatch(/NaN|received undefined|Invalid input/);
  expect(reply.body.errors?.length).toBeGreaterThan(0);
  for (const error of reply.body.errors ?? []) {
    expect(error.pointer).toMatch(/^(\/[^/]*)+$/);
    expect(error.detail).toMatch(/\.$/);
  }
  return reply.body.errors ?? [];
};

describe('API-4 query strings', () => {
  it('API-4 GET /games/{id}/state without at is a 400 that says at is required and what it is', async () => {
    const { gameId } = await playingGame();
    const reply = await red.get<Problem>(`/games/${gameId}/state`);
    const errors = expectFieldErrors(reply, 'invalid-query');
    expect(errors).toEqual([
      { pointer: '/at', detail: 'at is required: the event number to show the state after (1 is the first event).' },
    ]);
    expect(reply.body.detail).toBe('The query parameter at is required: the event number to show the state after (1 is the first event).');
  });

  it('API-4 a query value that is not a whole number, or out of range, names the parameter and its range', async () => {
    const { gameId } = await playingGame();
    const letters = await red.get<Problem>(`/games/${gameId}/state?at=four`);
    expect(expectFieldErrors(letters, 'invalid-query')[0]?.detail).toBe(
      'at must be a whole number, not "four": the event number to show the state after (1 is the first event).',
    );
    const fraction = await red.get<Problem>(`/games/${gameId}/state?at=1.5`);
    expect(expectFieldErrors(fraction, 'invalid-query')[0]?.pointer).toBe('/at');
    const zero = await red.get<Problem>(`/games/${gameId}/events?limit=0&after=-1`);
    const details = expectFieldErrors(zero, 'invalid-query').map((e) => e.detail);
    expect(details).toContain('limit must be at least 1: at most this many events (1 to 500; 100 if omitted).');
    expect(details).toContain('after must be at least 0: return events with seq greater than this.');
    expect(zero.body.detail).toContain('(1 more problem is listed in errors).');
    const inbox = await red.get<Problem>('/me/games?awaiting=maybe');
    expect(expectFieldErrors(inbox, 'invalid-query')[0]?.detail).toBe(
      'awaiting must be one of "true", "false": true: only games waiting on you.',
    );
  });
});

describe('API-4 bodies and commands', () => {
  it('API-4 a body that does not match its schema lists each field with a pointer and a sentence', async () => {
    const reply = await red.post<Problem>('/games', { ruleset: 7, seat: ['red'] });
    const errors = expectFieldErrors(reply, 'invalid-body');
    expect(errors).toEqual([
      { pointer: '/ruleset', detail: 'The field /ruleset must be a string, not a number.' },
      { pointer: '/seat', detail: 'The field /seat must be a string, not an array.' },
    ]);
    expect(reply.body.detail).toBe(
      'The request body is not valid: the field /ruleset must be a string, not a number (1 more problem is listed in errors).',
    );
  });

  it("API-4 a command the game's ruleset schema refuses is a 400 with pointers under /command, never a 422, and writes nothing", async () => {
    const { gameId, version } = await playingGame();
    const reply = await red.post<Problem>(`/games/${gameId}/commands`, {
      commandId: commandId(),
      command: { type: 'Deploy', units: [{ unitId: 'red-vanguard-troopers-1', x: 'left', y: 3 }], auto: 'yes' },
    });
    const errors = expectFieldErrors(reply, 'invalid-body');
    expect(errors).toEqual([
      { pointer: '/command/units/0/x', detail: 'The field /command/units/0/x must be a number, not a string.' },
      { pointer: '/command/auto', detail: 'The field /command/auto must be a boolean, not a string.' },
    ]);
    expect(reply.body.detail).toMatch(/^The command is not valid: the field \/command\/units\/0\/x must be a number/);
    expect(reply.body.rule).toBeUndefined();
    // A command of another ruleset is no command of this game.
    const other = await red.post<Problem>(`/games/${gameId}/commands`, {
      commandId: commandId(),
      command: { type: 'SubmitOrders', orders: [] },
    });
    expect(expectFieldErrors(other, 'invalid-body')[0]?.pointer).toBe('/command/type');
    // TB-5: it says whose command it is (Post Galactica seals nothing), not only that its type is not allowed.
    expect(other.body.detail).toBe(
      'The command is not valid: the field /command/type is "SubmitOrders", a command of gsc2, not of post-galactica; GET /rulesets/post-galactica lists this game\'s commands.',
    );
    expect(await eventCount(gameId)).toBe(version);
  });

  it('API-4 a rule violation is a 422 with the rule ID and a code', async () => {
    // INV-10: a game with armies, red deploying first, so Deploy is taken now and only its unknown unit is refused (PG-4).
    const created = await red.post<{ gameId: string }>('/games', {
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red', rules: { scenario: 'example' } },
    });
    const gameId = created.body.gameId;
    const version = (await blue.post<{ version: number }>(`/games/${gameId}/join`, {})).body.version;
    const reply = await red.post<Problem>(`/games/${gameId}/commands`, {
      commandId: commandId(),
      command: { type: 'Deploy', units: [{ unitId: 'no-such-unit', x: 1, y: 1 }] },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.type).toBe('https://arbiter.dev/problems/rule-violation');
    expect(reply.body.rule).toMatch(/^[A-Z0-9]+(-\d+)?$/);
    expect(reply.body.code).toMatch(/^[A-Z_]+$/);
    expect(await eventCount(gameId)).toBe(version);
  });
});
