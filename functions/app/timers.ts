/**
 * The timer reactor's decisions: for every step that opens with a deadline, a one-time
 * schedule; for every step that closes before its deadline, the schedule is deleted. A
 * step opened and closed within one batch gets no schedule at all.
 */
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { GameState, Step } from '../../domain/match/state.ts';
import type { PhaseScheduler, TimerInput } from '../adapters/scheduler.ts';
import { executeCommand, systemCommandId } from './commands.ts';
import type { Deps } from './deps.ts';
import { Problem } from './problems.ts';
import { transitions } from './transitions.ts';

/** Every step with a deadline is scheduled: the lobby's expiry (PBM-10), the first player's choice (PBM-9), play. */
const stepOf = (state: GameState): Step | null => (state.status === 'empty' ? null : state.step);

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
  for (const { before, after } of batch) {
    const previous = stepOf(before);
    const next = stepOf(after);
    if (previous?.key === next?.key) continue;
    if (previous?.deadline) closed.push(previous);
    if (next && next.key === open?.key) opened = true;
  }
  for (const step of closed) if (step.key !== open?.key) await scheduler.cancel(gameId, step.key);
  if (open?.deadline && opened) await scheduler.schedule({ gameId, phaseKey: open.key, at: open.deadline });
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
