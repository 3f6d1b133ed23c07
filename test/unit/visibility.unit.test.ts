/**
 * API-8 who may read a game: a private game is its players' and organiser's only (a 404,
 * as for a game that does not exist, to anyone else) and joining it takes the invite code
 * its creation answered; a public game is readable by spectators, redacted as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';

let api: MemoryApi;
let anon: Client;

beforeAll(async () => {
  // The real handler on the memory adapters (ARC-3): these routes are not about storage.
  api = memoryApi();
  anon = api.anon;
});

const READS = (gameId: string) => [
  `/games/${gameId}`,
  `/games/${gameId}/events?after=0`,
  `/games/${gameId}/state?at=1`,
  `/games/${gameId}/log`,
];

/** The raw log, NDJSON, which the JSON client does not parse. */
const rawLog = async (client: Client, gameId: string) =>
  api.fetch(`${client.base}/games/${gameId}/log`, { headers: { authorization: `Bearer ${client.apiKey ?? ''}` } });

interface Created {
  readonly gameId: string;
  readonly inviteCode?: string;
}

const createPrivate = async (creator: Client, seat?: string) => {
  const reply = await creator.post<Created>('/games', {
    ruleset: 'post-galactica',
    ...(seat ? { seat } : {}),
    options: { visibility: 'private' },
  });
  expect(reply.status).toBe(201);
  return reply.body;
};

describe('API-8 private games', () => {
  it('API-8 a private game answers its creator with an invite code; a public one has none', async () => {
    const ann = await anon.register('Ann');
    const created = await createPrivate(ann.client, 'red');
    expect(created.inviteCode).toEqual(expect.any(String));
    const pub = await ann.client.post<Created>('/games', { ruleset: 'post-galactica', seat: 'red' });
    expect(pub.body.inviteCode).toBeUndefined();
  });

  it('API-8 a private game, its events, state and log are a 404 to a player not in it, as a game that does not exist', async () => {
    const ann = await anon.register('Ann');
    const eve = await anon.register('Eve');
    const { gameId } = await createPrivate(ann.client, 'red');
    for (const path of READS(gameId)) {
      const hidden = await eve.client.get(path);
      const missing = await eve.client.get(path.replace(gameId, 'g_00000000000000000000'));
      expect(hidden.status, path).toBe(404);
      expect(missing.status, path).toBe(404);
      expect((hidden.body as { detail: string }).detail).toMatch(/^There is no game /);
    }
  });

  it('API-8 joining a private game takes its invite code; a wrong or missing one is a 404', async () => {
    const ann = await anon.register('Ann');
    const bob = await anon.register('Bob');
    const { gameId, inviteCode } = await createPrivate(ann.client, 'red');
    expect((await bob.client.post(`/games/${gameId}/join`, {})).status).toBe(404);
    expect((await bob.client.post(`/games/${gameId}/join`, { inviteCode: 'not-the-code' })).status).toBe(404);
    expect((await bob.client.post(`/games/${gameId}/join`, { inviteCode, extra: 1 })).status).toBe(400);
    const joined = await bob.client.post<{ events: { type: string }[] }>(`/games/${gameId}/join`, { inviteCode });
    expect(joined.status).toBe(200);
    expect(joined.body.events.map((e) => e.type)).toContain('SeatJoined');
    for (const reader of [ann.client, bob.client]) {
      for (const path of READS(gameId).slice(0, 3)) expect((await reader.get(path)).status, path).toBe(200);
      expect((await rawLog(reader, gameId)).status).toBe(200);
    }
  });

  it('API-8 the organiser reads a private game without a seat; others still may not', async () => {
    const org = await anon.register('Organiser');
    const bob = await anon.register('Bob');
    const eve = await anon.register('Eve');
    const { gameId, inviteCode } = await createPrivate(org.client);
    expect((await org.client.get(`/games/${gameId}`)).status).toBe(200);
    expect((await bob.client.post(`/games/${gameId}/join`, { inviteCode })).status).toBe(200);
    expect((await bob.client.get(`/games/${gameId}`)).status).toBe(200);
    expect((await eve.client.get(`/games/${gameId}`)).status).toBe(404);
    expect((await rawLog(org.client, gameId)).status).toBe(200);
  });
});

describe('API-8 public games', () => {
  it('API-8 a public running game is readable by a spectator, redacted; its log too', async () => {
    const ann = await anon.register('Ann');
    const bob = await anon.register('Bob');
    const spectator = await anon.register('Spectator');
    const gameId = (await ann.client.post<Created>('/games', { ruleset: 'post-galactica', seat: 'red', options: { visibility: 'public' } }))
      .body.gameId;
    expect((await bob.client.post(`/games/${gameId}/join`, {})).status).toBe(200);
    for (const path of READS(gameId).slice(0, 3)) expect((await spectator.client.get(path)).status, path).toBe(200);
    const log = await rawLog(spectator.client, gameId);
    expect(log.status).toBe(200);
    const header = JSON.parse((await log.text()).split('\n')[0] ?? '{}') as { viewer: string | null; seed: string | null };
    expect(header).toMatchObject({ viewer: null, seed: null });
  });

  it('API-8 a finished public game’s whole log, with its seed, is downloadable by anyone', async () => {
    const ann = await anon.register('Ann');
    const bob = await anon.register('Bob');
    const spectator = await anon.register('Spectator');
    const gameId = (await ann.client.post<Created>('/games', { ruleset: 'post-galactica', seat: 'red' })).body.gameId;
    expect((await bob.client.post(`/games/${gameId}/join`, {})).status).toBe(200);
    const conceded = await bob.client.post(`/games/${gameId}/commands`, { commandId: 'bob-concede-1', command: { type: 'Concede' } });
    expect(conceded.status).toBe(200);
    const log = await rawLog(spectator.client, gameId);
    expect(log.status).toBe(200);
    const header = JSON.parse((await log.text()).split('\n')[0] ?? '{}') as { status: string; seed: string | null };
    expect(header.status).toBe('ended');
    expect(header.seed).toEqual(expect.any(String));
  });
});
