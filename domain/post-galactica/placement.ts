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

/** The spots of a rectangle for a base of radius r, row by row in half-inch steps (deterministic). */
export function* spotsIn(zone: Rect, r: number): Generator<Point> {
  for (let y = zone.y + r; y <= zone.y + zone.height - r + EPSILON; y += 0.5) {
    for (let x = zone.x + r; x <= zone.x + zone.width - r + EPSILON; x += 0.5) yield { x: round2(x), y: round2(y) };
  }
}

interface Circle {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/**
 * INV-2: `placementProblem(state, spot, r) === null`, answered for many spots of one state and
 * its placements: the terrain's polygons are built once, each with a bounding box that skips the
 * exact test where the spot is clearly clear of it, and the bases placed since are added as
 * circles. Every test that decides is the one placementProblem makes, so the answers agree.
 */
export const placementChecker = (state: PgState) => {
  const mission = state.mission;
  const field = mission ? battlefieldRect(mission) : null;
  const terrain = (mission?.terrain ?? [])
    .filter((t) => t.impassable)
    .map((t) => {
      const poly = shapePolygon(t.shape);
      const xs = poly.map((p) => p.x);
      const ys = poly.map((p) => p.y);
      return { poly, minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
    });
  const bases: Circle[] = onBattlefield(state).map((u) => ({ ...u.position, r: radius(state, u) }));
  return {
    /** Whether a base of radius r may stand at c. */
    legal: (c: Point, r: number): boolean => {
      if (!field || !circleInRect(c, r, field)) return false;
      for (const t of terrain) {
        // Farther than r (with a margin) from the box is farther than r from the polygon: no overlap.
        if (c.x < t.minX - r - 1 || c.x > t.maxX + r + 1 || c.y < t.minY - r - 1 || c.y > t.maxY + r + 1) continue;
        if (pointPolygonDistance(c, t.poly) < r - EPSILON) return false;
      }
      return !bases.some((b) => circlesOverlap(c, r, b, b.r));
    },
    /** A base now stands at c. */
    add: (c: Point, r: number): void => {
      bases.push({ x: c.x, y: c.y, r });
    },
  };
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
