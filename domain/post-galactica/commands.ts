/** Post Galactica commands: the union of every command's schema (command-docs.ts has the CommandDocs). */
import * as z from '../kernel/zod.ts';
import { activateAbilitySchema } from './abilities.ts';
import { aimSchema, constructSchema, interactSchema, produceSchema, repairSchema } from './actions.ts';
import { meleeAttackSchema, rangedAttackSchema } from './combat.ts';
import { deploySchema } from './deployment.ts';
import { useFactionAbilitySchema } from './faction-abilities.ts';
import { moveSchema } from './movement.ts';
import { PHASES } from './phases.ts';
import { researchSchema, salvageSchema } from './research.ts';
import { gatherSchema } from './resources.ts';
import { disengageSchema, dodgeSchema, overwatchSchema } from './stances.ts';
import { resolveStatusesSchema } from './status.ts';
import { loadSchema, unloadSchema } from './transports.ts';

export const endPhaseSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('EndPhase'),
    /** Optional guard: the phase the player believes they are ending; a stale click is refused. */
    phase: z.optional(z.enum(PHASES)),
  }),
);

export const pgCommandSchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    endPhaseSchema,
    deploySchema,
    gatherSchema,
    moveSchema,
    constructSchema,
    produceSchema,
    repairSchema,
    interactSchema,
    aimSchema,
    researchSchema,
    salvageSchema,
    overwatchSchema,
    dodgeSchema,
    disengageSchema,
    loadSchema,
    unloadSchema,
    activateAbilitySchema,
    useFactionAbilitySchema,
    rangedAttackSchema,
    meleeAttackSchema,
    resolveStatusesSchema,
  ]),
);
export type EndPhase = z.infer<typeof endPhaseSchema>;
export type PgCommand = z.infer<typeof pgCommandSchema>;
