/**
 * GSC2 geometry: positions in inches on a continuous table, facing in 45° steps
 * clockwise from north (+y): 0 N, 1 NE, 2 E, … 7 NW. Bearings are measured clockwise
 * from a ship's heading, in degrees within (-180, 180]; positive is to starboard (R).
 * Distances are the kernel's (domain/kernel/plane.ts); the slack for comparisons is GSC2's own.
 */
import { distance, type Point } from '../kernel/plane.ts';
import type { Mount } from './designs.ts';

const S = Math.SQRT1_2;
/** Unit vectors per facing; a table, so a diagonal move is exact to the last bit on every replay. */
const HEADINGS: readonly Point[] = [
  { x: 0, y: 1 },
  { x: S, y: S },
  { x: 1, y: 0 },
  { x: S, y: -S },
  { x: 0, y: -1 },
  { x: -S, y: -S },
  { x: -1, y: 0 },
  { x: -S, y: S },
];

/** Slack for comparisons at band and arc edges (a thousandth of an inch, a millionth of a degree). */
export const EPSILON = 1e-6;

/** Positions are kept to a thousandth of an inch, so the log stays readable and exact. */
export const round3 = (value: number): number => Math.round(value * 1000) / 1000;

export const turnFacing = (facing: number, direction: 'left' | 'right'): number => (facing + (direction === 'right' ? 1 : 7)) % 8;

export const advance = (from: Point, facing: number, inches: number): Point => {
  const unit = HEADINGS[facing % 8] ?? { x: 0, y: 1 };
  return { x: round3(from.x + unit.x * inches), y: round3(from.y + unit.y * inches) };
};

/** A point `inches` along the straight line from `from` to `to` (never past `to`). */
export const towards = (from: Point, to: Point, inches: number): Point => {
  const length = distance(from, to);
  if (length <= inches + EPSILON) return { x: to.x, y: to.y };
  const k = inches / length;
  return { x: round3(from.x + (to.x - from.x) * k), y: round3(from.y + (to.y - from.y) * k) };
};

/** Relative bearing of `target` from a ship at `from` heading `facing`, in (-180, 180]. */
export const relativeBearing = (from: Point, facing: number, target: Point): number => {
  const absolute = (Math.atan2(target.x - from.x, target.y - from.y) * 180) / Math.PI;
  let relative = absolute - facing * 45;
  while (relative <= -180) relative += 360;
  while (relative > 180) relative -= 360;
  return relative;
};

/** GSC-13: whether a bearing lies in a mount's arc; edges belong to both neighbouring arcs. */
export const inArc = (mount: Mount, bearing: number): boolean => {
  const b = bearing;
  const abs = Math.abs(b);
  switch (mount) {
    case 'F':
      return abs <= 45 + EPSILON;
    case 'A':
      return abs >= 135 - EPSILON;
    case 'R':
      return b >= 45 - EPSILON && b <= 135 + EPSILON;
    case 'L':
      return b <= -45 + EPSILON && b >= -135 - EPSILON;
    case 'FS':
      return abs <= 90 + EPSILON;
    case 'AS':
      return abs >= 90 - EPSILON;
    case 'RS':
      return b >= -EPSILON || abs >= 180 - EPSILON;
    case 'LS':
      return b <= EPSILON || abs >= 180 - EPSILON;
    case 'T':
      return true;
  }
};

export type Aspect = 'bow' | 'broadside' | 'stern';

/**
 * GSC-15 "aspect of the enemy ship" (our interpretation): the side of the target the
 * attacker sits on, by the bearing of the attacker from the target's heading: within 45°
 * of the bow is `bow`, within 45° of the stern is `stern`, anything else `broadside`.
 */
export const aspectOf = (target: Point, targetFacing: number, attacker: Point): Aspect => {
  const abs = Math.abs(relativeBearing(target, targetFacing, attacker));
  if (abs <= 45 + EPSILON) return 'bow';
  if (abs >= 135 - EPSILON) return 'stern';
  return 'broadside';
};

/** How far along a straight move of `inches` from `from` it first comes within `radius` of `centre` (0 if it starts inside), or null. */
export const entersWithin = (from: Point, facing: number, inches: number, centre: Point, radius: number): number | null => {
  const unit = HEADINGS[facing % 8] ?? { x: 0, y: 1 };
  const d = { x: from.x - centre.x, y: from.y - centre.y };
  const c = d.x * d.x + d.y * d.y - radius * radius;
  if (c <= EPSILON) return 0;
  const b = d.x * unit.x + d.y * unit.y;
  const disc = b * b - c;
  if (disc < 0) return null;
  const t = -b - Math.sqrt(disc);
  return t >= 0 && t <= inches + EPSILON ? round3(t) : null;
};
