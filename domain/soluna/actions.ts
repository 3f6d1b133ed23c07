/**
 * SOL-2: whether an action choice (domain/soluna/choices.ts) is legal. Legality is checked
 * against the start-of-phase state, which is public and which every action of the phase
 * resolves against (SOL-4), so a refusal never depends on, or tells anything about, another
 * seat's sealed choices.
 */

import type { RuleViolation } from '../kernel/violation.ts';
import type { Action } from './choices.ts';
import { distance, lineOfSight, type Square, sameSquare, shortestPath, squareLabel, stepProblem } from './grid.ts';
import type { Power } from './mission.ts';
import { findModel, occupiedSquares } from './models.ts';
import type { SolModel, SolState } from './state.ts';

export type Checked = { readonly action: Action; readonly violation?: undefined } | { readonly violation: RuleViolation };

const refuse = (code: string, message: string): Checked => ({ violation: { code, rule: 'SOL-2', message } });

/** A legal action, normalised (a move always names its whole path and its destination). */
export const checkAction = (state: SolState, model: SolModel, action: Action): Checked => {
  switch (action.kind) {
    case 'move':
      return checkMove(state, model, action.path, action.to);
    case 'attack':
      return checkAttack(state, model, action.weapon, action.target, action);
    case 'artifact':
      return checkPower(state, model, 'artifact', action.artifact, action.target, action);
    case 'psionic':
      return checkPower(state, model, 'psionic', action.psionic, action.target, action);
    case 'defer':
    case 'none':
      return { action };
  }
};

const checkMove = (state: SolState, model: SolModel, path: readonly Square[] | undefined, to: Square | undefined): Checked => {
  const occupied = occupiedSquares(state).filter((s) => !sameSquare(s, model.at));
  const route = path ? [...path] : to ? shortestPath(state.grid, model.at, to, occupied) : null;
  if (!path && !to) return refuse('BAD_MOVE', `A move for ${model.name} needs a destination "to" or a "path" of squares.`);
  if (!route) return refuse('NO_PATH', `${model.name} has no free path from ${squareLabel(model.at)} to ${squareLabel(to ?? model.at)}.`);
  if (route.length === 0) return refuse('BAD_MOVE', `${model.name} is already at ${squareLabel(model.at)}; a move goes somewhere.`);
  const end = route.at(-1) ?? model.at;
  if (to && !sameSquare(end, to))
    return refuse('BAD_MOVE', `The path for ${model.name} ends at ${squareLabel(end)}, not at ${squareLabel(to)}.`);
  for (let i = 0; i < route.length; i += 1) {
    const problem = stepProblem(state.grid, route[i - 1] ?? model.at, route[i] as Square, occupied);
    if (problem) return refuse('ILLEGAL_MOVE', `${model.name} cannot move there: ${problem}.`);
  }
  if (route.length > model.movement) {
    return refuse('TOO_FAR', `${model.name} moves ${model.movement} squares but the path is ${route.length}.`);
  }
  return { action: { kind: 'move', to: end, path: route } };
};

/** The target must be a living model of the right side, in range and (unless adjacent melee) in sight. */
const reach = (state: SolState, model: SolModel, target: SolModel, range: number, needsSight: boolean): Checked | null => {
  const apart = distance(model.at, target.at);
  if (apart > range) return refuse('OUT_OF_RANGE', `${target.name} is ${apart} squares from ${model.name}; the range is ${range}.`);
  if (needsSight && !lineOfSight(state.grid, model.at, target.at)) {
    return refuse('NO_LINE_OF_SIGHT', `${model.name} has no Line Of Sight to ${target.name}.`);
  }
  return null;
};

const checkAttack = (state: SolState, model: SolModel, weaponName: string, targetId: string, action: Action): Checked => {
  const weapon = model.attacks.find((w) => w.name === weaponName);
  if (!weapon) return refuse('UNKNOWN_WEAPON', `${model.name} has no weapon called "${weaponName}".`);
  const target = findModel(state, targetId);
  if (!target || target.slain || target.seat === model.seat) {
    return refuse('BAD_TARGET', `"${targetId}" is not a living enemy model ${model.name} can attack.`);
  }
  return reach(state, model, target, weapon.range, weapon.kind === 'ranged') ?? { action };
};

const checkPower = (
  state: SolState,
  model: SolModel,
  kind: 'artifact' | 'psionic',
  name: string,
  targetId: string | undefined,
  action: Action,
): Checked => {
  const power: Power | undefined = (kind === 'artifact' ? model.artifacts : model.psionics).find((p) => p.name === name);
  if (!power) return refuse('UNKNOWN_POWER', `${model.name} has no ${kind} called "${name}".`);
  const target = findModel(state, targetId ?? model.id);
  const fits =
    target !== undefined &&
    !target.slain &&
    (power.target === 'self' ? target.id === model.id : power.target === 'ally' ? target.seat === model.seat : target.seat !== model.seat);
  if (!target || !fits)
    return refuse('BAD_TARGET', `${name} must target ${targetWords[power.target]}; "${targetId ?? model.id}" is not one.`);
  if (target.id === model.id) return { action };
  return reach(state, model, target, power.range, true) ?? { action };
};

const targetWords: Readonly<Record<Power['target'], string>> = {
  self: 'its user',
  ally: "a living model of its user's warband",
  enemy: 'a living enemy model',
};
