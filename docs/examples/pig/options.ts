/** Pig options (`options.rules` of CreateGame): the score that wins. `{}` plays the usual game to 100. */
import * as z from '../../../domain/kernel/zod.ts';

/** Seats in roll-off order. */
export const SEATS = ['red', 'blue'] as const;

export const pigOptionsSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    /** PIG-5: the score that wins. */
    target: z._default(z.int().check(z.gte(10), z.lte(1000)), 100),
  }),
);

export type PigOptions = z.infer<typeof pigOptionsSchema>;
