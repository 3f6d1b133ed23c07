/**
 * Sol'una's `decide`. A phase's orders are sealed per seat (SOL-3) and revealed, all at
 * once, in the batch of the last awaited seat's submission or at the deadline; then the
 * phase resolves (SOL-4) and play moves on (flow.ts).
 */
import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { accept, assertNever, reject } from '../kernel/violation.ts';
import type { SolCommand, SubmitActions } from './commands.ts';
import type { SolEvent } from './events.ts';
import { fold } from './evolve.ts';
import { afterPhase, openTurn } from './flow.ts';
import { awaitedSeats, checkOrders, revealOrders, sealOrders } from './orders.ts';
import { resolveActions } from './resolve.ts';
import type { SolState } from './state.ts';

/** SOL-7: the first turn opens at the phase of the first possible activation. */
export const begin = (state: SolState): SolEvent[] => openTurn(state, 1);

const staleGuard = (state: SolState, command: SubmitActions): Decision<never> | null => {
  const turn = command.turn ?? state.turn;
  const phase = command.phase ?? state.phase;
  if (turn === state.turn && phase === state.phase) return null;
  return reject(
    'WRONG_PHASE',
    'SOL-4',
    `You chose for phase ${phase} of turn ${turn}, but it is phase ${state.phase} of turn ${state.turn}; that phase is not open.`,
    409,
  );
};

/** SOL-3: seal the seat's orders; when every awaited seat has sealed, reveal and resolve (SOL-4). */
const submitActions = (state: SolState, command: SubmitActions, rc: RulesContext): Decision<SolEvent> => {
  const seat = rc.seat;
  if (seat === null || !state.seats.some((s) => s === seat))
    return reject('NOT_SEATED', 'SOL-3', 'Only a seated player chooses actions.', 403);
  if (state.status !== 'playing' || state.phase === 0) return reject('NO_PHASE', 'SOL-4', 'No phase is open for choices.', 409);
  const stale = staleGuard(state, command);
  if (stale) return stale;
  if ((state.eligible[seat] ?? []).length === 0) {
    return reject(
      'NOT_AWAITED',
      'SOL-1',
      `None of your models may act in phase ${state.phase} of turn ${state.turn}; there is nothing to choose.`,
      403,
    );
  }
  const checked = checkOrders(state, seat, command.actions);
  if ('violation' in checked) return { ok: false, violation: checked.violation };
  const sealed = sealOrders(state, seat, checked.actions, rc);
  const after = fold(state, sealed);
  const complete = awaitedSeats(after).every((s) => after.sealed[s] !== undefined);
  return accept(...sealed, ...(complete ? resolvePhase(after, rc) : []));
};

/** SOL-3 and SOL-4: the one public carrier of the phase's orders, their resolution, and what follows the phase. */
const resolvePhase = (state: SolState, rc: RulesContext): SolEvent[] => {
  const revealed = revealOrders(state);
  const resolution = resolveActions(state, revealed.data.orders, rc);
  return [revealed, ...resolution, ...afterPhase(fold(state, resolution))];
};

/**
 * SOL-4 at the deadline: the phase resolves with what was sealed; each missed choice
 * counts as no action (`none`), or as a deferral with `missedOrders: 'defer'`.
 */
export const onDeadline = (state: SolState, rc: RulesContext): Decision<SolEvent> =>
  state.status === 'playing' && state.phase > 0 ? accept(...resolvePhase(state, rc)) : accept();

export const decide = (state: SolState, command: SolCommand, rc: RulesContext): Decision<SolEvent> => {
  switch (command.type) {
    case 'SubmitActions':
      return submitActions(state, command, rc);
    default:
      return assertNever(command.type);
  }
};
