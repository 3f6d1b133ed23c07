/**
 * Ranged (PG-11, rules 13.8) and melee (PG-12, 13.9) attacks, attack counts (PG-1, PG-3)
 * and lost Cohesion (PG-2). How a hit becomes damage is not in the text; the default is a
 * d6 per attack that hits at or above the attacker's skill, and each hit removes the
 * weapon's Damage (default 1) in Cohesion.
 */

import type { DieRoll, RollModifier } from '../kernel/dice.ts';
import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { accept } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { commandIdSchema, commandNameSchema, mayUseSpecialAttack, type Sheet, type Weapon } from './datasheets.ts';
import type { AttackResolved, PgEvent } from './events.ts';
import { fold } from './evolve.ts';
import { PG_LIMITS as L } from './limits.ts';
import type { PgState } from './state.ts';
import { type Checked, checkAttack } from './targeting.ts';
import { unitLost } from './transports.ts';
import { hasStance, hasStatus, models, modelsRemaining, type Placed, sheetOf, unitName } from './units.ts';

const attackFields = () => ({
  unitId: commandIdSchema(),
  targetId: commandIdSchema(),
  /** Weapon names to use; default every weapon of the kind not used yet this turn. */
  weapons: z.optional(z.array(commandNameSchema()).check(z.maxLength(L.weaponsPerDatasheet))),
  /** PG-3: use the datasheet's special attack rule when it has one (default true). */
  specialRule: z.optional(z.boolean()),
});
export const rangedAttackSchema = /* @__PURE__ */ z.lazy(() => z.object({ type: z.literal('RangedAttack'), ...attackFields() }));
export const meleeAttackSchema = /* @__PURE__ */ z.lazy(() => z.object({ type: z.literal('MeleeAttack'), ...attackFields() }));
export type AttackCommand = z.infer<typeof rangedAttackSchema> | z.infer<typeof meleeAttackSchema>;

/** PG-1 and PG-3: how many attacks a weapon makes, and why. */
export const attackCount = (
  sheet: Sheet,
  weapon: Weapon,
  modelCount: number,
  useSpecial = true,
): AttackResolved['data']['attacksRule'] & { attacks: number } => {
  const special = sheet.specialAttackRule;
  if (special && useSpecial && mayUseSpecialAttack(sheet)) {
    const attacks = special.attacks ?? weapon.attacks;
    return { attacks, rule: 'PG-3', explanation: `${special.name}: ${attacks} attacks with ${weapon.name}, not multiplied by models` };
  }
  if (weapon.perUnit)
    return {
      attacks: weapon.attacks,
      rule: 'PG-1',
      explanation: `${weapon.name} makes ${weapon.attacks} attacks per unit (the weapon says so)`,
    };
  const attacks = modelCount * weapon.attacks;
  return { attacks, rule: 'PG-1', explanation: `${modelCount} models × ${weapon.attacks} attacks = ${attacks} attacks` };
};

/** PG-10 Dodge (default): attacks against a Dodging unit have −1 to hit. */
export const DODGE_MODIFIER: RollModifier = { value: -1, rule: 'PG-10', reason: 'target is Dodging' };

/** The modifiers of a hit roll, each with the rule that applied it (defaults, see the coverage doc); the ruler shows them too (TABLE-2). */
export const hitModifiers = (attacker: Placed, target: Placed, kind: 'ranged' | 'melee'): RollModifier[] => [
  ...(kind === 'ranged' && attacker.aiming ? [{ value: 1, rule: 'PG-10', reason: 'Aim action this turn' }] : []),
  ...(hasStatus(attacker, 'Suppressed') ? [{ value: -1, rule: 'PG-13', reason: 'attacker is Suppressed' }] : []),
  ...(hasStance(target, 'Dodge') ? [DODGE_MODIFIER] : []),
];

/** How an attack is made: PG-3's special rule or not, and, for a reaction (PG-10 Overwatch), its modifiers. */
export interface AttackOptions {
  readonly useSpecial: boolean;
  readonly modifiers?: readonly RollModifier[];
  readonly reaction?: 'Overwatch';
}

interface Resolution {
  readonly event: AttackResolved;
  readonly state: PgState;
}

const resolveWeapon = (
  state: PgState,
  attacker: Placed,
  target: Placed,
  weapon: Weapon,
  kind: 'ranged' | 'melee',
  rc: RulesContext,
  options: AttackOptions,
): Resolution => {
  const sheet = sheetOf(state, attacker);
  const targetSheet = sheetOf(state, target);
  const count = attackCount(sheet, weapon, models(state, attacker), options.useSpecial);
  const skill = kind === 'ranged' ? sheet.rangedSkill : sheet.meleeSkill;
  const modifiers = [...hitModifiers(attacker, target, kind), ...(options.modifiers ?? [])];
  const rule = kind === 'ranged' ? 'PG-11' : 'PG-12';
  const rolls: DieRoll[] = Array.from({ length: count.attacks }, (_, i) =>
    rc.dice.roll({
      purpose: `hit ${i + 1}/${count.attacks}: ${unitName(state, attacker)} with ${weapon.name} vs ${unitName(state, target)}`,
      sides: 6,
      target: skill,
      compare: 'atLeast',
      modifiers,
      rule,
    }),
  );
  const hits = rolls.filter((r) => r.success).length;
  const absorbed = hits > 0 && hasStatus(target, 'Shielded') ? Math.min(1, hits * weapon.damage) : 0;
  const cohesionLost = Math.min(target.cohesion, hits * weapon.damage - absorbed);
  const cohesion = target.cohesion - cohesionLost;
  const statusApplied =
    hits > 0 && weapon.inflicts && cohesion > 0 ? { name: weapon.inflicts.status, remaining: weapon.inflicts.duration } : null;
  const event: AttackResolved = {
    type: 'AttackResolved',
    data: {
      kind,
      attackerId: attacker.id,
      targetId: target.id,
      weapon: weapon.name,
      models: models(state, attacker),
      attacks: count.attacks,
      attacksRule: { rule: count.rule, explanation: count.explanation },
      rolls,
      hits,
      absorbed,
      cohesionLost,
      cohesion,
      modelsRemaining: modelsRemaining(cohesion, targetSheet.bodyValue),
      statusApplied,
      ...(options.reaction ? { reaction: options.reaction } : {}),
      rule,
    },
  };
  return { event, state: fold(state, [event]) };
};

/** Resolve each checked weapon in turn until the target is gone (PG-11, PG-12). */
export const resolveAttack = (
  state: PgState,
  checked: Extract<Checked, { attacker: Placed }>,
  kind: 'ranged' | 'melee',
  rc: RulesContext,
  options: AttackOptions,
): PgEvent[] => {
  const {
    attacker,
    target: { id: targetId },
  } = checked;
  const events: PgEvent[] = [];
  let current = state;
  for (const weapon of checked.weapons) {
    const target = current.units.find((u) => u.id === targetId) as Placed | undefined;
    if (!target?.position) break;
    const done = resolveWeapon(current, attacker, target, weapon, kind, rc, options);
    events.push(done.event);
    current = done.state;
    if (done.event.data.cohesion === 0) {
      const lost = unitLost(current, target, `${weapon.name} (${unitName(state, attacker)})`);
      events.push(...lost);
      current = fold(current, lost);
    }
  }
  return events;
};

/** PG-11 / PG-12: check the attack, then resolve it. */
export const attack = (state: PgState, seat: string, command: AttackCommand, rc: RulesContext): Decision<PgEvent> => {
  const kind = command.type === 'RangedAttack' ? 'ranged' : 'melee';
  const checked = checkAttack(state, seat, command, kind);
  if (!('attacker' in checked)) return checked;
  return accept(...resolveAttack(state, checked, kind, rc, { useSpecial: command.specialRule ?? true }));
};
