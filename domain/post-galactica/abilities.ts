/**
 * PG-10 Activate Ability. The text names the action; abilities are datasheet data
 * (`abilities`, datasheets.ts). Defaults: a unit or building whose datasheet allows
 * `Activate Ability` activates one of its abilities as its action; it pays the cost, needs
 * any required research done (PG-10 Research), applies the status to itself and gains the
 * resources at once, then places the ability's recharge counters (PG-7). While they remain
 * the ability cannot be used again; they come off in the controller's Command Phases,
 * counters placed this turn not before the next one. An ability with a `trigger` is not
 * activated: it resolves by itself (triggers.ts) whenever this action could have used it.
 */

import type { Decision } from '../kernel/violation.ts';
import { accept, reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { actor } from './actions.ts';
import { type Ability, addResources, canAfford, commandIdSchema, commandNameSchema, formatResources, NO_RESOURCES } from './datasheets.ts';
import type { PgEvent } from './events.ts';
import type { PgState } from './state.ts';
import { isDecision, type Placed, sheetOf, unitName } from './units.ts';

export const activateAbilitySchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ type: z.literal('ActivateAbility'), unitId: commandIdSchema(), ability: commandNameSchema() }),
);

export const abilityProblem = (state: PgState, unit: Placed, ability: Ability): Decision<never> | null => {
  const name = unitName(state, unit);
  const recharging = state.countdowns.find((c) => c.kind === 'recharge' && c.unitId === unit.id && c.item === ability.name);
  if (recharging)
    return reject('RECHARGING', 'PG-10', `${ability.name} of ${name} is recharging (${recharging.counters} recharge counters left).`);
  const player = state.players[unit.seat];
  if (ability.requires && !player?.researched.includes(ability.requires))
    return reject('RESEARCH_NEEDED', 'PG-10', `${ability.name} needs the research "${ability.requires}", which you have not completed.`);
  if (player && !canAfford(player.resources, ability.cost))
    return reject(
      'NOT_ENOUGH_RESOURCES',
      'PG-10',
      `${ability.name} costs ${formatResources(ability.cost)}; you have ${formatResources(player.resources)}.`,
    );
  return null;
};

export const activateAbility = (state: PgState, seat: string, c: z.infer<typeof activateAbilitySchema>): Decision<PgEvent> => {
  const unit = actor(state, seat, c.unitId, 'Activate Ability');
  if (isDecision(unit)) return unit;
  const abilities = sheetOf(state, unit).abilities;
  const ability = abilities.find((a) => a.name === c.ability);
  if (!ability) {
    const list = abilities.map((a) => a.name).join(', ') || 'none';
    return reject('UNKNOWN_ABILITY', 'PG-10', `${unitName(state, unit)} has no ability "${c.ability}"; its abilities: ${list}.`);
  }
  if (ability.trigger)
    return reject(
      'TRIGGERED_ABILITY',
      'PG-10',
      `${ability.name} of ${unitName(state, unit)} resolves by itself (${TRIGGER_TITLES[ability.trigger]}); it is not activated.`,
    );
  const problem = abilityProblem(state, unit, ability);
  if (problem) return problem;
  return accept({ type: 'AbilityActivated', data: { ...abilityEffect(state, unit, ability), rule: 'PG-10' } });
};

export const TRIGGER_TITLES = { startOfTurn: 'at the start of the turn, PG-6', endOfTurn: 'at the end of the turn, PG-14' } as const;

/** What an ability does: pays its cost, gains its resources, applies its status to the unit, places recharge counters. */
export const abilityEffect = (state: PgState, unit: Placed, ability: Ability) => {
  const gained = ability.gain ?? NO_RESOURCES;
  const before = state.players[unit.seat]?.resources ?? NO_RESOURCES;
  const recharge = ability.recharge ? { countdownId: `cd-${state.nextId}`, counters: ability.recharge, placedTurn: state.turn } : null;
  return {
    seat: unit.seat,
    unitId: unit.id,
    ability: ability.name,
    cost: ability.cost,
    gained,
    resources: addResources(addResources(before, ability.cost, -1), gained),
    statusApplied: ability.status ? { name: ability.status.name, remaining: ability.status.duration } : null,
    recharge,
  };
};
