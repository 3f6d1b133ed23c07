/**
 * The timer reactor's decisions: for every step that opens with a deadline, a one-time
 * schedule, and one per reminder the match asks for (PBM-7); for every step that closes
 * before its deadline, those schedules are deleted. A step opened and closed within one
 * batch gets no schedule at all.
 */
import { parseDuration } from '../../domain/kernel/duration.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { GameState, Step } from '../../domain/match/state.ts';
import { LOBBY_STEP } from '../../domain/match/steps.ts';
import type { PhaseDeadline, PhaseScheduler } from '../adapters/scheduler.ts';
import type { Deps } from './deps.ts';
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
  if (moved && open && !opened) await rearm(deps, scheduler, gameId, open);
  if (open?.deadline && opened) {
    await scheduler.schedule({ gameId, phaseKey: open.key, at: open.deadline });
    for (const reminder of reminderSchedules(gameId, open, remindersOf(last.after, open), deps.clock())) await scheduler.schedule(reminder);
  }
};

/**
 * PBM-12: a step whose deadline moved without closing (paused, resumed, extended) loses its
 * schedules, deadline and reminders, and gets them again at its deadline now, if it has one.
 * "Now" is the game as stored, not the batch: a redelivered older batch cannot undo a
 * later pause or resume, nor leave an extended deadline unscheduled.
 */
const rearm = async (deps: Deps, scheduler: PhaseScheduler, gameId: string, step: Step): Promise<void> => {
  const { state } = await deps.store.load(gameId);
  await cancelStep(scheduler, gameId, step, remindersOf(state, step));
  const current = stepOf(state);
  if (current?.key !== step.key || !current.deadline) return;
  await scheduler.schedule({ gameId, phaseKey: current.key, at: current.deadline });
  for (const reminder of reminderSchedules(gameId, current, remindersOf(state, current), deps.clock())) await scheduler.schedule(reminder);
};
