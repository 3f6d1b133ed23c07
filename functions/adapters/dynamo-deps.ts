/** The application's ports on DynamoDB: what the AWS and local entry points, the CLI and the storage tests wire (docs/design.md §2). */
import { randomBytes } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { RulesetSource } from '../../domain/catalogue.ts';
import { Waits } from '../games/app/waiting.ts';
import type { Deps } from '../kernel/deps.ts';
import { noMetrics } from '../kernel/metrics.ts';
import type { Resolve, WebhookSender } from '../kernel/ports.ts';
import { defaultRateLimits } from '../kernel/rate-limits.ts';
import { defaultWebhookPolicy, type WebhookPolicy, type Webhooks } from '../notifications/app/webhooks.ts';
import { ClubTable } from './club-table.ts';
import { DynamoGames } from './dynamo-games.ts';
import { EventStore } from './event-store.ts';
import { ephemeralSigner } from './key-signer.ts';
import { RateLimitTable } from './rate-limit-table.ts';
import type { TableNames } from './tables.ts';
import { WebhookTable } from './webhook-table.ts';

export const createWebhooks = (
  db: DynamoDBClient,
  tables: TableNames,
  policy: WebhookPolicy = defaultWebhookPolicy,
  sender?: WebhookSender,
  resolve?: Resolve,
): Webhooks => ({ table: new WebhookTable(db, tables), policy, ...(sender ? { sender } : {}), ...(resolve ? { resolve } : {}) });

export const createDeps = (
  db: DynamoDBClient,
  tables: TableNames,
  rulesets: RulesetSource,
  overrides: Partial<Omit<Deps, 'rulesets'>> = {},
): Deps => ({
  store: new EventStore(db, tables),
  games: new DynamoGames(db, tables),
  clock: () => new Date(),
  randomHex: (bytes) => randomBytes(bytes).toString('hex'),
  webhooks: createWebhooks(db, tables),
  rulesets,
  waits: new Waits(),
  rateLimits: defaultRateLimits,
  rateCounter: new RateLimitTable(db, tables),
  clubs: new ClubTable(db, tables),
  signer: ephemeralSigner(),
  metrics: noMetrics,
  ...overrides,
});
