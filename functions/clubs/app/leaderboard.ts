/**
 * CLUB-6: a ladder's leaderboard. Apart from the rating library (ladder.ts), so that the API,
 * which only reads ladders, does not carry the library in its bundle (PERF-1).
 */
import type { Ladder, Rating } from '../../kernel/ports.ts';

const round = (x: number): number => Math.round(x * 1e9) / 1e9;

/**
 * The conservative rating a leaderboard ranks by: mu - 3 sigma, OpenSkill's `ordinal` with its
 * default weights (test/unit/ladder.unit.test.ts checks the two agree).
 */
export const displayRating = (r: Pick<Rating, 'mu' | 'sigma'>): number => round(r.mu - 3 * r.sigma);

export interface Standing extends Rating {
  readonly rank: number;
  readonly playerId: string;
  readonly rating: number;
}

/** Every rated player, best first: by rating, then more games, then player id, so the order is total. */
export const standings = (ladder: Omit<Ladder, 'rev'>): Standing[] =>
  Object.entries(ladder.ratings)
    .map(([playerId, r]) => ({ playerId, ...r, rating: displayRating(r) }))
    .sort((a, b) => b.rating - a.rating || b.games - a.games || (a.playerId < b.playerId ? -1 : 1))
    .map((s, i) => ({ ...s, rank: i + 1 }));
