/**
 * The phase timer's decisions, when a schedule the timer reactor made fires: a deadline
 * gives the system command `DeadlineReached` (the game's referee decides what a missed
 * deadline means), a reminder tells the seats still to act. Kept apart from the timer
 * reactor's side (timer-reactor.ts), which only reads games and so loads no referee (PERF-1).
 */
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import { awaitingSeats } from '../../../domain/match/view.ts';
import type { Deps } from '../../kernel/deps.ts';
import { type EventBus, type IntegrationEvent, isTournamentId, type TimerInput } from '../../kernel/ports.ts';
import { Problem } from '../../kernel/problems.ts';
import { executeTournamentCommand } from '../../tournaments/app/tournaments.ts';
import { executeCommand, systemCommandId } from './commands.ts';
import { loadGame } from './game-fold.ts';
import { publish } from './publishing.ts';

/**
 * The phase timer: the schedule's target gives the system command `DeadlineReached`. The
 * command id is derived from the step, in the system's own namespace that no player can
 * write to (REL-1), so a duplicate fire is an idempotent retry; a late
 * fire or one for a finished game decides nothing and writes nothing.
 */
export const fireDeadline = async (deps: Deps, input: TimerInput) => {
  if (isTournamentId(input.gameId)) return fireRoundDeadline(deps, input);
  try {
    const result = await executeCommand(deps, {
      gameId: input.gameId,
      commandId: systemCommandId('deadline', input.phaseKey),
      command: { type: 'DeadlineReached', phaseKey: input.phaseKey },
      caller: { kind: 'system' },
    });
    if (!result.replayed) reportFired(deps, result.events);
    return { gameId: input.gameId, phaseKey: input.phaseKey, written: result.replayed ? 0 : result.events.length, version: result.version };
  } catch (error) {
    // A schedule for a game that no longer exists: nothing to do, and nothing to retry.
    if (error instanceof Problem && error.status === 404) return { gameId: input.gameId, phaseKey: input.phaseKey, written: 0, version: 0 };
    throw error;
  }
};

/**
 * OPS-3: a deadline that passed (its `DeadlinePassed` written; a fire for a closed step writes
 * nothing and is no deadline fired) and how late: from the time the step was due to the time
 * the command was decided, the schedule's own delay and every retry before it included.
 */
const reportFired = (deps: Deps, events: readonly EventEnvelope[]): void => {
  const passed = events.find((e) => e.type === 'DeadlinePassed');
  if (!passed) return;
  deps.metrics.count('DeadlineFired', {});
  const due = Date.parse(String((passed.data as { deadline?: unknown }).deadline));
  if (Number.isFinite(due)) deps.metrics.duration('DeadlineLateness', Date.parse(passed.at) - due, {});
};

/**
 * CLUB-4: a tournament round's deadline (`round-<n>`, scheduled by the tournament's consumer)
 * gives the server's `RoundDeadlineReached` under `@deadline.round-<n>`, by the same scheduler
 * as games' steps. A round already closed (its last game ended first) decides nothing.
 */
const fireRoundDeadline = async (deps: Deps, input: TimerInput) => {
  const round = Number(/^round-(\d+)$/.exec(input.phaseKey)?.[1] ?? Number.NaN);
  const nothing = { gameId: input.gameId, phaseKey: input.phaseKey, written: 0, version: 0 };
  if (!Number.isInteger(round)) return nothing;
  try {
    const result = await executeTournamentCommand(deps, {
      tournamentId: input.gameId,
      commandId: systemCommandId('deadline', input.phaseKey),
      command: { type: 'RoundDeadlineReached', round },
      caller: { kind: 'system' },
    });
    return { ...nothing, written: result.replayed ? 0 : result.events.length, version: result.version };
  } catch (error) {
    if (error instanceof Problem && (error.status === 404 || error.status === 409)) return nothing;
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
  const { state } = await loadGame(deps, gameId);
  const step = state.status === 'empty' || state.status === 'ended' ? null : state.step;
  const now = deps.clock();
  if (state.status === 'empty' || !step?.deadline || step.key !== phaseKey || Date.parse(step.deadline) <= now.getTime()) {
    return { gameId, phaseKey, reminder, written: 0, version: state.version, published: 0 };
  }
  const secondsLeft = Math.round((Date.parse(step.deadline) - now.getTime()) / 1000);
  const events: IntegrationEvent[] = awaitingSeats(deps.rulesets, state).map((seat) => ({
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
