/**
 * REL-23 on AWS: each wait is a Lambda invocation of its own, so the per-key cap is held by
 * leases in the games table that every instance shares (functions/adapters/wait-lease-table.ts).
 * Two `Waits` here stand for two Lambda instances.
 */
import { describe, expect, it } from 'vitest';
import { WaitLeaseTable } from '../../functions/adapters/wait-lease-table.ts';
import { DEFAULT_WAIT_LIMITS, TooManyWaits, Waits } from '../../functions/games/app/waiting.ts';
import { freshTables } from '../support/dynamo.ts';

const CAP = 2;
const limits = { ...DEFAULT_WAIT_LIMITS, maxWaitsPerKey: CAP };

/** A wait held until `release()`: the callback of `hold` parks on it. */
const parked = () => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
};

const instances = async () => {
  const db = await freshTables();
  const leases = new WaitLeaseTable(db.dynamo.client, db.tables);
  return { leases, a: new Waits(limits, leases), b: new Waits(limits, leases) };
};

describe('REL-23 the per-key cap on waits spans Lambda instances', () => {
  it('REL-23 two instances hold at most the cap together; one more is a 429 with when the first ends; a release frees a place at once', async () => {
    const { a, b } = await instances();
    const first = parked();
    const second = parked();
    const held = [a.hold('ann', 20, () => first.gate), b.hold('ann', 20, () => second.gate)];
    await expect.poll(() => a.stats().held + b.stats().held).toBe(CAP);

    const refused = await a.hold('ann', 20, async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyWaits);
    expect((refused as TooManyWaits).extra).toMatchObject({ maxWaits: CAP });
    expect((refused as TooManyWaits).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refused as TooManyWaits).retryAfterSeconds).toBeLessThanOrEqual(20);
    // Another key is not held back by Ann's.
    expect(await b.hold('bob', 20, async () => 'bob waits')).toBe('bob waits');

    first.release();
    await held[0];
    expect(await b.hold('ann', 20, async () => 'ran after a release')).toBe('ran after a release');
    second.release();
    await held[1];
  });

  it('REL-23 racing instances never hold more than the cap: of ten at once, exactly two run', async () => {
    const { a, b } = await instances();
    const gate = parked();
    let refused = 0;
    const runs = Array.from({ length: 10 }, (_, i) =>
      (i % 2 === 0 ? a : b)
        .hold('cat', 20, () => gate.gate.then(() => 'ran'))
        .catch((error: unknown) => {
          if (!(error instanceof TooManyWaits)) throw error;
          refused += 1;
          return 'refused';
        }),
    );
    // Held waits park on the gate: it opens once every refusal is in (more than the cap held would leave fewer).
    await expect.poll(() => refused, { timeout: 15_000 }).toBe(10 - CAP);
    gate.release();
    const outcomes = await Promise.all(runs);
    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(CAP);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(10 - CAP);
  });

  it('REL-23 a lease whose wait ran out (its Lambda died) stops counting, and is pruned when the cap is reached', async () => {
    const { leases, a } = await instances();
    const now = Date.now();
    // Two waits taken by instances that then died: their leases ran out a second ago.
    expect(await leases.acquire('dan', 'dead-1', now - 1000, now - 20_000, CAP)).toBeNull();
    expect(await leases.acquire('dan', 'dead-2', now - 1000, now - 20_000, CAP)).toBeNull();
    expect(await a.hold('dan', 20, async () => 'ran')).toBe('ran');
    expect(await leases.acquire('dan', 'live', now + 20_000, now, CAP)).toBeNull();
    expect(await leases.acquire('dan', 'one-too-many', now + 20_000, now, 1)).toBe(now + 20_000);
  });
});
