/** GSC-12: the beam range bands, as the sheet's table (a test compares it cell by cell). */
import type { BeamClass } from './designs.ts';
import { EPSILON } from './geometry.ts';

export interface RangeBand {
  /** Short range: up to `upTo` inches, with its to-hit modifier (+1 light, -1 heavy, "not +1"). */
  readonly short: { readonly upTo: number; readonly toHit: number } | null;
  /** Normal range: no modifier up to here. */
  readonly normal: number;
  /** Long ranges: -1 to hit for each further `step` inches, or part of it. */
  readonly step: number;
}

export const RANGE_BANDS: Readonly<Record<BeamClass, RangeBand>> = {
  light: { short: { upTo: 6, toHit: 1 }, normal: 12, step: 2 },
  medium: { short: null, normal: 24, step: 6 },
  heavy: { short: { upTo: 12, toHit: -1 }, normal: 36, step: 12 },
};

/**
 * The to-hit modifier at `inches`, or null when out of range: beyond `longBands` long-range
 * bands (the sheet's "…" does not say where beams stop; the default is 3 bands).
 */
export const rangeModifier = (beam: BeamClass, inches: number, longBands: number): number | null => {
  const band = RANGE_BANDS[beam];
  if (band.short && inches <= band.short.upTo + EPSILON) return band.short.toHit;
  if (inches <= band.normal + EPSILON) return 0;
  const bands = Math.ceil((inches - band.normal - EPSILON) / band.step);
  return bands > longBands ? null : -bands;
};

/** Which of the sheet's bands `inches` falls in (for the reason logged with a range modifier). */
export const bandOf = (beam: BeamClass, inches: number): 'short' | 'normal' | 'long' => {
  const band = RANGE_BANDS[beam];
  if (band.short && inches <= band.short.upTo + EPSILON) return 'short';
  return inches <= band.normal + EPSILON ? 'normal' : 'long';
};
