/**
 * The table's own units on the page: its edges as the picture gives them, and points to the
 * resolution the forms take. Shared by a click (web/play.ts) and the keyboard's cursor
 * (web/keyboard.ts), so both fill the same numbers.
 */

/** The table's edges as the picture gives them (`data-bounds`: minX minY maxX maxY), or null. */
export const boundsOf = (svg: SVGSVGElement): readonly [number, number, number, number] | null => {
  const b = (svg.dataset.bounds ?? '').split(' ').map(Number);
  return b.length === 4 && b.every(Number.isFinite) ? (b as [number, number, number, number]) : null;
};

export const clamp = (n: number, low: number, high: number): number => Math.min(high, Math.max(low, n));

/** Inches to a tenth, as the position fields take them (and steps of a tenth add up to what a player reads). */
export const tenths = (n: number): number => Math.round(n * 10) / 10;
