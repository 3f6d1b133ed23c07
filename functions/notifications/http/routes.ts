/**
 * The webhook routes' handlers (PBM-1, PBM-3), one per route of operations.ts (the compiler
 * holds them to it): a player's subscriptions under /me/webhooks. Adding a route: its
 * declaration and answers in operations.ts, its handler here, its use case in app/
 * (functions/http/route.ts says why apart).
 */

import { rateLimited } from '../../http/rate-limited.ts';
import { json, withEtag } from '../../http/respond.ts';
import type { Handlers } from '../../http/route.ts';
import type { Request } from '../../http/router.ts';
import type { Deps } from '../../kernel/deps.ts';
import {
  createSubscription,
  deleteSubscription,
  deliveryLog,
  enableSubscription,
  listSubscriptions,
  pingSubscription,
} from '../app/webhook-subscriptions.ts';
import type { WebhookRoute } from './operations.ts';

const id = (request: Request) => request.params.id ?? '';

/** The webhook routes' handlers, by operationId. */
export const webhookHandlers = (deps: () => Deps): Handlers<WebhookRoute> => ({
  createWebhook: async (_request, { playerId, body }) => {
    const refused = await rateLimited(deps(), 'webhooks', playerId);
    if (refused) return refused;
    const { created, subscription } = await createSubscription(deps(), playerId, body);
    return json(created ? 201 : 200, subscription, { location: `/me/webhooks/${subscription.id}`, 'cache-control': 'no-store' });
  },
  listWebhooks: async (request, { playerId }) => withEtag(request, { webhooks: await listSubscriptions(deps(), playerId) }),
  getWebhook: async (request, { playerId }) => withEtag(request, (await deliveryLog(deps(), playerId, id(request))).subscription),
  deleteWebhook: async (request, { playerId }) => {
    await deleteSubscription(deps(), playerId, id(request));
    return { statusCode: 204 };
  },
  enableWebhook: async (request, { playerId }) => json(200, await enableSubscription(deps(), playerId, id(request))),
  pingWebhook: async (request, { playerId }) => json(200, await pingSubscription(deps(), playerId, id(request))),
  listWebhookDeliveries: async (request, { playerId }) => withEtag(request, await deliveryLog(deps(), playerId, id(request))),
});
