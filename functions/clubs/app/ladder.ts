/**
 * CLUB-6: club ladders, rated with OpenSkill (the Weng-Lin Bayesian rating, `openskill` from
 * npm; docs/design.md §21 says why). Everything here is a pure function of ended games: the
 * service rates each game as it ends (club-reactions.ts) with `rateGame`, and `recomputeLadder`
 * gives the same ladder from the games' logs folded again, in the order the ladder rated them.
 */
import { rate, rating } from 'openskill';
import type { GameState } from '../../../domain/match/state.ts';
import type { Ladder, Rating, RatingChange, RatingChangeLine } from '../../kernel/ports.ts';

/**
 * The library and version every change records. An upgrade of the package does not change a
 * past rating: ratings are stored as computed, and this says what computed them
 * (test/unit/ladder.unit.test.ts checks it names the installed version).
 */
export const RATING_LIBRARY = 'openskill@5.0.1';

/** A game a ladder rates: its seats in seat order, each with its player and result. */
export interface RatedGame {
  readonly clubId: string;
  readonly ruleset: string;
  readonly gameId: string;
  readonly endedAt: string;
  readonly seats: readonly { readonly seat: string; readonly playerId: string; readonly result: 'win' | 'loss' | 'draw' }[];
}

export type LadderState = Omit<Ladder, 'rev'>;

export const emptyLadder: LadderState = { ratings: {}, rated: 0 };

const fresh = (): Rating => {
  const { mu, sigma } = rating();
  return { mu, sigma, games: 0, wins: 0, losses: 0, draws: 0 };
};

/**
 * CLUB-6: the game a ladder rates, or null: a game created in a club as rated (its GameCreated
 * says so, never anything later), ended, with every seat held by a different player. A game
 * that expired before its seats filled is not rated; a draw rates every seat level.
 */
export const ratedGameOf = (state: GameState): RatedGame | null => {
  if (state.status !== 'ended' || state.options.club?.rated !== true) return null;
  const players = state.seats.map((s) => s.playerId);
  if (players.some((p) => p === null) || new Set(players).size !== players.length) return null;
  const { winner } = state.result;
  return {
    clubId: state.options.club.clubId,
    ruleset: state.ruleset,
    gameId: state.gameId,
    endedAt: state.updatedAt,
    seats: state.seats.map((s) => ({
      seat: s.name,
      playerId: s.playerId as string,
      result: winner === null ? 'draw' : s.name === winner ? 'win' : 'loss',
    })),
  };
};

const round = (x: number): number => Math.round(x * 1e9) / 1e9;

/** The ladder after one more rated game, and the change it records (number `rated + 1`). */
export const rateGame = (ladder: LadderState, game: RatedGame): { ladder: LadderState; change: RatingChange } => {
  const before = game.seats.map((s) => ladder.ratings[s.playerId] ?? fresh());
  // Each seat is a team of one; the winner ranks 1, the rest 2; a draw ranks every seat 1.
  const rank = game.seats.map((s) => (s.result === 'loss' ? 2 : 1));
  const after = rate(
    before.map((r) => [rating({ mu: r.mu, sigma: r.sigma })]),
    { rank },
  ).map(([r]) => ({ mu: round(r?.mu ?? 0), sigma: round(r?.sigma ?? 0) }));
  const ratings = { ...ladder.ratings };
  const players: RatingChangeLine[] = game.seats.map((s, i) => {
    const was = before[i] as Rating;
    const now = after[i] as { mu: number; sigma: number };
    ratings[s.playerId] = {
      ...now,
      games: was.games + 1,
      wins: was.wins + (s.result === 'win' ? 1 : 0),
      losses: was.losses + (s.result === 'loss' ? 1 : 0),
      draws: was.draws + (s.result === 'draw' ? 1 : 0),
    };
    return {
      playerId: s.playerId,
      seat: s.seat,
      opponents: game.seats.filter((o) => o.playerId !== s.playerId).map((o) => o.playerId),
      result: s.result,
      before: { mu: was.mu, sigma: was.sigma },
      after: now,
    };
  });
  const n = ladder.rated + 1;
  return {
    ladder: { ratings, rated: n },
    change: { n, gameId: game.gameId, endedAt: game.endedAt, library: RATING_LIBRARY, players },
  };
};

/** CLUB-6: a ladder from its ended games alone (their logs folded), in the order it rated them. */
export const recomputeLadder = (games: readonly GameState[]): { ladder: LadderState; changes: RatingChange[] } => {
  let ladder = emptyLadder;
  const changes: RatingChange[] = [];
  for (const state of games) {
    const game = ratedGameOf(state);
    if (game === null) continue;
    const next = rateGame(ladder, game);
    ladder = next.ladder;
    changes.push(next.change);
  }
  return { ladder, changes };
};
