/**
 * Waiting without polling (PBM-8), shared (REL-23): a read asked to wait registers with one
 * watcher per game or inbox in this process, and the watcher alone asks the store again, a
 * little less often each time, for all its waiters. So 200 waits on one game cost one read
 * per interval, not 200. A wait ends when its answer has something new, when its time runs
 * out, or when its client goes away (the signal), and then costs nothing more; a watcher
 * stops with its last waiter. Each API key holds at most `maxWaitsPerKey` waits at once.
 *
 * API Gateway gives a request 30 s, so a wait is at most 20 s. On Lambda an execution
 * environment serves one request at a time, so there each watcher has one waiter, and the
 * per-key cap is held by leases in the table that every instance shares (`WaitLeases`).
 */
import { randomUUID } from 'node:crypto';
import { Problem } from '../../kernel/problems.ts';

/** The longest wait a client may ask for, in seconds. */
export const MAX_WAIT_SECONDS = 20;

export interface WaitLimits {
  /** Waits one API key may hold at once in this process; one more is a 429 (REL-23). */
  readonly maxWaitsPerKey: number;
  /** The first pause before a watcher reads the store, doubled after each read up to `pollMaxMs`. */
  readonly pollFirstMs: number;
  readonly pollMaxMs: number;
}

export const DEFAULT_WAIT_LIMITS: WaitLimits = { maxWaitsPerKey: 10, pollFirstMs: 250, pollMaxMs: 1_000 };

/** The variable that sets `maxWaitsPerKey`, read at start by the API function and `npm start`. */
export const MAX_WAITS_ENV = 'ARBITER_MAX_WAITS_PER_KEY';

/** The limits from the environment; a value that is not a whole number of at least 1 stops the start, naming the variable. */
export const waitLimitsFromEnv = (env: Readonly<Record<string, string | undefined>>): WaitLimits => {
  const raw = env[MAX_WAITS_ENV];
  if (raw === undefined || raw === '') return DEFAULT_WAIT_LIMITS;
  const max = Number(raw);
  if (!Number.isInteger(max) || max < 1) throw new Error(`${MAX_WAITS_ENV} must be a whole number of at least 1, not "${raw}"`);
  return { ...DEFAULT_WAIT_LIMITS, maxWaitsPerKey: max };
};

/** TABLE-5: the holder of a wait sent without a key: the address it came from. */
export const ADDRESS_HOLDER = 'address:';

/** REL-23: the key (or, without one, the address) already holds as many waits as it may; `retryAfter` (seconds) is when its first one ends. */
export class TooManyWaits extends Problem {
  constructor(
    max: number,
    readonly retryAfterSeconds: number,
    holder = '',
  ) {
    const [who, one] = holder.startsWith(ADDRESS_HOLDER) ? ['This address', 'address asking without a key'] : ['Your API key', 'key'];
    super(
      429,
      'too-many-waits',
      'Too many waiting requests',
      `${who} already holds ${max} waiting requests, the most one ${one} may hold at once; let one of them answer or close it, ask without wait, or retry after ${retryAfterSeconds} s.`,
      { maxWaits: max, retryAfter: retryAfterSeconds },
    );
  }
}

interface Waiter<T> {
  /** Probes started before this waiter joined: only a later probe may answer it. */
  readonly since: number;
  readonly accept: (value: T) => boolean;
  readonly done: (value: T | undefined) => void;
  readonly fail: (error: unknown) => void;
}

/** One game's or inbox's watcher: one read of the store per interval, for every waiter. */
class Watcher<T> {
  readonly waiters = new Set<Waiter<T>>();
  started = 0;
  private pause: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private probing = false;
  /** A poke came while a probe was under way: probe again as soon as it ends. */
  private poked = false;

  constructor(
    private readonly probe: () => Promise<T>,
    private readonly limits: WaitLimits,
    private readonly onProbe: () => void,
    private readonly onIdle: () => void,
  ) {
    this.pause = limits.pollFirstMs;
  }

  add(waiter: Waiter<T>): void {
    this.waiters.add(waiter);
    if (!this.timer && !this.probing) this.timer = setTimeout(() => void this.tick(), this.pause);
  }

  remove(waiter: Waiter<T>): void {
    this.waiters.delete(waiter);
    if (this.waiters.size > 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.onIdle();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    this.started += 1;
    const probe = this.started;
    this.probing = true;
    this.onProbe();
    const eligible = () => [...this.waiters].filter((w) => w.since < probe);
    try {
      const value = await this.probe();
      const answered = eligible().filter((w) => w.accept(value));
      for (const w of answered) w.done(value);
      this.pause = answered.length > 0 ? this.limits.pollFirstMs : Math.min(this.pause * 2, this.limits.pollMaxMs);
    } catch (error) {
      for (const w of eligible()) w.fail(error);
    } finally {
      this.probing = false;
    }
    const soon = this.poked;
    this.poked = false;
    if (this.waiters.size > 0) this.timer = setTimeout(() => void this.tick(), soon ? 0 : this.pause);
  }

  /**
   * What the probe reads may just have changed: read it now instead of at the end of the pause
   * (or, when a read is under way that may have missed the change, right after it).
   */
  poke(): void {
    if (this.waiters.size === 0) return;
    if (this.probing) {
      this.poked = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }
}

export interface WaitOptions {
  /** When the wait runs out, in ms since the epoch. */
  readonly until: number;
  /** Aborted when the client has gone: the wait ends at once and reads nothing more. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * The port for a key's waits across processes: on AWS each wait is a Lambda invocation of
 * its own, so a count kept in one process bounds nothing. A lease names one wait and when it
 * runs out; one whose holder died (a Lambda timed out) stops counting at that time.
 */
export interface WaitLeases {
  /** Takes lease `id` for `holder` until `until` (ms) if fewer than `max` unexpired ones are held: null; otherwise when the first of them runs out (ms). */
  acquire(holder: string, id: string, until: number, now: number, max: number): Promise<number | null>;
  release(holder: string, id: string): Promise<void>;
}

/** The waits of one process: the watchers by key, and the waits each API key holds. */
export class Waits {
  private readonly watchers = new Map<string, Watcher<unknown>>();
  private readonly held = new Map<string, number[]>();
  private probes = 0;

  /** `leases`, where waits are served by many processes (on AWS); one process counts on its own. */
  constructor(
    readonly limits: WaitLimits = DEFAULT_WAIT_LIMITS,
    private readonly leases?: WaitLeases,
  ) {}

  /**
   * Runs `wait` as one of `holder`'s waits of up to `seconds`, given when it runs out; over
   * the key's cap it is a 429 before anything is read.
   */
  async hold<T>(holder: string, seconds: number, wait: (until: number) => Promise<T>): Promise<T> {
    const now = Date.now();
    const until = now + Math.min(Math.max(0, seconds), MAX_WAIT_SECONDS) * 1000;
    const held = this.held.get(holder) ?? [];
    if (held.length >= this.limits.maxWaitsPerKey) {
      throw new TooManyWaits(this.limits.maxWaitsPerKey, Math.max(1, Math.ceil((Math.min(...held) - now) / 1000)), holder);
    }
    const lease = this.leases ? randomUUID() : null;
    if (this.leases && lease) {
      const firstEnds = await this.leases.acquire(holder, lease, until, now, this.limits.maxWaitsPerKey);
      if (firstEnds !== null) throw new TooManyWaits(this.limits.maxWaitsPerKey, Math.max(1, Math.ceil((firstEnds - now) / 1000)), holder);
    }
    held.push(until);
    this.held.set(holder, held);
    try {
      return await wait(until);
    } finally {
      held.splice(held.indexOf(until), 1);
      if (held.length === 0) this.held.delete(holder);
      // A release that fails leaves the lease to run out at `until`: the wait is over either way.
      if (this.leases && lease) await this.leases.release(holder, lease).catch(() => undefined);
    }
  }

  /**
   * The first value `probe` reads after this call that `accept` takes, read by the watcher of
   * `key` (shared by every wait on the same key); undefined when the wait runs out or the
   * client goes.
   */
  watch<T>(key: string, probe: () => Promise<T>, accept: (value: T) => boolean, options: WaitOptions): Promise<T | undefined> {
    const { signal } = options;
    if (signal?.aborted) return Promise.resolve(undefined);
    let watcher = this.watchers.get(key) as Watcher<T> | undefined;
    if (!watcher) {
      const created: Watcher<T> = new Watcher(
        probe,
        this.limits,
        () => {
          this.probes += 1;
        },
        () => {
          if (this.watchers.get(key) === created) this.watchers.delete(key);
        },
      );
      this.watchers.set(key, created as Watcher<unknown>);
      watcher = created;
    }
    const own = watcher;
    return new Promise<T | undefined>((resolve, reject) => {
      let settled = false;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', gone);
        own.remove(waiter);
        settle();
      };
      const waiter: Waiter<T> = {
        since: own.started,
        accept,
        done: (value) => finish(() => resolve(value)),
        fail: (error) => finish(() => reject(error)),
      };
      const gone = () => waiter.done(undefined);
      const timer = setTimeout(gone, Math.max(0, options.until - Date.now()));
      signal?.addEventListener('abort', gone, { once: true });
      own.add(waiter);
    });
  }

  /**
   * COST-7: this process has just written what `key`'s watcher reads (`npm start` calls it after
   * a write to a game's log or to an inbox): its waits are answered within a read, not after
   * the watcher's pause (250 ms to 1 s). On AWS the writer is another function, so nothing pokes
   * and the watcher's reads alone answer, as before. No watcher of `key`: nothing to do.
   */
  poke(key: string): void {
    this.watchers.get(key)?.poke();
  }

  /** How many watchers and waiters there are, and the reads the watchers have made: for tests and the bench. */
  stats(): { watchers: number; waiters: number; probes: number; held: number } {
    let waiters = 0;
    for (const w of this.watchers.values()) waiters += w.waiters.size;
    let held = 0;
    for (const h of this.held.values()) held += h.length;
    return { watchers: this.watchers.size, waiters, probes: this.probes, held };
  }
}
