/**
 * Sol'una commands and `decide`. A phase's choices are sealed per seat (SOL-3) and
 * revealed, all at once, in the batch of the last awaited seat's submission or at the
 * deadline; then the phase resolves (SOL-4).
 */
import { z } from 'zod';
import { canonicalJson, sha256Hex } from '../kernel/hash.ts';
import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { accept, assertNever, reject } from '../kernel/violation.ts';
import { type ModelAction, modelActionSchema } from './actions.ts';
import { PHASE_NUMBERS } from './activation.ts';
import type { RevealedOrders, SolEvent } from './events.ts';
import { afterPhase, fold, openTurn } from './flow.ts';
import { checkOrders } from './orders.ts';
import { resolveActions } from './resolve.ts';
import type { SealedOrders, SolState } from './state.ts';

export const submitActionsSchema = z
  .object({
    type: z.literal('SubmitActions'),
    /** Optional guards: the turn and phase the player believes are current; a stale choice is refused. */
    turn: z.int().min(1).optional(),
    phase: z.int().min(1).max(10).optional(),
    actions: z.array(modelActionSchema).max(40),
  })
  .strict();

export const solCommandSchema = z.discriminatedUnion('type', [submitActionsSchema]);
export type SolCommand = z.infer<typeof solCommandSchema>;
export type SubmitActions = z.infer<typeof submitActionsSchema>;

export const SOL_COMMANDS = [
  {
    type: 'SubmitActions',
    summary: 'Seal one choice for every model of yours that may act this phase; may be re-submitted until the reveal (SOL-3).',
    rule: 'SOL-3',
  },
] as const;

export const PHASE_NAMES: readonly string[] = PHASE_NUMBERS.map((p) => `p${p}`);

/** SOL-7: the first turn opens at the phase of the first possible activation. */
export const begin = (state: SolState): SolEvent[] => openTurn(state, 1);

/** What a player checks the reveal against: SHA-256 of the canonical JSON of seat, actions and salt. */
export const orderHash = (seat: string, actions: readonly ModelAction[], salt: string): string =>
  sha256Hex(canonicalJson({ seat, actions, salt }));

/** Seats with at least one model that may act in the current phase. */
export const awaitedSeats = (state: SolState): string[] => state.seats.filter((seat) => (state.eligible[seat] ?? []).length > 0);

const staleGuard = (state: SolState, command: SubmitActions): Decision<never> | null => {
  const turn = command.turn ?? state.turn;
  const phase = command.phase ?? state.phase;
  if (turn === state.turn && phase === state.phase) return null;
  return reject(
    'WRONG_PHASE',
    'SOL-4',
    `You chose for phase ${phase} of turn ${turn}, but it is phase ${state.phase} of turn ${state.turn}; that phase is not open.`,
  );
};

/** SOL-3: seal the seat's choices; when every awaited seat has sealed, reveal and resolve (SOL-4). */
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
      409,
    );
  }
  const checked = checkOrders(state, seat, command.actions);
  if ('violation' in checked) return { ok: false, violation: checked.violation };
  const salt = rc.salt(`t${state.turn}-p${state.phase}-${seat}`);
  const sealed: SolEvent = {
    type: 'ActionsSealed',
    data: { turn: state.turn, phase: state.phase, seat, actions: checked.actions, salt },
    visibleTo: seat,
  };
  const committed: SolEvent = {
    type: 'ActionsCommitted',
    data: { turn: state.turn, phase: state.phase, seat, hash: orderHash(seat, checked.actions, salt) },
  };
  const after = fold(state, [sealed, committed]);
  const complete = awaitedSeats(after).every((s) => after.sealed[s] !== undefined);
  return accept(sealed, committed, ...(complete ? reveal(after, rc) : []));
};

/** SOL-3 and SOL-4: the one public carrier of the phase's choices, then their resolution. */
const reveal = (state: SolState, rc: RulesContext): SolEvent[] => {
  const orders = awaitedSeats(state).map((seat): RevealedOrders => {
    const sealed: SealedOrders | undefined = state.sealed[seat];
    if (sealed) return { seat, actions: sealed.actions, salt: sealed.salt, hash: orderHash(seat, sealed.actions, sealed.salt) };
    const policy = state.rules.missedOrders;
    return { seat, actions: (state.eligible[seat] ?? []).map((model) => ({ model, action: { kind: policy } })), missed: policy };
  });
  const revealed: SolEvent = { type: 'ActionsRevealed', data: { turn: state.turn, phase: state.phase, orders } };
  const resolution = resolveActions(state, orders, rc);
  return [revealed, ...resolution, ...afterPhase(fold(state, resolution))];
};

/**
 * SOL-4 at the deadline: the phase resolves with what was sealed; each missed choice
 * counts as no action (`none`), or as a deferral with `missedOrders: 'defer'`.
 */
export const onDeadline = (state: SolState, rc: RulesContext): Decision<SolEvent> =>
  state.status === 'playing' && state.phase > 0 ? accept(...reveal(state, rc)) : accept();

export const decide = (state: SolState, command: SolCommand, rc: RulesContext): Decision<SolEvent> => {
  switch (command.type) {
    case 'SubmitActions':
      return submitActions(state, command, rc);
    default:
      return assertNever(command.type);
  }
};
