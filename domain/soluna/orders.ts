/**
 * A seat's order set for a phase: one legal choice for each of its models that may act
 * (SOL-1, SOL-3), within the starred limit (SOL-2). Every check reads only public,
 * start-of-phase state and the seat's own choices.
 */
import type { RuleViolation } from '../kernel/violation.ts';
import { checkAction, isStarred, type ModelAction } from './actions.ts';
import { actingPhases } from './activation.ts';
import { currentMind, findModel } from './models.ts';
import type { SolModel, SolState } from './state.ts';

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
