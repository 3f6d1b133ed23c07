/** REL-23: the waits of one process, on fake timers: shared watchers, hang-ups and the per-key cap. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooManyWaits, Waits, waitLimitsFromEnv } from '../../functions/games/app/waiting.ts';
import { retryAfterHeader } from '../../functions/http/retry-after.ts';

const LIMITS = { maxWaitsPerKey: 3, pollFirstMs: 100, pollMaxMs: 400 };

/** A store whose "last seq" the test sets, counting its reads. */
const store = () => {
  const s = {
    head: 5,
    reads: 0,
    read: async () => {
      s.reads += 1;
      return s.head;
    },
  };
  return s;
};

/** A store whose reads answer only when the test releases them: `release(head)` answers the read under way. */
const slowStore = () => {
  let answer: (head: number) => void = () => {};
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      return new Promise<number>((resolve) => {
        answer = resolve;
      });
    },
    release: (head: number) => answer(head),
    reads: () => reads,
  };
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('REL-23 waits in one process', () => {
  it('REL-23 a hundred waits on one game share one watcher: one read per interval, not a hundred, and all wake on the change', async () => {
    const waits = new Waits(LIMITS);
    const game = store();
    const until = Date.now() + 20_000;
    const answers = Array.from({ length: 100 }, () => waits.watch('game:g', game.read, (head) => head > 5, { until }));
    expect(waits.stats()).toMatchObject({ watchers: 1, waiters: 100 });
    // Reads at 100, 300 (100 + 200), 700 (+ 400) and 1,100 ms (+ 400).
    await vi.advanceTimersByTimeAsync(1_100);
    expect(game.reads).toBe(4);
    game.head = 6;
    await vi.advanceTimersByTimeAsync(400);
    expect(game.reads).toBe(5);
    expect(await Promise.all(answers)).toEqual(Array(100).fill(6));
    expect(waits.stats()).toMatchObject({ watchers: 0, waiters: 0 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(game.reads).toBe(5);
  });

  it('REL-23 a wait whose client hangs up ends at once, and the watcher stops reading with its last waiter', async () => {
    const waits = new Waits(LIMITS);
    const game = store();
    const line = new AbortController();
    const answer = waits.watch('game:g', game.read, (head) => head > 5, { until: Date.now() + 20_000, signal: line.signal });
    await vi.advanceTimersByTimeAsync(300);
    expect(game.reads).toBe(2);
    line.abort();
    expect(await answer).toBeUndefined();
    expect(waits.stats()).toMatchObject({ watchers: 0, waiters: 0 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(game.reads).toBe(2);
  });

  it('REL-23 a wait that runs out answers nothing new and reads no more', async () => {
    const waits = new Waits(LIMITS);
    const game = store();
    const answer = waits.watch('game:g', game.read, (head) => head > 5, { until: Date.now() + 1_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await answer).toBeUndefined();
    const reads = game.reads;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(game.reads).toBe(reads);
  });

  it('REL-23 a waiter is answered only by a read that started after it joined', async () => {
    const waits = new Waits(LIMITS);
    const { read: slow, release, reads } = slowStore();
    const first = waits.watch('inbox:p', slow, (v) => v !== 1, { until: Date.now() + 20_000 });
    await vi.advanceTimersByTimeAsync(100);
    expect(reads()).toBe(1);
    // Joins while that read is under way: the answer of that read may predate what it has seen.
    const late = waits.watch('inbox:p', slow, (v) => v !== 1, { until: Date.now() + 20_000 });
    release(2);
    expect(await first).toBe(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(reads()).toBe(2);
    release(3);
    expect(await late).toBe(3);
  });

  it('COST-7 a poke has the watcher read at once, and again right after a read under way, not after its pause', async () => {
    const waits = new Waits(LIMITS);
    const game = store();
    const answer = waits.watch('game:g', game.read, (head) => head > 5, { until: Date.now() + 20_000 });
    await vi.advanceTimersByTimeAsync(400);
    expect(game.reads).toBe(2); // at 100 and 300 ms; the next at 700 ms
    game.head = 6;
    waits.poke('game:other');
    await vi.advanceTimersByTimeAsync(0);
    expect(game.reads).toBe(2);
    waits.poke('game:g');
    await vi.advanceTimersByTimeAsync(0);
    expect(game.reads).toBe(3);
    expect(await answer).toBe(6);
  });

  it('COST-7 a poke during a read has the watcher read again as soon as that read ends', async () => {
    const waits = new Waits(LIMITS);
    const { read: slow, release, reads } = slowStore();
    const answer = waits.watch('inbox:p', slow, (v) => v === 2, { until: Date.now() + 20_000 });
    await vi.advanceTimersByTimeAsync(100);
    expect(reads()).toBe(1);
    // The change lands while that read is under way, which may have missed it.
    waits.poke('inbox:p');
    release(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toBe(2);
    release(2);
    expect(await answer).toBe(2);
  });

  it('REL-23 one wait over the key’s cap is a 429 too-many-waits with Retry-After for when its first wait ends', async () => {
    const waits = new Waits(LIMITS);
    // Three waits that end when the test says, after 5, 20 and 12 s.
    const ends: (() => void)[] = [];
    const endings = [5, 20, 12].map((seconds) => waits.hold('p_a', seconds, () => new Promise<void>((resolve) => ends.push(resolve))));
    const over = await waits.hold('p_a', 20, async () => 'ran').catch((e: unknown) => e);
    expect(over).toBeInstanceOf(TooManyWaits);
    const problem = over as TooManyWaits;
    expect(problem).toMatchObject({ status: 429, type: 'too-many-waits', retryAfterSeconds: 5 });
    expect(problem.detail).toContain('already holds 3 waiting requests');
    expect(retryAfterHeader(problem)).toEqual({ 'retry-after': '5' });
    expect(await waits.hold('p_b', 20, async () => 'other key')).toBe('other key');
    await vi.advanceTimersByTimeAsync(5_000);
    ends[0]?.();
    await endings[0];
    expect(await waits.hold('p_a', 20, async () => 'a slot again')).toBe('a slot again');
    for (const end of ends) end();
    await Promise.all(endings);
    expect(waits.stats().held).toBe(0);
  });

  it('REL-23 ARBITER_MAX_WAITS_PER_KEY sets the cap; anything but a whole number of at least 1 stops the start', () => {
    expect(waitLimitsFromEnv({}).maxWaitsPerKey).toBe(10);
    expect(waitLimitsFromEnv({ ARBITER_MAX_WAITS_PER_KEY: '25' }).maxWaitsPerKey).toBe(25);
    for (const bad of ['0', '-1', '2.5', 'many']) {
      expect(() => waitLimitsFromEnv({ ARBITER_MAX_WAITS_PER_KEY: bad })).toThrow(/ARBITER_MAX_WAITS_PER_KEY must be a whole number/);
    }
  });
});
