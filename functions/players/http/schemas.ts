/**
 * The players' request and response schemas (zod, API-7): registering, your profile and name, and
 * (TRUST-6) the keys you sign commands with.
 * Requests are validated with them, and `/openapi.json` is generated from them.
 */

import { playerKeyProblem } from '../../../domain/kernel/player-signature.ts';
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

/** TRUST-6: an Ed25519 public key as JWK; its 32 bytes are checked here, so a bad key is a 400 naming `/key`. */
const playerJwk = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      kty: z.string().check(z.maxLength(8), z.describe('"OKP".')),
      crv: z.string().check(z.maxLength(16), z.describe('"Ed25519".')),
      x: z.string().check(z.maxLength(64), z.describe('The public key: its 32 bytes in base64url without padding.')),
    })
    .check(
      z.superRefine((jwk, ctx) => {
        const problem = playerKeyProblem(jwk);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: jwk });
      }),
      z.describe('An Ed25519 public key as JWK (RFC 8037); `arbiter sign --new-key FILE` prints one. Other JWK members are ignored.'),
    ),
);

export const addSigningKeyBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    key: playerJwk,
    requireSignatures: z
      .optional(z.boolean())
      .check(z.describe('Also require signatures (true) or stop requiring them (false); unchanged when left out.')),
  }),
);

export const requireSignaturesBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    requireSignatures: z
      .boolean()
      .check(z.describe('When true, your seats take only commands you signed; an unsigned one is refused (403).')),
  }),
);

const publishedPlayerKey = /* @__PURE__ */ z.lazy(() =>
  z.object({
    kty: z.literal('OKP'),
    crv: z.literal('Ed25519'),
    x: z.string(),
    kid: z.string().check(z.describe("The key's id, the RFC 7638 thumbprint of its JWK: put it in a signature's `kid`.")),
    alg: z.literal('EdDSA'),
    use: z.literal('sig'),
    created: z.string().check(z.describe('When it was registered.')),
    retired: z
      .optional(z.string())
      .check(z.describe('When it was retired: it signs nothing after, and what it signed before still verifies.')),
  }),
);

export const signingKeysResponse = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      requireSignatures: z.boolean().check(z.describe('Whether your seats take only commands you signed.')),
      keys: z.array(publishedPlayerKey).check(z.describe('Your keys, current and retired, oldest first.')),
    })
    .check(
      z.describe(
        'TRUST-6: the public keys you sign commands with; every export of your games lists them, so `arbiter verify` can check your signatures.',
      ),
    ),
);
