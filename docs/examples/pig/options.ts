/** Pig options (`options.rules` of CreateGame): the score that wins. `{}` plays the usual game to 100. */
import { z } from 'zod';

/** Seats in roll-off order. */
export const SEATS = ['red', 'blue'] as const;

export const pigOptionsSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      /** PIG-5: the score that wins. */
      target: z.int().min(10).max(1000).default(100),
    })
    .strict(),
);

export type PigOptions = z.infer<typeof pigOptionsSchema>;
