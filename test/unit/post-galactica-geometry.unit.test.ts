import { describe, expect, it } from 'vitest';
import { pointSegmentDistance } from '../../domain/kernel/plane.ts';
import {
  circleInRect,
  circlesOverlap,
  edgeDistance,
  inches,
  pathLength,
  pointInPolygon,
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
