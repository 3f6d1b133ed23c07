/** Pig commands: their schemas and the command union (command-docs.ts has the docs `GET /rulesets/pig` publishes). */
import * as z from '../../../domain/kernel/zod.ts';

export const rollSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ type: z.literal('Roll') }));
export const holdSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ type: z.literal('Hold') }));

export const pigCommandSchema = /* @__PURE__ */ z.lazy(() => z.discriminatedUnion('type', [rollSchema, holdSchema]));
export type PigCommand = z.infer<typeof pigCommandSchema>;
