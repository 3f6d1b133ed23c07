/**
 * The application's ports in memory: the whole service in one process without DynamoDB, for the
 * tests that are not about storage (docs/design.md §17). One call, one empty world.
 */
import { randomBytes } from 'node:crypto';
import type { RulesetSource } from '../../../domain/catalogue.ts';
import { Waits } from '../../games/app/waiting.ts';
import type { Deps } from '../../kernel/deps.ts';
import { defaultRateLimits } from '../../kernel/rate-limits.ts';
import { defaultWebhookPolicy } from '../../notifications/app/webhooks.ts';
import { ephemeralSigner } from '../key-signer.ts';
import { MemoryClubStore } from './club-store.ts';
import { MemoryGameStore } from './game-store.ts';
import { MemoryGames } from './games.ts';
import { MemoryRateCounter } from './limits.ts';
import { MetricsRecorder } from './metrics.ts';
import { MemoryWebhookStore } from './webhook-store.ts';

export const createMemoryDeps = (rulesets: RulesetSource, overrides: Partial<Omit<Deps, 'rulesets'>> = {}): Deps => {
  const store = new MemoryGameStore();
  const games = new MemoryGames(store);
  return {
    store,
    games,
    clock: () => new Date(),
    randomHex: (bytes) => randomBytes(bytes).toString('hex'),
    webhooks: { table: new MemoryWebhookStore(), policy: defaultWebhookPolicy },
    rulesets,
    waits: new Waits(),
    rateLimits: defaultRateLimits,
    rateCounter: new MemoryRateCounter(),
    clubs: new MemoryClubStore(),
    signer: ephemeralSigner(),
    metrics: new MetricsRecorder(),
    ...overrides,
  };
};
