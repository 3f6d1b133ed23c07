/**
 * A Sol'una mission as data: the grid and its terrain, the two warbands' profiles, victory
 * conditions (SOL-1, SOL-2, SOL-8), and the checks that a mission is playable. The options that
 * choose one, with their defaults, are in domain/soluna/options.ts.
 */
import * as z from '../kernel/zod.ts';
import { MAX_MIND } from './activation.ts';
import { isBlocking, onGrid, sameSquare, squareLabel } from './grid.ts';
import { SOL_LIMITS as L } from './limits.ts';

/** Seats in roll-off order. Phases are simultaneous, so the first player decides nothing. */
export const SEATS = ['sun', 'moon'] as const;
export type SolSeat = (typeof SEATS)[number];

/** A whole number from `min` to `max`. */
export const count = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));
export const squareSchema = /* @__PURE__ */ z.lazy(() => z.readonly(z.tuple([count(0, L.gridSide - 1), count(0, L.gridSide - 1)])));
const nameSchema = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1), z.maxLength(L.nameLength)));
const idSchema = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.maxLength(L.idLength), z.regex(/^[a-z][a-z0-9-]{0,31}$/, 'a model id is 1 to 32 lowercase letters, digits or dashes')),
);

/** An attack profile (SOL-2 "Attack a target: ranged or melee"). To hit: d6 at least `toHit`. */
export const weaponSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    name: nameSchema,
    kind: z.enum(['ranged', 'melee']),
    range: count(1, L.squares),
    toHit: count(1, 7),
    damage: count(1, L.amount),
  }),
);

/** What an artifact or psionic does. `mind` is a turn-based effect that expires after phase 10 (SOL-6). */
export const effectSchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('heal'), amount: count(1, L.amount) }),
    z.strictObject({ kind: z.literal('wound'), amount: count(1, L.amount) }),
    z.strictObject({ kind: z.literal('mind'), amount: z.int().check(z.gte(-MAX_MIND), z.lte(MAX_MIND)) }),
  ]),
);

/** An artifact to manipulate or a psionic to concentrate (SOL-2, both starred). */
export const powerSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ name: nameSchema, target: z.enum(['self', 'ally', 'enemy']), range: count(0, L.squares), effect: effectSchema }),
);

export const profileSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    id: idSchema,
    name: nameSchema,
    leader: z._default(z.boolean(), false),
    /** SOL-1: the starting Mind, 0..10. */
    mind: count(0, MAX_MIND),
    /** Squares per Move action. */
    movement: count(0, L.squares),
    /** Wounds the model can take; it is slain when it has taken this many. */
    wounds: count(1, L.wounds),
    at: squareSchema,
    attacks: z._default(z.array(weaponSchema).check(z.maxLength(L.attacks)), []),
    artifacts: z._default(z.array(powerSchema).check(z.maxLength(L.artifacts)), []),
    psionics: z._default(z.array(powerSchema).check(z.maxLength(L.psionics)), []),
  }),
);

export const missionSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .strictObject({
      name: nameSchema,
      grid: z.strictObject({
        width: count(2, L.gridSide),
        height: count(2, L.gridSide),
        blocking: z.array(squareSchema).check(z.maxLength(L.blocking)),
      }),
      warbands: z.strictObject({
        sun: z.array(profileSchema).check(z.minLength(1), z.maxLength(L.warband)),
        moon: z.array(profileSchema).check(z.minLength(1), z.maxLength(L.warband)),
      }),
      victory: z.strictObject({
        /** SOL-8 default: a side loses when its leader (or, with `all`, its last model) is slain. */
        eliminate: z.enum(['leader', 'all']),
        /** After this turn the side that slew more enemy models wins (equal: a draw); null: no limit. */
        turnLimit: z.nullable(count(1, L.turnLimit)),
      }),
    })
    .check(
      z.superRefine((mission, ctx) => {
        for (const problem of missionProblems(mission)) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
);

export type Weapon = z.infer<typeof weaponSchema>;
export type Effect = z.infer<typeof effectSchema>;
export type Power = z.infer<typeof powerSchema>;
export type Profile = z.infer<typeof profileSchema>;
export type ProfileInput = z.input<typeof profileSchema>;
export type Mission = z.infer<typeof missionSchema>;
export type MissionInput = z.input<typeof missionSchema>;

/** Unique ids, models on free squares of the grid, at most one leader per warband. */
const missionProblems = (mission: z.infer<typeof missionSchema>): string[] => {
  const problems = mission.grid.blocking.filter((s) => !onGrid(mission.grid, s)).map((s) => `terrain ${squareLabel(s)} is off the grid`);
  const models = [...mission.warbands.sun, ...mission.warbands.moon];
  models.forEach((model, i) => {
    if (models.findIndex((m) => m.id === model.id) !== i) problems.push(`model id "${model.id}" is used twice`);
    if (!onGrid(mission.grid, model.at)) problems.push(`${model.name} stands off the grid at ${squareLabel(model.at)}`);
    if (isBlocking(mission.grid, model.at)) problems.push(`${model.name} stands on blocking terrain at ${squareLabel(model.at)}`);
    if (models.findIndex((m) => sameSquare(m.at, model.at)) !== i)
      problems.push(`${model.name} shares ${squareLabel(model.at)} with another model`);
  });
  for (const seat of SEATS) {
    if (mission.warbands[seat].filter((m) => m.leader).length > 1) problems.push(`the ${seat} warband has more than one leader`);
  }
  return problems;
};
