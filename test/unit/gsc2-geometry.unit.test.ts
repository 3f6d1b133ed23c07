/**
 * RUL-9: GSC2's geometry at its edges (domain/gsc2/geometry.ts): a move along each heading, the
 * bearing folded into (-180, 180], every mount's arc at its exact edges and 0.01° past them
 * (GSC-13: an edge belongs to both neighbouring arcs), the aspect bands (GSC-15) and where a
 * straight move first comes within a radius (GSC-5's armed tractor beams). The mutation run of
 * domain/gsc2 left most of these unasserted.
 */
import { describe, expect, it } from 'vitest';
import type { Mount } from '../../domain/gsc2/designs.ts';
import { advance, aspectOf, EPSILON, entersWithin, inArc, relativeBearing } from '../../domain/gsc2/geometry.ts';

/** The point 10" from the origin at `degrees` clockwise from north. */
const bearingPoint = (degrees: number) => ({
  x: 10 * Math.sin((degrees * Math.PI) / 180),
  y: 10 * Math.cos((degrees * Math.PI) / 180),
});

describe('RUL-9 GSC-4 moving along a heading', () => {
  it('RUL-9 GSC-4 each heading moves the ship along its own direction, diagonals to the thousandth', () => {
    const origin = { x: 0, y: 0 };
    // 2" along a diagonal is √2 each way, kept to the thousandth.
    const d = Math.round(Math.SQRT2 * 1000) / 1000;
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((facing) => advance(origin, facing, 2))).toEqual([
      { x: 0, y: 2 },
      { x: d, y: d },
      { x: 2, y: 0 },
      { x: d, y: -d },
      { x: 0, y: -2 },
      { x: -d, y: -d },
      { x: -2, y: 0 },
      { x: -d, y: d },
    ]);
  });
});

describe('RUL-9 GSC-13 bearings and arcs', () => {
  it('RUL-9 GSC-13 a target dead astern is at 180°, never -180°, whatever the heading', () => {
    expect(relativeBearing({ x: 0, y: 0 }, 0, { x: 0, y: -5 })).toBe(180);
    expect(relativeBearing({ x: 0, y: 0 }, 4, { x: 0, y: 5 })).toBe(180);
    expect(relativeBearing({ x: 0, y: 0 }, 6, { x: 5, y: 0 })).toBe(180);
    expect(relativeBearing({ x: 0, y: 0 }, 7, { x: 5, y: 0 })).toBeCloseTo(135, 9);
  });
  const edges: Record<Mount, { in: number[]; out: number[] }> = {
    F: { in: [45, -45, 0], out: [45.01, -45.01] },
    A: { in: [135, -135, 180], out: [134.99, -134.99] },
    R: { in: [45, 135, 90], out: [44.99, 135.01, -90] },
    L: { in: [-45, -135, -90], out: [-44.99, -135.01, 90] },
    FS: { in: [90, -90, 0], out: [90.01, -90.01] },
    AS: { in: [90, -90, 180], out: [89.99, -89.99] },
    RS: { in: [0, 180, 90], out: [-0.01, -179.99] },
    LS: { in: [0, 180, -90], out: [0.01, 179.99] },
    T: { in: [0, 90, -90, 180], out: [] },
  };
  for (const [mount, { in: inside, out }] of Object.entries(edges) as [Mount, { in: number[]; out: number[] }][])
    it(`RUL-9 GSC-13 the ${mount} arc holds ${inside.join('°, ')}° and not ${out.join('°, ') || 'any bearing outside it'}`, () => {
      expect(inside.map((b) => inArc(mount, b))).toEqual(inside.map(() => true));
      expect(out.map((b) => inArc(mount, b))).toEqual(out.map(() => false));
    });
});

describe('RUL-9 GSC-15 the aspect an attacker sees', () => {
  it("RUL-9 GSC-15 bow within 45° of the target's heading, stern within 45° of its stern, edges included; broadside between", () => {
    const origin = { x: 0, y: 0 };
    expect([45, -45, 45.01, 90, 134.99, 135, -135, 180].map((deg) => aspectOf(origin, 0, bearingPoint(deg)))).toEqual([
      'bow',
      'bow',
      'broadside',
      'broadside',
      'broadside',
      'stern',
      'stern',
      'stern',
    ]);
  });
});

describe('RUL-9 GSC-5 where a move first comes within reach', () => {
  const origin = { x: 0, y: 0 };
  it("RUL-9 GSC-5 at once when it starts within reach; where it crosses the circle ahead, up to the move's own length exactly", () => {
    expect(entersWithin(origin, 0, 12, { x: 0, y: 1 }, 2)).toBe(0);
    expect(entersWithin(origin, 0, 12, { x: 0, y: 10 }, 2)).toBe(8);
    expect(entersWithin(origin, 0, 8, { x: 0, y: 10 }, 2)).toBe(8);
    expect(entersWithin(origin, 0, 7.99, { x: 0, y: 10 }, 2)).toBeNull();
  });
  it('RUL-9 GSC-5 never behind the mover, nor when the line passes by; a line that only grazes the circle reaches it', () => {
    expect(entersWithin(origin, 4, 12, { x: 0, y: 10 }, 2)).toBeNull();
    expect(entersWithin(origin, 2, 12, { x: 0, y: 10 }, 2)).toBeNull();
    expect(entersWithin(origin, 2, 12, { x: 5, y: 2 }, 2)).toBe(5);
    expect(entersWithin(origin, 6, 12, { x: 5, y: 2 }, 2)).toBeNull();
  });
});

describe('RUL-9 GSC-13 GSC-15 the slack at arc and aspect edges', () => {
  // An edge belongs to both neighbouring arcs, and a bearing within EPSILON of an edge is on it:
  // exactly EPSILON past each edge is still inside (the existing tests stop at 0.01°).
  it('RUL-9 GSC-13 a bearing exactly EPSILON past an arc edge is still in the arc', () => {
    const edges: [Parameters<typeof inArc>[0], number][] = [
      ['F', 45 + EPSILON],
      ['F', -(45 + EPSILON)],
      ['A', 135 - EPSILON],
      ['R', 45 - EPSILON],
      ['R', 135 + EPSILON],
      ['L', -45 + EPSILON],
      ['L', -135 - EPSILON],
      ['FS', 90 + EPSILON],
      ['AS', 90 - EPSILON],
      ['RS', -EPSILON],
      ['RS', -(180 - EPSILON)],
      ['LS', EPSILON],
      ['LS', 180 - EPSILON],
    ];
    expect(edges.map(([mount, bearing]) => `${mount} ${bearing}: ${inArc(mount, bearing)}`)).toEqual(
      edges.map(([mount, bearing]) => `${mount} ${bearing}: true`),
    );
  });

  it('RUL-9 GSC-15 an attacker exactly EPSILON off the bow or stern edge sees that aspect, not broadside', () => {
    // Found by search: from a target heading NE (facing 1), this point bears exactly 45° + EPSILON
    // to starboard, and this one exactly 135° - EPSILON from a target heading N.
    const origin = { x: 0, y: 0 };
    expect(aspectOf(origin, 1, { x: 9.999999999999998, y: -1.7453292305676728e-7 })).toBe('bow');
    expect(aspectOf(origin, 0, { x: 10, y: -9.999999650934152 })).toBe('stern');
  });

  it('RUL-9 GSC-15 an attacker one step of the last bit past the slack sees the broadside', () => {
    // Bearings of 45.000001000000005° and 134.99999899999997° from a target heading N: just outside
    // the bow and stern bands. The bearing is used as computed, never re-folded through ±360°.
    const origin = { x: 0, y: 0 };
    expect(aspectOf(origin, 0, { x: 7.071067935278891, y: 7.071067688452061 })).toBe('broadside');
    expect(aspectOf(origin, 0, { x: 7.071067935278893, y: -7.071067688452058 })).toBe('broadside');
  });

  it('RUL-9 GSC-5 a move that starts EPSILON (in square inches) outside a reach is already within it', () => {
    // 0.001² + 0.001² - 0.001² is EPSILON exactly: within the slack, so reached at once (0),
    // even moving straight away from the centre.
    expect(entersWithin({ x: 0.001, y: 0.001 }, 1, 6, { x: 0, y: 0 }, 0.001)).toBe(0);
  });

  it('RUL-9 GSC-5 a move EPSILON short of the circle still reaches it, at its full length', () => {
    // From the origin north, the circle of radius 2 around (0, 10) is 8" ahead.
    expect(entersWithin({ x: 0, y: 0 }, 0, 8 - EPSILON, { x: 0, y: 10 }, 2)).toBe(8);
  });
});
