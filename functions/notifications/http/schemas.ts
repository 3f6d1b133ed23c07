/**
 * The webhook routes' schemas (PBM-1, PBM-3): requests are validated with them and their
 * part of `/openapi.json` is generated from them.
 */
import * as z from '../../../domain/kernel/zod.ts';
import { WEBHOOK_FORMATS, WEBHOOK_KINDS } from '../app/webhook-messages.ts';

export const createWebhookBody = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    url: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(2048),
        z.describe('Where deliveries are POSTed: https on AWS. A Discord or Slack channel webhook URL works with the matching format.'),
      ),
    gameId: z
      .optional(z.string().check(z.minLength(1), z.maxLength(64)))
      .check(z.describe('Only this game; every game you hold a seat in if omitted.')),
    kinds: z
      .optional(z.array(z.enum(WEBHOOK_KINDS)).check(z.minLength(1), z.maxLength(WEBHOOK_KINDS.length)))
      .check(
        z.describe(
          'What to be told: your-turn (a seat of yours must act), seat-awaited (any seat must act: for a group channel), turn-started, phase-started, deadline-approaching, game-ended, taken-back (a seat took back its own commands, a takeback was proposed, accepted or declined, the seats agreed to one, or the organiser corrected the game; your-turn hears it too), continuation (TB-6: a continuation proposed to your seats, or started; your-turn hears it too), tournament-paired (a tournament paired you: round, table, opponent, game), tournament-round-started (a round of your tournament began: your table and game, or your bye, and its deadline), tournament-ended (the top of the final standings, your place, and the page /tournament?id=…). Default: your-turn and game-ended.',
        ),
      ),
    format: z
      .optional(z.enum(WEBHOOK_FORMATS))
      .check(z.describe('json (default; Standard Webhooks payload), discord ({"content": …}) or slack ({"text": …}).')),
    description: z
      .optional(z.string().check(z.trim(), z.maxLength(200)))
      .check(z.describe('A note for yourself, e.g. "#league-night channel".')),
    requestId: z
      .optional(
        z
          .string()
          .check(z.minLength(8), z.maxLength(128), z.regex(/^[A-Za-z0-9_.:-]+$/, 'a request id is 8 to 128 letters, digits or _ . : -')),
      )
      .check(
        z.describe(
          'Your id for this request: a retry with the same id and body answers the first result (200) instead of subscribing twice.',
        ),
      ),
  }),
);

export const webhookSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    id: z.string(),
    url: z.string(),
    gameId: z.nullable(z.string()),
    kinds: z.array(z.enum(WEBHOOK_KINDS)),
    format: z.enum(WEBHOOK_FORMATS),
    description: z.nullable(z.string()),
    createdAt: z.string(),
    enabled: z.boolean(),
    disabledAt: z.nullable(z.string()),
    disabledReason: z.nullable(z.string()).check(z.describe('Why deliveries stopped, when they did.')),
  }),
);

export const createdWebhookSchema = /* @__PURE__ */ z.lazy(() =>
  z.extend(webhookSchema.def.getter(), {
    secret: z
      .string()
      .check(z.describe('The signing secret (whsec_…), shown only this once: verify deliveries with any Standard Webhooks library.')),
  }),
);

export const webhookListSchema = /* @__PURE__ */ z.lazy(() => z.object({ webhooks: z.array(webhookSchema) }));

export const pingResultSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    deliveryId: z.string().check(z.describe('The webhook-id header of the ping.')),
    delivered: z.boolean(),
    status: z.nullable(z.number().check(z.int())).check(z.describe("The receiver's HTTP status, when it answered.")),
    error: z.nullable(z.string()),
  }),
);

export const deliveryLogSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    subscription: webhookSchema,
    deliveries: z.array(
      z.object({
        id: z.string().check(z.describe('The webhook-id, the same on every attempt.')),
        kind: z.string(),
        eventId: z.nullable(z.string()),
        gameId: z.nullable(z.string()),
        createdAt: z.string(),
        status: z.enum(['sending', 'retrying', 'delivered', 'failed', 'cancelled']),
        attempts: z.number().check(z.int()),
        lastAttemptAt: z.nullable(z.string()),
        nextAttemptAt: z.nullable(z.string()),
        responseStatus: z.nullable(z.number().check(z.int())),
        lastError: z.nullable(z.string()),
      }),
    ),
  }),
);
