/**
 * Where a base may stand: on the battlefield, clear of impassable terrain and of other
 * bases. Shared by deployment, production and construction (PG-9, PG-21 "legal location").
 */
import type { Point } from '../kernel/plane.ts';
import {
  circleInRect,
  circlesOverlap,
  EPSILON,
  type Polygon,
  pointInPolygon,
  pointPolygonDistance,
  type Rect,
  round2,
  segmentSegmentDistance,
} from './geometry.ts';
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

interface Edge {
  readonly a: Point;
  readonly b: Point;
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

interface Piece {
  readonly poly: Polygon;
  readonly edges: readonly Edge[];
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

/** Whether p lies farther than `margin` outside the box: then it is farther than that from anything in it. */
const farFromBox = (p: Point, box: { minX: number; maxX: number; minY: number; maxY: number }, margin: number): boolean =>
  p.x < box.minX - margin || p.x > box.maxX + margin || p.y < box.minY - margin || p.y > box.maxY + margin;

const boxOf = (points: readonly Point[]) => {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
};

/**
 * `pointPolygonDistance(c, poly) < r - EPSILON`, with the same arithmetic: the point is inside,
 * or some edge is nearer than r − EPSILON (the least of the edges' distances is below it exactly
 * when one of them is). An edge whose box is more than r + 1" away is farther than that, so it is
 * skipped without being measured.
 */
const overlapsPiece = (c: Point, r: number, piece: Piece): boolean => {
  if (pointInPolygon(c, piece.poly)) return true;
  for (const e of piece.edges) {
    if (farFromBox(c, e, r + 1)) continue;
    if (segmentSegmentDistance(c, c, e.a, e.b) < r - EPSILON) return true;
  }
  return false;
};

/**
 * INV-2: `placementProblem(state, spot, r) === null`, answered for many spots of one state and
 * its placements: the impassable terrain's polygons and edges are built once, each with a
 * bounding box that skips the exact test where the spot is clearly clear of it, and the bases
 * placed since are added as circles. Every test that decides is one placementProblem makes
 * (pointPolygonDistance and circlesOverlap on the same numbers), so the answers agree.
 */
export const placementChecker = (state: PgState) => {
  const mission = state.mission;
  const field = mission ? battlefieldRect(mission) : null;
  const terrain: Piece[] = (mission?.terrain ?? [])
    .filter((t) => t.impassable)
    .map((t) => {
      const poly = shapePolygon(t.shape);
      const edges = poly.map((a, i) => {
        const b = poly[(i + 1) % poly.length] as Point;
        return { a, b, ...boxOf([a, b]) };
      });
      return { poly, edges, ...boxOf(poly) };
    });
  const bases: Circle[] = onBattlefield(state).map((u) => ({ ...u.position, r: radius(state, u) }));
  return {
    /**
     * Null when a base of radius r may stand at c; else the x below which every spot of c's row
     * after c is blocked as well (a base's reach along the row, 1e-6" short of its edge), or c.x.
     */
    blocked: (c: Point, r: number): number | null => {
      if (!field || !circleInRect(c, r, field)) return c.x;
      for (const piece of terrain) if (!farFromBox(c, piece, r + 1) && overlapsPiece(c, r, piece)) return c.x;
      const base = bases.find((b) => circlesOverlap(c, r, b, b.r));
      if (!base) return null;
      const reach = r + base.r - EPSILON;
      return base.x + Math.sqrt(Math.max(0, reach * reach - (c.y - base.y) ** 2)) - 1e-6;
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
