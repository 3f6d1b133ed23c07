/**
 * A seat's orders for a phase (SOL-3): one legal choice for each of its models that may
 * act (SOL-1), within the starred limit (SOL-2), checked against only public,
 * start-of-phase state and the seat's own choices; then sealed, with a public commitment,
 * until every awaited seat's orders are in, and revealed together.
 */
import { rulesSince } from '../kernel/rules-version.ts';
import type { RulesContext } from '../kernel/ruleset.ts';
import { sealedCommitment } from '../kernel/sealed.ts';
import type { RuleViolation } from '../kernel/violation.ts';
import { checkAction } from './actions.ts';
import { actingPhases } from './activation.ts';
import { isStarred, type ModelAction } from './choices.ts';
import type { ActionsRevealed, RevealedOrders, SolEvent } from './events.ts';
import { currentMind, findModel } from './models.ts';
import type { SealedOrders, SolModel, SolState } from './state.ts';

/** Seats with at least one model that may act in the current phase: the seats whose orders it awaits. */
export const awaitedSeats = (state: SolState): string[] => state.seats.filter((seat) => (state.eligible[seat] ?? []).length > 0);

/**
 * RUL-3: what a player checks the reveal against, the kernel's sealed-orders commitment
 * under Sol'una's key `actions`: SHA-256 of the canonical JSON of seat, actions and salt.
 */
export const ordersCommitment = (seat: string, actions: readonly ModelAction[], salt: string): string =>
  sealedCommitment(seat, 'actions', actions, salt);

/**
 * SOL-3: a seat's checked orders, sealed to that seat, and their commitment, public at once
 * since sol-0.3.0 (before, the reveal alone carried it; RUL-10).
 */
export const sealOrders = (state: SolState, seat: string, actions: readonly ModelAction[], rc: RulesContext): SolEvent[] => {
  const salt = rc.salt(`t${state.turn}-p${state.phase}-${seat}`);
  const sealed: SolEvent = { type: 'ActionsSealed', data: { turn: state.turn, phase: state.phase, seat, actions, salt }, visibleTo: seat };
  if (!rulesSince(rc.rulesVersion, 'sol-0.3.0')) return [sealed];
  return [
    sealed,
    { type: 'ActionsCommitted', data: { turn: state.turn, phase: state.phase, seat, hash: ordersCommitment(seat, actions, salt) } },
  ];
};

/**
 * SOL-3: every awaited seat's orders, public together. A seat that sealed none by the
 * deadline (SOL-4) is given the match's `missedOrders` choice for each of its models.
 */
export const revealOrders = (state: SolState): ActionsRevealed => {
  const orders = awaitedSeats(state).map((seat): RevealedOrders => {
    const sealed: SealedOrders | undefined = state.sealed[seat];
    if (sealed) return { seat, actions: sealed.actions, salt: sealed.salt, hash: ordersCommitment(seat, sealed.actions, sealed.salt) };
    const policy = state.rules.missedOrders;
    return { seat, actions: (state.eligible[seat] ?? []).map((model) => ({ model, action: { kind: policy } })), missed: policy };
  });
  return { type: 'ActionsRevealed', data: { turn: state.turn, phase: state.phase, orders } };
};

export type CheckedOrders = { readonly actions: ModelAction[] } | { readonly violation: RuleViolation };

const refuse = (code: string, rule: string, message: string): CheckedOrders => ({ violation: { code, rule, message } });

export const checkOrders = (state: SolState, seat: string, given: readonly ModelAction[]): CheckedOrders => {
  const actions: ModelAction[] = [];
  for (const [i, { model: id, action }] of given.entries()) {
    const model = findModel(state, id);
    if (!model || model.seat !== seat)
      return refuse('NOT_YOUR_MODEL', 'SOL-3', `"${id}" is not one of your models; you choose only for your own warband.`);
    if (given.findIndex((a) => a.model === id) !== i) {
      return refuse('DUPLICATE_CHOICE', 'SOL-2', `${model.name} has more than one choice; a model performs one action when it acts.`);
    }
    const ineligible = eligibilityProblem(state, model);
    if (ineligible) return refuse('MODEL_NOT_ELIGIBLE', 'SOL-1', ineligible);
    if (isStarred(action) && model.starredUsed >= state.rules.starredPerTurn) {
      const limit = state.rules.starredPerTurn;
      return refuse(
        'STARRED_LIMIT',
        'SOL-2',
        `${model.name} has made ${model.starredUsed} starred choice(s) (Attack, Artifact, Psionic) this turn; the limit is ${limit} per turn.`,
      );
    }
    const checked = checkAction(state, model, action);
    if (checked.violation) return { violation: checked.violation };
    actions.push({ model: id, action: checked.action });
  }
  const missing = (state.eligible[seat] ?? []).filter((id) => !given.some((a) => a.model === id));
  if (missing.length > 0) {
    const names = missing.map((id) => findModel(state, id)?.name ?? id).join(', ');
    return refuse(
      'MISSING_CHOICE',
      'SOL-3',
      `Choose for every model of yours that may act in phase ${state.phase}: ${names} (kind "none" to do nothing).`,
    );
  }
  return { actions };
};

/** SOL-1/SOL-5: why this model may not act in the current phase, or null when it may. */
const eligibilityProblem = (state: SolState, model: SolModel): string | null => {
  if ((state.eligible[model.seat] ?? []).includes(model.id)) return null;
  if (model.slain) return `${model.name} has been slain.`;
  const mind = currentMind(state, model);
  if (mind === 0) return `${model.name} has Mind 0 and cannot act.`;
  return `${model.name} (Mind ${mind}) may act only in phases ${actingPhases(mind).join(', ')}; this is phase ${state.phase}.`;
};
