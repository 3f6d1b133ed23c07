/** Sol'una commands: their schemas and the command union (command-docs.ts has the docs `GET /rulesets/soluna` publishes). */
import * as z from '../kernel/zod.ts';
import { modelActionSchema } from './choices.ts';
import { MAX_ACTIONS } from './limits.ts';

export const submitActionsSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    type: z.literal('SubmitActions'),
    /** Optional guards: the turn and phase the player believes are current; a stale choice is refused. */
    turn: z.optional(z.int().check(z.gte(1))),
    phase: z.optional(z.int().check(z.gte(1), z.lte(10))),
    actions: z.array(modelActionSchema).check(z.maxLength(MAX_ACTIONS)),
  }),
);

export const solCommandSchema = /* @__PURE__ */ z.lazy(() => z.discriminatedUnion('type', [submitActionsSchema]));
export type SolCommand = z.infer<typeof solCommandSchema>;
export type SubmitActions = z.infer<typeof submitActionsSchema>;
