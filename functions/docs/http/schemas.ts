/**
 * The schemas of the answers that describe the service (zod): the rulesets with their
 * commands, and the problem details every refusal is. `/openapi.json` is generated from them.
 */

import * as z from '../../../domain/kernel/zod.ts';

const commandDocSchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    type: z.string(),
    summary: z.string(),
    rule: z.string(),
    phases: z
      .optional(z.array(z.string()))
      .check(
        z.describe(
          "VIEW-16: the phases (a game's `step.phase`) in which a seat may send it; absent: any phase of play. The referee still decides each command.",
        ),
      ),
    anySeat: z
      .optional(z.literal(true))
      .check(z.describe('VIEW-16: a seat the game is not waiting for may send it too, in those phases; absent: only an awaited seat.')),
  }),
);

export const rulesetSummarySchema = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    id: z.string(),
    title: z.string(),
    rulesVersion: z.string(),
    summary: z.string(),
    seats: z.array(z.string()),
    phases: z.array(z.string()),
    commands: z.array(commandDocSchema),
  }),
);

export const rulesetListResponse = /* @__PURE__ */ z.lazy(() => z.object({ rulesets: z.array(rulesetSummarySchema) }));

export const rulesetResponse = /* @__PURE__ */ z.lazy(() =>
  z.extend(rulesetSummarySchema.def.getter(), {
    commands: z
      .array(
        z.extend(commandDocSchema.def.getter(), {
          schema: z
            .record(z.string(), z.unknown())
            .check(z.describe('JSON Schema of this command; its `type` property is the command type as a const.')),
        }),
      )
      .check(z.describe('Every command a game of this ruleset accepts at POST /games/{id}/commands (API-3), with its own schema.')),
    optionsSchema: z.unknown().check(z.describe("JSON Schema of the ruleset's options (options.rules of POST /games).")),
    commandSchema: z.unknown().check(z.describe("JSON Schema of the ruleset's own commands.")),
  }),
);

export const fieldErrorSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    pointer: z.string().check(z.describe('JSON Pointer (RFC 6901) to the field, e.g. /command/units/0/x; empty for the whole body.')),
    detail: z.string().check(z.describe('What is wrong with it.')),
  }),
);

export const problemSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .looseObject({
      type: z.string().check(z.describe('https://arbiter.dev/problems/<slug>: a stable identifier of the kind of problem.')),
      title: z.string(),
      status: z.number().check(z.int()),
      detail: z.string().check(z.describe('A sentence a person understands.')),
      rule: z.optional(z.string()).check(z.describe('The rule point enforced, e.g. PG-9.')),
      code: z.optional(z.string()).check(z.describe('A stable code for the rule violation, e.g. NOT_YOUR_TURN.')),
      errors: z.optional(z.array(fieldErrorSchema)).check(z.describe('Each field that does not match the schema.')),
    })
    .check(z.describe('RFC 9457 problem details.')),
);

/** TRUST-1: a key the service signs with, or signed with: a public JWK (RFC 7517) with its id and dates. */
export const publishedKeySchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      kty: z.enum(['OKP', 'EC']),
      crv: z.enum(['Ed25519', 'P-256']),
      x: z.string().check(z.describe('The public key (Ed25519), or its x coordinate (P-256), base64url.')),
      y: z.optional(z.string()).check(z.describe("P-256's y coordinate, base64url.")),
      kid: z.string().check(z.describe('The key id every signature names: the RFC 7638 thumbprint of the key.')),
      alg: z.enum(['EdDSA', 'ES256']),
      use: z.literal('sig'),
      created: z.string().check(z.describe('When the key was made (ISO 8601).')),
      retired: z
        .optional(z.string())
        .check(z.describe('TRUST-5: when a newer key took over; the key still verifies what it signed before.')),
      revoked: z
        .optional(z.string())
        .check(z.describe('TRUST-5: from when the key is no longer trusted; `arbiter verify` names the date.')),
    })
    .check(z.describe('TRUST-1: a public key of the service, as JWK (RFC 7517), with its id and dates.')),
);

/** TRUST-1: `GET /.well-known/arbiter-keys.json`, a JWKS (RFC 7517 §5). */
export const keySetSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      keys: z
        .array(publishedKeySchema)
        .check(
          z.describe(
            'The key that signs now first, then the older ones, retired or revoked, kept so that what they signed still verifies.',
          ),
        ),
    })
    .check(z.describe("TRUST-1: the service's public keys (JWKS): check a receipt's or an export's signature against them.")),
);
