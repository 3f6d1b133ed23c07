/**
 * SOL-4: every action of a phase resolves against the state at the start of the phase;
 * injuries, deaths and Mind effects take effect together at its end (`PhaseEnded`).
 * A model attacked and slain this phase still performs its own action.
 */
import type { RulesContext } from '../kernel/ruleset.ts';
import type { Action, ModelAction } from './choices.ts';
import type { Injury, PhaseEnded, SolEvent, TurnEffect } from './events.ts';
import { type Square, sameSquare, squareLabel } from './grid.ts';
import { currentMind, findModel } from './models.ts';
import type { SolModel, SolState } from './state.ts';

export interface Order {
  readonly seat: string;
  readonly actions: readonly ModelAction[];
}

/** What the actions of the phase will do at its end. */
interface Pending {
  readonly events: SolEvent[];
  readonly damage: Map<string, number>;
  readonly healed: Map<string, number>;
  readonly effects: TurnEffect[];
}

const add = (map: Map<string, number>, id: string, amount: number) => map.set(id, (map.get(id) ?? 0) + amount);

/** The resolution events of the phase, ending with `PhaseEnded`. */
export const resolveActions = (state: SolState, orders: readonly Order[], rc: RulesContext): SolEvent[] => {
  const pending: Pending = { events: [], damage: new Map(), healed: new Map(), effects: [] };
  const all = orders.flatMap((o) => o.actions);
  const contested = contestedSquares(all);
  for (const { model: id, action } of all) {
    const model = findModel(state, id);
    if (model) resolveOne(state, model, action, contested, pending, rc);
  }
  return [...pending.events, phaseEnded(state, pending)];
};

/** Default for simultaneous moves: when two or more models choose one destination, none of them moves. */
const contestedSquares = (actions: readonly ModelAction[]): Square[] => {
  const ends = actions.flatMap(({ action }) => (action.kind === 'move' && action.to ? [action.to] : []));
  return ends.filter((s, i) => ends.findIndex((o) => sameSquare(o, s)) !== i);
};

const resolveOne = (
  state: SolState,
  model: SolModel,
  action: Action,
  contested: readonly Square[],
  pending: Pending,
  rc: RulesContext,
): void => {
  switch (action.kind) {
    case 'move':
      pending.events.push(move(model, action.to ?? model.at, action.path ?? [], contested));
      return;
    case 'attack':
      attack(state, model, action.weapon, action.target, pending, rc);
      return;
    case 'artifact':
      usePower(model, 'artifact', action.artifact, action.target, pending);
      return;
    case 'psionic':
      usePower(model, 'psionic', action.psionic, action.target, pending);
      return;
    case 'defer':
      pending.events.push({ type: 'ActivationDeferred', data: { model: model.id } });
      return;
    case 'none':
      pending.events.push({ type: 'ActivationPassed', data: { model: model.id } });
      return;
  }
};

const move = (model: SolModel, to: Square, path: readonly Square[], contested: readonly Square[]): SolEvent =>
  contested.some((s) => sameSquare(s, to))
    ? { type: 'MoveBlocked', data: { model: model.id, to, reason: `another model also moved to ${squareLabel(to)}` } }
    : { type: 'ModelMoved', data: { model: model.id, from: model.at, to, path } };

/** To hit: one d6, a hit on at least the weapon's `toHit` (default damage model, docs/rules/soluna.md). */
const attack = (state: SolState, model: SolModel, weaponName: string, targetId: string, pending: Pending, rc: RulesContext): void => {
  const weapon = model.attacks.find((w) => w.name === weaponName);
  const target = findModel(state, targetId);
  if (!weapon || !target) return;
  const roll = rc.dice.roll({
    purpose: `hit: ${model.name}'s ${weapon.name} vs ${target.name}`,
    sides: 6,
    target: weapon.toHit,
    compare: 'atLeast',
    modifiers: [],
    rule: 'SOL-4',
  });
  const damage = roll.success ? weapon.damage : 0;
  if (damage > 0) add(pending.damage, target.id, damage);
  pending.events.push({
    type: 'AttackResolved',
    data: { model: model.id, weapon: weapon.name, target: target.id, targetAt: target.at, roll, damage },
  });
};

const usePower = (model: SolModel, kind: 'artifact' | 'psionic', name: string, targetId: string | undefined, pending: Pending): void => {
  const power = (kind === 'artifact' ? model.artifacts : model.psionics).find((p) => p.name === name);
  if (!power) return;
  const target = targetId ?? model.id;
  const { effect } = power;
  if (effect.kind === 'heal') add(pending.healed, target, effect.amount);
  if (effect.kind === 'wound') add(pending.damage, target, effect.amount);
  if (effect.kind === 'mind') pending.effects.push({ model: target, amount: effect.amount, source: `${power.name} (${model.name})` });
  pending.events.push({ type: 'PowerUsed', data: { model: model.id, kind, power: power.name, target, effect } });
};

/** SOL-4 and SOL-9: the injuries and Mind changes that now take effect. */
const phaseEnded = (state: SolState, pending: Pending): PhaseEnded => {
  const injuries: Injury[] = state.models.flatMap((m) => {
    const damage = pending.damage.get(m.id) ?? 0;
    const healed = pending.healed.get(m.id) ?? 0;
    if (damage === 0 && healed === 0) return [];
    const net = m.woundsTaken + damage - healed;
    return [{ model: m.id, damage, healed, woundsTaken: Math.max(0, Math.min(m.wounds, net)), slain: net >= m.wounds }];
  });
  const after: SolState = {
    ...state,
    effects: [...state.effects, ...pending.effects],
    models: state.models.map((m) => ({ ...m, woundsTaken: injuries.find((i) => i.model === m.id)?.woundsTaken ?? m.woundsTaken })),
  };
  const minds = after.models.flatMap((m, i) => {
    const before = state.models[i] ?? m;
    const [from, to] = [currentMind(state, before), currentMind(after, m)];
    return from === to ? [] : [{ model: m.id, from, to }];
  });
  return { type: 'PhaseEnded', data: { turn: state.turn, phase: state.phase, injuries, effects: pending.effects, minds } };
};
