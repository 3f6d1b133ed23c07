/** What the application functions need from the outside world, passed in so tests and the local runtime can choose. */
import { randomBytes } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { folds } from '../../domain/folds.ts';
import type { TableNames } from '../../infra/tables.ts';
import { EventStore } from '../adapters/event-store.ts';
import { GamesTable } from '../adapters/games-table.ts';
import { createWebhooks, type Webhooks } from './webhooks.ts';

export interface Deps {
  readonly store: EventStore;
  readonly games: GamesTable;
  readonly clock: () => Date;
  readonly randomHex: (bytes: number) => string;
  /** Subscriptions, their sender and policy (PBM-1..6); the local runtime relaxes the policy. */
  readonly webhooks: Webhooks;
}

export const createDeps = (db: DynamoDBClient, tables: TableNames, overrides: Partial<Deps> = {}): Deps => ({
  store: new EventStore(db, tables, (id) => folds.get(id)?.rulesVersion),
  games: new GamesTable(db, tables),
  clock: () => new Date(),
  randomHex: (bytes) => randomBytes(bytes).toString('hex'),
  webhooks: createWebhooks(db, tables),
  ...overrides,
});
