/**
 * The local runtime on the in-memory adapters: the same HTTP API, phase timers, bus and webhook
 * deliveries as `npm start`, with the memory store's appends as the stream. The tests of what is
 * not about storage run on it without Java (ARC-3, docs/design.md §17); DynamoDB Local keeps
 * the contract suite, the stream and crash tests and a few matches through `npm start`.
 */
import { everyRuleset } from '../../domain/rulesets.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { MemoryGameStore } from '../../functions/adapters/memory/game-store.ts';
import { MemoryWebhookStore } from '../../functions/adapters/memory/webhook-store.ts';
import { dnsResolve, HttpWebhookSender } from '../../functions/adapters/webhook-sender.ts';
import { reactForClubs } from '../../functions/app/club-reactions.ts';
import { projectGame } from '../../functions/app/projection.ts';
import { integrationEvents, publish } from '../../functions/app/publishing.ts';
import { defaultRateLimits } from '../../functions/app/rate-limits.ts';
import { reactToDeadlines } from '../../functions/app/timer-reactor.ts';
import { reactForTournaments } from '../../functions/app/tournament-rounds.ts';
import { transitions } from '../../functions/app/transitions.ts';
import { Waits, waitLimitsFromEnv } from '../../functions/app/waiting.ts';
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
  // The same four consumers, in the same order per batch, as the stream poller runs (§10).
  const stream = new MemoryStream(
    [
      {
        name: 'projector',
        handle: async (gameId, events) => {
          await projectGame(deps, gameId, events);
          await reactForClubs(deps, gameId, events);
        },
      },
      { name: 'timer-reactor', handle: (gameId, events) => reactToDeadlines(deps, services.scheduler, gameId, events, options.log) },
      {
        name: 'publisher',
        handle: async (gameId, events) => publish(services.bus, integrationEvents(deps.rulesets, await transitions(deps, gameId, events))),
      },
      // CLUB-4: a game's end reaches its tournament, and a tournament's pairing opens its games (§10.4).
      {
        name: 'tournaments',
        streams: 'all',
        handle: (id, events) => reactForTournaments(deps, services.scheduler, services.bus, id, events),
      },
    ],
    options.log,
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
