/**
 * CLUB-1, CLUB-6: what the stream does for clubs, beside the projector (docs/design.md §21):
 * a game created in a club joins the club's list of games; a rated club game that ended is
 * rated on its club's ladder. Both are idempotent: a redelivered record adds the game once and
 * rates it once (the ladder's write carries the game's change, put only where it has none).
 */
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import type { GameCreated } from '../../../domain/match/events.ts';
import { loadGame } from '../../games/app/game-fold.ts';
import type { Deps } from '../../kernel/deps.ts';
import { type RatedGame, ratedGameOf, rateGame } from './ladder.ts';

/** Ladder writes that collide are tried again on the ladder as it now is. */
const ATTEMPTS = 20;

export const reactForClubs = async (deps: Deps, gameId: string, events: readonly EventEnvelope[]): Promise<void> => {
  const created = events.find((e) => e.type === 'GameCreated') as EventEnvelope<GameCreated> | undefined;
  const club = created?.data.options.club;
  if (created && club) {
    await deps.clubs.addGame(club.clubId, {
      gameId,
      ruleset: created.data.ruleset,
      rated: club.rated,
      createdBy: created.data.createdBy,
      createdAt: created.at,
    });
  }
  if (!events.some((e) => e.type === 'GameEnded')) return;
  const game = ratedGameOf((await loadGame(deps, gameId)).state);
  if (game) await rateOnLadder(deps, game);
};

export const rateOnLadder = async (deps: Deps, game: RatedGame): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    const ladder = await deps.clubs.ladder(game.clubId, game.ruleset);
    const next = rateGame(ladder ?? { ratings: {}, rated: 0 }, game);
    const outcome = await deps.clubs.rate(game.clubId, game.ruleset, ladder?.rev ?? 0, next.ladder, next.change);
    if (outcome !== 'conflict') return;
    if (attempt >= ATTEMPTS) throw new Error(`ladder ${game.clubId}/${game.ruleset} kept moving; will retry`);
  }
};
