/**
 * TABLE-5: a public game, running or ended, can be watched without a key. Its log and its events
 * are served to a request with no Authorization header exactly as to a signed-in player who holds
 * no seat (a spectator): a seat's sealed orders stay sealed. A private game stays the 404 of a
 * game that does not exist to anyone without access (API-8), and a key that is given but wrong is
 * still refused (401): only the absence of a key makes a spectator.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { type Client, commandId } from '../support/client.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';
import { act, mission, profile } from '../support/soluna.ts';

let api: MemoryApi;
let ann: Client;
let bob: Client;
/** Signed in, seated nowhere: what a keyless request must be served as. */
let eve: Client;

beforeAll(async () => {
  api = memoryApi();
  [ann, bob, eve] = (await Promise.all(['Ann', 'Bob', 'Eve'].map(async (name) => (await api.anon.register(name)).client))) as [
    Client,
    Client,
    Client,
  ];
});

/** Meena and Xul, each side's leader, both able to act in the first phase (Mind 10), far apart on an open grid. */
const DUEL = mission(
  [profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })],
  [profile({ id: 'xul', mind: 10, at: [7, 7], leader: true })],
);

/** A Sol'una game of `visibility` between Ann (sun, first) and Bob (moon), sun's orders for the first phase sealed. */
const sealedGame = async (visibility: 'public' | 'private'): Promise<string> => {
  const created = await ann.post<{ gameId: string; inviteCode?: string }>('/games', {
    ruleset: 'soluna',
    seat: 'sun',
    options: { firstPlayer: 'sun', visibility, rules: { mission: DUEL } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { gameId, inviteCode } = created.body;
  expect((await bob.post(`/games/${gameId}/join`, inviteCode === undefined ? {} : { inviteCode })).status).toBe(200);
  const sealed = await ann.post<{ events: EventEnvelope[] }>(`/games/${gameId}/commands`, {
    commandId: commandId(),
    command: { type: 'SubmitActions', actions: [act('meena', { kind: 'move', to: [0, 2] })] },
  });
  expect(sealed.status, JSON.stringify(sealed.body)).toBe(200);
  expect(sealed.body.events.map((e) => e.type)).toEqual(['ActionsSealed', 'ActionsCommitted']);
  return gameId;
};

/** GET /games/{id}/log as NDJSON (not JSON, which the client reads), with `as`'s key or none. */
const exported = async (gameId: string, as?: Client): Promise<{ status: number; type: string | null; text: string }> => {
  const answer = await api.fetch(`${api.url}/games/${gameId}/log`, as ? { headers: { authorization: `Bearer ${as.apiKey}` } } : {});
  return { status: answer.status, type: answer.headers.get('content-type'), text: await answer.text() };
};

describe('TABLE-5 watching a public game without a key', () => {
  it('TABLE-5 a running public game: its log and events are served without a key, redacted as to a spectator (sealed orders stay sealed)', async () => {
    const gameId = await sealedGame('public');
    const [log, spectatorLog] = await Promise.all([exported(gameId), exported(gameId, eve)]);
    expect(log.status).toBe(200);
    expect(log.type).toMatch(/^application\/x-ndjson/);
    const parsed = parseLog(log.text);
    expect(parsed.header.viewer).toBeNull();
    expect(parsed.header.status).toBe('playing');
    // Sun's sealed orders are "Sealed", with no data, to whoever holds no seat.
    expect(parsed.events.find((e) => e.visibleTo === 'sun')).toMatchObject({ type: 'Sealed', data: null });
    expect(log.text).not.toContain('"to":[0,2]');
    // Exactly the spectator's export: the same bytes a signed-in player with no seat reads.
    expect(spectatorLog).toEqual(log);

    const [events, spectatorEvents] = await Promise.all([
      api.anon.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?after=0`),
      eve.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?after=0`),
    ]);
    expect(events.status).toBe(200);
    expect(events.body).toEqual(spectatorEvents.body);
    expect(events.body.events.find((e) => e.visibleTo === 'sun')).toMatchObject({ type: 'Sealed', data: null });
    expect(events.body.events.map((e) => e.seq)).toEqual(parsed.events.map((e) => e.seq));
  });

  it('TABLE-5 without a key, a wait for the next event is answered when the other seat moves, as a spectator', async () => {
    const gameId = await sealedGame('public');
    const after = (await api.anon.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?after=0`)).body.events.length;
    const waiting = api.anon.get<{ events: EventEnvelope[] }>(`/games/${gameId}/events?after=${after}&wait=20`);
    const moved = await bob.post(`/games/${gameId}/commands`, {
      commandId: commandId(),
      command: { type: 'SubmitActions', actions: [act('xul', { kind: 'move', to: [7, 5] })] },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const page = await waiting;
    expect(page.status).toBe(200);
    // Moon's orders, sealed to a spectator, and their reveal with sun's: the page a spectator reads.
    expect(page.body.events[0]).toMatchObject({ seq: after + 1, type: 'Sealed', data: null, visibleTo: 'moon' });
    expect(page.body.events.map((e) => e.type)).toContain('ActionsRevealed');
    expect(page.body).toEqual((await eve.get(`/games/${gameId}/events?after=${after}`)).body);
  });

  it('TABLE-5 an ended public game: its whole log, seed and all, is served without a key', async () => {
    const gameId = await sealedGame('public');
    const conceded = await bob.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } });
    expect(conceded.status, JSON.stringify(conceded.body)).toBe(200);
    const { status, text } = await exported(gameId);
    expect(status).toBe(200);
    const parsed = parseLog(text);
    expect(parsed.header.status).toBe('ended');
    expect(parsed.events.some((e) => e.type === 'SeedRevealed')).toBe(true);
    expect(parsed.events.some((e) => e.type === 'Sealed')).toBe(false);
    expect(text).toContain('"to":[0,2]');
  });

  it('TABLE-5 a private game is the 404 of a game that does not exist to a request without a key (API-8); its players still read it', async () => {
    const gameId = await sealedGame('private');
    const missing = 'g_00000000000000000000';
    for (const path of ['/log', '/events?after=0', '/events?after=0&wait=1']) {
      const [hidden, absent] = await Promise.all([api.anon.get(`/games/${gameId}${path}`), api.anon.get(`/games/${missing}${path}`)]);
      expect([hidden.status, absent.status]).toEqual([404, 404]);
      // Nothing tells it from a game that does not exist but the id the request named.
      expect(JSON.stringify(hidden.body).replaceAll(gameId, missing)).toBe(JSON.stringify(absent.body));
    }
    expect((await exported(gameId, ann)).status).toBe(200);
    expect((await exported(gameId, eve)).status).toBe(404);
  });

  it('TABLE-5 a key that is given but wrong is still a 401, on a public game too', async () => {
    const gameId = await sealedGame('public');
    const wrong = api.anon.as('arb.p_00000000000000000000.not-a-key');
    for (const path of ['/log', '/events?after=0']) expect((await wrong.get(`/games/${gameId}${path}`)).status).toBe(401);
  });
});
