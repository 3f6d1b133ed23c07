/**
 * Every fault an outside probe found (issue "Hardening") that the handler itself refuses, each
 * as a regression test through the real handler on the memory adapters (ARC-3). A refusal must
 * be a 4xx problem+json with a sentence, and must write nothing. The faults that need a firing
 * deadline, the HTTP stand-in's own body limit or a broken read model are over HTTP in
 * test/service/hardening.service.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { MAX_BODY_BYTES, MAX_DEPTH } from '../../functions/http/input-guard.ts';
import { type Client, commandId, eventually } from '../support/client.ts';
import { expectProblem, type Problem, rawRequests, playingGame as sharedPlayingGame } from '../support/hardening.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';
import { act, mission, profile } from '../support/soluna.ts';

let api: MemoryApi;
let anon: Client;
let red: Client;
let blue: Client;

beforeAll(async () => {
  // The real handler on the memory adapters (ARC-3): these routes are not about storage.
  api = memoryApi();
  anon = api.anon;
  red = (await anon.register('Ann')).client;
  blue = (await anon.register('Bob')).client;
});

/** A raw request, for bodies and paths a well-behaved client would never send. */
const raw = rawRequests(
  (url, init) => api.fetch(url, init),
  () => api.url,
  () => red.apiKey,
);
const playingGame = (deadlines?: Record<string, unknown>) => sharedPlayingGame(red, blue, deadlines);

const eventCount = async (gameId: string) =>
  (await red.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?limit=500`)).body.events.length;

describe('REL-1 system command ids', () => {
  it('REL-1 a client command id may not start with @, the namespace of the phase timer and default ids', async () => {
    const { gameId, version } = await playingGame({ default: 'PT1H' });
    const reply = await red.post<Problem>(`/games/${gameId}/commands`, {
      commandId: '@deadline.t1-command',
      command: { type: 'EndPhase' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors?.[0]?.pointer).toBe('/commandId');
    expect(await eventCount(gameId)).toBe(version);
  });
});

describe('REL-2 malformed percent-encoding', () => {
  it.each([
    ['GET', '/games/%ZZ'],
    ['GET', '/rulesets/%'],
    ['POST', '/games/%E0%A4%A/join'],
    ['GET', '/games/%ED%A0%80/events'],
  ])('REL-2 %s %s is a 400 problem', async (method, path) => {
    const reply = await raw(method, path, method === 'POST' ? '{}' : undefined);
    expectProblem(reply, 400);
    expect(reply.body.type).toBe('https://arbiter.dev/problems/malformed-path');
  });
});

describe('REL-3 hostile JSON', () => {
  it('REL-3 a lone surrogate is a 400 naming where it is, and writes nothing', async () => {
    const { gameId, version } = await playingGame();
    const reply = await raw(
      'POST',
      `/games/${gameId}/commands`,
      '{"commandId":"rel3-surrogate","command":{"type":"ChooseFirstPlayer","seat":"\\ud800"}}',
    );
    expectProblem(reply, 400);
    expect(reply.body.type).toBe('https://arbiter.dev/problems/invalid-unicode');
    expect(reply.body.detail).toContain('/command/seat');
    expect(await eventCount(gameId)).toBe(version);
  });

  it('REL-3 an array 100,000 deep in a command, and options.rules 50,000 deep, are 400s before any hashing', async () => {
    const { gameId, version } = await playingGame();
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const command = await raw(
      'POST',
      `/games/${gameId}/commands`,
      `{"commandId":"rel3-deep-1","command":{"type":"EndPhase","x":${deep(100_000)}}}`,
    );
    expectProblem(command, 400);
    expect(command.body.type).toBe('https://arbiter.dev/problems/too-deep');
    expect(command.body.detail).toContain(String(MAX_DEPTH));
    const rules = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    const created = await raw('POST', '/games', `{"ruleset":"post-galactica","options":{"rules":${rules}}}`);
    expectProblem(created, 400);
    expect(created.body.type).toBe('https://arbiter.dev/problems/too-deep');
    expect(await eventCount(gameId)).toBe(version);
  });
});

describe('REL-4 strict commands and a body limit', () => {
  it('REL-4 an unknown field in a command is a 400 that names it, and writes nothing', async () => {
    const { gameId, version } = await playingGame();
    const reply = await red.post<Problem>(`/games/${gameId}/commands`, {
      commandId: commandId(),
      command: { type: 'EndPhase', junk: 'x' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toContain('/command/junk');
    expect(reply.body.errors).toEqual([{ pointer: '/command/junk', detail: 'This field is not part of the schema.' }]);
    expect(await eventCount(gameId)).toBe(version);
  });

  it('REL-4 an unknown field in a lifecycle command and in options.rules is a 400 that names it', async () => {
    const chosen = await red.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' });
    await blue.post(`/games/${chosen.body.gameId}/join`, {});
    const choose = await red.post<Problem>(`/games/${chosen.body.gameId}/commands`, {
      commandId: commandId(),
      command: { type: 'ChooseFirstPlayer', seat: 'red', junk: 1 },
    });
    expect(choose.status).toBe(400);
    expect(choose.body.detail).toContain('/command/junk');
    const created = await red.post<Problem>('/games', { ruleset: 'post-galactica', options: { rules: { scenario: 'example', junk: 1 } } });
    expect(created.status).toBe(400);
    expect(created.body.errors?.map((e) => e.pointer)).toEqual(['/options/rules/junk']);
  });

  it('REL-4 a body over 64 KiB is a 413 that says the limit, at 300 KB and at 450 KB, and writes nothing', async () => {
    const { gameId, version } = await playingGame();
    for (const size of [300_000, 450_000]) {
      const body = JSON.stringify({ commandId: commandId(), command: { type: 'ChooseFirstPlayer', seat: 'red', junk: 'x'.repeat(size) } });
      const reply = await raw('POST', `/games/${gameId}/commands`, body);
      expectProblem(reply, 413);
      expect(reply.body.detail).toContain(String(MAX_BODY_BYTES));
    }
    expect(await eventCount(gameId)).toBe(version);
  });
});

describe('REL-8 and REL-11 sealed orders', () => {
  /** A Sol'una game, sun and moon seated, sun to seal first. */
  const solunaGame = async () => {
    const m = mission(
      [profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })],
      [profile({ id: 'xul', mind: 10, at: [4, 0], leader: true, wounds: 2 })],
    );
    const gameId = (
      await red.post<{ gameId: string }>('/games', {
        ruleset: 'soluna',
        seat: 'sun',
        options: { firstPlayer: 'sun', rules: { mission: m } },
      })
    ).body.gameId;
    expect((await blue.post(`/games/${gameId}/join`, {})).status).toBe(200);
    return gameId;
  };
  const sealing = (id: string) => ({
    commandId: id,
    command: { type: 'SubmitActions', actions: [act('meena', { kind: 'move', to: [1, 2] })] },
  });

  it('REL-8 a retried sealed order answers its author exactly what the first answer did', async () => {
    const gameId = await solunaGame();
    const first = await red.post<{ version: number; replayed: boolean; events: EventEnvelope[] }>(
      `/games/${gameId}/commands`,
      sealing('rel8-seal-0001'),
    );
    const retry = await red.post<{ version: number; replayed: boolean; events: EventEnvelope[] }>(
      `/games/${gameId}/commands`,
      sealing('rel8-seal-0001'),
    );
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(first.body.events.map((e) => e.type)).toEqual(['ActionsSealed', 'ActionsCommitted']);
    expect(retry.body).toEqual({ ...first.body, replayed: true });
  });

  it('REL-11 the other seat sees no client-chosen text of a sealed command before the reveal', async () => {
    const gameId = await solunaGame();
    const telling = 'meena-moves-to-1-2';
    expect((await red.post(`/games/${gameId}/commands`, sealing(telling))).status).toBe(200);
    const seen = await Promise.all([
      raw('GET', `/games/${gameId}/events?limit=500`, undefined, blue.apiKey),
      raw('GET', `/games/${gameId}/events?after=5&limit=1`, undefined, blue.apiKey),
      raw('GET', `/games/${gameId}/events?after=6&limit=1`, undefined, blue.apiKey),
      raw('GET', `/games/${gameId}/log`, undefined, blue.apiKey),
      raw('GET', `/games/${gameId}`, undefined, blue.apiKey),
    ]);
    for (const reply of seen) {
      expect(reply.status).toBe(200);
      expect(reply.text).not.toContain(telling);
    }
    const events = JSON.parse(seen[0]?.text ?? '{}').events as EventEnvelope[];
    expect(events.slice(-2).map((e) => [e.type, e.commandId])).toEqual([
      ['Sealed', 'sealed'],
      ['ActionsCommitted', 'sealed'],
    ]);
    // Its author still sees its own id.
    const own = (await red.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?limit=500`)).body.events;
    expect(own.slice(-2).map((e) => e.commandId)).toEqual([telling, telling]);
  });
});

describe('/me/games', () => {
  it('is paged like /events', async () => {
    const { client } = await anon.register('Dee');
    for (let i = 0; i < 3; i += 1) expect((await client.post('/games', { ruleset: 'post-galactica', seat: 'red' })).status).toBe(201);
    const all = await eventually(
      () => client.get<{ games: { gameId: string }[]; next: number | null }>('/me/games'),
      (r) => r.body.games.length === 3,
    );
    expect(all.body.next).toBeNull();
    const first = await client.get<{ games: { gameId: string }[]; next: number | null }>('/me/games?limit=2');
    expect(first.body.games).toHaveLength(2);
    expect(first.body.next).toBe(2);
    const second = await client.get<{ games: { gameId: string }[]; next: number | null }>(`/me/games?limit=2&after=${first.body.next}`);
    expect(second.body.next).toBeNull();
    expect([...first.body.games, ...second.body.games].map((g) => g.gameId).sort()).toEqual(all.body.games.map((g) => g.gameId).sort());
  });
});
