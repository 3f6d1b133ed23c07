/**
 * Lambda: the HTTP API (API Gateway HTTP API, payload v2): players, games and their commands,
 * webhooks. The routes that describe the service (the OpenAPI document, the rulesets) are the
 * documentation function's (docs.ts), so that this cold start does not load their code (PERF-1).
 */
import { rulesetCatalogue } from '../../domain/catalogue.ts';
import { rulesetList } from '../../domain/ruleset-list.ts';
import { kmsSignerFromEnv } from '../adapters/kms-signer.ts';
import { WaitLeaseTable } from '../adapters/wait-lease-table.ts';
import { dnsResolve, HttpWebhookSender } from '../adapters/webhook-sender.ts';
import { Waits, waitLimitsFromEnv } from '../games/app/waiting.ts';
import { depsFromEnv } from '../lambda-deps.ts';
import { buildApiRouter } from './api-router.ts';
import { httpHandler } from './handler.ts';

/**
 * The API delivers a webhook's test ping itself, so it has a webhook sender. It loads each rule
 * system when a game first needs it, so its cold start compiles none of them (PERF-1). It serves
 * the waiting reads: each Lambda instance serves one wait at a time, and the per-key cap is held
 * in the table (REL-23).
 */
export const handler = httpHandler(
  buildApiRouter(() =>
    depsFromEnv({
      rulesets: rulesetCatalogue(rulesetList),
      sender: (policy) => new HttpWebhookSender(policy, dnsResolve),
      waits: (client, tables) => new Waits(waitLimitsFromEnv(process.env), new WaitLeaseTable(client, tables)),
      signer: kmsSignerFromEnv,
    }),
  ),
);
