/**
 * API-7: players have names that are served: your own profile, a rename that every game's
 * seats show at once, a public profile with just the name, and key rotation that keeps games.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, eventually } from '../support/client.ts';
import { memoryApi } from '../support/memory-api.ts';

let anon: Client;

// The real handler on the memory adapters (ARC-3): these routes are not about storage.
beforeAll(() => {
  anon = memoryApi().anon;
});

interface Seat {
  readonly name: string;
  readonly playerId: string | null;
  readonly playerName?: string | null;
}

/** A Post Galactica match with Ann on red and Bob on blue. */
const match = async (red: Client, blue: Client): Promise<string> => {
  const gameId = (await red.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' })).body.gameId;
  expect((await blue.post(`/games/${gameId}/join`, {})).status).toBe(200);
  return gameId;
};

describe('API-7 players', () => {
  it('API-7 GET /players/me gives your id, name and registration time, never the key', async () => {
    const { client, playerId } = await anon.register('Ann');
    const me = await client.get<Record<string, unknown>>('/players/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ playerId, name: 'Ann', createdAt: expect.any(String) });
    expect(JSON.stringify(me.body)).not.toContain(client.apiKey ?? 'arb.');
    expect(me.headers.get('etag')).toBeTruthy();
    const again = await client.get('/players/me', { 'if-none-match': me.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
    expect((await anon.get('/players/me')).status).toBe(401);
  });

  it("API-7 a rename shows in a game's seats for both players", async () => {
    const ann = await anon.register('Ann');
    const bob = await anon.register('Bob');
    const gameId = await match(ann.client, bob.client);
    const seatsFor = async (c: Client) => (await c.get<{ seats: Seat[] }>(`/games/${gameId}`)).body.seats;
    for (const viewer of [ann.client, bob.client]) {
      expect(await seatsFor(viewer)).toEqual([
        { name: 'red', playerId: ann.playerId, playerName: 'Ann' },
        { name: 'blue', playerId: bob.playerId, playerName: 'Bob' },
      ]);
    }
    const renamed = await ann.client.call<{ name: string }>('PATCH', '/players/me', { name: '  Annika  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ playerId: ann.playerId, name: 'Annika' });
    for (const viewer of [ann.client, bob.client]) {
      expect((await seatsFor(viewer)).map((s) => s.playerName)).toEqual(['Annika', 'Bob']);
    }
  });

  it('API-7 GET /players/{id} is the public profile: just the name', async () => {
    const ann = await anon.register('Ann');
    const bob = await anon.register('Bob');
    const profile = await bob.client.get(`/players/${ann.playerId}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({ playerId: ann.playerId, name: 'Ann' });
    expect((await bob.client.get('/players/p_00000000000000000000')).status).toBe(404);
    expect((await bob.client.get('/players/nobody')).status).toBe(404);
  });

  it("API-7 rotating the key: the new key works, the old one is a 401, and the player's games stay", async () => {
    const ann = await anon.register('Ann');
    const bob = await anon.register('Bob');
    const gameId = await match(ann.client, bob.client);
    const rotated = await ann.client.post<{ playerId: string; name: string; apiKey: string }>('/players/me/keys');
    expect(rotated.status).toBe(201);
    expect(rotated.body.playerId).toBe(ann.playerId);
    expect(rotated.body.apiKey).not.toBe(ann.client.apiKey);
    const fresh = anon.as(rotated.body.apiKey);

    expect((await ann.client.get('/players/me')).status).toBe(401);
    expect((await ann.client.post('/players/me/keys')).status).toBe(401);
    expect((await fresh.get<{ playerId: string }>('/players/me')).body.playerId).toBe(ann.playerId);
    expect((await fresh.get(`/games/${gameId}`)).status).toBe(200);
    const inbox = await eventually(
      () => fresh.get<{ games: { gameId: string }[] }>('/me/games'),
      (r) => r.status === 200 && r.body.games.some((g) => g.gameId === gameId),
    );
    expect(inbox.body.games.map((g) => g.gameId)).toContain(gameId);
  });

  it('API-7 two rotations at once with the same key: one new key, the other a 401', async () => {
    const { client } = await anon.register('Ann');
    const replies = await Promise.all([client.post<{ apiKey: string }>('/players/me/keys'), client.post('/players/me/keys')]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 401]);
    const winner = replies.find((r) => r.status === 201)?.body as { apiKey: string };
    expect((await anon.as(winner.apiKey).get('/players/me')).status).toBe(200);
  });

  it('API-7 a bad name is a 400 with a pointer to /name', async () => {
    const { client } = await anon.register('Ann');
    const bad: [unknown, string][] = [
      [{ name: '   ' }, '/name'],
      [{ name: 'x'.repeat(65) }, '/name'],
      [{}, '/name'],
      [{ name: 'Ann', extra: 1 }, ''], // strict: an unknown field is an error of the whole body
    ];
    for (const [body, pointer] of bad) {
      const reply = await client.call<{ errors: { pointer: string }[] }>('PATCH', '/players/me', body);
      expect(reply.status).toBe(400);
      expect(reply.body.errors.map((e) => e.pointer)).toContain(pointer);
    }
    expect((await client.get<{ name: string }>('/players/me')).body.name).toBe('Ann');
  });
});
