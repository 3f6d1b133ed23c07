/**
 * Plane geometry shared by the rulesets that play on a continuous table (Post Galactica
 * and GSC2): positions in inches. Each ruleset keeps its own tolerance for comparisons;
 * these functions compare nothing, so they are exact and the same for both.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

/** The closest distance from `p` to the segment a-b. */
export const pointSegmentDistance = (p: Point, a: Point, b: Point): number => {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return distance(p, a);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return distance(p, { x: a.x + t * dx, y: a.y + t * dy });
};
