/**
 * GSC2's ruler (TABLE-2): inches between two points, and for each beam class the range band
 * the distance falls in and the to-hit modifier GSC-12 gives there, from the referee's own
 * table (domain/gsc2/ranges.ts) and its rounding of ranges (domain/gsc2/geometry.ts).
 */
import { round3 } from '../../domain/gsc2/geometry.ts';
import { bandOf, RANGE_BANDS, rangeModifier } from '../../domain/gsc2/ranges.ts';
import { distance } from '../../domain/kernel/plane.ts';
import type { Measure, RulerEnd } from '../renderer.ts';

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

export const gscMeasure = (_game: unknown, from: RulerEnd, to: RulerEnd): Measure => {
  const range = round3(distance(from, to));
  return {
    distance: `${range}"`,
    lines: Object.keys(RANGE_BANDS).map((beam) => {
      const c = beam as keyof typeof RANGE_BANDS;
      const modifier = rangeModifier(c, range);
      return `${c} beam: ${bandOf(c, range)} range, ${modifier === 0 ? 'no modifier' : `${signed(modifier)} to hit`} (GSC-12)`;
    }),
  };
};
