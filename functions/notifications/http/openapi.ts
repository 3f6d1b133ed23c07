/** The answers of the webhook routes in `/openapi.json` (PBM-1, PBM-3): a player's subscriptions under /me/webhooks. */
import { problemRef } from '../../http/openapi-examples.ts';
import { always, location, noContent, ok, problem, rateLimited, unauthorized, withBody, withEtag } from '../../http/openapi-parts.ts';
import type { WebhookOperationId } from './routes.ts';

const missing = { ...unauthorized, 404: problem('No such webhook of yours.'), ...always };

export const webhookResponses = (): Record<WebhookOperationId, Record<string, unknown>> => ({
  createWebhook: {
    201: ok('The subscription and its secret.', 'CreatedWebhook', location),
    200: ok('A retry (same requestId and body): the first answer again.', 'CreatedWebhook', location),
    ...withBody,
    ...unauthorized,
    404: problem('No such game.'),
    409: problem('Too many webhooks (too-many-webhooks), or a requestId used for another webhook (request-id-reused).', {
      'too-many-webhooks': problemRef('too-many-webhooks'),
      'request-id-reused': problemRef('request-id-reused'),
    }),
    ...always,
    ...rateLimited,
  },
  listWebhooks: { ...withEtag('Your webhooks.', 'WebhookList'), ...unauthorized, ...always },
  getWebhook: { ...withEtag('The webhook.', 'Webhook'), ...missing },
  deleteWebhook: { 204: noContent('Deleted.'), ...missing },
  enableWebhook: { 200: ok('The webhook.', 'Webhook'), ...missing },
  pingWebhook: { 200: ok('What happened.', 'PingResult'), ...missing },
  listWebhookDeliveries: { ...withEtag('The log.', 'DeliveryLog'), ...missing },
});
