/**
 * PG-10 Overwatch, Dodge and Disengage. The text names the actions only; the defaults: each is
 * a stance that lasts until the start of its controller's next turn, so it acts in the enemy's
 * turn between (it is not a Status Phase condition, PG-13, which would end it too soon).
 * - Overwatch: when an enemy unit ends a move where the unit could make a legal ranged attack
 *   on it (PG-11), the unit makes that attack at once with −1 to hit, and the stance ends.
 * - Dodge: enemy attacks against the unit have −1 to hit.
 * - Disengage: the unit neither is engaged nor engages (it may fire, PG-11), may not make
 *   melee attacks and is not a legal target for them (PG-12).
 */

import type { RollModifier } from '../kernel/dice.ts';
import { rulesSince } from '../kernel/rules-version.ts';
import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { accept, reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { actor } from './actions.ts';
import { resolveAttack } from './combat.ts';
import { commandIdSchema } from './datasheets.ts';
import type { PgEvent } from './events.ts';
import { fold } from './evolve.ts';
import { PG_LIMITS } from './limits.ts';
import type { PgState } from './state.ts';
import { checkAttack } from './targeting.ts';
import type { Stance } from './terms.ts';
import { isDecision } from './units.ts';

const stanceFields = () => ({ unitId: commandIdSchema() });
export const overwatchSchema = /* @__PURE__ */ z.lazy(() => z.object({ type: z.literal('Overwatch'), ...stanceFields() }));
export const dodgeSchema = /* @__PURE__ */ z.lazy(() => z.object({ type: z.literal('Dodge'), ...stanceFields() }));
export const disengageSchema = /* @__PURE__ */ z.lazy(() => z.object({ type: z.literal('Disengage'), ...stanceFields() }));

export const OVERWATCH_MODIFIER: RollModifier = { value: -1, rule: 'PG-10', reason: 'Overwatch reaction shot' };

/** INV-2 since pg-0.8.0: a seat has at most `overwatchUnits` units on Overwatch at once (limits.ts). */
const overwatchCap = (state: PgState, seat: string, rc: RulesContext): Decision<never> | null => {
  if (!rulesSince(rc.rulesVersion, 'pg-0.8.0')) return null;
  const watching = state.units.filter((u) => u.seat === seat && u.stance === 'Overwatch').length;
  if (watching < PG_LIMITS.overwatchUnits) return null;
  return reject(
    'TOO_MANY_UNITS',
    'PG-10',
    `You have ${watching} units on Overwatch; a seat may have at most ${PG_LIMITS.overwatchUnits} on Overwatch at once.`,
  );
};

export const takeStance = (state: PgState, seat: string, unitId: string, stance: Stance, rc: RulesContext): Decision<PgEvent> => {
  const unit = actor(state, seat, unitId, stance);
  if (isDecision(unit)) return unit;
  const capped = stance === 'Overwatch' ? overwatchCap(state, seat, rc) : null;
  return capped ?? accept({ type: 'StanceTaken', data: { unitId: unit.id, stance, rule: 'PG-10' } });
};

/** Overwatch: the enemy units on Overwatch that can shoot the unit that just moved do, in game order. */
export const overwatchReactions = (state: PgState, movedId: string, rc: RulesContext): PgEvent[] => {
  const moved = state.units.find((u) => u.id === movedId);
  if (!moved) return [];
  const watchers = state.units.filter((u) => u.stance === 'Overwatch' && u.seat !== moved.seat);
  const events: PgEvent[] = [];
  let current = state;
  for (const watcher of watchers) {
    if (!current.units.some((u) => u.id === movedId)) break;
    const checked = checkAttack(current, watcher.seat, { unitId: watcher.id, targetId: movedId }, 'ranged');
    if (!('attacker' in checked)) continue;
    const fired = resolveAttack(current, checked, 'ranged', rc, {
      useSpecial: true,
      modifiers: [OVERWATCH_MODIFIER],
      reaction: 'Overwatch',
    });
    events.push(...fired);
    current = fold(current, fired);
  }
  return events;
};
