/** What the application functions need from the outside world, passed in so tests and the local runtime can choose. */
import { randomBytes } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TableNames } from '../../infra/tables.ts';
import { EventStore } from '../adapters/event-store.ts';
import { GamesTable } from '../adapters/games-table.ts';
import { RateLimitTable } from '../adapters/rate-limit-table.ts';
import { defaultRateLimits, type RateCounter, type RateLimits } from './rate-limits.ts';
import { Waits } from './waiting.ts';
import { createWebhooks, type Webhooks } from './webhooks.ts';

export interface Deps {
  readonly store: EventStore;
  readonly games: GamesTable;
  readonly clock: () => Date;
  readonly randomHex: (bytes: number) => string;
  /** Subscriptions, their sender and policy (PBM-1..6); the local runtime relaxes the policy. */
  readonly webhooks: Webhooks;
  /**
   * Makes a rule system's code available before its games are folded or decided. A no-op by
   * default: the process imported every ruleset at start (domain/rulesets.ts, or domain/folds.ts
   * where it only folds). The API and the phase timer on Lambda load each one when a game first
   * needs it instead (domain/ruleset-loaders.ts, PERF-1).
   */
  readonly loadRuleset: (ruleset: string) => Promise<void>;
  /** This process's waiting reads: one watcher per game or inbox, and the waits each key holds (REL-23). */
  readonly waits: Waits;
  /** How often a key may create things or try invite codes (REL-26); tests that create many raise them. */
  readonly rateLimits: RateLimits;
  readonly rateCounter: RateCounter;
}

const everyRulesetImported = async (): Promise<void> => {};

export const createDeps = (db: DynamoDBClient, tables: TableNames, overrides: Partial<Deps> = {}): Deps => {
  const loadRuleset = overrides.loadRuleset ?? everyRulesetImported;
  return {
    store: new EventStore(db, tables, loadRuleset),
    games: new GamesTable(db, tables),
    clock: () => new Date(),
    randomHex: (bytes) => randomBytes(bytes).toString('hex'),
    webhooks: createWebhooks(db, tables),
    loadRuleset,
    waits: new Waits(),
    rateLimits: defaultRateLimits,
    rateCounter: new RateLimitTable(db, tables),
    ...overrides,
  };
};
