/** CLUB-6 club ladders over HTTP on the memory runtime: rated games rate their players once, explained, paged, recomputable. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { reactForClubs } from '../../functions/clubs/app/club-reactions.ts';
import { RATING_LIBRARY, recomputeLadder } from '../../functions/clubs/app/ladder.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, commandId, startServiceRuntime } from '../support/http.ts';

let runtime: MemoryRuntime;
let players: { client: Client; playerId: string }[];
let clubId: string;
const played: string[] = [];

type Ladder = {
  rated: number;
  players: { playerId: string; rank: number; rating: number; games: number; wins: number }[];
  next: number | null;
};
type Changes = {
  changes: {
    n: number;
    gameId: string;
    library: string;
    players: { playerId: string; opponents: string[]; result: string; before: { mu: number }; after: { mu: number } }[];
  }[];
};

/** A Post Galactica game in the club, red to `red` and blue to `blue`, ended by the loser's concession (or a draw). */
const play = async (red: number, blue: number, outcome: 'red' | 'blue' | 'draw', rated = true): Promise<string> => {
  const [r, b] = [players[red] as { client: Client }, players[blue] as { client: Client }];
  const made = await r.client.post<{ gameId: string }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', club: { clubId, rated } },
  });
  const gameId = made.body.gameId;
  await b.client.post(`/games/${gameId}/join`, {});
  const give = (c: Client, type: string) => c.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type } });
  if (outcome === 'draw') {
    await give(r.client, 'OfferDraw');
    await give(b.client, 'AcceptDraw');
  } else await give(outcome === 'red' ? b.client : r.client, 'Concede');
  await runtime.stream.idle();
  played.push(gameId);
  return gameId;
};

beforeAll(async () => {
  runtime = await startServiceRuntime();
  const anon = new Client(runtime.url);
  players = await Promise.all(['Ann', 'Bob', 'Cy', 'Di'].map((name) => anon.register(name)));
  clubId = (await players[0]?.client.post<{ clubId: string }>('/clubs', { name: 'Ladder club' }))?.body.clubId as string;
  await Promise.all(players.slice(1).map((p) => p.client.post(`/clubs/${clubId}/join`, {})));
  // Ann beats Bob twice, Cy beats Di, Ann and Cy draw; one unrated game Bob wins changes nothing.
  await play(0, 1, 'red');
  await play(1, 0, 'blue');
  await play(2, 3, 'red');
  await play(0, 2, 'draw');
  await play(1, 2, 'red', false);
});
afterAll(async () => {
  await runtime?.stop();
});

const who = (i: number) => players[i] as { client: Client; playerId: string };
const id = (i: number) => who(i).playerId;

describe('CLUB-6 ladders', () => {
  it('CLUB-6 rated games rate their players per ruleset; an unrated game rates nobody', async () => {
    const ladder = (await who(3).client.get<Ladder>(`/clubs/${clubId}/ladders/post-galactica`)).body;
    expect(ladder.rated).toBe(4);
    expect(ladder.players.map((p) => [p.playerId, p.games, p.wins])).toEqual([
      [id(0), 3, 2],
      [id(2), 2, 1],
      [id(3), 1, 0],
      [id(1), 2, 0],
    ]);
    expect(ladder.players.map((p) => p.rank)).toEqual([1, 2, 3, 4]);
    expect((await who(0).client.get<Ladder>(`/clubs/${clubId}/ladders/soluna`)).body.rated).toBe(0);
  });

  it('CLUB-6 each change says the game, opponent, result, before and after, and the library that computed it', async () => {
    const { changes } = (await who(1).client.get<Changes>(`/clubs/${clubId}/ladders/post-galactica/changes?player=${id(1)}`)).body;
    expect(changes.map((c) => [c.n, c.gameId])).toEqual([
      [1, played[0]],
      [2, played[1]],
    ]);
    const [first, second] = changes.map((c) => c.players.find((p) => p.playerId === id(1)));
    expect(first).toMatchObject({ opponents: [id(0)], result: 'loss', before: { mu: 25 } });
    expect(first?.after.mu).toBeLessThan(25);
    expect(second?.before).toEqual(first?.after);
    expect(changes.every((c) => c.library === RATING_LIBRARY)).toBe(true);
  });

  it('CLUB-6 the leaderboard is paged', async () => {
    const first = (await who(0).client.get<Ladder>(`/clubs/${clubId}/ladders/post-galactica?limit=3`)).body;
    expect([first.players.length, first.next]).toEqual([3, 3]);
    const rest = (await who(0).client.get<Ladder>(`/clubs/${clubId}/ladders/post-galactica?after=3&limit=3`)).body;
    expect(rest.players.map((p) => [p.rank, p.playerId])).toEqual([[4, id(1)]]);
    expect(rest.next).toBeNull();
  });

  it('CLUB-6 a redelivered end rates nothing twice', async () => {
    const before = await runtime.deps.clubs.ladder(clubId, 'post-galactica');
    const events = await runtime.deps.store.readAfter(played[0] as string, 0);
    await reactForClubs(runtime.deps, played[0] as string, events);
    await reactForClubs(runtime.deps, played[0] as string, events.slice(-1));
    expect(await runtime.deps.clubs.ladder(clubId, 'post-galactica')).toEqual(before);
    expect(await runtime.deps.clubs.ratingChanges(clubId, 'post-galactica')).toHaveLength(4);
  });

  it('CLUB-6 the ladder is recomputed from the game logs alone, in the order it rated them', async () => {
    const changes = await runtime.deps.clubs.ratingChanges(clubId, 'post-galactica');
    const states = await Promise.all(
      played.map(async (gameId) => foldGame(runtime.deps.rulesets, await runtime.deps.store.readAfter(gameId, 0), emptyGame)),
    );
    const byId = new Map(states.map((s) => [s.status === 'empty' ? '' : s.gameId, s]));
    const inOrder = changes.map((c) => byId.get(c.gameId) ?? emptyGame);
    const { rev: _rev, ...stored } = (await runtime.deps.clubs.ladder(clubId, 'post-galactica')) ?? { rev: 0 };
    const recomputed = recomputeLadder(inOrder);
    expect(recomputed.ladder).toEqual(stored);
    expect(recomputed.changes).toEqual(changes);
    // The unrated game, folded too, rates nobody.
    expect(recomputeLadder(states).ladder.rated).toBe(4);
  });
});
