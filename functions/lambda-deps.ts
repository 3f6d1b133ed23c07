/**
 * Dependencies built once per Lambda container (or local process) from the environment.
 */

import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { RulesetSource } from '../domain/catalogue.ts';
import { createDynamoClient } from './adapters/dynamo-client.ts';
import { createDeps, createWebhooks } from './adapters/dynamo-deps.ts';
import { emfMetrics } from './adapters/emf-metrics.ts';
import type { TableNames } from './adapters/tables.ts';
import type { HttpWebhookSender } from './adapters/webhook-sender.ts';
import { config } from './config.ts';
import type { Waits } from './games/app/waiting.ts';
import type { Deps } from './kernel/deps.ts';
import type { Signer } from './kernel/ports.ts';
import { defaultWebhookPolicy, type WebhookPolicy } from './notifications/app/webhooks.ts';

let deps: Deps | undefined;

export interface FunctionNeeds {
  /**
   * Given by the functions that deliver webhooks (the API for its test ping, the webhook
   * worker): the others never import the sender, so their bundles leave it out (PERF-1).
   */
  readonly sender?: (policy: WebhookPolicy) => HttpWebhookSender;
  /**
   * The rule systems the function folds and decides with: a catalogue that loads each one when
   * a game first needs it (the API, the phase timer), or every fold imported at start (the
   * functions that only read games; PERF-1, docs/design.md §14). Read once, with the rest.
   */
  readonly rulesets: RulesetSource;
  /**
   * Given by the function that serves waiting reads (the API): its waits, whose per-key cap is
   * held in the table. The others never wait, so their bundles leave the lease table out (PERF-1).
   */
  readonly waits?: (client: DynamoDBClient, tables: TableNames) => Waits;
  /**
   * TRUST-1: given by the functions that sign (the API, the club function): their signer from the
   * environment, a key the stack's KMS key certifies (adapters/kms-signer.ts `kmsSignerFromEnv`),
   * undefined where the environment names no KMS key. The others never import the KMS client,
   * so their bundles leave it out (PERF-1); they keep a key of their own process.
   */
  readonly signer?: () => Signer | undefined;
}

export const depsFromEnv = ({ sender, rulesets, waits, signer }: FunctionNeeds): Deps => {
  if (!deps) {
    const c = config();
    const { client } = createDynamoClient({ endpoint: c.dynamoEndpoint, region: c.region });
    const tables = { events: c.eventsTable, games: c.gamesTable };
    const delivering = sender?.(defaultWebhookPolicy);
    const signing = signer?.();
    deps = createDeps(client, tables, rulesets, {
      // The sender's resolver checks a URL at subscription too (REL-28).
      webhooks: createWebhooks(client, tables, defaultWebhookPolicy, delivering, delivering?.resolve),
      ...(waits ? { waits: waits(client, tables) } : {}),
      rateLimits: c.rateLimits,
      ...(signing ? { signer: signing } : {}),
      metrics: emfMetrics(),
    });
  }
  return deps;
};
