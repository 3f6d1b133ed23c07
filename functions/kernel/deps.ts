/**
 * What the application functions need from the outside world: its ports (ports.ts), passed in
 * so that each entry point chooses the adapters (docs/design.md §2). The DynamoDB wiring is
 * `createDeps` in functions/adapters/dynamo-deps.ts; the in-memory one `createMemoryDeps` in
 * functions/adapters/memory/deps.ts.
 */
import type { RulesetSource } from '../../domain/catalogue.ts';
import type { Waits } from '../games/app/waiting.ts';
import type { Webhooks } from '../notifications/app/webhooks.ts';
import type { Metrics } from './metrics.ts';
import type { Clock, ClubStore, GameStore, GamesPort, Signer } from './ports.ts';
import type { RateCounter, RateLimits } from './rate-limits.ts';

export interface Deps {
  /** Every stream, games' and tournaments' (CLUB-2), each loaded with its own fold. */
  readonly store: GameStore;
  readonly games: GamesPort;
  readonly clock: Clock;
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
  /** CLUB-1, CLUB-6: clubs, their members, games and ladders (docs/design.md §21). */
  readonly clubs: ClubStore;
  /** TRUST-1: the service's signing key (receipts, exports); an entry point gives the real one, the rest a key of their own process. */
  readonly signer: Signer;
  /** OPS-3: where the figures go as they arise (metrics.ts): EMF lines on Lambda, a recorder in memory and locally, nowhere in scripts. */
  readonly metrics: Metrics;
}
