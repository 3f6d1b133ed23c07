/**
 * The logs the verifier's unit tests across rules versions start from (PBM-14, RUL-10), built
 * once: a recorded game to go on with, and a Post Galactica match recorded under older rules.
 */
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { Recorder, startMatch } from './finished-games.ts';
import { ageLog, olderVersion } from './older-rules.ts';

/** A game loaded with `events` as its log, to go on with. */
export const resumed = (events: readonly EventEnvelope[]): Recorder => {
  const game = new Recorder(events[0]?.gameId ?? '');
  game.events.push(...events);
  return game;
};

/**
 * A Post Galactica match after two missed deadlines, recorded under `version` (by default one this
 * build does not decide; with `edit`, what that version decided differently).
 */
export const olderGame = (version = olderVersion('post-galactica'), edit?: (event: EventEnvelope) => unknown): Recorder => {
  const game = startMatch('post-galactica');
  game.missDeadline();
  game.missDeadline();
  return resumed(ageLog(game.events, version, edit));
};
