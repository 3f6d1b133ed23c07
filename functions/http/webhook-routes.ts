/**
 * The webhook routes (PBM-1, PBM-3): a player's subscriptions under /me/webhooks. Added to
 * the router by `addWebhookRoutes`; `webhookRouteKeys` feeds the CDK routes and the
 * OpenAPI paths are in `openapi-webhooks.ts`.
 */
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
import { rateLimited } from './rate-limited.ts';
import { json, parseBody, withEtag } from './respond.ts';
import type { Request, Router } from './router.ts';
import { createWebhookBody } from './webhook-schemas.ts';

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
      const body = parseBody(request, createWebhookBody);
      const refused = await rateLimited(deps(), 'webhooks', playerId);
      if (refused) return refused;
      const { created, subscription } = await createSubscription(deps(), playerId, body);
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
