/** Pig commands: their schemas, the command union, and the docs `GET /rulesets/pig` publishes. */
import type { CommandDoc } from '../../../domain/kernel/ruleset.ts';
import * as z from '../../../domain/kernel/zod.ts';

export const rollSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ type: z.literal('Roll') }));
export const holdSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ type: z.literal('Hold') }));

export const pigCommandSchema = /* @__PURE__ */ z.lazy(() => z.discriminatedUnion('type', [rollSchema, holdSchema]));
export type PigCommand = z.infer<typeof pigCommandSchema>;

export const PIG_COMMANDS = [
  { type: 'Roll', summary: 'Roll the die: 2 to 6 adds to your turn total, a 1 loses it and ends your turn.', rule: 'PIG-2' },
  { type: 'Hold', summary: 'Bank your turn total into your score and pass the die.', rule: 'PIG-4' },
] as const satisfies readonly CommandDoc[];
