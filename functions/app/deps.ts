/** What the application functions need from the outside world, passed in so tests and the local runtime can choose. */
import { randomBytes } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { RulesetSource } from '../../domain/catalogue.ts';
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
   * The rule systems this process folds and decides with (docs/design.md §14), given by its
   * entry point: every ruleset (or every fold) imported at start, or, for the API and the phase
   * timer on Lambda, a catalogue that loads each one when a game first needs it (PERF-1).
   * Whoever reads a game awaits `rulesets.load(id)` before folding it.
   */
  readonly rulesets: RulesetSource;
  /** This process's waiting reads: one watcher per game or inbox, and the waits each key holds (REL-23). */
  readonly waits: Waits;
  /** How often a key may create things or try invite codes (REL-26); tests that create many raise them. */
  readonly rateLimits: RateLimits;
  readonly rateCounter: RateCounter;
}

export const createDeps = (
  db: DynamoDBClient,
  tables: TableNames,
  rulesets: RulesetSource,
  overrides: Partial<Omit<Deps, 'rulesets'>> = {},
): Deps => {
  return {
    store: new EventStore(db, tables, rulesets),
    games: new GamesTable(db, tables),
    clock: () => new Date(),
    randomHex: (bytes) => randomBytes(bytes).toString('hex'),
    webhooks: createWebhooks(db, tables),
    rulesets,
    waits: new Waits(),
    rateLimits: defaultRateLimits,
    rateCounter: new RateLimitTable(db, tables),
    ...overrides,
  };
};
