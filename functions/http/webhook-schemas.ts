/**
 * The webhook routes' schemas (PBM-1, PBM-3): requests are validated with them and their
 * part of `/openapi.json` is generated from them.
 */
import * as z from 'zod';
import { WEBHOOK_FORMATS, WEBHOOK_KINDS } from '../app/webhook-messages.ts';

export const createWebhookBody = /* @__PURE__ */ z.lazy(() =>
  z
    .object({
      url: z
        .string()
        .min(1)
        .max(2048)
        .describe('Where deliveries are POSTed: https on AWS. A Discord or Slack channel webhook URL works with the matching format.'),
      gameId: z.string().min(1).max(64).optional().describe('Only this game; every game you hold a seat in if omitted.'),
      kinds: z
        .array(z.enum(WEBHOOK_KINDS))
        .min(1)
        .max(WEBHOOK_KINDS.length)
        .optional()
        .describe(
          'What to be told: your-turn (a seat of yours must act), seat-awaited (any seat must act: for a group channel), turn-started, phase-started, deadline-approaching, game-ended. Default: your-turn and game-ended.',
        ),
      format: z
        .enum(WEBHOOK_FORMATS)
        .optional()
        .describe('json (default; Standard Webhooks payload), discord ({"content": …}) or slack ({"text": …}).'),
      description: z.string().trim().max(200).optional().describe('A note for yourself, e.g. "#league-night channel".'),
      requestId: z
        .string()
        .min(8)
        .max(128)
        .regex(/^[A-Za-z0-9_.:-]+$/, 'a request id is 8 to 128 letters, digits or _ . : -')
        .optional()
        .describe(
          'Your id for this request: a retry with the same id and body answers the first result (200) instead of subscribing twice.',
        ),
    })
    .strict(),
);

export const webhookSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    id: z.string(),
    url: z.string(),
    gameId: z.string().nullable(),
    kinds: z.array(z.enum(WEBHOOK_KINDS)),
    format: z.enum(WEBHOOK_FORMATS),
    description: z.string().nullable(),
    createdAt: z.string(),
    enabled: z.boolean(),
    disabledAt: z.string().nullable(),
    disabledReason: z.string().nullable().describe('Why deliveries stopped, when they did.'),
  }),
);

export const createdWebhookSchema = /* @__PURE__ */ z.lazy(() =>
  webhookSchema.unwrap().extend({
    secret: z
      .string()
      .describe('The signing secret (whsec_…), shown only this once: verify deliveries with any Standard Webhooks library.'),
  }),
);

export const webhookListSchema = /* @__PURE__ */ z.lazy(() => z.object({ webhooks: z.array(webhookSchema) }));

export const pingResultSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    deliveryId: z.string().describe('The webhook-id header of the ping.'),
    delivered: z.boolean(),
    status: z.number().int().nullable().describe("The receiver's HTTP status, when it answered."),
    error: z.string().nullable(),
  }),
);

export const deliveryLogSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    subscription: webhookSchema,
    deliveries: z.array(
      z.object({
        id: z.string().describe('The webhook-id, the same on every attempt.'),
        kind: z.string(),
        eventId: z.string().nullable(),
        gameId: z.string().nullable(),
        createdAt: z.string(),
        status: z.enum(['sending', 'retrying', 'delivered', 'failed', 'cancelled']),
        attempts: z.number().int(),
        lastAttemptAt: z.string().nullable(),
        nextAttemptAt: z.string().nullable(),
        responseStatus: z.number().int().nullable(),
        lastError: z.string().nullable(),
      }),
    ),
  }),
);
