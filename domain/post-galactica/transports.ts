/**
 * PG-10 Load and Unload. The text names the action only; the defaults: a datasheet with the
 * keyword `Transport N` carries up to N models (PG-2) of friendly non-building units, one
 * Load or Unload per Action Phase (the transport's action). Units are loaded from within 1"
 * (edge to edge) and unloaded wholly within 1" of the transport, on a legal spot. Aboard,
 * a unit has no position: it cannot move, attack, be attacked or gather, but still counts
 * as a Worker and uses Supply (PG-17, PG-19). A destroyed transport's passengers get out
 * around where it stood.
 */

import type { Decision } from '../kernel/violation.ts';
import { accept, reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import type { PassengersDisembarked } from './action-events.ts';
import { actor } from './actions.ts';
import { commandCoordinate, commandIdSchema, transportCapacity } from './datasheets.ts';
import type { PgEvent } from './events.ts';
import { fold } from './evolve.ts';
import { edgeDistance, inches } from './geometry.ts';
import { PG_LIMITS as L } from './limits.ts';
import { placementProblem, spotNear } from './placement.ts';
import type { PgState, UnitState } from './state.ts';
import { gap, isBuilding, isDecision, models, ownUnit, type Placed, radius, sheetOf, unitName, WORK_RANGE } from './units.ts';
import { destroyUnit } from './workers.ts';

export const loadSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('Load'),
    unitId: commandIdSchema(),
    passengerIds: z.array(commandIdSchema()).check(z.minLength(1), z.maxLength(L.unitsPerSeat)),
  }),
);
export const unloadSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('Unload'),
    unitId: commandIdSchema(),
    units: z
      .array(z.strictObject({ unitId: commandIdSchema(), x: commandCoordinate(), y: commandCoordinate() }))
      .check(z.minLength(1), z.maxLength(L.unitsPerSeat)),
  }),
);

export const passengers = (state: PgState, transportId: string): UnitState[] => state.units.filter((u) => u.embarkedIn === transportId);

const modelsAboard = (state: PgState, transportId: string): number =>
  passengers(state, transportId).reduce((sum, u) => sum + models(state, u), 0);

const passengerProblem = (state: PgState, transport: Placed, passenger: Placed | Decision<never>): Decision<never> | null => {
  if (isDecision(passenger)) return passenger;
  const name = unitName(state, passenger);
  if (passenger.id === transport.id) return reject('CANNOT_LOAD', 'PG-10', `${name} cannot carry itself.`);
  if (isBuilding(state, passenger) || transportCapacity(sheetOf(state, passenger)) > 0)
    return reject('CANNOT_LOAD', 'PG-10', `${name} cannot be carried: transports carry units that are neither buildings nor transports.`);
  const reach = gap(state, transport, passenger);
  if (reach > WORK_RANGE)
    return reject(
      'OUT_OF_REACH',
      'PG-10',
      `${name} must be within 1" of ${unitName(state, transport)} to board; it is ${inches(reach)} away.`,
    );
  return null;
};

export const load = (state: PgState, seat: string, c: z.infer<typeof loadSchema>): Decision<PgEvent> => {
  const transport = actor(state, seat, c.unitId, 'Load');
  if (isDecision(transport)) return transport;
  const capacity = transportCapacity(sheetOf(state, transport));
  if (capacity === 0) return reject('NOT_A_TRANSPORT', 'PG-10', `${unitName(state, transport)} has no Transport capacity.`);
  let count = modelsAboard(state, transport.id);
  for (const id of c.passengerIds) {
    const passenger = ownUnit(state, seat, id, 'PG-10');
    const problem = passengerProblem(state, transport, passenger);
    if (problem) return problem;
    count += models(state, passenger as Placed);
  }
  if (count > capacity)
    return reject('OVER_CAPACITY', 'PG-10', `${unitName(state, transport)} carries ${capacity} models; loading these would make ${count}.`);
  return accept({
    type: 'UnitsLoaded',
    data: { transportId: transport.id, passengerIds: c.passengerIds, models: count, capacity, rule: 'PG-10' },
  });
};

export const unload = (state: PgState, seat: string, c: z.infer<typeof unloadSchema>): Decision<PgEvent> => {
  const transport = actor(state, seat, c.unitId, 'Unload');
  if (isDecision(transport)) return transport;
  let current = state;
  for (const p of c.units) {
    const unit = current.units.find((u) => u.id === p.unitId);
    if (!unit || unit.embarkedIn !== transport.id)
      return reject('NOT_ABOARD', 'PG-10', `"${p.unitId}" is not aboard ${unitName(state, transport)}.`);
    const r = radius(current, unit);
    const where = placementProblem(current, p, r);
    if (where) return reject('ILLEGAL_PLACEMENT', 'PG-10', `${unitName(state, unit)} cannot get out there: ${where}.`);
    const reach = edgeDistance(transport.position, radius(state, transport), p, r);
    if (reach > WORK_RANGE)
      return reject(
        'OUT_OF_REACH',
        'PG-10',
        `${unitName(state, unit)} must get out within 1" of ${unitName(state, transport)}; that spot is ${inches(reach)} away.`,
      );
    current = fold(current, [{ type: 'UnitsUnloaded', data: { transportId: transport.id, placements: [p], rule: 'PG-10' } }]);
  }
  return accept({ type: 'UnitsUnloaded', data: { transportId: transport.id, placements: c.units, rule: 'PG-10' } });
};

/** A destroyed transport's passengers, placed one by one around where it stood. */
const disembark = (state: PgState, transport: UnitState): PassengersDisembarked | null => {
  const aboard = passengers(state, transport.id);
  if (aboard.length === 0 || transport.position === null) return null;
  const centre = transport.position;
  let current = state;
  const placements = aboard.map((u) => {
    const position = spotNear(current, centre, radius(state, transport), radius(current, u));
    const one: PassengersDisembarked = {
      type: 'PassengersDisembarked',
      data: { transportId: transport.id, placements: [{ unitId: u.id, position }], rule: 'PG-10' },
    };
    current = fold(current, [one]);
    return { unitId: u.id, position };
  });
  return { type: 'PassengersDisembarked', data: { transportId: transport.id, placements, rule: 'PG-10' } };
};

/** The events of a unit reaching 0 Cohesion: its destruction (PG-2, PG-15, PG-17), then its passengers getting out. */
export const unitLost = (state: PgState, unit: UnitState, cause: string): PgEvent[] => {
  const destroyed = destroyUnit(state, unit, cause);
  const out = disembark(fold(state, [destroyed]), unit);
  return out ? [destroyed, out] : [destroyed];
};
