/** `options.rules` of a GSC2 game: designs, fleets, terrain and the scenario's defaults. */
import * as z from 'zod';
import { deploymentSchema, shipDesignSchema, terrainSchema } from './designs.ts';
import { EXAMPLE_DESIGNS, EXAMPLE_FLEETS, EXAMPLE_TERRAIN, EXAMPLE_TURN_LIMIT } from './examples.ts';

export const SEATS = ['red', 'blue'] as const;
export const DEFERRED_MOVES = ['endOfMovement', 'endOfTurn'] as const;
export const MDS_HITS = ['sixOrLess', 'sixOrMore'] as const;

const fleet = () => z.array(deploymentSchema).min(1);

export const gscOptionsSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      designs: z.record(z.string(), shipDesignSchema).prefault(EXAMPLE_DESIGNS),
      fleets: z
        .object({ red: fleet(), blue: fleet() })
        .strict()
        .prefault(EXAMPLE_FLEETS as { red: []; blue: [] }),
      terrain: z.array(terrainSchema).prefault(EXAMPLE_TERRAIN),
      /** Victory default: after this many turns the side with more hull left wins (the sheet does not say how). */
      turnLimit: z.number().int().min(1).default(EXAMPLE_TURN_LIMIT),
      /** GSC-12 "…": how many long-range bands beyond normal range a beam may still fire at (default 3). */
      longRangeBands: z.number().int().min(0).max(10).default(3),
      /*
       * Readings of text the sheet leaves open (docs/rules/gsc2.md "Options"). Optional, with
       * the default applied in `readingsOf`, so a game that does not name them records the
       * same options as before they existed.
       */
      /** GSC-4 "may make a move at the end of the turn": after the Movement step (default) or after Boarding. */
      deferredMoves: z.enum(DEFERRED_MOVES).optional(),
      /** GSC-8 "needs a 6": a d10 of 6 or less (default, the sheet's roll-under convention) or 6 or more. */
      mdsHit: z.enum(MDS_HITS).optional(),
      /** GSC-12: the heavy beam's table stops at "60"/-2" with no "…": its long-range bands (default: `longRangeBands`). */
      heavyLongRangeBands: z.number().int().min(0).max(10).optional(),
    })
    .strict()
    .superRefine((options, issues) => {
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
