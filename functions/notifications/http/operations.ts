/**
 * The webhook routes (PBM-1, PBM-3) as the API declares and documents them: a player's
 * subscriptions under /me/webhooks. For each, its method and path, who may call it, its request
 * schemas and what the document says of it, which its function's router, the CDK routes and the
 * document read (route-table.ts); and its answers in `/openapi.json`, which only the document
 * reads. Their handlers are in routes.ts, their use cases in app/.
 */
import { problemRef } from '../../http/openapi-examples.ts';
import { always, location, noContent, ok, problem, rateLimited, unauthorized, withBody, withEtag } from '../../http/openapi-parts.ts';
import type { RouteDeclaration } from '../../http/route.ts';
import { createWebhookBody } from './schemas.ts';

const webhookIdDescription = 'The webhook id.';

export const webhookRoutes = [
  {
    method: 'POST',
    path: '/me/webhooks',
    operationId: 'createWebhook',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'Subscribe a URL to notifications.',
    description:
      'Deliveries follow the Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature); the signing secret is in this answer only.',
    body: createWebhookBody,
  },
  {
    method: 'GET',
    path: '/me/webhooks',
    operationId: 'listWebhooks',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'Your webhooks.',
  },
  {
    method: 'GET',
    path: '/me/webhooks/{id}',
    operationId: 'getWebhook',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'One webhook; when disabled, why.',
    id: webhookIdDescription,
  },
  {
    method: 'DELETE',
    path: '/me/webhooks/{id}',
    operationId: 'deleteWebhook',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'Delete a webhook; pending retries stop.',
    id: webhookIdDescription,
  },
  {
    method: 'POST',
    path: '/me/webhooks/{id}/enable',
    operationId: 'enableWebhook',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'Enable a webhook that was disabled after failed deliveries.',
    id: webhookIdDescription,
  },
  {
    method: 'POST',
    path: '/me/webhooks/{id}/ping',
    operationId: 'pingWebhook',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'Send a signed test delivery now (one attempt, logged) and say how the receiver answered.',
    id: webhookIdDescription,
  },
  {
    method: 'GET',
    path: '/me/webhooks/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    serves: 'api',
    auth: 'apiKey',
    tag: 'webhooks',
    summary: 'The delivery log, newest first: when, status, attempts, the last error.',
    id: webhookIdDescription,
  },
] as const satisfies readonly RouteDeclaration[];

export type WebhookRoute = (typeof webhookRoutes)[number];
export type WebhookOperationId = WebhookRoute['operationId'];

export const webhookResponses = (): Record<WebhookOperationId, Record<string, unknown>> => {
  const missing = { ...unauthorized, 404: problem('No such webhook of yours.'), ...always };
  return {
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
  };
};
