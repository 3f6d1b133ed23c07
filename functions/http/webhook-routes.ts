/**
 * The webhook routes (PBM-1, PBM-3): a player's subscriptions under /me/webhooks. Added to
 * the router by `addWebhookRoutes`; `webhookRouteKeys` feeds the CDK routes and the
 * OpenAPI paths come from `webhookPaths`.
 */
import { z } from 'zod';
import type { Deps } from '../app/deps.ts';
import { authenticate } from '../app/players.ts';
import {
  createSubscription,
  deleteSubscription,
  deliveryLog,
  enableSubscription,
  listSubscriptions,
  pingSubscription,
} from '../app/webhook-subscriptions.ts';
import { json, parseBody, withEtag } from './respond.ts';
import type { Request, Router } from './router.ts';
import { problemSchema } from './schemas.ts';
import {
  createdWebhookSchema,
  createWebhookBody,
  deliveryLogSchema,
  pingResultSchema,
  webhookListSchema,
  webhookSchema,
} from './webhook-schemas.ts';

export const webhookRouteKeys = [
  'POST /me/webhooks',
  'GET /me/webhooks',
  'GET /me/webhooks/{id}',
  'DELETE /me/webhooks/{id}',
  'POST /me/webhooks/{id}/enable',
  'POST /me/webhooks/{id}/ping',
  'GET /me/webhooks/{id}/deliveries',
] as const;

export const addWebhookRoutes = (router: Router, deps: () => Deps): Router => {
  const auth = (request: Request) => authenticate(deps(), request.headers.authorization);
  const id = (request: Request) => request.params.id ?? '';
  return router
    .on('POST', '/me/webhooks', async (request) => {
      const playerId = await auth(request);
      const { created, subscription } = await createSubscription(deps(), playerId, parseBody(request, createWebhookBody));
      return json(created ? 201 : 200, subscription, { location: `/me/webhooks/${subscription.id}`, 'cache-control': 'no-store' });
    })
    .on('GET', '/me/webhooks', async (request) => {
      const playerId = await auth(request);
      return withEtag(request, { webhooks: await listSubscriptions(deps(), playerId) });
    })
    .on('GET', '/me/webhooks/{id}', async (request) => {
      const playerId = await auth(request);
      return withEtag(request, (await deliveryLog(deps(), playerId, id(request))).subscription);
    })
    .on('DELETE', '/me/webhooks/{id}', async (request) => {
      const playerId = await auth(request);
      await deleteSubscription(deps(), playerId, id(request));
      return { statusCode: 204 };
    })
    .on('POST', '/me/webhooks/{id}/enable', async (request) => {
      const playerId = await auth(request);
      return json(200, await enableSubscription(deps(), playerId, id(request)));
    })
    .on('POST', '/me/webhooks/{id}/ping', async (request) => {
      const playerId = await auth(request);
      return json(200, await pingSubscription(deps(), playerId, id(request)));
    })
    .on('GET', '/me/webhooks/{id}/deliveries', async (request) => {
      const playerId = await auth(request);
      return withEtag(request, await deliveryLog(deps(), playerId, id(request)));
    });
};

const schema = (s: z.ZodType) => z.toJSONSchema(s, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' });
const ok = (description: string, s: z.ZodType) => ({ description, content: { 'application/json': { schema: schema(s) } } });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: schema(problemSchema) } } });
const webhookId = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const secured = [{ apiKey: [] }];
const unauthorized = { 401: problem('No or an invalid API key.') };
const missing = { ...unauthorized, 404: problem('No such webhook of yours.') };

/** This module's part of the OpenAPI document. */
export const webhookPaths = () => ({
  '/me/webhooks': {
    post: {
      summary:
        'Subscribe a URL to notifications. Deliveries follow the Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature); the signing secret is in this answer only.',
      security: secured,
      requestBody: { required: true, content: { 'application/json': { schema: schema(createWebhookBody) } } },
      responses: {
        201: ok('The subscription and its secret.', createdWebhookSchema),
        200: ok('A retry (same requestId and body): the first answer again.', createdWebhookSchema),
        400: problem('The body is not valid.'),
        ...unauthorized,
        404: problem('No such game.'),
        409: problem('Too many webhooks, or a requestId used for another webhook.'),
        422: problem('The URL cannot receive webhooks (not https, credentials in it, an internal address).'),
      },
    },
    get: { summary: 'Your webhooks.', security: secured, responses: { 200: ok('Your webhooks.', webhookListSchema), ...unauthorized } },
  },
  '/me/webhooks/{id}': {
    get: {
      summary: 'One webhook; when disabled, why.',
      security: secured,
      parameters: [webhookId],
      responses: { 200: ok('The webhook.', webhookSchema), ...missing },
    },
    delete: {
      summary: 'Delete a webhook; pending retries stop.',
      security: secured,
      parameters: [webhookId],
      responses: { 204: { description: 'Deleted.' }, ...missing },
    },
  },
  '/me/webhooks/{id}/enable': {
    post: {
      summary: 'Enable a webhook that was disabled after failed deliveries.',
      security: secured,
      parameters: [webhookId],
      responses: { 200: ok('The webhook.', webhookSchema), ...missing },
    },
  },
  '/me/webhooks/{id}/ping': {
    post: {
      summary: 'Send a signed test delivery now (one attempt, logged) and say how the receiver answered.',
      security: secured,
      parameters: [webhookId],
      responses: { 200: ok('What happened.', pingResultSchema), ...missing },
    },
  },
  '/me/webhooks/{id}/deliveries': {
    get: {
      summary: 'The delivery log, newest first: when, status, attempts, the last error.',
      security: secured,
      parameters: [webhookId],
      responses: { 200: ok('The log.', deliveryLogSchema), ...missing },
    },
  },
});
