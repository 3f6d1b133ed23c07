/**
 * Webhook deliveries in the local runtime (PBM-6): the same engine as the AWS delivery
 * function, fed by the in-process bus instead of an SQS queue, with timers in place of
 * message delays. What is pending lives only in this process (the delivery log keeps its
 * state), so stopping the runtime drops the timers and waits for attempts in flight.
 */
import type { IntegrationEvent } from '../../functions/adapters/bus.ts';
import type { Deps } from '../../functions/app/deps.ts';
import { fanOut } from '../../functions/app/webhook-fanout.ts';
import { advance, backoffMs, type Delivery, defaultWebhookPolicy, type WebhookPolicy } from '../../functions/app/webhooks.ts';

export class LocalWebhookDeliveries {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly deps: () => Deps,
    private readonly log: (line: string) => void = () => {},
  ) {}

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
      if (!next.done) this.later(next.retryInMs, () => this.advance(delivery, 0));
    } catch (error) {
      const policy = this.deps().webhooks.policy;
      const given = failures + 1 >= policy.maxAttempts;
      this.log(`webhooks: delivery ${delivery.id} to ${delivery.subscriptionId}: ${(error as Error).message}${given ? '; gave up' : ''}`);
      if (!given) this.later(backoffMs(policy, failures + 1), () => this.advance(delivery, failures + 1));
    }
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
