/**
 * PG-9 (rules 13.6): in the Movement Phase a unit moves along a path of waypoints, up to
 * its Movement value; never farther, through enemy units, through impassable terrain, off
 * the battlefield, or while Stunned or Immobilized.
 */

import { type Point, pointSegmentDistance } from '../kernel/plane.ts';
import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { accept, reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { commandCoordinate, commandIdSchema } from './datasheets.ts';
import type { PgEvent } from './events.ts';
import { fold } from './evolve.ts';
import { circleInRect, circlesOverlap, EPSILON, inches, pathLength, round2, sweptCircleHitsPolygon } from './geometry.ts';
import { PG_LIMITS as L } from './limits.ts';
import { battlefieldRect, shapePolygon } from './mission.ts';
import { overwatchReactions } from './stances.ts';
import type { PgState } from './state.ts';
import { enemiesOf, hasStatus, isDecision, onBattlefield, ownUnit, type Placed, radius, sheetOf, unitName } from './units.ts';

const pointSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ x: commandCoordinate(), y: commandCoordinate() }));

export const moveSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('Move'),
    unitId: commandIdSchema(),
    /** Waypoints after the unit's current position; the last one is where it ends. */
    path: z.array(pointSchema).check(z.minLength(1), z.maxLength(L.pathPoints)),
  }),
);
export type Move = z.infer<typeof moveSchema>;

/** Default (the text names Slowed without an effect): a Slowed unit has half its Movement. */
export const movementAllowance = (state: PgState, unit: Placed): number => {
  const movement = sheetOf(state, unit).movement;
  return hasStatus(unit, 'Slowed') ? movement / 2 : movement;
};

const segments = (path: readonly Point[]): [Point, Point][] => path.slice(1).map((p, i) => [path[i] as Point, p]);

/** Why the path is illegal (PG-9), or null. */
const pathProblem = (state: PgState, unit: Placed, path: readonly Point[]): Decision<never> | null => {
  const name = unitName(state, unit);
  const r = radius(state, unit);
  const mission = state.mission;
  if (!mission) return reject('NO_BATTLEFIELD', 'PG-9', 'This game has no battlefield.');
  const field = battlefieldRect(mission);
  const off = path.find((p) => !circleInRect(p, r, field));
  if (off)
    return reject(
      'OFF_BATTLEFIELD',
      'PG-9',
      `${name} cannot move off the battlefield: (${round2(off.x)}, ${round2(off.y)}) is beyond its edge.`,
    );
  for (const [a, b] of segments(path)) {
    const terrain = mission.terrain.find((t) => t.impassable && sweptCircleHitsPolygon(a, b, r, shapePolygon(t.shape)));
    if (terrain) return reject('IMPASSABLE_TERRAIN', 'PG-9', `${name} cannot move through ${terrain.name}, which is impassable.`);
    const enemy = enemiesOf(state, unit.seat).find((e) => pointSegmentDistance(e.position, a, b) < r + radius(state, e) - EPSILON);
    if (enemy) return reject('THROUGH_ENEMY', 'PG-9', `${name} cannot move through the enemy unit ${unitName(state, enemy)}.`);
  }
  const end = path.at(-1) as Point;
  const blocker = onBattlefield(state).find((u) => u.id !== unit.id && circlesOverlap(end, r, u.position, radius(state, u)));
  if (blocker) return reject('ENDS_ON_UNIT', 'PG-9', `${name} cannot end its move on top of ${unitName(state, blocker)}.`);
  return null;
};

const canMove = (state: PgState, unit: Placed): Decision<never> | null => {
  const sheet = sheetOf(state, unit);
  const name = unitName(state, unit);
  if (sheet.kind === 'building' || sheet.movement === 0)
    return reject('CANNOT_MOVE', 'PG-9', `${name} has no Movement value and cannot move.`);
  const held = ['Stunned', 'Immobilized'].find((s) => hasStatus(unit, s));
  if (held) return reject(held.toUpperCase(), 'PG-9', `${name} is ${held} and cannot move.`);
  if (unit.moved) return reject('ALREADY_MOVED', 'PG-9', `${name} has already moved this turn.`);
  return null;
};

export const move = (state: PgState, seat: string, command: Move, rc: RulesContext): Decision<PgEvent> => {
  const unit = ownUnit(state, seat, command.unitId, 'PG-9');
  if (isDecision(unit)) return unit;
  const refused = canMove(state, unit);
  if (refused) return refused;
  const path = [unit.position, ...command.path];
  const length = pathLength(path);
  const allowance = movementAllowance(state, unit);
  if (length > allowance + EPSILON) {
    const slowed = hasStatus(unit, 'Slowed') ? ' (halved while Slowed)' : '';
    return reject(
      'TOO_FAR',
      'PG-9',
      `${sheetOf(state, unit).name} can move ${inches(allowance)}${slowed} but the path is ${inches(length)}.`,
    );
  }
  const problem = pathProblem(state, unit, path);
  if (problem) return problem;
  const moved: PgEvent = {
    type: 'UnitMoved',
    data: { unitId: unit.id, path, distance: round2(length), movement: allowance, rule: 'PG-9' },
  };
  // PG-10 Overwatch: enemy units on Overwatch react to the move as it ends.
  return accept(moved, ...overwatchReactions(fold(state, [moved]), unit.id, rc));
};
