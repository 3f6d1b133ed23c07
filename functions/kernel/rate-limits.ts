/**
 * REL-26: how often a key (or, to register, a client address) may create something or try
 * an invite code, per hour. Far over what real play needs, so they only stop a runaway or
 * hostile client. Counted in DynamoDB, one fixed-window counter per subject, action and
 * hour, so they hold across every Lambda instance.
 */
import type { Metrics } from './metrics.ts';

export interface RateLimits {
  /** Games one key may create an hour: with POST /games, as sandboxes, and as continuations it proposes (TB-6). */
  readonly games: number;
  /** Players one client address may register an hour. */
  readonly players: number;
  /** Webhooks one key may create an hour (and a player keeps at most 20 at once, REL-25). */
  readonly webhooks: number;
  /** Joins carrying an invite code one key may make an hour, whatever the game. */
  readonly invites: number;
}

export type RateAction = keyof RateLimits;

export const RATE_WINDOW_SECONDS = 3600;

export const defaultRateLimits: RateLimits = { games: 100, players: 60, webhooks: 60, invites: 30 };

/** The port: one more in `subject`'s window for `action`, unless that makes more than `limit`. */
export interface RateCounter {
  take(action: RateAction, subject: string, windowStart: number, limit: number, expiresAt: number): Promise<boolean>;
}

/** What counting needs of the application's dependencies (named here: deps.ts builds them from this module's types). */
export interface RateDeps {
  readonly clock: () => Date;
  readonly rateLimits: RateLimits;
  readonly rateCounter: RateCounter;
  readonly metrics: Metrics;
}

const NAMES = Object.keys(defaultRateLimits) as RateAction[];

/**
 * `games=100,players=60` (ARBITER_RATE_LIMITS, the CDK context `rateLimits`): the limits
 * named there over the defaults. A malformed entry throws one sentence naming it.
 */
export const rateLimitsFrom = (text: string | undefined, where = 'ARBITER_RATE_LIMITS'): RateLimits => {
  const limits: Record<string, number> = { ...defaultRateLimits };
  for (const entry of (text ?? '').split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const [name = '', value = ''] = entry.split('=').map((p) => p.trim());
    if (!NAMES.includes(name as RateAction))
      throw new Error(`${where}: "${entry}" names no limit; the limits are ${NAMES.join(', ')}, as in games=100,players=60.`);
    if (!/^[1-9]\d{0,8}$/.test(value)) throw new Error(`${where}: ${name} is a whole number of requests an hour from 1, not "${value}".`);
    limits[name] = Number(value);
  }
  return limits as unknown as RateLimits;
};

/** The limits as ARBITER_RATE_LIMITS spells them. */
export const rateLimitsText = (limits: RateLimits): string => NAMES.map((name) => `${name}=${limits[name]}`).join(',');

/**
 * Counts one `action` of `subject` (a player id, or a client address): null while under the
 * limit, else the seconds until the window ends, when it may try again.
 */
export const takeRate = async (deps: RateDeps, action: RateAction, subject: string): Promise<number | null> => {
  const now = deps.clock().getTime() / 1000;
  const windowStart = Math.floor(now / RATE_WINDOW_SECONDS) * RATE_WINDOW_SECONDS;
  const windowEnd = windowStart + RATE_WINDOW_SECONDS;
  if (await deps.rateCounter.take(action, subject, windowStart, deps.rateLimits[action], windowEnd)) return null;
  deps.metrics.count('RateLimitRefused', { limit: action });
  return Math.max(1, Math.ceil(windowEnd - now));
};
