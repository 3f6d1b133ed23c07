/**
 * REL-26 rate limits on DynamoDB Local, with the clock in the test's hands: each limit is
 * counted per subject in fixed windows of an hour, and Retry-After is the time to the next.
 */
import { describe, expect, it } from 'vitest';
import { defaultRateLimits, RATE_WINDOW_SECONDS, takeRate } from '../../functions/kernel/rate-limits.ts';
import { freshTables } from '../support/dynamo.ts';

describe('REL-26 rate-limit windows', () => {
  it('REL-26 a window ends on the hour: Retry-After counts down to it, and the next hour starts from nothing', async () => {
    let now = new Date('2026-12-01T10:59:00Z');
    const { deps } = await freshTables({ clock: () => now, rateLimits: { ...defaultRateLimits, games: 2 } });
    expect(await takeRate(deps, 'games', 'p_ann')).toBeNull();
    expect(await takeRate(deps, 'games', 'p_ann')).toBeNull();
    expect(await takeRate(deps, 'games', 'p_ann')).toBe(60);
    now = new Date('2026-12-01T10:59:59.500Z');
    expect(await takeRate(deps, 'games', 'p_ann')).toBe(1);
    // Another subject, and another action of the same subject, count apart.
    expect(await takeRate(deps, 'games', 'p_bob')).toBeNull();
    expect(await takeRate(deps, 'webhooks', 'p_ann')).toBeNull();
    now = new Date('2026-12-01T11:00:00Z');
    expect(await takeRate(deps, 'games', 'p_ann')).toBeNull();
    expect(await takeRate(deps, 'games', 'p_ann')).toBeNull();
    expect(await takeRate(deps, 'games', 'p_ann')).toBe(RATE_WINDOW_SECONDS);
  });
});
