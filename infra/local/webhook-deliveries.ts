/**
 * Webhook deliveries in the local runtime (PBM-6): the same engine as the AWS delivery
 * function, fed by the in-process bus instead of an SQS queue, with timers in place of
 * message delays. Each retry is also kept in the games table (REL-30), and `resume` arms
 * again those a stopped or killed runtime left; stopping drops the timers and waits for
 * attempts in flight.
 */

import type { Deps } from '../../functions/kernel/deps.ts';
import type { IntegrationEvent } from '../../functions/kernel/ports.ts';
import { fanOut } from '../../functions/notifications/app/webhook-fanout.ts';
import { advance, backoffMs, type Delivery, defaultWebhookPolicy, type WebhookPolicy } from '../../functions/notifications/app/webhooks.ts';
import type { WebhookRetries } from './webhook-retries.ts';

export class LocalWebhookDeliveries {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  /** Deliveries whose retry is kept in the table, to drop there once they are done. */
  private readonly kept = new Set<string>();
  private stopped = false;

  constructor(
    private readonly deps: () => Deps,
    private readonly log: (line: string) => void = () => {},
    private readonly retries?: WebhookRetries,
  ) {}

  /**
   * Arm the retries kept by an earlier run (REL-30): a retry of an event still in the stream
   * would come back with the stream's replay, but not one older than the stream keeps (24 h),
   * nor a reminder's (PBM-7), which was never in the stream. Answers how many.
   */
  async resume(): Promise<number> {
    const pending = (await this.retries?.all()) ?? [];
    const now = this.deps().clock().getTime();
    for (const { delivery, dueAt } of pending) {
      this.kept.add(delivery.id);
      this.later(Math.max(0, dueAt.getTime() - now), () => this.advance(delivery, 0));
    }
    return pending.length;
  }

  /** A bus listener: returns at once, the work goes on in the background. */
  readonly onEvent = (event: IntegrationEvent): void => {
    if (!this.stopped) this.track(this.deliverEvent(event, 1));
  };

  /** Nothing in flight and nothing waiting. */
  get idle(): boolean {
    return this.running.size === 0 && this.timers.size === 0;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  /** Fan out; when that fails (the table is unreachable), try the whole event again later, as SQS would. */
  private async deliverEvent(event: IntegrationEvent, attempt: number): Promise<void> {
    let deliveries: Delivery[];
    try {
      deliveries = await fanOut(this.deps(), event);
    } catch (error) {
      const policy = this.deps().webhooks.policy;
      if (attempt >= policy.maxAttempts) {
        this.log(`webhooks: gave up on ${event.id} after ${attempt} attempts: ${(error as Error).message}`);
        return;
      }
      this.later(backoffMs(policy, attempt), () => this.deliverEvent(event, attempt + 1));
      return;
    }
    await Promise.all(deliveries.map((delivery) => this.advance(delivery, 0)));
  }

  /** `failures` counts errors of the engine itself (not of the receiver, which the log counts). */
  private async advance(delivery: Delivery, failures: number): Promise<void> {
    try {
      const next = await advance(this.deps(), delivery);
      if (next.done) await this.forget(delivery);
      else await this.retryLater(delivery, next.retryInMs, () => this.advance(delivery, 0));
    } catch (error) {
      const policy = this.deps().webhooks.policy;
      const given = failures + 1 >= policy.maxAttempts;
      this.log(`webhooks: delivery ${delivery.id} to ${delivery.subscriptionId}: ${(error as Error).message}${given ? '; gave up' : ''}`);
      if (given) await this.forget(delivery);
      else await this.retryLater(delivery, backoffMs(policy, failures + 1), () => this.advance(delivery, failures + 1));
    }
  }

  /**
   * Kept before the timer is armed, so a retry that is done at once is never kept after its
   * drop; and kept while stopping too, for an attempt that `stop` waited for.
   */
  private async retryLater(delivery: Delivery, ms: number, work: () => Promise<void>): Promise<void> {
    if (this.retries) {
      try {
        await this.retries.keep(delivery, new Date(this.deps().clock().getTime() + ms));
        this.kept.add(delivery.id);
      } catch (error) {
        this.log(`webhooks: the retry of ${delivery.id} is kept in memory only, so a restart drops it: ${(error as Error).message}`);
      }
    }
    this.later(ms, work);
  }

  private async forget(delivery: Delivery): Promise<void> {
    if (!this.retries || !this.kept.delete(delivery.id)) return;
    await this.retries.drop(delivery.id).catch((error: unknown) => {
      this.log(`webhooks: could not drop the kept retry of ${delivery.id} (the next start finds it done): ${(error as Error).message}`);
    });
  }

  private later(ms: number, work: () => Promise<void>): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(work());
    }, ms);
    this.timers.add(timer);
  }

  private track(work: Promise<void>): void {
    const tracked = work.finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }
}

/** Locally plain http is fine; loopback still needs the explicit flag (`--allow-loopback-webhooks`). */
export const localWebhookPolicy = (overrides: Partial<WebhookPolicy> = {}): WebhookPolicy => ({
  ...defaultWebhookPolicy,
  requireHttps: false,
  allowLoopback: false,
  ...overrides,
});
