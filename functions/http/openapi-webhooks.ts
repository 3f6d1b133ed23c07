/** The webhook routes' part of `/openapi.json` (PBM-1, PBM-3): a player's subscriptions under /me/webhooks. */
import {
  always,
  body,
  ifNoneMatch,
  inline,
  location,
  noContent,
  ok,
  pathId,
  problem,
  rateLimited,
  secured,
  unauthorized,
  withBody,
  withEtag,
} from './openapi-parts.ts';
import { createWebhookBody } from './webhook-schemas.ts';

const webhookId = pathId('The webhook id.');
const missing = { ...unauthorized, 404: problem('No such webhook of yours.'), ...always };
const tags = ['webhooks'];

export const webhookPaths = () => ({
  '/me/webhooks': {
    post: {
      operationId: 'createWebhook',
      tags,
      summary: 'Subscribe a URL to notifications.',
      description:
        'Deliveries follow the Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature); the signing secret is in this answer only.',
      security: secured,
      requestBody: body(inline(createWebhookBody)),
      responses: {
        201: ok('The subscription and its secret.', 'CreatedWebhook', location),
        200: ok('A retry (same requestId and body): the first answer again.', 'CreatedWebhook', location),
        ...withBody,
        ...unauthorized,
        404: problem('No such game.'),
        409: problem('Too many webhooks (too-many-webhooks), or a requestId used for another webhook (request-id-reused).'),
        ...always,
        ...rateLimited,
      },
    },
    get: {
      operationId: 'listWebhooks',
      tags,
      summary: 'Your webhooks.',
      security: secured,
      parameters: [ifNoneMatch],
      responses: { ...withEtag('Your webhooks.', 'WebhookList'), ...unauthorized, ...always },
    },
  },
  '/me/webhooks/{id}': {
    get: {
      operationId: 'getWebhook',
      tags,
      summary: 'One webhook; when disabled, why.',
      security: secured,
      parameters: [webhookId, ifNoneMatch],
      responses: { ...withEtag('The webhook.', 'Webhook'), ...missing },
    },
    delete: {
      operationId: 'deleteWebhook',
      tags,
      summary: 'Delete a webhook; pending retries stop.',
      security: secured,
      parameters: [webhookId],
      responses: { 204: noContent('Deleted.'), ...missing },
    },
  },
  '/me/webhooks/{id}/enable': {
    post: {
      operationId: 'enableWebhook',
      tags,
      summary: 'Enable a webhook that was disabled after failed deliveries.',
      security: secured,
      parameters: [webhookId],
      responses: { 200: ok('The webhook.', 'Webhook'), ...missing },
    },
  },
  '/me/webhooks/{id}/ping': {
    post: {
      operationId: 'pingWebhook',
      tags,
      summary: 'Send a signed test delivery now (one attempt, logged) and say how the receiver answered.',
      security: secured,
      parameters: [webhookId],
      responses: { 200: ok('What happened.', 'PingResult'), ...missing },
    },
  },
  '/me/webhooks/{id}/deliveries': {
    get: {
      operationId: 'listWebhookDeliveries',
      tags,
      summary: 'The delivery log, newest first: when, status, attempts, the last error.',
      security: secured,
      parameters: [webhookId, ifNoneMatch],
      responses: { ...withEtag('The log.', 'DeliveryLog'), ...missing },
    },
  },
});
