/**
 * PG-10 Research and Salvage, two actions that place countdown counters (PG-7: research and
 * salvage counters come off in the controller's Command Phase; the last one completes the
 * effect). Defaults, the text naming only the actions: a building researches an item its
 * datasheet lists, one countdown at a time (its production capacity, PG-18), and completed
 * research is recorded for the player (abilities may require it). A unit that may Salvage
 * takes apart a friendly complete building within 1" (not a Command Center, PG-15); when the
 * salvage counters are gone the building leaves the battlefield (not the Destroyed Zone) and
 * its controller recovers half its cost, rounded down.
 */

import type { Decision } from '../kernel/violation.ts';
import { accept, reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { actor } from './actions.ts';
import { canAfford, commandIdSchema, formatResources, type Resources } from './datasheets.ts';
import type { PgEvent } from './events.ts';
import { inches } from './geometry.ts';
import type { PgState } from './state.ts';
import { passengers } from './transports.ts';
import { gap, isCommandCenter, isDecision, ownUnit, type Placed, sheetOf, unitName, WORK_RANGE } from './units.ts';

export const researchSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ type: z.literal('Research'), buildingId: commandIdSchema(), research: commandIdSchema() }),
);
export const salvageSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ type: z.literal('Salvage'), unitId: commandIdSchema(), targetId: commandIdSchema() }),
);

const researchProblem = (state: PgState, seat: string, building: Placed, id: string): Decision<never> | null => {
  const done = state.players[seat]?.researched.includes(id);
  const running = state.countdowns.find((c) => c.seat === seat && c.kind === 'research' && c.item === id);
  if (done) return reject('ALREADY_RESEARCHED', 'PG-10', `You have already researched "${id}".`);
  if (running) return reject('ALREADY_RESEARCHING', 'PG-10', `"${id}" is already being researched (${running.counters} counters left).`);
  const busy = state.countdowns.find((c) => c.buildingId === building.id);
  if (busy)
    return reject(
      'NO_PRODUCTION_CAPACITY',
      'PG-18',
      `${unitName(state, building)} is busy (${busy.label}, ${busy.counters} counters left).`,
    );
  return null;
};

export const research = (state: PgState, seat: string, c: z.infer<typeof researchSchema>): Decision<PgEvent> => {
  const building = actor(state, seat, c.buildingId, 'Research');
  if (isDecision(building)) return building;
  const item = sheetOf(state, building).research[c.research];
  if (!item) {
    const offered = Object.keys(sheetOf(state, building).research).join(', ') || 'nothing';
    return reject('UNKNOWN_RESEARCH', 'PG-10', `${unitName(state, building)} researches ${offered}, not "${c.research}".`);
  }
  const problem = researchProblem(state, seat, building, c.research);
  if (problem) return problem;
  const have = state.players[seat]?.resources;
  if (have && !canAfford(have, item.cost))
    return reject('NOT_ENOUGH_RESOURCES', 'PG-10', `${item.name} costs ${formatResources(item.cost)}; you have ${formatResources(have)}.`);
  const data = { seat, countdownId: `cd-${state.nextId}`, buildingId: building.id, research: c.research, name: item.name };
  return accept({
    type: 'ResearchStarted',
    data: { ...data, cost: item.cost, counters: item.counters, placedTurn: state.turn, rule: 'PG-10' },
  });
};

/** Default salvage value: half the building's cost, rounded down. */
export const salvageValue = (cost: Resources): Resources => ({
  carbon: Math.floor(cost.carbon / 2),
  crystal: Math.floor(cost.crystal / 2),
  faction: Math.floor(cost.faction / 2),
});

export const salvage = (state: PgState, seat: string, c: z.infer<typeof salvageSchema>): Decision<PgEvent> => {
  const unit = actor(state, seat, c.unitId, 'Salvage');
  if (isDecision(unit)) return unit;
  const target = ownUnit(state, seat, c.targetId, 'PG-10');
  if (isDecision(target)) return target;
  const name = unitName(state, target);
  const sheet = sheetOf(state, target);
  if (sheet.kind !== 'building' || !target.complete || isCommandCenter(state, target))
    return reject('NOT_SALVAGEABLE', 'PG-10', `${name} cannot be salvaged: only your complete buildings other than a Command Center can.`);
  if (state.countdowns.some((x) => x.kind === 'salvage' && x.unitId === target.id))
    return reject('ALREADY_SALVAGING', 'PG-10', `${name} is already being salvaged.`);
  if (passengers(state, target.id).length > 0) return reject('NOT_EMPTY', 'PG-10', `Unload ${name} before salvaging it.`);
  const reach = gap(state, unit, target);
  if (reach > WORK_RANGE)
    return reject(
      'OUT_OF_REACH',
      'PG-10',
      `${unitName(state, unit)} must be within 1" of ${name} to salvage it; it is ${inches(reach)} away.`,
    );
  return accept({
    type: 'SalvageStarted',
    data: {
      seat,
      countdownId: `cd-${state.nextId}`,
      unitId: unit.id,
      targetId: target.id,
      counters: sheet.salvageCounters,
      placedTurn: state.turn,
      rule: 'PG-10',
    },
  });
};
