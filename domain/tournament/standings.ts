/**
 * CLUB-5: standings and their tie-breakers, in this order (docs/tournaments.md "Standings"):
 * 1. points: a win 1, a draw ½, a bye 1, a loss 0;
 * 2. Buchholz: the sum of the points of every opponent met (a bye adds nothing);
 * 3. head-to-head: the points scored in games between the players still tied;
 * 4. the seed: `seedKey`, lower first, which nobody could know before the seed was revealed.
 * Points are counted in halves (integers) so no sum is a rounding question.
 */
import { seedKey } from './pairing.ts';

export interface PlayedGame {
  readonly round: number;
  readonly gameId: string;
  readonly red: string;
  readonly blue: string;
  /** The player who won, or null for a draw. */
  readonly winner: string | null;
}

export interface StandingRow {
  readonly rank: number;
  readonly playerId: string;
  /** In halves: 3 is one and a half points. */
  readonly halfPoints: number;
  readonly buchholz: number;
  readonly headToHead: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly byes: number;
  readonly withdrawn: boolean;
  /** The game ids of the row's games, in round order: the row links to them. */
  readonly games: readonly string[];
}

export interface StandingsInput {
  readonly seed: string;
  readonly players: readonly string[];
  readonly games: readonly PlayedGame[];
  /** Each bye as the player who had it. */
  readonly byes: readonly string[];
  readonly withdrawn?: ReadonlySet<string>;
}

const halfPointsOf = (input: StandingsInput): Map<string, number> => {
  const points = new Map(input.players.map((p) => [p, 0]));
  const add = (p: string, n: number) => points.set(p, (points.get(p) ?? 0) + n);
  for (const game of input.games) {
    if (game.winner === null) {
      add(game.red, 1);
      add(game.blue, 1);
    } else add(game.winner, 2);
  }
  for (const p of input.byes) add(p, 2);
  return points;
};

/**
 * COST-4: each player's games, in the order given, gathered in one pass over the games, so
 * Buchholz and the rows read a player's own games instead of scanning every game per player.
 */
const gamesByPlayer = (games: readonly PlayedGame[]): Map<string, PlayedGame[]> => {
  const mine = new Map<string, PlayedGame[]>();
  const add = (p: string, game: PlayedGame) => {
    const list = mine.get(p);
    if (list) list.push(game);
    else mine.set(p, [game]);
  };
  for (const game of games) {
    add(game.red, game);
    if (game.blue !== game.red) add(game.blue, game);
  }
  return mine;
};

/** The sum of the points of every opponent met, once per game (a bye adds nothing). */
const buchholzOf = (p: string, games: readonly PlayedGame[], points: ReadonlyMap<string, number>): number => {
  let sum = 0;
  for (const g of games) sum += points.get(g.red === p ? g.blue : g.red) ?? 0;
  return sum;
};

/**
 * Points scored in the games between players still tied on points and Buchholz: a game counts
 * when both its players are in the field and in the same tie, which is one pass over the games
 * rather than one per group of tied players.
 */
const headToHead = (input: StandingsInput, points: ReadonlyMap<string, number>, buchholz: ReadonlyMap<string, number>) => {
  const scored = new Map<string, number>();
  const tied = (a: string, b: string) =>
    buchholz.has(a) && buchholz.has(b) && points.get(a) === points.get(b) && buchholz.get(a) === buchholz.get(b);
  for (const game of input.games) {
    if (!tied(game.red, game.blue)) continue;
    for (const p of [game.red, game.blue]) scored.set(p, (scored.get(p) ?? 0) + (game.winner === null ? 1 : game.winner === p ? 2 : 0));
  }
  return scored;
};

const countOf = (list: readonly string[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const p of list) counts.set(p, (counts.get(p) ?? 0) + 1);
  return counts;
};

export const standings = (input: StandingsInput): StandingRow[] => {
  const points = halfPointsOf(input);
  const byPlayer = gamesByPlayer(input.games);
  const none: readonly PlayedGame[] = [];
  const buchholz = new Map(input.players.map((p) => [p, buchholzOf(p, byPlayer.get(p) ?? none, points)]));
  const h2h = headToHead(input, points, buchholz);
  // Each player's sort keys read once, the seed's hash among them, not looked up (or hashed) at every comparison.
  const ranked = input.players.map((playerId) => ({
    playerId,
    points: points.get(playerId) ?? 0,
    buchholz: buchholz.get(playerId) ?? 0,
    h2h: h2h.get(playerId) ?? 0,
    key: seedKey(input.seed, playerId),
  }));
  ranked.sort((a, b) => b.points - a.points || b.buchholz - a.buchholz || b.h2h - a.h2h || (a.key < b.key ? -1 : 1));
  const order = ranked.map((r) => r.playerId);
  const byes = countOf(input.byes);
  return order.map((playerId, i) => {
    const mine = [...(byPlayer.get(playerId) ?? none)].sort((a, b) => a.round - b.round);
    let wins = 0;
    let draws = 0;
    for (const g of mine) {
      if (g.winner === playerId) wins++;
      else if (g.winner === null) draws++;
    }
    return {
      rank: i + 1,
      playerId,
      halfPoints: points.get(playerId) ?? 0,
      buchholz: buchholz.get(playerId) ?? 0,
      headToHead: h2h.get(playerId) ?? 0,
      wins,
      draws,
      losses: mine.length - wins - draws,
      byes: byes.get(playerId) ?? 0,
      withdrawn: input.withdrawn?.has(playerId) ?? false,
      games: mine.map((g) => g.gameId),
    };
  });
};
