/**
 * PBM-12 organiser controls. The organiser is the player who created the game, seated or
 * not (`GameCreated`'s `createdBy`); `isOrganiser` is the one test of it (PBM-14's
 * `AdoptRules` asks it too). The organiser may extend the current step's deadline, and
 * pause and resume the match: a pause closes the step's deadline and records the time
 * that was left of it; resuming opens it again with that time from then on. While a game
 * is paused, nothing is played and a deadline fire decides nothing.
 */
import type { Actor, Ctx } from '../kernel/context.ts';
import { addDuration, isWithinDeadlineBound, MAX_DURATION, MAX_DURATION_DAYS, MAX_DURATION_MS, parseDuration } from '../kernel/duration.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import type { ExtendDeadline } from './commands.ts';
import type { DeadlineExtended, GamePaused, GameResumed } from './events.ts';
import { hasEnded, standing } from './refusals.ts';
import type { Match } from './state.ts';

export const isOrganiser = (match: Match, actor: Actor): boolean => actor.kind === 'player' && actor.playerId === match.createdBy;

const notOrganiser = (what: string) =>
  reject('NOT_ORGANISER', 'PBM-12', `Only the organiser, the player who created this game, may ${what} (PBM-12).`, 403);

/**
 * The refusal of a command while the game is paused, or null. `takenWhilePaused` is its
 * declaration's `whilePaused` (command-table.ts): resuming it, leaving it, the system's own.
 */
export const pausedRefusal = (match: Match, takenWhilePaused: boolean): Decision<never> | null => {
  if (!match.paused || takenWhilePaused) return null;
  return match.paused.by === 'organiser'
    ? reject('GAME_PAUSED', 'PBM-12', 'The organiser paused this game; nothing can be played until the organiser resumes it.', 409)
    : reject(
        'GAME_PAUSED',
        'PBM-13',
        'The seats agreed to pause this game; nothing can be played until a seat or the organiser resumes it (ResumeGame).',
        409,
      );
};

/** The pause itself, for the organiser's `PauseGame` and the seats' agreement (PBM-13). */
export const pauseNow = (match: Match, ctx: Ctx, by: GamePaused['data']['by']): GamePaused => {
  const deadline = match.step?.deadline ?? null;
  const remainingMs = deadline === null ? null : Math.max(0, Date.parse(deadline) - Date.parse(ctx.now));
  return { type: 'GamePaused', data: { phaseKey: match.step?.key ?? '', remainingMs, by } };
};

/** Pausing or asking for a pause: only a match under way, not one waiting for players or over. */
export const notUnderWay = (match: Match): Decision<never> | null => {
  if (match.status === 'ended') return reject('GAME_OVER', 'MATCH', hasEnded(match, 'there is nothing to pause'), 409);
  if (match.status === 'lobby') {
    return reject(
      'GAME_NOT_STARTED',
      'PBM-12',
      `${standing(match)} There is nothing to pause before it starts; its expiry can be extended.`,
      409,
    );
  }
  return null;
};

export const pauseGame = (match: Match, ctx: Ctx): Decision<DomainEvent> => {
  if (!isOrganiser(match, ctx.actor)) return notOrganiser('pause it');
  const refused = notUnderWay(match);
  if (refused) return refused;
  return { ok: true, events: [pauseNow(match, ctx, 'organiser')] };
};

/** An organiser's pause is the organiser's to lift; one the seats agreed, any seat's or the organiser's. */
export const resumeGame = (match: Match, ctx: Ctx): Decision<DomainEvent> => {
  const paused = match.paused;
  if (!paused)
    return reject(
      'NOT_PAUSED',
      'PBM-12',
      match.status === 'ended' ? hasEnded(match, 'nothing is paused') : 'This game is not paused.',
      409,
    );
  const seated = ctx.actor.kind === 'player' && ctx.actor.seat !== null;
  if (paused.by === 'organiser' && !isOrganiser(match, ctx.actor)) return notOrganiser('resume a game the organiser paused');
  if (paused.by === 'seats' && !seated && !isOrganiser(match, ctx.actor)) {
    return reject('NOT_SEATED', 'PBM-13', 'Only a seated player or the organiser may resume this game.', 403);
  }
  const deadline = paused.remainingMs === null ? null : new Date(Date.parse(ctx.now) + paused.remainingMs).toISOString();
  const resumed: GameResumed = { type: 'GameResumed', data: { phaseKey: paused.phaseKey, deadline } };
  return { ok: true, events: [resumed] };
};

/**
 * PBM-12: `deadline` moved `by` later, or the refusal. REL-18: repeated extensions may not
 * carry a deadline further ahead than one may be set, so every deadline can be scheduled.
 */
const moved = (deadline: string, by: string, now: string): string | Decision<never> => {
  const ms = parseDuration(by);
  if (ms === null || ms < 1000) {
    return reject('BAD_DURATION', 'PBM-12', `${JSON.stringify(by)} is not an ISO 8601 duration of at least a second, e.g. PT24H.`);
  }
  if (ms > MAX_DURATION_MS) {
    return reject('BAD_DURATION', 'PBM-12', `"${by}" is longer than ${MAX_DURATION} (${MAX_DURATION_DAYS} days), the longest extension.`);
  }
  const later = addDuration(deadline, by);
  if (later !== null && isWithinDeadlineBound(later, now)) return later;
  return reject(
    'DEADLINE_TOO_LATE',
    'PBM-12',
    `Extended by ${by}, the deadline would pass at ${later ?? 'no valid time'}, more than ${MAX_DURATION_DAYS} days (${MAX_DURATION}) from now; a deadline may lie at most that far ahead.`,
  );
};

export const extendDeadline = (match: Match, command: ExtendDeadline, ctx: Ctx): Decision<DomainEvent> => {
  if (!isOrganiser(match, ctx.actor)) return notOrganiser('extend its deadline');
  if (match.status === 'ended') return reject('GAME_OVER', 'MATCH', hasEnded(match, 'its deadlines are gone'), 409);
  const step = match.step;
  if (!step?.deadline) {
    return reject(
      'NO_DEADLINE',
      'PBM-12',
      `The game waits in ${step ? `the step ${step.key}` : 'no step'}, which has no deadline to extend.`,
      409,
    );
  }
  const deadline = moved(step.deadline, command.by, ctx.now);
  if (typeof deadline !== 'string') return deadline;
  const extended: DeadlineExtended = { type: 'DeadlineExtended', data: { phaseKey: step.key, by: command.by, deadline } };
  return { ok: true, events: [extended] };
};
