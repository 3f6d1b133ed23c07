/**
 * Sol'una options (`options.rules` of CreateGame): the mission (grid, terrain, the two
 * warbands as data, victory conditions) and the policies the text leaves open. Every
 * field has a default, so `{}` plays the example mission (domain/soluna/examples.ts).
 * Which numbers come from the text and which are defaults: docs/rules/soluna.md.
 */
import * as z from '../kernel/zod.ts';
import { EXAMPLE_MISSION } from './examples.ts';
import { SOL_LIMITS } from './limits.ts';
import { count, missionSchema } from './mission.ts';

export const solOptionsSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    mission: z._default(missionSchema, EXAMPLE_MISSION),
    /** SOL-2: starred choices (Attack, Artifact, Psionic) per model per turn; the text gives no number. */
    starredPerTurn: z._default(count(0, SOL_LIMITS.starredPerTurn), 1),
    /** SOL-4: what a choice missed at the deadline counts as. */
    missedOrders: z._default(z.enum(['none', 'defer']), 'none'),
    /** SOL-9: Mind lost per wound taken. */
    mindLossPerWound: z._default(count(0, SOL_LIMITS.mindLossPerWound), 1),
  }),
);

export type SolOptions = z.infer<typeof solOptionsSchema>;
