/**
 * Deployment: before the first turn each seat, in turn order, places its whole Deployment
 * List in its deployment zone with one `Deploy` (a step of its own, key `deploy-<seat>`).
 * The Command Center (PG-15, PG-20) and the free Workers (PG-16) go down with the rest.
 * The text does not describe deployment; zones come from the mission (a default).
 */

import type { Point } from '../kernel/plane.ts';
import type { Decision } from '../kernel/violation.ts';
import { accept, reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { commandCoordinate, commandIdSchema } from './datasheets.ts';
import type { PgEvent } from './events.ts';
import { fold } from './evolve.ts';
import { circleInRect, round2 } from './geometry.ts';
import { MAX_AUTO_SPOTS, MAX_DEPLOY_UNITS } from './limits.ts';
import { zoneOf } from './mission.ts';
import { placementChecker, placementProblem, spotsIn } from './placement.ts';
import type { PgState, UnitState } from './state.ts';
import { openTurn } from './turns.ts';
import { isCommandCenter, isWorker, radius, unitName } from './units.ts';

export const deploySchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('Deploy'),
    /** Where each unit's base centre goes, in inches from the battlefield's corner (0, 0). */
    units: z._default(
      z
        .array(z.strictObject({ unitId: commandIdSchema(), x: commandCoordinate(), y: commandCoordinate() }))
        .check(z.maxLength(MAX_DEPLOY_UNITS)),
      [],
    ),
    /** Let the engine place every unit not listed (first free spot in the zone, row by row). */
    auto: z._default(z.boolean(), false),
  }),
);
export type Deploy = z.infer<typeof deploySchema>;

type Placement = { readonly unitId: string; readonly x: number; readonly y: number };

const placeOne = (state: PgState, seat: string, p: Placement): PgState | Decision<never> => {
  const unit = state.units.find((u) => u.id === p.unitId && u.seat === seat);
  if (!unit) return reject('UNKNOWN_UNIT', 'PG-4', `"${p.unitId}" is not a unit of your Deployment List.`);
  if (unit.position !== null) return reject('ALREADY_DEPLOYED', 'PG-4', `${unitName(state, unit)} is placed twice.`);
  const zone = state.mission ? zoneOf(state.mission, seat) : null;
  const r = radius(state, unit);
  if (!zone || !circleInRect(p, r, zone)) {
    return reject(
      'OUTSIDE_ZONE',
      'PG-4',
      `${unitName(state, unit)} at (${round2(p.x)}, ${round2(p.y)}) is not wholly inside your deployment zone.`,
    );
  }
  const problem = placementProblem(state, p, r);
  if (problem) return reject('ILLEGAL_PLACEMENT', 'PG-9', `${unitName(state, unit)} cannot deploy: ${problem}.`);
  return fold(state, [{ type: 'UnitsDeployed', data: { seat, placements: [p], automatic: false } }]);
};

const missingSentence = (state: PgState, missing: UnitState[]): Decision<never> => {
  const rule = missing.some((u) => isCommandCenter(state, u)) ? 'PG-20' : missing.some((u) => isWorker(state, u)) ? 'PG-16' : 'PG-4';
  const names = missing.map((u) => unitName(state, u)).join(', ');
  return reject('INCOMPLETE_DEPLOYMENT', rule, `Place every unit of your Deployment List (or send auto: true); not placed: ${names}.`);
};

/**
 * Auto placement of what is left, deterministic: each unit in game order at the first legal spot
 * of the zone, row by row in half-inch steps (placement.ts `spotsIn`); `full` when the zone has no room.
 * INV-2: placing a unit only takes spots away, so a unit's search goes on from where the last
 * unit of its base's radius was placed, not from the zone's corner: each spot of each radius is
 * tried at most once, a spot still within the reach of the base that blocked the one before it
 * on its row is passed over untried, and all the searches of one command try at most
 * `MAX_AUTO_SPOTS` spots (`gave up`).
 */
export const autoPlace = (
  state: PgState,
  seat: string,
  budget: number = MAX_AUTO_SPOTS,
): { placements: Placement[]; state: PgState; tried: number } | 'full' | 'gave up' => {
  const zone = state.mission ? zoneOf(state.mission, seat) : null;
  if (!zone) return state.units.some((u) => u.seat === seat && u.position === null) ? 'full' : { placements: [], state, tried: 0 };
  const checker = placementChecker(state);
  const searches = new Map<number, Iterator<Point>>();
  const placements: Placement[] = [];
  let tried = 0;
  for (const unit of state.units.filter((u) => u.seat === seat && u.position === null)) {
    const r = radius(state, unit);
    const spots = searches.get(r) ?? spotsIn(zone, r);
    searches.set(r, spots);
    let spot: Point | null = null;
    // A spot of the same row still within the reach of the base that blocked the last one is blocked too.
    let skip = { y: Number.NaN, x: Number.NEGATIVE_INFINITY };
    for (let next = spots.next(); !next.done; next = spots.next()) {
      if (next.value.y === skip.y && next.value.x < skip.x) continue;
      tried += 1;
      if (tried > budget) return 'gave up';
      const blocked = checker.blocked(next.value, r);
      if (blocked === null) {
        spot = next.value;
        break;
      }
      skip = { y: next.value.y, x: blocked };
    }
    if (!spot) return 'full';
    checker.add(spot, r);
    placements.push({ unitId: unit.id, ...spot });
  }
  const placed = fold(state, [{ type: 'UnitsDeployed', data: { seat, placements, automatic: true } }]);
  return { placements, state: placed, tried };
};

/** After a seat deploys: the next seat's deployment, or the first turn (PG-4). */
const afterDeployment = (state: PgState, seat: string): PgEvent[] => {
  const next = state.turnOrder[state.turnOrder.indexOf(seat) + 1];
  if (next !== undefined) return [{ type: 'DeploymentStarted', data: { seat: next } }];
  const first = state.turnOrder[0] ?? seat;
  return openTurn(state, first, 1, 1);
};

const deployAs = (state: PgState, seat: string, placements: readonly Placement[], auto: boolean): Decision<PgEvent> => {
  let current = state;
  for (const p of placements) {
    const next = placeOne(current, seat, p);
    if ('ok' in next) return next;
    current = next;
  }
  const missing = current.units.filter((u) => u.seat === seat && u.position === null);
  if (missing.length > 0 && !auto) return missingSentence(current, missing);
  const filled = autoPlace(current, seat);
  if (filled === 'full') return reject('ZONE_FULL', 'PG-4', 'Your deployment zone has no room left for the units not placed.');
  if (filled === 'gave up')
    return reject(
      'ZONE_FULL',
      'PG-4',
      `Auto placement tried ${MAX_AUTO_SPOTS} spots of your deployment zone without finding room for every unit not placed; place them with units.`,
    );
  const deployed: PgEvent = {
    type: 'UnitsDeployed',
    data: { seat, placements: [...placements, ...filled.placements], automatic: filled.placements.length > 0 },
  };
  return accept(deployed, ...afterDeployment(fold(state, [deployed]), seat));
};

export const deploy = (state: PgState, command: Deploy): Decision<PgEvent> => {
  if (state.deploying === null || !state.mission) {
    return reject('NOT_DEPLOYING', 'PG-4', state.mission ? 'Deployment is over.' : 'This game has no armies to deploy.', 409);
  }
  return deployAs(state, state.deploying, command.units, command.auto);
};

/** Missed deadline while deploying: the engine places the seat's units (default policy). */
export const deployOnDeadline = (state: PgState): Decision<PgEvent> =>
  state.deploying === null ? reject('NOT_DEPLOYING', 'PG-4', 'Deployment is over.', 409) : deployAs(state, state.deploying, [], true);
