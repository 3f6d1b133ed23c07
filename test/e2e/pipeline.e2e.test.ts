import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { findChainBreak } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { Client, commandId, eventually, startTestRuntime, withPlayerNames } from '../support/http.ts';

const RULESETS = everyRuleset();

let runtime: Runtime;
let anon: Client;
let red: Client;
let blue: Client;
let gameId: string;

type GameReply = {
  version: number;
  status: string;
  awaiting: string[];
  game: { activeSeat: string; phase: string; round: number; turn: number } | null;
};

const allEvents = async (client: Client): Promise<EventEnvelope[]> => {
  const events: EventEnvelope[] = [];
  let after = 0;
  for (;;) {
    const page = await client.get<{ events: EventEnvelope[]; next: number | null }>(`/games/${gameId}/events?after=${after}&limit=7`);
    events.push(...page.body.events);
    if (page.body.next === null) return events;
    after = page.body.next;
  }
};

beforeAll(async () => {
  runtime = await startTestRuntime();
  anon = new Client(runtime.url);
  red = (await anon.register('Ann')).client;
  blue = (await anon.register('Bob')).client;
});
afterAll(() => runtime.stop());

describe('a Post Galactica match over HTTP', () => {
  it('registers, creates, joins, rolls off and plays two full rounds; GET /games/{id} matches the fold of the log', async () => {
    const created = await red.post<{ gameId: string; version: number }>('/games', { ruleset: 'post-galactica', seat: 'red' });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/games/${created.body.gameId}`);
    gameId = created.body.gameId;

    const joined = await blue.post<{ events: EventEnvelope[] }>(`/games/${gameId}/join`, {});
    expect(joined.status).toBe(200);
    const rollOff = joined.body.events.find((e) => e.type === 'RolledOff')?.data as { winner: string };
    const winner = rollOff.winner === 'red' ? red : blue;
    const chosen = await winner.post(`/games/${gameId}/commands`, {
      commandId: commandId(),
      command: { type: 'ChooseFirstPlayer', seat: 'red' },
    });
    expect(chosen.status).toBe(200);

    const players = { red, blue };
    for (let i = 0; i < 32; i += 1) {
      const view = await eventually(
        () => red.get<GameReply>(`/games/${gameId}`),
        (r) => r.body.version >= 0 && r.body.game !== null,
      );
      const seat = i < 8 || (i >= 16 && i < 24) ? 'red' : 'blue';
      const reply = await players[seat].post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'EndPhase' } });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(view.status).toBe(200);
    }

    const log = await allEvents(red);
    expect(findChainBreak(log)).toBeNull();
    const final = await eventually(
      () => red.get<GameReply>(`/games/${gameId}`),
      (r) => r.body.version === log.length,
    );
    // Served from the projector's read model, not from a fold on request.
    expect((await runtime.deps.games.readModel(gameId))?.version).toBe(log.length);
    expect(final.body.game).toMatchObject({ activeSeat: 'red', phase: 'command', round: 3, turn: 5 });
    expect(final.body.awaiting).toEqual(['red']);
    expect(final.body).toEqual(withPlayerNames(viewGame(RULESETS, foldGame(RULESETS, log), 'red'), { red: 'Ann', blue: 'Bob' }));
    expect(log.filter((e) => e.type === 'RoundCompleted').map((e) => e.data)).toEqual([{ round: 1 }, { round: 2 }]);
  });

  it('answers an unchanged game with 304 for its ETag', async () => {
    const first = await red.get(`/games/${gameId}`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await red.call('GET', `/games/${gameId}`, undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('folds the state after any event on request', async () => {
    const reply = await blue.get<{ at: number; state: GameReply }>(`/games/${gameId}/state?at=6`);
    expect(reply.status).toBe(200);
    expect(reply.body.state).toMatchObject({ version: 6, status: 'playing', game: { activeSeat: 'red', phase: 'command' } });
    expect((await blue.get(`/games/${gameId}/state?at=100000`)).status).toBe(404);
  });

  it('lists my games, those waiting on me first', async () => {
    const other = await blue.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'blue' });
    const mine = await eventually(
      () => red.get<{ games: { gameId: string; awaiting: boolean }[] }>('/me/games?awaiting=true'),
      (r) => r.body.games.length === 1,
    );
    expect(mine.body.games.map((g) => g.gameId)).toEqual([gameId]);
    const blues = await eventually(
      () => blue.get<{ games: { gameId: string; awaiting: boolean }[] }>('/me/games'),
      (r) => r.body.games.length === 2,
    );
    // Neither waits on blue and neither has a deadline: the most recently changed first.
    expect(blues.body.games.map((g) => [g.gameId, g.awaiting])).toEqual([
      [other.body.gameId, false],
      [gameId, false],
    ]);
  });

  it('answers a retried command with the first result and writes nothing', async () => {
    const id = commandId();
    const first = await red.post<{ events: EventEnvelope[]; replayed: boolean }>(`/games/${gameId}/commands`, {
      commandId: id,
      command: { type: 'EndPhase' },
    });
    const before = (await runtime.deps.store.readAfter(gameId, 0)).length;
    const retry = await red.post<{ events: EventEnvelope[]; replayed: boolean }>(`/games/${gameId}/commands`, {
      commandId: id,
      command: { type: 'EndPhase' },
    });
    expect(retry.status).toBe(200);
    expect(retry.body.replayed).toBe(true);
    expect(retry.body.events).toEqual(first.body.events);
    expect((await runtime.deps.store.readAfter(gameId, 0)).length).toBe(before);
    const reused = await red.post(`/games/${gameId}/commands`, { commandId: id, command: { type: 'Concede' } });
    expect(reused.status).toBe(409);
  });
});

describe('bad input gets its own 4xx and writes nothing', () => {
  const cases: [string, () => Promise<{ status: number; headers: Headers; body: Record<string, unknown> }>, number, string][] = [
    ['malformed JSON', () => red.call('POST', `/games/${gameId}/commands`, '{"commandId": "abc'), 400, 'malformed-json'],
    [
      'a body that fails the schema',
      () => red.post(`/games/${gameId}/commands`, { commandId: 'x', command: { type: 'EndPhase' } }),
      400,
      'invalid-body',
    ],
    [
      'an unknown command',
      () => red.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'Teleport' } }),
      400,
      'unknown-command',
    ],
    [
      'a command from a seat that is not active',
      () => blue.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'EndPhase' } }),
      403,
      'not-allowed',
    ],
    [
      'a missing API key',
      () => anon.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'EndPhase' } }),
      401,
      'unauthorized',
    ],
    [
      'a wrong API key',
      () =>
        anon
          .as(`arb.p_0123456789abcdef0123.${'A'.repeat(43)}`)
          .post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'EndPhase' } }),
      401,
      'unauthorized',
    ],
    [
      'an unknown game',
      () => red.post('/games/g_doesnotexist/commands', { commandId: commandId(), command: { type: 'EndPhase' } }),
      404,
      'not-found',
    ],
  ];

  it.each(cases)('%s', async (_name, send, status, type) => {
    const before = (await runtime.deps.store.readAfter(gameId, 0)).length;
    const reply = await send();
    expect(reply.status).toBe(status);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    expect(reply.body.type).toBe(`https://arbiter.dev/problems/${type}`);
    expect(String(reply.body.detail)).toMatch(/^[A-Z"].{15,}[.)]$/);
    expect((await runtime.deps.store.readAfter(gameId, 0)).length).toBe(before);
  });

  it('names the rule a refused command broke', async () => {
    const reply = await blue.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'EndPhase' } });
    expect(reply.body).toMatchObject({ rule: 'PG-4', code: 'NOT_YOUR_TURN', detail: expect.stringContaining("It is red's turn") });
  });
});

describe('the API describes itself', () => {
  it('serves OpenAPI 3.1 generated from the schemas', async () => {
    const doc = await anon.get<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>
      >;
    }>('/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/players',
        '/rulesets',
        '/games',
        '/games/{id}',
        '/games/{id}/join',
        '/games/{id}/commands',
        '/games/{id}/events',
        '/games/{id}/state',
        '/me/games',
      ]),
    );
    const commandSchema = doc.body.paths['/games/{id}/commands']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(commandSchema?.properties ?? {})).toEqual(['commandId', 'expectedVersion', 'command', 'signature']);
  });

  it('lists the rulesets with their seats, phases and commands', async () => {
    const reply = await anon.get<{ rulesets: { id: string; phases: string[]; commands: { type: string }[] }[] }>('/rulesets');
    const pg = reply.body.rulesets.find((r) => r.id === 'post-galactica');
    // Deployment (before turn 1, an engine default) then the eight phases of PG-4.
    expect(pg?.phases).toEqual(['deployment', 'command', 'resource', 'movement', 'action', 'ranged', 'melee', 'status', 'end']);
    expect(pg?.commands.map((c) => c.type)).toEqual(expect.arrayContaining(['ChooseFirstPlayer', 'Concede', 'EndPhase', 'Deploy', 'Move']));
    expect(reply.body.rulesets.map((r) => r.id)).toEqual(['post-galactica', 'soluna', 'gsc2']);
    expect((await anon.get('/rulesets/chess')).status).toBe(404);
  });

  it('answers an unknown route with a problem, not a crash', async () => {
    const reply = await anon.get('/nowhere');
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
  });
});
