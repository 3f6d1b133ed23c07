/** GSC-12: the beam range bands, as the sheet's table (a test compares it cell by cell), and how far each reaches. */
import type { BeamClass } from './designs.ts';
import { EPSILON } from './geometry.ts';
import type { BeamRanges } from './options.ts';

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

/** How many long-range bands beyond normal range `inches` reaches into (0 within normal range). */
export const longBandsAt = (beam: BeamClass, inches: number): number => {
  const band = RANGE_BANDS[beam];
  return Math.max(0, Math.ceil((inches - band.normal - EPSILON) / band.step));
};

/** The table's to-hit modifier at `inches`: short range's, 0 at normal range, -1 for each long-range band begun. */
export const rangeModifier = (beam: BeamClass, inches: number): number => {
  const band = RANGE_BANDS[beam];
  if (band.short && inches <= band.short.upTo + EPSILON) return band.short.toHit;
  const bands = longBandsAt(beam, inches);
  return bands === 0 ? 0 : -bands;
};

/** How far a game's beams reach (its readings of GSC-12). */
export interface Reach {
  readonly beamRanges: BeamRanges;
  /** `capped`: the long-range bands of light and medium beams. */
  readonly longRangeBands: number;
  /** The heavy beam's long-range bands, whichever the table. */
  readonly heavyLongRangeBands: number;
}

/**
 * GSC-12: whether a beam reaches `inches`, where its shot would need `toHit` or less on a d10.
 * `printed`: the heavy row ends with its last printed band (60"/-2, no "…"); the light and
 * medium rows' "…" go on while a hit is still possible, that is while the number to roll is
 * 1 or more. `capped`: each class stops after its count of long-range bands.
 */
export const inReach = (beam: BeamClass, inches: number, reach: Reach, toHit: number): boolean => {
  const bands = longBandsAt(beam, inches);
  if (beam === 'heavy') return bands <= reach.heavyLongRangeBands;
  if (reach.beamRanges === 'capped') return bands <= reach.longRangeBands;
  return bands === 0 || toHit >= 1;
};

/** Which of the sheet's bands `inches` falls in (for the reason logged with a range modifier). */
export const bandOf = (beam: BeamClass, inches: number): 'short' | 'normal' | 'long' => {
  const band = RANGE_BANDS[beam];
  if (band.short && inches <= band.short.upTo + EPSILON) return 'short';
  return inches <= band.normal + EPSILON ? 'normal' : 'long';
};
