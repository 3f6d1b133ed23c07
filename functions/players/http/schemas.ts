/**
 * The players' request and response schemas (zod, API-7): registering, your profile and name.
 * Requests are validated with them, and `/openapi.json` is generated from them.
 */

import * as z from '../../../domain/kernel/zod.ts';
import { nameProblem } from '../app/names.ts';

export const registerPlayerBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    name: z.string().check(
      z.trim(),
      z.minLength(1),
      z.maxLength(64),
      // REL-24: printable text only; the refusal names the character.
      z.superRefine((name, ctx) => {
        const problem = nameProblem(name);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: name });
      }),
      z.describe('How other players see you: 1 to 64 characters of printable text (no control, format, bidi or zero-width characters).'),
    ),
  }),
);

/** API-7: a rename takes the same name rules as registering. */
export const renamePlayerBody = registerPlayerBody;

export const playerResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    playerId: z.string(),
    name: z.string(),
    apiKey: z.string().check(z.describe('Shown once; send it as "Authorization: Bearer <apiKey>". Only its hash is stored.')),
  }),
);

export const profileResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({
    playerId: z.string(),
    name: z.string(),
    createdAt: z.nullable(z.string()).check(z.describe('When you registered.')),
  }),
);

export const publicProfileResponse = /* @__PURE__ */ z.lazy(() =>
  z.object({ playerId: z.string(), name: z.string() }).check(z.describe('What anyone may know of a player.')),
);
