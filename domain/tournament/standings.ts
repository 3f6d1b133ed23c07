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

/** Points scored by each of `tied` in the games among them only. */
const headToHead = (tied: ReadonlySet<string>, games: readonly PlayedGame[]): Map<string, number> => {
  const scored = new Map([...tied].map((p) => [p, 0]));
  for (const game of games) {
    if (!tied.has(game.red) || !tied.has(game.blue)) continue;
    for (const p of [game.red, game.blue]) scored.set(p, (scored.get(p) ?? 0) + (game.winner === null ? 1 : game.winner === p ? 2 : 0));
  }
  return scored;
};

export const standings = (input: StandingsInput): StandingRow[] => {
  const points = halfPointsOf(input);
  const opponents = (p: string) => input.games.flatMap((g) => (g.red === p ? [g.blue] : g.blue === p ? [g.red] : []));
  const buchholz = new Map(input.players.map((p) => [p, opponents(p).reduce((sum, o) => sum + (points.get(o) ?? 0), 0)]));
  const key = (p: string) => `${points.get(p)}:${buchholz.get(p)}`;
  const groups = new Map<string, Set<string>>();
  for (const p of input.players) groups.set(key(p), (groups.get(key(p)) ?? new Set()).add(p));
  const h2h = new Map<string, number>();
  for (const group of groups.values()) for (const [p, n] of headToHead(group, input.games)) h2h.set(p, n);
  const order = [...input.players].sort(
    (a, b) =>
      (points.get(b) ?? 0) - (points.get(a) ?? 0) ||
      (buchholz.get(b) ?? 0) - (buchholz.get(a) ?? 0) ||
      (h2h.get(b) ?? 0) - (h2h.get(a) ?? 0) ||
      (seedKey(input.seed, a) < seedKey(input.seed, b) ? -1 : 1),
  );
  return order.map((playerId, i) => {
    const mine = input.games.filter((g) => g.red === playerId || g.blue === playerId).sort((a, b) => a.round - b.round);
    return {
      rank: i + 1,
      playerId,
      halfPoints: points.get(playerId) ?? 0,
      buchholz: buchholz.get(playerId) ?? 0,
      headToHead: h2h.get(playerId) ?? 0,
      wins: mine.filter((g) => g.winner === playerId).length,
      draws: mine.filter((g) => g.winner === null).length,
      losses: mine.filter((g) => g.winner !== null && g.winner !== playerId).length,
      byes: input.byes.filter((p) => p === playerId).length,
      withdrawn: input.withdrawn?.has(playerId) ?? false,
      games: mine.map((g) => g.gameId),
    };
  });
};
