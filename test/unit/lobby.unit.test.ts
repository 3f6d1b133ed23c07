/**
 * API-9 a lobby: GET /games lists the public games open to join, from the projector's
 * lobby index, filtered by ruleset and paged like /me/games; a game leaves it when full.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, eventually } from '../support/client.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';

let api: MemoryApi;
let anon: Client;

beforeAll(async () => {
  // The real handler on the memory adapters (ARC-3): these routes are not about storage.
  // A clock a second on at every reading: games created one after another are never created in the
  // same millisecond, where the lobby's order (oldest first, then by game id) would leave them to their ids.
  let now = Date.parse('2026-05-01T10:00:00.000Z');
  api = memoryApi({
    clock: () => {
      now += 1000;
      return new Date(now);
    },
  });
  anon = api.anon;
});

interface LobbyGame {
  readonly gameId: string;
  readonly ruleset: string;
  readonly seatsFree: number;
  readonly createdAt: string;
}
interface Lobby {
  readonly games: LobbyGame[];
  readonly next: number | null;
  readonly cursor: string | null;
}

/** Every page of the lobby for `query`, walked by `next`. */
const wholeLobby = async (client: Client, query: string, limit = 2): Promise<LobbyGame[]> => {
  const all: LobbyGame[] = [];
  let after: number | null = 0;
  while (after !== null) {
    const page: { status: number; body: Lobby } = await client.get<Lobby>(`/games?${query}&limit=${limit}&after=${after}`);
    expect(page.status).toBe(200);
    expect(page.body.games.length).toBeLessThanOrEqual(limit);
    all.push(...page.body.games);
    after = page.body.next;
  }
  return all;
};

/** Every page of the lobby for `query`, walked by `cursor` (REL-31): the pages and each page's `next`. */
const lobbyByCursor = async (client: Client, query: string, limit: number) => {
  const all: LobbyGame[] = [];
  const nexts: (number | null)[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page: { status: number; body: Lobby } = await client.get<Lobby>(
      `/games?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.status).toBe(200);
    all.push(...page.body.games);
    nexts.push(page.body.next);
    expect(page.body.cursor === null).toBe(page.body.next === null);
    cursor = page.body.cursor;
  }
  return { all, nexts };
};

const create = async (client: Client, ruleset: string, visibility?: 'private') =>
  (await client.post<{ gameId: string }>('/games', { ruleset, ...(visibility ? { options: { visibility } } : {}) })).body.gameId;

describe('API-9 the lobby', () => {
  it('API-9 GET /games lists open public games, not private ones, each with its free seats', async () => {
    const ann = await anon.register('Ann');
    const open = await create(ann.client, 'post-galactica');
    const hidden = await create(ann.client, 'post-galactica', 'private');
    const listed = await eventually(
      () => wholeLobby(ann.client, 'ruleset=post-galactica', 100),
      (games) => games.some((g) => g.gameId === open),
    );
    expect(listed.find((g) => g.gameId === open)).toMatchObject({ ruleset: 'post-galactica', seatsFree: 2 });
    expect(listed.map((g) => g.gameId)).not.toContain(hidden);
    expect((await anon.get('/games')).status).toBe(401);
    expect((await ann.client.get('/games?limit=0')).status).toBe(400);
  });

  it('API-9 filtered by ruleset and paged by next, oldest first', async () => {
    const ann = await anon.register('Ann');
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await create(ann.client, 'gsc2'));
    const soluna = await create(ann.client, 'soluna');
    const games = await eventually(
      () => wholeLobby(ann.client, 'ruleset=gsc2'),
      (all) => ids.every((id) => all.some((g) => g.gameId === id)),
    );
    expect(games.every((g) => g.ruleset === 'gsc2')).toBe(true);
    expect(games.map((g) => g.gameId).filter((id) => ids.includes(id))).toEqual(ids);
    expect(games.map((g) => g.gameId)).not.toContain(soluna);
    const first = await ann.client.get('/games?ruleset=gsc2&limit=1');
    expect(first.headers.get('etag')).toBeTruthy();
    expect((await ann.client.get('/games?ruleset=gsc2&limit=1', { 'if-none-match': first.headers.get('etag') ?? '' })).status).toBe(304);
  });

  it('API-9 a game leaves the lobby when its seats are full', async () => {
    const ann = await anon.register('Ann');
    const bob = await anon.register('Bob');
    const gameId = (await ann.client.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' })).body.gameId;
    const before = await eventually(
      () => wholeLobby(ann.client, 'ruleset=post-galactica', 100),
      (games) => games.some((g) => g.gameId === gameId),
    );
    expect(before.find((g) => g.gameId === gameId)?.seatsFree).toBe(1);
    expect((await bob.client.post(`/games/${gameId}/join`, {})).status).toBe(200);
    await eventually(
      () => wholeLobby(ann.client, 'ruleset=post-galactica', 100),
      (games) => !games.some((g) => g.gameId === gameId),
    );
  });

  it('REL-31 GET /games pages by cursor as by after: the same games in the same order, with the same next', async () => {
    const ann = await anon.register('Ann');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await create(ann.client, 'soluna'));
    const byAfter = await eventually(
      () => wholeLobby(ann.client, 'ruleset=soluna', 2),
      (all) => ids.every((id) => all.some((g) => g.gameId === id)),
    );
    const byCursor = await lobbyByCursor(ann.client, 'ruleset=soluna', 2);
    expect(byCursor.all).toEqual(byAfter);
    expect(byCursor.nexts).toEqual(
      Array.from({ length: byCursor.nexts.length }, (_, i) => (i * 2 + 2 < byAfter.length ? i * 2 + 2 : null)),
    );
    const refused = await ann.client.get<{ errors: { pointer: string }[] }>('/games?cursor=forged');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body.errors.map((e) => e.pointer)).toEqual(['/cursor']);
  });
});
