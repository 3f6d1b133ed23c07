/**
 * INV-10: a private club's id is shown to nobody outside it. A game's view and log carry its
 * club's id, so a game of a private club is private: made so when the creator gives no
 * visibility, refused when they ask for a public one. Its club's members join it without the
 * game's invite code (their membership is the invitation); to anyone else it does not exist,
 * as the club does not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';

let api: MemoryApi;
let ann: Client;
let bob: Client;
let eve: Client;
let clubId: string;

beforeAll(async () => {
  api = memoryApi();
  ann = (await api.anon.register('Ann')).client;
  bob = (await api.anon.register('Bob')).client;
  eve = (await api.anon.register('Eve')).client;
  const club = await ann.post<{ clubId: string; inviteCode: string }>('/clubs', { name: 'Tuesday Night Wargamers', visibility: 'private' });
  clubId = club.body.clubId;
  expect((await bob.post(`/clubs/${clubId}/join`, { inviteCode: club.body.inviteCode })).status).toBe(201);
});

const gameIn = (visibility?: 'public' | 'private') => ({
  ruleset: 'post-galactica',
  seat: 'red',
  options: { firstPlayer: 'red', club: { clubId, rated: true }, ...(visibility ? { visibility } : {}) },
});

describe('INV-10 a private club is shown to nobody outside it', () => {
  it('INV-10 a game of a private club is private: members join it without a code, a stranger finds neither it nor its club', async () => {
    const created = await ann.post<{ gameId: string; inviteCode?: string }>('/games', gameIn());
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    expect(typeof created.body.inviteCode).toBe('string');
    // A member joins with no code, and plays.
    expect((await bob.post(`/games/${gameId}/join`, {})).status).toBe(200);
    const seen = await bob.get<{ options: { visibility?: string; club?: { clubId: string } } }>(`/games/${gameId}`);
    expect(seen.body.options).toMatchObject({ visibility: 'private', club: { clubId } });
    // To a stranger the game is as missing as its club: nothing shows the club's id.
    const strangers = [
      await eve.get(`/games/${gameId}`),
      await eve.get(`/games/${gameId}/log`),
      await eve.get(`/games/${gameId}/events?after=0`),
      await eve.get(`/clubs/${clubId}`),
    ];
    expect(strangers.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    // The game's answers name nothing of the club (the club's own 404 echoes only the id asked for).
    for (const reply of strangers.slice(0, 3)) expect(JSON.stringify(reply.body)).not.toContain(clubId);
    const lobby = await eve.get<{ games: { gameId: string }[] }>('/games?ruleset=post-galactica');
    expect(lobby.body.games.map((g) => g.gameId)).not.toContain(gameId);
  });

  it('INV-10 a public game in a private club is refused, naming the club rule and the way out; nothing is created', async () => {
    const refused = await ann.post('/games', gameIn('public'));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ title: 'Against the club rules', code: 'PRIVATE_CLUB_GAME', rule: 'CLUB-1' });
    expect(String((refused.body as { detail: string }).detail)).toMatch(/Leave options.visibility out, or set it to "private"/);
  });
});
