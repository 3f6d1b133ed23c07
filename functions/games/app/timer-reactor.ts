/**
 * The timer reactor's decisions: for every step that opens with a deadline, a one-time
 * schedule, and one per reminder the match asks for (PBM-7); for every step that closes
 * before its deadline, those schedules are deleted. A step opened and closed within one
 * batch gets no schedule at all.
 */
import { isWithinDeadlineBound, MAX_DURATION, parseDuration } from '../../../domain/kernel/duration.ts';
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import type { GameState, Step } from '../../../domain/match/state.ts';
import { LOBBY_STEP } from '../../../domain/match/steps.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { PhaseDeadline, PhaseScheduler } from '../../kernel/ports.ts';
import { loadGame } from './game-fold.ts';
import { transitions } from './transitions.ts';

/** Every step with a deadline is scheduled: the lobby's expiry (PBM-10), the first player's choice (PBM-9), play. */
const stepOf = (state: GameState): Step | null => (state.status === 'empty' ? null : state.step);

/** PBM-7: the reminders a step gets: the match's `options.reminders`, except in the lobby, where no seat has to act. */
export const remindersOf = (state: GameState, step: Step): readonly string[] =>
  state.status === 'empty' || step.key === LOBBY_STEP.key ? [] : (state.options.reminders ?? []);

/** PBM-7: one schedule per reminder at `deadline - before`; one already due by `now` is skipped. */
export const reminderSchedules = (gameId: string, step: Step, reminders: readonly string[], now: Date): PhaseDeadline[] => {
  if (!step.deadline) return [];
  const deadline = Date.parse(step.deadline);
  return reminders.flatMap((before) => {
    const at = deadline - (parseDuration(before) ?? 0);
    return at > now.getTime() ? [{ gameId, phaseKey: step.key, at: new Date(at).toISOString(), reminder: before }] : [];
  });
};

/** Where the timer reactor reports a step it cannot schedule: one JSON line (on AWS, a metric filter counts them for an alarm). */
export type Report = (line: string) => void;
const toStandardError: Report = (line) => console.error(line);

/**
 * REL-18: how far past the bound a deadline may lie and still be scheduled. The API sets
 * none past it; this only allows for the clocks of two functions to differ.
 */
const SKEW_MS = 60 * 60_000;

/**
 * Schedule each of a step's schedules. REL-18: one past the bound (a log written before the
 * bound, or a bug) is not scheduled, and is reported as an error rather than left to stall.
 */
const scheduleEach = async (scheduler: PhaseScheduler, deadlines: readonly PhaseDeadline[], now: Date, report: Report) => {
  for (const deadline of deadlines) {
    if (isWithinDeadlineBound(deadline.at, new Date(now.getTime() + SKEW_MS))) {
      await scheduler.schedule(deadline);
      continue;
    }
    const { gameId, phaseKey, at, reminder } = deadline;
    const [what, effect] =
      reminder === undefined ? ['deadline', 'the step will not time out'] : [`reminder ${reminder}`, 'nobody is reminded'];
    report(
      JSON.stringify({
        level: 'error',
        msg: 'unschedulable step',
        gameId,
        phaseKey,
        at,
        ...(reminder === undefined ? {} : { reminder }),
        detail: `The ${what} of step ${phaseKey} in game ${gameId} passes at ${at}, more than ${MAX_DURATION} from now, so it was not scheduled: ${effect}.`,
      }),
    );
  }
};

/** Delete every schedule of a step: its deadline's and its reminders' (each delete is idempotent). */
export const cancelStep = async (scheduler: PhaseScheduler, gameId: string, step: Step, reminders: readonly string[]): Promise<void> => {
  await scheduler.cancel(gameId, step.key);
  for (const before of reminders) await scheduler.cancel(gameId, step.key, before);
};

export const reactToDeadlines = async (
  deps: Deps,
  scheduler: PhaseScheduler,
  gameId: string,
  events: readonly EventEnvelope[],
  report: Report = toStandardError,
): Promise<void> => {
  const batch = await transitions(deps, gameId, events);
  const last = batch.at(-1);
  if (!last) return;
  const open = stepOf(last.after);
  const closed: Step[] = [];
  let opened = false;
  let moved = false;
  for (const { before, after } of batch) {
    const previous = stepOf(before);
    const next = stepOf(after);
    if (previous?.key === next?.key) {
      // PBM-12: the same step with another deadline: paused (none), resumed or extended.
      if (next && previous?.deadline !== next.deadline) moved = true;
      continue;
    }
    if (previous?.deadline) closed.push(previous);
    if (next && next.key === open?.key) opened = true;
  }
  for (const step of closed) if (step.key !== open?.key) await cancelStep(scheduler, gameId, step, remindersOf(last.after, step));
  if (moved && open && !opened) await rearm(deps, scheduler, gameId, open, report);
  if (open?.deadline && opened) await scheduleStep(deps, scheduler, gameId, last.after, open, report);
};

/** A step's deadline and reminders (PBM-7). */
const scheduleStep = async (deps: Deps, scheduler: PhaseScheduler, gameId: string, state: GameState, step: Step, report: Report) => {
  if (!step.deadline) return;
  const now = deps.clock();
  const deadline: PhaseDeadline = { gameId, phaseKey: step.key, at: step.deadline };
  await scheduleEach(scheduler, [deadline, ...reminderSchedules(gameId, step, remindersOf(state, step), now)], now, report);
};

/**
 * PBM-12: a step whose deadline moved without closing (paused, resumed, extended) loses its
 * schedules, deadline and reminders, and gets them again at its deadline now, if it has one.
 * "Now" is the game as stored, not the batch: a redelivered older batch cannot undo a
 * later pause or resume, nor leave an extended deadline unscheduled.
 */
const rearm = async (deps: Deps, scheduler: PhaseScheduler, gameId: string, step: Step, report: Report): Promise<void> => {
  const { state } = await loadGame(deps, gameId);
  await cancelStep(scheduler, gameId, step, remindersOf(state, step));
  const current = stepOf(state);
  if (current?.key !== step.key || !current.deadline) return;
  await scheduleStep(deps, scheduler, gameId, state, current, report);
};
