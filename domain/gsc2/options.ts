/** `options.rules` of a GSC2 game: designs, fleets, terrain and the scenario's defaults. */
import * as z from '../kernel/zod.ts';
import { deploymentSchema, shipDesignSchema, terrainSchema } from './designs.ts';
import { EXAMPLE_DESIGNS, EXAMPLE_FLEETS, EXAMPLE_TERRAIN, EXAMPLE_TURN_LIMIT } from './examples.ts';

export const SEATS = ['red', 'blue'] as const;
export const DEFERRED_MOVES = ['endOfMovement', 'endOfTurn'] as const;
export const MDS_HITS = ['sixOrLess', 'sixOrMore'] as const;

const fleet = () => z.array(deploymentSchema).check(z.minLength(1));

export const gscOptionsSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .strictObject({
      designs: z.prefault(z.record(z.string(), shipDesignSchema), EXAMPLE_DESIGNS),
      fleets: z.prefault(z.strictObject({ red: fleet(), blue: fleet() }), EXAMPLE_FLEETS as { red: []; blue: [] }),
      terrain: z.prefault(z.array(terrainSchema), EXAMPLE_TERRAIN),
      /** Victory default: after this many turns the side with more hull left wins (the sheet does not say how). */
      turnLimit: z._default(z.number().check(z.int(), z.gte(1)), EXAMPLE_TURN_LIMIT),
      /** GSC-12 "…": how many long-range bands beyond normal range a beam may still fire at (default 3). */
      longRangeBands: z._default(z.number().check(z.int(), z.gte(0), z.lte(10)), 3),
      /*
       * Readings of text the sheet leaves open (docs/rules/gsc2.md "Options"). Optional, with
       * the default applied in `readingsOf`, so a game that does not name them records the
       * same options as before they existed.
       */
      /** GSC-4 "may make a move at the end of the turn": after the Movement step (default) or after Boarding. */
      deferredMoves: z.optional(z.enum(DEFERRED_MOVES)),
      /** GSC-8 "needs a 6": a d10 of 6 or less (default, the sheet's roll-under convention) or 6 or more. */
      mdsHit: z.optional(z.enum(MDS_HITS)),
      /** GSC-12: the heavy beam's table stops at "60"/-2" with no "…": its long-range bands (default: `longRangeBands`). */
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
}

export const readingsOf = (options: GscOptions): Readings => ({
  deferredMoves: options.deferredMoves ?? 'endOfMovement',
  mdsHit: options.mdsHit ?? 'sixOrLess',
  heavyLongRangeBands: options.heavyLongRangeBands ?? options.longRangeBands,
});
