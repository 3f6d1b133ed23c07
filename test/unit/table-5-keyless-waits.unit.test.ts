/**
 * TABLE-5, REL-23: a spectator's waits (no key) are counted against the address asking, each
 * address with a cap of its own, and the refusal says so in its own words.
 */
import { describe, expect, it } from 'vitest';
import { waitHolder } from '../../functions/games/app/queries.ts';
import { DEFAULT_WAIT_LIMITS, TooManyWaits, Waits } from '../../functions/games/app/waiting.ts';

describe('TABLE-5 keyless waits', () => {
  it('TABLE-5 REL-23 waits without a key count against their address: a second address has its own cap, and the 429 names the address', async () => {
    const waits = new Waits({ ...DEFAULT_WAIT_LIMITS, maxWaitsPerKey: 1 });
    let release: () => void = () => undefined;
    const first = waits.hold(waitHolder(null, '127.0.0.1'), 20, () => new Promise<string>((done) => (release = () => done('answered'))));
    const refused = await waits.hold(waitHolder(null, '127.0.0.1'), 20, async () => 'not held').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyWaits);
    expect((refused as TooManyWaits).status).toBe(429);
    expect((refused as TooManyWaits).detail).toMatch(
      /^This address already holds 1 waiting requests, the most one address asking without a key may hold at once;/,
    );
    // Another address, and a signed-in player, hold waits of their own.
    expect(await waits.hold(waitHolder(null, '127.0.0.2'), 20, async () => 'held')).toBe('held');
    const keyed = await waits.hold(waitHolder('p_ann', '127.0.0.1'), 20, async () => 'held');
    expect(keyed).toBe('held');
    release();
    expect(await first).toBe('answered');
  });

  it('TABLE-5 REL-23 a key over its cap is still told of its key', async () => {
    const waits = new Waits({ ...DEFAULT_WAIT_LIMITS, maxWaitsPerKey: 1 });
    let release: () => void = () => undefined;
    const first = waits.hold(waitHolder('p_ann', '127.0.0.1'), 20, () => new Promise<void>((done) => (release = done)));
    const refused = (await waits
      .hold(waitHolder('p_ann', '127.0.0.9'), 20, async () => undefined)
      .catch((e: unknown) => e)) as TooManyWaits;
    expect(refused.detail).toMatch(/^Your API key already holds 1 waiting requests, the most one key may hold at once;/);
    release();
    await first;
  });
});
