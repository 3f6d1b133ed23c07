/**
 * Dependencies built once per Lambda container (or local process) from the environment.
 */

import { createDynamoClient } from './adapters/dynamo-client.ts';
import type { WebhookSender } from './adapters/webhook-sender.ts';
import { createDeps, type Deps } from './app/deps.ts';
import { createWebhooks, defaultWebhookPolicy, type WebhookPolicy } from './app/webhooks.ts';
import { config } from './config.ts';

let deps: Deps | undefined;

/**
 * `sender` is given by the functions that deliver webhooks (the API for its test ping, the
 * webhook worker): the others never import the sender, so their bundles leave it out (PERF-1).
 */
export const depsFromEnv = (sender?: (policy: WebhookPolicy) => WebhookSender): Deps => {
  if (!deps) {
    const c = config();
    const { client } = createDynamoClient({ endpoint: c.dynamoEndpoint, region: c.region });
    const tables = { events: c.eventsTable, games: c.gamesTable };
    deps = createDeps(client, tables, { webhooks: createWebhooks(client, tables, defaultWebhookPolicy, sender?.(defaultWebhookPolicy)) });
  }
  return deps;
};
