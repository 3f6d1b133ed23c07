/**
 * Who may attack whom (PG-11, PG-12): the weapon, the skill, the range, a legal target,
 * line of sight, and engagement. Distances are edge to edge between bases (a default);
 * line of sight runs centre to centre and is blocked by terrain that blocks sight, except
 * terrain the attacker or the target stands in.
 */
import type { Point } from '../kernel/plane.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import { FIRE_WHILE_ENGAGED, type Weapon } from './datasheets.ts';
import { inches, pointInPolygon, segmentCrossesPolygon } from './geometry.ts';
import { blocksSight, shapePolygon, type Terrain } from './mission.ts';
import type { PgState } from './state.ts';
import {
  ENGAGEMENT_RANGE,
  enemiesOf,
  engagedWith,
  gap,
  hasStance,
  isDecision,
  ownUnit,
  type Placed,
  sheetOf,
  unitName,
  unitsOf,
} from './units.ts';

export type Kind = 'ranged' | 'melee';
export type Checked =
  | { readonly ok: true; readonly attacker: Placed; readonly target: Placed; readonly weapons: readonly Weapon[] }
  | Decision<never>;

const RULE: Record<Kind, 'PG-11' | 'PG-12'> = { ranged: 'PG-11', melee: 'PG-12' };

/** PG-11: the first terrain piece that blocks the line from attacker to target, if any. */
export const lineOfSightBlocker = (state: PgState, a: Placed, b: Placed): Terrain | null => sightBlocker(state, a.position, b.position);

/** TABLE-2: the terrain that blocks sight between two points of the table, as PG-11 judges it between units, or null. */
export const sightBlocker = (state: PgState, a: Point, b: Point): Terrain | null =>
  state.mission?.terrain.find((t) => {
    const poly = shapePolygon(t.shape);
    if (!blocksSight(t) || pointInPolygon(a, poly) || pointInPolygon(b, poly)) return false;
    return segmentCrossesPolygon(a, b, poly);
  }) ?? null;

/** Melee reach: the weapon's range, at least the 1" engagement range (default). */
export const reach = (weapon: Weapon): number => Math.max(ENGAGEMENT_RANGE, weapon.range);

const attackerProblem = (state: PgState, attacker: Placed, kind: Kind): Decision<never> | null => {
  const sheet = sheetOf(state, attacker);
  const name = unitName(state, attacker);
  const rule = RULE[kind];
  if (!attacker.complete) return reject('UNDER_CONSTRUCTION', rule, `${name} is still under construction.`);
  const skill = kind === 'ranged' ? sheet.rangedSkill : sheet.meleeSkill;
  if (!sheet.weapons.some((w) => w.type === kind)) {
    const what = kind === 'ranged' ? 'no ranged weapon' : 'no melee weapon or natural melee attack';
    return reject(kind === 'ranged' ? 'NO_RANGED_WEAPON' : 'NO_MELEE_WEAPON', rule, `${name} has ${what}.`);
  }
  if (skill === 0)
    return reject('SKILL_ZERO', rule, `${name} has ${kind === 'ranged' ? 'Ranged' : 'Melee'} Skill 0 and cannot make ${kind} attacks.`);
  if (kind === 'melee' && hasStance(attacker, 'Disengage'))
    return reject('DISENGAGED', 'PG-12', `${name} has disengaged and may not make melee attacks until its next turn.`);
  return null;
};

const targetProblem = (state: PgState, attacker: Placed, targetId: string, kind: Kind): Placed | Decision<never> => {
  const rule = RULE[kind];
  const target = state.units.find((u) => u.id === targetId);
  if (!target || target.position === null)
    return reject('ILLEGAL_TARGET', rule, `There is no unit "${targetId}" on the battlefield to attack.`);
  if (target.seat === attacker.seat)
    return reject('ILLEGAL_TARGET', rule, `${unitName(state, target)} is your own unit, not a legal target.`);
  if (kind === 'melee' && hasStance(target, 'Disengage'))
    return reject(
      'ILLEGAL_TARGET',
      'PG-12',
      `${unitName(state, target)} has disengaged and is not a legal melee target until ${target.seat}'s next turn.`,
    );
  return target as Placed;
};

/** Why this weapon may not be used against this target now, or null. */
const weaponProblem = (state: PgState, attacker: Placed, target: Placed, weapon: Weapon, kind: Kind): Decision<never> | null => {
  const name = unitName(state, attacker);
  const distance = gap(state, attacker, target);
  if (attacker.usedWeapons.includes(weapon.name))
    return reject('ALREADY_ATTACKED', RULE[kind], `${name} has already attacked with ${weapon.name} this turn.`);
  if (kind === 'melee') {
    if (distance > reach(weapon))
      return reject(
        'NOT_IN_MELEE_RANGE',
        'PG-12',
        `${unitName(state, target)} is ${inches(distance)} from ${name}; ${weapon.name} reaches ${inches(reach(weapon))}.`,
      );
    return null;
  }
  const engaged = engagedWith(state, attacker)[0];
  if (engaged && !weapon.special.includes(FIRE_WHILE_ENGAGED)) {
    return reject('ENGAGED', 'PG-11', `${name} is engaged in melee with ${unitName(state, engaged)} and cannot fire ${weapon.name}.`);
  }
  if (distance > weapon.range)
    return reject(
      'OUT_OF_RANGE',
      'PG-11',
      `${weapon.name} has Range ${inches(weapon.range)} but ${unitName(state, target)} is ${inches(distance)} away.`,
    );
  const blocker = lineOfSightBlocker(state, attacker, target);
  if (blocker)
    return reject('NO_LINE_OF_SIGHT', 'PG-11', `${blocker.name} blocks line of sight from ${name} to ${unitName(state, target)}.`);
  return null;
};

/** Every check of PG-11 or PG-12; the weapons are those named, or every usable one of the kind. */
export const checkAttack = (
  state: PgState,
  seat: string,
  command: { unitId: string; targetId: string; weapons?: string[] | undefined },
  kind: Kind,
): Checked => {
  const attacker = ownUnit(state, seat, command.unitId, RULE[kind]);
  if (isDecision(attacker)) return attacker;
  const refused = attackerProblem(state, attacker, kind);
  if (refused) return refused;
  const target = targetProblem(state, attacker, command.targetId, kind);
  if (isDecision(target)) return target;
  const ofKind = sheetOf(state, attacker).weapons.filter((w) => w.type === kind);
  if (command.weapons) {
    const unknown = command.weapons.find((n) => !ofKind.some((w) => w.name === n));
    if (unknown) return reject('UNKNOWN_WEAPON', RULE[kind], `${unitName(state, attacker)} has no ${kind} weapon called "${unknown}".`);
    const chosen = ofKind.filter((w) => command.weapons?.includes(w.name));
    const problem = chosen.map((w) => weaponProblem(state, attacker, target, w, kind)).find((p) => p !== null);
    return problem ?? { ok: true, attacker, target, weapons: chosen };
  }
  const problems = ofKind.map((w) => weaponProblem(state, attacker, target, w, kind));
  const usable = ofKind.filter((_, i) => problems[i] === null);
  if (usable.length === 0) return problems.find((p) => p !== null) ?? reject('NO_WEAPON', RULE[kind], 'No weapon can make this attack.');
  return { ok: true, attacker, target, weapons: usable };
};

/** TABLE-4: one weapon a unit may attack with now, and the enemy units it may attack. */
export interface AttackOption {
  readonly unitId: string;
  readonly weapon: string;
  readonly targetIds: readonly string[];
}

/**
 * TABLE-4: every attack of `kind` `seat` may make now, one weapon at a time, as checkAttack
 * itself judges it, so what the page offers is what the referee accepts: each of the seat's
 * units on the table, each weapon of the kind, the enemy units on the table that weapon may
 * attack (in range and line of sight for PG-11, within reach for PG-12). Weapons with no target
 * are left out. Not the phase or whose turn: the decider checks those before any attack.
 */
export const attackOptions = (state: PgState, seat: string, kind: Kind): AttackOption[] =>
  unitsOf(state, seat).flatMap((unit) =>
    sheetOf(state, unit)
      .weapons.filter((w) => w.type === kind)
      .map((w) => ({
        unitId: unit.id,
        weapon: w.name,
        targetIds: enemiesOf(state, seat)
          .filter((e) => checkAttack(state, seat, { unitId: unit.id, targetId: e.id, weapons: [w.name] }, kind).ok)
          .map((e) => e.id),
      }))
      .filter((o) => o.targetIds.length > 0),
  );
