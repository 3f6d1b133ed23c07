import { describe, expect, it } from 'vitest';
import { type Point, pointSegmentDistance } from '../../domain/kernel/plane.ts';
import {
  circleInRect,
  circlesOverlap,
  EPSILON,
  edgeDistance,
  inches,
  pathLength,
  pointInPolygon,
  pointPolygonDistance,
  rectPolygon,
  segmentCrossesPolygon,
  segmentPolygonDistance,
  segmentsIntersect,
  sweptCircleHitsPolygon,
} from '../../domain/post-galactica/geometry.ts';

const square = rectPolygon({ x: 0, y: 0, width: 4, height: 4 });
const triangle = [
  { x: 0, y: 0 },
  { x: 6, y: 0 },
  { x: 3, y: 6 },
];

describe('geometry in inches', () => {
  it('PG-9 a path is measured along its waypoints (3-4-5 legs)', () => {
    expect(
      pathLength([
        { x: 0, y: 0 },
        { x: 3, y: 4 },
        { x: 3, y: 5 },
      ]),
    ).toBe(6);
    expect(pathLength([{ x: 1, y: 1 }])).toBe(0);
  });
  it('finds points inside polygons and rectangles', () => {
    expect(pointInPolygon({ x: 2, y: 2 }, square)).toBe(true);
    expect(pointInPolygon({ x: 5, y: 2 }, square)).toBe(false);
    expect(pointInPolygon({ x: 3, y: 3 }, triangle)).toBe(true);
    expect(pointInPolygon({ x: 0.5, y: 5 }, triangle)).toBe(false);
  });
  it('intersects segments, touching ends and collinear overlaps included', () => {
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 4, y: 4 }, { x: 0, y: 4 }, { x: 4, y: 0 })).toBe(true);
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 3 })).toBe(true);
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 1, y: 0 }, { x: 5, y: 0 })).toBe(true);
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 1 }, { x: 3, y: 5 })).toBe(false);
  });
  it("measures a point's distance to a segment, clamped to its ends", () => {
    expect(pointSegmentDistance({ x: 2, y: 3 }, { x: 0, y: 0 }, { x: 4, y: 0 })).toBe(3);
    expect(pointSegmentDistance({ x: 7, y: 4 }, { x: 0, y: 0 }, { x: 4, y: 0 })).toBe(5);
  });
  it('PG-9 a segment crossing a polygon, or lying inside it, has distance 0; one passing by has the gap', () => {
    expect(segmentPolygonDistance({ x: -2, y: 2 }, { x: 6, y: 2 }, square)).toBe(0);
    expect(segmentPolygonDistance({ x: 1, y: 1 }, { x: 2, y: 2 }, square)).toBe(0);
    expect(segmentPolygonDistance({ x: -2, y: 6 }, { x: 6, y: 6 }, square)).toBe(2);
    expect(segmentCrossesPolygon({ x: -1, y: -1 }, { x: 7, y: -1 }, triangle)).toBe(false);
  });
  it('PG-9 a base sweeping past terrain hits it only when the gap is less than its radius', () => {
    expect(sweptCircleHitsPolygon({ x: -2, y: 5 }, { x: 6, y: 5 }, 1, square)).toBe(false);
    expect(sweptCircleHitsPolygon({ x: -2, y: 4.9 }, { x: 6, y: 4.9 }, 1, square)).toBe(true);
  });
  it('PG-11 distances between bases are edge to edge; touching bases do not overlap', () => {
    expect(edgeDistance({ x: 0, y: 0 }, 1, { x: 5, y: 0 }, 1.5)).toBe(2.5);
    expect(edgeDistance({ x: 0, y: 0 }, 1, { x: 1, y: 0 }, 1)).toBe(0);
    expect(circlesOverlap({ x: 0, y: 0 }, 1, { x: 2, y: 0 }, 1)).toBe(false);
    expect(circlesOverlap({ x: 0, y: 0 }, 1, { x: 1.9, y: 0 }, 1)).toBe(true);
  });
  it('PG-9 a base is on the battlefield only when all of it is', () => {
    const field = { x: 0, y: 0, width: 48, height: 36 };
    expect(circleInRect({ x: 1, y: 1 }, 1, field)).toBe(true);
    expect(circleInRect({ x: 0.5, y: 10 }, 1, field)).toBe(false);
  });
  it('writes distances as players do', () => {
    expect(inches(7.5)).toBe('7.5"');
    expect(inches(2 / 3)).toBe('0.67"');
  });
});

const p = (x: number, y: number): Point => ({ x, y });

describe('RUL-9 geometry: segments touching (PG-9, PG-11)', () => {
  /** segmentsIntersect asked all eight ways: either segment first, either of its ends first. */
  const everyWay = (a: Point, b: Point, c: Point, d: Point): boolean[] =>
    (
      [
        [a, b, c, d],
        [b, a, c, d],
        [a, b, d, c],
        [b, a, d, c],
      ] as const
    ).flatMap(([e, f, g, h]) => [segmentsIntersect(e, f, g, h), segmentsIntersect(g, h, e, f)]);
  const ALWAYS = Array(8).fill(true);
  const NEVER = Array(8).fill(false);

  it('RUL-9 PG-11 two crossing segments intersect whichever is named first, from either end', () => {
    expect(everyWay(p(0, 0), p(4, 4), p(0, 4), p(4, 0))).toEqual(ALWAYS);
  });
  it('RUL-9 PG-11 an end resting on the middle of a diagonal segment touches it (a T), named any way', () => {
    expect(everyWay(p(0, 0), p(4, 4), p(2, 2), p(4, 0))).toEqual(ALWAYS);
  });
  it('RUL-9 PG-11 an end within the bounding box of a diagonal segment but off its line does not touch it', () => {
    expect(everyWay(p(0, 0), p(4, 4), p(1, 3), p(-1, 5))).toEqual(NEVER);
  });
  it('RUL-9 PG-11 an end exactly EPSILON from the middle of a segment touches it (the tolerance is inclusive); 2 EPSILON does not', () => {
    expect(everyWay(p(0, 0), p(1, 0), p(0.5, EPSILON), p(0.5, 3))).toEqual(ALWAYS);
    expect(everyWay(p(0, 0), p(1, 0), p(0.5, 2 * EPSILON), p(0.5, 3))).toEqual(NEVER);
  });
  it('RUL-9 PG-9 an end lying on the line of a segment, exactly EPSILON past either end of it, still touches it', () => {
    // Horizontal (0, 0)-(4, 0) and vertical (0, 0)-(0, 4); the other segment leaves the line at once.
    expect(everyWay(p(0, 0), p(4, 0), p(4 + EPSILON, 0), p(5, 3))).toEqual(ALWAYS);
    expect(everyWay(p(0, 0), p(4, 0), p(-EPSILON, 0), p(-1, 3))).toEqual(ALWAYS);
    expect(everyWay(p(0, 0), p(0, 4), p(0, 4 + EPSILON), p(3, 5))).toEqual(ALWAYS);
    expect(everyWay(p(0, 0), p(0, 4), p(0, -EPSILON), p(3, -1))).toEqual(ALWAYS);
  });
  it('RUL-9 PG-9 an end on the line of a segment but 2 EPSILON past its end does not touch it', () => {
    expect(everyWay(p(0, 0), p(4, 0), p(4 + 2 * EPSILON, 0), p(5, 3))).toEqual(NEVER);
    expect(everyWay(p(0, 0), p(0, 4), p(0, -2 * EPSILON), p(3, -1))).toEqual(NEVER);
  });
});

describe('RUL-9 geometry: terrain and bases at the tolerance (PG-9, PG-11)', () => {
  const square = rectPolygon({ x: 0, y: 0, width: 4, height: 4 });
  /** A horizontal segment from x = -2 to x = 6 at height y, passing under the square. */
  const under = (y: number): [Point, Point] => [p(-2, y), p(6, y)];

  it("RUL-9 PG-9 a point's distance to a polygon is 0 inside it, else the gap to its nearest edge", () => {
    expect(pointPolygonDistance(p(2, 2), square)).toBe(0);
    expect(pointPolygonDistance(p(6, 2), square)).toBe(2);
    expect(pointPolygonDistance(p(7, 8), square)).toBe(5);
  });
  it('RUL-9 PG-11 a line of sight passing exactly EPSILON from terrain crosses it; 2 EPSILON away it does not', () => {
    expect(segmentCrossesPolygon(...under(-EPSILON), square)).toBe(true);
    expect(segmentCrossesPolygon(...under(-2 * EPSILON), square)).toBe(false);
  });
  it('RUL-9 PG-9 a base whose sweep overlaps terrain by exactly EPSILON only touches it; by 2 EPSILON it hits', () => {
    // A 1" base swept with its centre 1 - EPSILON below the square's bottom edge.
    expect(sweptCircleHitsPolygon(...under(-(1 - EPSILON)), 1, square)).toBe(false);
    expect(sweptCircleHitsPolygon(...under(-(1 - 2 * EPSILON)), 1, square)).toBe(true);
  });
  it('RUL-9 PG-4 PG-9 a base poking exactly EPSILON out of any side of a zone is still wholly in it; 2 EPSILON is not', () => {
    const zone = { x: 2, y: 2, width: 8, height: 8 };
    const out = (by: number) => [p(3 - by, 6), p(6, 3 - by), p(9 + by, 6), p(6, 9 + by)].map((c) => circleInRect(c, 1, zone));
    expect(out(EPSILON)).toEqual([true, true, true, true]);
    expect(out(2 * EPSILON)).toEqual([false, false, false, false]);
  });
  it('RUL-9 PG-9 a base half over the far (top) side of a zone is not wholly in it', () => {
    expect(circleInRect(p(6, 9.5), 1, { x: 2, y: 2, width: 8, height: 8 })).toBe(false);
  });
  it('RUL-9 PG-9 two bases overlapping by exactly EPSILON only touch; by 2 EPSILON they overlap', () => {
    expect(circlesOverlap(p(0, 0), 1, p(2 - EPSILON, 0), 1)).toBe(false);
    expect(circlesOverlap(p(0, 0), 1, p(2 - 2 * EPSILON, 0), 1)).toBe(true);
  });
});
