/**
 * The local runtime on the in-memory adapters: the same HTTP API, phase timers, bus and webhook
 * deliveries as `npm start`, with the memory store's appends as the stream. The tests of what is
 * not about storage run on it without Java (ARC-3, docs/design.md §17); DynamoDB Local keeps
 * the contract suite, the stream and crash tests and a few matches through `npm start`.
 */
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { MemoryGameStore } from '../../functions/adapters/memory/game-store.ts';
import { MemoryWebhookStore } from '../../functions/adapters/memory/webhook-store.ts';
import { dnsResolve, HttpWebhookSender } from '../../functions/adapters/webhook-sender.ts';
import { Waits, waitLimitsFromEnv } from '../../functions/games/app/waiting.ts';
import { defaultRateLimits } from '../../functions/kernel/rate-limits.ts';
import { STREAM_CONSUMERS } from '../../functions/stream/consumers/index.ts';
import { MemoryStream } from './memory-stream.ts';
import { type ServiceOptions, type ServiceRuntime, startServices } from './runtime.ts';
import { localWebhookPolicy } from './webhook-deliveries.ts';

/**
 * Real time plus whatever a test skipped: commands, deadlines and reminders are timed on it, so
 * a test of a deadline jumps to it instead of waiting for it, and the timers still run for real.
 */
export class SkippingClock {
  private skipped = 0;
  private readonly listeners: (() => void)[] = [];

  readonly now = (): number => Date.now() + this.skipped;

  /** Move the clock on to `iso` (never back); deadlines due by then fire. */
  skipTo(iso: string): void {
    this.skipped += Math.max(0, Date.parse(iso) - this.now());
    for (const listener of this.listeners) listener();
  }

  onSkip(listener: () => void): void {
    this.listeners.push(listener);
  }
}

export interface MemoryRuntime extends ServiceRuntime {
  /** The stand-in for the events table's stream: `idle()` waits until its consumers caught up. */
  readonly stream: MemoryStream;
  readonly clock: SkippingClock;
  /**
   * Move the clock on to `iso`, and resolve once every deadline and reminder due by then has
   * fired and the stream's consumers have caught up with what they wrote.
   */
  skipTo(iso: string): Promise<void>;
}

export const startMemoryRuntime = async (options: ServiceOptions): Promise<MemoryRuntime> => {
  const clock = new SkippingClock();
  const policy = localWebhookPolicy(options.webhooks);
  const resolve = options.resolve ?? dnsResolve;
  const deps = createMemoryDeps(everyRuleset(), {
    webhooks: { table: new MemoryWebhookStore(), policy, sender: new HttpWebhookSender(policy, resolve), resolve },
    waits: new Waits({ ...waitLimitsFromEnv(process.env), ...options.waits }),
    rateLimits: { ...defaultRateLimits, ...options.rateLimits },
    clock: () => new Date(clock.now()),
  });
  const services = await startServices(deps, options, undefined, clock.now);
  clock.onSkip(() => services.scheduler.wake());
  // HALL-3: the same consumers, in the same order per batch, as the stream poller and the Lambdas run (§10).
  const ports = { deps, scheduler: services.scheduler, bus: services.bus, ...(options.log ? { report: options.log } : {}) };
  const stream = new MemoryStream(
    STREAM_CONSUMERS.map((c) => ({
      name: c.name,
      streams: c.streams,
      handle: (id: string, events: readonly EventEnvelope[]) => c.handle(ports, id, events),
    })),
    options.log,
    deps.metrics,
  );
  if (!(deps.store instanceof MemoryGameStore)) throw new Error('the memory runtime needs the memory game store');
  deps.store.onAppend(stream.push);
  return {
    ...services,
    stream,
    clock,
    skipTo: async (iso) => {
      clock.skipTo(iso);
      const due = () => [...services.scheduler.pending.values()].some((d) => Date.parse(d.at) <= clock.now());
      // The scheduler fires what is due on its next timer turn; a fire deletes its entry when done.
      while (due()) await new Promise((resolve) => setTimeout(resolve, 10));
      await stream.idle();
    },
    stop: async () => {
      await stream.stop();
      await services.stop();
    },
  };
};
