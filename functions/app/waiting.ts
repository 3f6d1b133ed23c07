/**
 * Waiting without polling (PBM-8): a read that is asked to wait asks the store again, a
 * little less often each time, until its answer has something new or the wait runs out.
 * API Gateway gives a request 30 s, so a wait is at most 20 s.
 */
import type { Deps } from './deps.ts';

/** The longest wait a client may ask for, in seconds. */
export const MAX_WAIT_SECONDS = 20;
/** The first pause between two reads of the store, doubled after each read up to POLL_MAX_MS. */
export const POLL_FIRST_MS = 250;
export const POLL_MAX_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads with `probe` until `done` accepts the answer or `waitSeconds` have passed by the
 * clock, and returns the last answer. A wait of 0 reads once. The sleeps are counted too,
 * so a clock that stands still (tests) cannot make a wait endless.
 */
export const waitUntil = async <T>(
  deps: Pick<Deps, 'clock'>,
  waitSeconds: number,
  probe: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> => {
  const waitMs = Math.min(Math.max(0, waitSeconds), MAX_WAIT_SECONDS) * 1000;
  const deadline = deps.clock().getTime() + waitMs;
  let slept = 0;
  let pause = POLL_FIRST_MS;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    const left = Math.min(deadline - deps.clock().getTime(), waitMs - slept);
    if (left <= 0) return value;
    const nap = Math.min(pause, left);
    await sleep(nap);
    slept += nap;
    pause = Math.min(pause * 2, POLL_MAX_MS);
  }
};
