/** `options.rules` of a GSC2 game: designs, fleets, terrain and the scenario's defaults. */
import { rulesSince } from '../kernel/rules-version.ts';
import * as z from '../kernel/zod.ts';
import { deploymentSchema, shipDesignSchema, terrainSchema } from './designs.ts';
import { EXAMPLE_DESIGNS, EXAMPLE_FLEETS, EXAMPLE_TERRAIN, EXAMPLE_TURN_LIMIT } from './examples.ts';
import { GSC_LIMITS as L } from './limits.ts';

export const SEATS = ['red', 'blue'] as const;
export const DEFERRED_MOVES = ['endOfMovement', 'endOfTurn'] as const;
export const MDS_HITS = ['sixOrLess', 'sixOrMore'] as const;
export const BEAM_RANGES = ['printed', 'capped'] as const;
export type BeamRanges = (typeof BEAM_RANGES)[number];

/** GSC-12 `beamRanges: 'capped'`: long-range bands beyond normal range, recorded in every game's options unless named. */
export const LONG_RANGE_BANDS = 3;
/** GSC-12, the heavy row "+12"(48"/-1, 60"/-2)": two long-range bands, and no "…". */
export const HEAVY_PRINTED_BANDS = 2;
/** The first rules version whose defaults are the sheet's literal words (GSC-4 "turn", GSC-12's printed table). */
export const LITERAL_DEFAULTS = 'gsc2-0.5.0';

const fleet = () => z.array(deploymentSchema).check(z.minLength(1), z.maxLength(L.shipsPerFleet));

export const gscOptionsSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .strictObject({
      designs: z.prefault(
        z.record(z.string(), shipDesignSchema).check(
          z.superRefine((designs, issues) => {
            const names = Object.keys(designs);
            if (names.length > L.designs)
              issues.addIssue({ code: 'custom', message: `a battle has at most ${L.designs} ship designs, not ${names.length}` });
            for (const name of names.filter((n) => n.length > L.idLength))
              issues.addIssue({ code: 'custom', path: [name], message: `a design's name has at most ${L.idLength} characters` });
          }),
        ),
        EXAMPLE_DESIGNS,
      ),
      fleets: z.prefault(z.strictObject({ red: fleet(), blue: fleet() }), EXAMPLE_FLEETS as { red: []; blue: [] }),
      terrain: z.prefault(z.array(terrainSchema).check(z.maxLength(L.terrain)), EXAMPLE_TERRAIN),
      /** Victory default: after this many turns the side with more hull left wins (the sheet does not say how). */
      turnLimit: z._default(z.number().check(z.int(), z.gte(1), z.lte(L.turnLimit)), EXAMPLE_TURN_LIMIT),
      /** GSC-12 with `beamRanges: 'capped'`: how many long-range bands beyond normal range a beam may still fire at. */
      longRangeBands: z._default(z.number().check(z.int(), z.gte(0), z.lte(10)), LONG_RANGE_BANDS),
      /*
       * Readings of text the sheet leaves open (docs/rules/gsc2.md "Options"). Optional, with
       * the default applied in `readingsOf`, so a game that does not name them records the
       * same options as before they existed.
       */
      /** GSC-4 "may make a move at the end of the turn": after Boarding (default) or at the end of the Movement step. */
      deferredMoves: z.optional(z.enum(DEFERRED_MOVES)),
      /** GSC-8 "needs a 6": a d10 of 6 or less (default, the sheet's roll-under convention) or 6 or more. */
      mdsHit: z.optional(z.enum(MDS_HITS)),
      /** GSC-12: how far the range table goes: as printed (default) or capped at `longRangeBands` for every class. */
      beamRanges: z.optional(z.enum(BEAM_RANGES)),
      /** GSC-12: the heavy beam's long-range bands (default: the 2 printed; with `beamRanges: 'capped'`, `longRangeBands`). */
      heavyLongRangeBands: z.optional(z.number().check(z.int(), z.gte(0), z.lte(10))),
    })
    .check(
      z.superRefine((options, issues) => {
        const ids = new Set<string>();
        for (const seat of SEATS) {
          options.fleets[seat].forEach((ship, i) => {
            if (!(ship.design in options.designs))
              issues.addIssue({ code: 'custom', path: ['fleets', seat, i, 'design'], message: `no design called "${ship.design}"` });
            if (ids.has(ship.id))
              issues.addIssue({ code: 'custom', path: ['fleets', seat, i, 'id'], message: `ship id "${ship.id}" is used twice` });
            ids.add(ship.id);
          });
        }
      }),
    ),
);

export type GscOptions = z.infer<typeof gscOptionsSchema>;

/** How this game reads the open points of the sheet, defaults filled in. */
export interface Readings {
  readonly deferredMoves: (typeof DEFERRED_MOVES)[number];
  readonly mdsHit: (typeof MDS_HITS)[number];
  readonly heavyLongRangeBands: number;
  /** Absent in games begun before gsc2-0.5.0 that did not name it: they all play `capped`. */
  readonly beamRanges?: BeamRanges;
}

/**
 * The readings of a game that begins play under `rulesVersion` (absent: the newest). From
 * gsc2-0.5.0 the defaults are the sheet's literal words: a deferred move at the end of the
 * turn, and the range table as printed; before it, the end of the Movement step and every
 * class capped at `longRangeBands`. A game that names a reading plays it under any version.
 */
export const readingsOf = (options: GscOptions, rulesVersion?: string): Readings => {
  const literal = rulesSince(rulesVersion, LITERAL_DEFAULTS);
  // a cap other than the one recorded by default was named for a reason: it asks for the capped table
  const beamRanges = options.beamRanges ?? (literal && options.longRangeBands === LONG_RANGE_BANDS ? 'printed' : 'capped');
  return {
    deferredMoves: options.deferredMoves ?? (literal ? 'endOfTurn' : 'endOfMovement'),
    mdsHit: options.mdsHit ?? 'sixOrLess',
    heavyLongRangeBands: options.heavyLongRangeBands ?? (beamRanges === 'printed' ? HEAVY_PRINTED_BANDS : options.longRangeBands),
    // an older game's state keeps the shape it had, so its recorded views still verify
    ...(literal || options.beamRanges ? { beamRanges } : {}),
  };
};
