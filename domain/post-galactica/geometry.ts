/**
 * Plane geometry in inches on a continuous battlefield (docs/design.md §3). Pure functions
 * only: the movement, line-of-sight and placement rules (PG-9, PG-11, PG-21) are built on them.
 * Units and buildings are circles (their base); terrain is a polygon or a rectangle. Points,
 * distances and point-to-segment distances are the kernel's (RUL-3); the tolerance of the
 * comparisons made here is Post Galactica's own.
 */
import { distance, type Point, pointSegmentDistance } from '../kernel/plane.ts';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type Polygon = readonly Point[];

/** Tolerance for float comparisons: a 6" move measured as 6.0000000001" is still 6". */
export const EPSILON = 1e-9;

/** Length of a path through its waypoints, in inches. */
export const pathLength = (points: readonly Point[]): number =>
  points.slice(1).reduce((sum, p, i) => sum + distance(points[i] as Point, p), 0);

export const rectPolygon = (r: Rect): Polygon => [
  { x: r.x, y: r.y },
  { x: r.x + r.width, y: r.y },
  { x: r.x + r.width, y: r.y + r.height },
  { x: r.x, y: r.y + r.height },
];

/** Ray casting; a point on the boundary may count either way, callers use distances for contact. */
export const pointInPolygon = (p: Point, poly: Polygon): boolean => {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i, i += 1) {
    const a = poly[i] as Point;
    const b = poly[j] as Point;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
};

const cross = (o: Point, a: Point, b: Point): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

const onSegment = (p: Point, a: Point, b: Point): boolean =>
  Math.min(a.x, b.x) - EPSILON <= p.x &&
  p.x <= Math.max(a.x, b.x) + EPSILON &&
  Math.min(a.y, b.y) - EPSILON <= p.y &&
  p.y <= Math.max(a.y, b.y) + EPSILON;

/** True when segments ab and cd share at least one point (touching counts). */
export const segmentsIntersect = (a: Point, b: Point, c: Point, d: Point): boolean => {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  if (Math.abs(d1) <= EPSILON && onSegment(a, c, d)) return true;
  if (Math.abs(d2) <= EPSILON && onSegment(b, c, d)) return true;
  if (Math.abs(d3) <= EPSILON && onSegment(c, a, b)) return true;
  return Math.abs(d4) <= EPSILON && onSegment(d, a, b);
};

export const segmentSegmentDistance = (a: Point, b: Point, c: Point, d: Point): number =>
  segmentsIntersect(a, b, c, d)
    ? 0
    : Math.min(pointSegmentDistance(a, c, d), pointSegmentDistance(b, c, d), pointSegmentDistance(c, a, b), pointSegmentDistance(d, a, b));

const edges = (poly: Polygon): [Point, Point][] => poly.map((p, i) => [p, poly[(i + 1) % poly.length] as Point]);

/** 0 when the segment touches or enters the polygon, else the gap between them. */
export const segmentPolygonDistance = (a: Point, b: Point, poly: Polygon): number => {
  if (pointInPolygon(a, poly) || pointInPolygon(b, poly)) return 0;
  return Math.min(...edges(poly).map(([c, d]) => segmentSegmentDistance(a, b, c, d)));
};

export const pointPolygonDistance = (p: Point, poly: Polygon): number => segmentPolygonDistance(p, p, poly);

/** A segment crosses the polygon (line of sight through terrain). */
export const segmentCrossesPolygon = (a: Point, b: Point, poly: Polygon): boolean => segmentPolygonDistance(a, b, poly) <= EPSILON;

/** A base of radius r swept along ab overlaps the polygon (movement through terrain). */
export const sweptCircleHitsPolygon = (a: Point, b: Point, r: number, poly: Polygon): boolean =>
  segmentPolygonDistance(a, b, poly) < r - EPSILON;

/** A base of radius r at c lies wholly inside the rectangle. */
export const circleInRect = (c: Point, r: number, rect: Rect): boolean =>
  c.x - r >= rect.x - EPSILON &&
  c.y - r >= rect.y - EPSILON &&
  c.x + r <= rect.x + rect.width + EPSILON &&
  c.y + r <= rect.y + rect.height + EPSILON;

/** The gap between two bases (edge to edge), 0 when they touch or overlap. */
export const edgeDistance = (a: Point, ra: number, b: Point, rb: number): number => Math.max(0, distance(a, b) - ra - rb);

/** Two bases overlap (touching is allowed). */
export const circlesOverlap = (a: Point, ra: number, b: Point, rb: number): boolean => distance(a, b) < ra + rb - EPSILON;

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** A distance as a player writes it: 7.5". */
export const inches = (n: number): string => `${round2(n)}"`;
