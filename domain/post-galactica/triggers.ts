/**
 * Abilities that resolve by themselves (a datasheet ability with a `trigger`). The text lists
 * "Resolve start-of-turn abilities" first in the Command Phase (13.3, PG-6) and "Resolve
 * end-of-turn abilities" in the End Phase after scoring objectives (13.11, PG-14) but gives no
 * effects. Defaults: in the active player's turn, each unit or building of theirs on the
 * battlefield (complete) resolves each of its abilities with that trigger, units in game order
 * and abilities in datasheet order, with the effects an activated ability has (abilities.ts);
 * one that could not be activated now (recharging, research missing, cost unaffordable) does not
 * resolve. It is not the unit's action.
 */
import { abilityEffect, abilityProblem } from './abilities.ts';
import type { AbilityTriggered } from './action-events.ts';
import type { Trigger } from './datasheets.ts';
import type { PgEvent } from './events.ts';
import { fold } from './evolve.ts';
import type { PgState } from './state.ts';
import { sheetOf, unitsOf } from './units.ts';

const RULE = { startOfTurn: 'PG-6', endOfTurn: 'PG-14' } as const;

/** The abilities with `trigger` of `seat`'s units, resolved one after the other. */
export const triggeredAbilities = (state: PgState, seat: string, trigger: Trigger): PgEvent[] => {
  const events: AbilityTriggered[] = [];
  let current = state;
  for (const unit of unitsOf(state, seat).filter((u) => u.complete)) {
    for (const ability of sheetOf(state, unit).abilities.filter((a) => a.trigger === trigger)) {
      if (abilityProblem(current, unit, ability)) continue;
      const event: AbilityTriggered = {
        type: 'AbilityTriggered',
        data: { ...abilityEffect(current, unit, ability), trigger, rule: RULE[trigger] },
      };
      events.push(event);
      current = fold(current, [event]);
    }
  }
  return events;
};
