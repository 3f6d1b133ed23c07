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
import { awaitingSeats } from '../../domain/match/view.ts';
import type { EventBus, IntegrationEvent } from '../adapters/bus.ts';
import type { PhaseDeadline, PhaseScheduler, TimerInput } from '../adapters/scheduler.ts';
import { executeCommand, systemCommandId } from './commands.ts';
import type { Deps } from './deps.ts';
import { Problem } from './problems.ts';
import { publish } from './publishing.ts';
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

/**
 * The phase timer: the schedule's target gives the system command `DeadlineReached`. The
 * command id is derived from the step, in the system's own namespace that no player can
 * write to (REL-1), so a duplicate fire is an idempotent retry; a late
 * fire or one for a finished game decides nothing and writes nothing.
 */
export const fireDeadline = async (deps: Deps, input: TimerInput) => {
  try {
    const result = await executeCommand(deps, {
      gameId: input.gameId,
      commandId: systemCommandId('deadline', input.phaseKey),
      command: { type: 'DeadlineReached', phaseKey: input.phaseKey },
      caller: { kind: 'system' },
    });
    return { gameId: input.gameId, phaseKey: input.phaseKey, written: result.replayed ? 0 : result.events.length, version: result.version };
  } catch (error) {
    // A schedule for a game that no longer exists: nothing to do, and nothing to retry.
    if (error instanceof Problem && error.status === 404) return { gameId: input.gameId, phaseKey: input.phaseKey, written: 0, version: 0 };
    throw error;
  }
};

/**
 * PBM-7: a reminder's fire writes nothing to the log. If the step it was for is still open,
 * each seat that still has to act is told how long it has left (`DeadlineApproaching`, its
 * id stable per step, reminder and seat, so a duplicate fire is de-duplicated downstream);
 * a seat that has acted, a step that closed or a game that ended hears nothing.
 */
export const remindDeadline = async (deps: Deps, bus: EventBus, input: TimerInput & { readonly reminder: string }) => {
  const { gameId, phaseKey, reminder } = input;
  const { state } = await deps.store.load(gameId);
  const step = state.status === 'empty' || state.status === 'ended' ? null : state.step;
  const now = deps.clock();
  if (state.status === 'empty' || !step?.deadline || step.key !== phaseKey || Date.parse(step.deadline) <= now.getTime()) {
    return { gameId, phaseKey, reminder, written: 0, version: state.version, published: 0 };
  }
  const secondsLeft = Math.round((Date.parse(step.deadline) - now.getTime()) / 1000);
  const events: IntegrationEvent[] = awaitingSeats(state).map((seat) => ({
    id: `${gameId}:${phaseKey}:remind:${reminder}:${seat}`,
    type: 'DeadlineApproaching',
    gameId,
    seq: state.version,
    at: now.toISOString(),
    detail: {
      seat,
      playerId: state.seats.find((s) => s.name === seat)?.playerId ?? null,
      phase: step.phase,
      phaseKey,
      deadline: step.deadline,
      reminder,
      secondsLeft,
    },
  }));
  await publish(bus, events);
  return { gameId, phaseKey, reminder, written: 0, version: state.version, published: events.length };
};
