/**
 * Where a base may stand: on the battlefield, clear of impassable terrain and of other
 * bases. Shared by deployment, production and construction (PG-9, PG-21 "legal location").
 */
import type { Point } from '../kernel/plane.ts';
import { circleInRect, circlesOverlap, EPSILON, pointPolygonDistance, type Rect, round2 } from './geometry.ts';
import { battlefieldRect, shapePolygon } from './mission.ts';
import type { PgState } from './state.ts';
import { onBattlefield, radius, unitName } from './units.ts';

/** Why a base of radius r cannot stand at c, or null when it can. */
export const placementProblem = (state: PgState, c: Point, r: number, ignore: readonly string[] = []): string | null => {
  const mission = state.mission;
  if (!mission) return 'there is no battlefield in this game';
  if (!circleInRect(c, r, battlefieldRect(mission))) return `(${round2(c.x)}, ${round2(c.y)}) is off the battlefield`;
  const terrain = mission.terrain.find((t) => t.impassable && pointPolygonDistance(c, shapePolygon(t.shape)) < r - EPSILON);
  if (terrain) return `(${round2(c.x)}, ${round2(c.y)}) overlaps ${terrain.name}, which is impassable`;
  const unit = onBattlefield(state).find((u) => !ignore.includes(u.id) && circlesOverlap(c, r, u.position, radius(state, u)));
  if (unit) return `(${round2(c.x)}, ${round2(c.y)}) overlaps ${unitName(state, unit)}`;
  return null;
};

/** The first legal spot in a rectangle, scanning rows of half-inch steps (deterministic). */
export const firstSpotIn = (state: PgState, zone: Rect, r: number): Point | null => {
  for (let y = zone.y + r; y <= zone.y + zone.height - r + EPSILON; y += 0.5) {
    for (let x = zone.x + r; x <= zone.x + zone.width - r + EPSILON; x += 0.5) {
      const spot = { x: round2(x), y: round2(y) };
      if (placementProblem(state, spot, r) === null) return spot;
    }
  }
  return null;
};

/** The first legal spot around a building, clockwise from east, ring by ring. */
export const spotNear = (state: PgState, centre: Point, centreRadius: number, r: number): Point | null => {
  for (const gap of [0.1, 1, 2, 3]) {
    for (let step = 0; step < 12; step += 1) {
      const angle = (step * Math.PI) / 6;
      const d = centreRadius + r + gap;
      const spot = { x: round2(centre.x + d * Math.cos(angle)), y: round2(centre.y + d * Math.sin(angle)) };
      if (placementProblem(state, spot, r) === null) return spot;
    }
  }
  return null;
};
