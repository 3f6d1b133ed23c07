/**
 * The webhook delivery engine (PBM-2, PBM-3), the same on AWS and locally: `fanOut`
 * (webhook-fanout.ts) turns one integration event into one delivery per matching
 * subscription; `advance` makes the next attempt of a delivery when it is due. Each delivery's state lives in its
 * subscription's log, so `advance` is safe to call again for the same delivery (a
 * redelivered queue message, a duplicate event): an attempt is claimed in the log before
 * it is made, a finished delivery is never sent again, and every attempt carries the same
 * `webhook-id`. The caller only has to call `advance` again after `retryInMs` (an SQS
 * message delay on AWS, a timer locally).
 */
import { createHmac } from 'node:crypto';
import type { Metrics } from '../../kernel/metrics.ts';
import type { DeliveryLogEntry, HookRecord, Resolve, SendOutcome, Subscription, WebhookSender, WebhookStore } from '../../kernel/ports.ts';
import { type Notice, webhookBody } from './webhook-messages.ts';

export interface WebhookPolicy {
  /** Refuse plain http URLs (on AWS). */
  readonly requireHttps: boolean;
  /** Let deliveries reach loopback: only the local runtime's explicit flag sets it. */
  readonly allowLoopback: boolean;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  /** Attempts of one delivery before it fails and its subscription is disabled. */
  readonly maxAttempts: number;
  /** The wait after attempt n is retryBaseMs * 2^(n-1), at most retryMaxMs. */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** Delivery log entries kept per subscription (finished ones are dropped first). */
  readonly logSize: number;
  readonly maxSubscriptions: number;
}

/** One minute, then doubling to an hour: 8 attempts span about two hours. */
export const defaultWebhookPolicy: WebhookPolicy = {
  requireHttps: true,
  allowLoopback: false,
  timeoutMs: 5_000,
  maxResponseBytes: 16 * 1024,
  maxAttempts: 8,
  retryBaseMs: 60_000,
  retryMaxMs: 60 * 60_000,
  logSize: 50,
  maxSubscriptions: 20,
};

export interface Webhooks {
  readonly table: WebhookStore;
  readonly policy: WebhookPolicy;
  /**
   * Only the functions that deliver (the API's test ping, the webhook worker, the local
   * runtime) are given one: the sender brings DNS, HTTP and the address guard, which the
   * other functions' cold starts need not load (PERF-1).
   */
  readonly sender?: WebhookSender;
  /**
   * Resolves a subscription's host to check its addresses when it is made, as the sender does
   * at each delivery (REL-28). Given with the sender (`dns.lookup` in production); tests give
   * their own, so that none sends a DNS query off the machine.
   */
  readonly resolve?: Resolve;
}

/** One notice for one subscription; `id` is the Standard Webhooks message id, the same for every attempt. */
export interface Delivery {
  readonly id: string;
  readonly playerId: string;
  readonly subscriptionId: string;
  readonly notice: Notice;
}

export type Advanced = { readonly done: true } | { readonly done: false; readonly retryInMs: number };

export const backoffMs = (policy: WebhookPolicy, attempt: number): number =>
  Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** (attempt - 1));

/**
 * The Standard Webhooks headers (PBM-2). The signature is `v1,` and the base64 HMAC-SHA256,
 * keyed with the secret's bytes (the base64 after `whsec_`), of `id.timestamp.body`: the
 * spec's whole algorithm, computed by Node's native crypto. The standardwebhooks package
 * signs the same way in pure JavaScript (12 KiB in a bundle); the tests check that it
 * verifies ours, and that both sign alike.
 */
export const signedHeaders = (secret: string, id: string, at: Date, body: string): Record<string, string> => {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
};

type Plan =
  | { readonly action: 'attempt'; readonly attempt: number }
  | { readonly action: 'wait'; readonly ms: number }
  | { readonly action: 'cancel' }
  | { readonly action: 'done' };

const FINAL = new Set(['delivered', 'failed', 'cancelled']);

/** A claim older than this was lost (the process died mid-attempt): the attempt is made again. */
const staleAfterMs = (policy: WebhookPolicy) => 2 * policy.timeoutMs + 5_000;

/** What to do for a delivery now, from its log entry: the heart of at-least-once without duplicate attempts. */
export const plan = (record: HookRecord, id: string, now: Date, policy: WebhookPolicy): Plan => {
  const entry = record.log.find((e) => e.id === id);
  if (entry && FINAL.has(entry.status)) return { action: 'done' };
  if (!record.subscription.enabled) return { action: 'cancel' };
  if (!entry) return { action: 'attempt', attempt: 1 };
  const since = now.getTime() - Date.parse(entry.lastAttemptAt ?? entry.createdAt);
  if (entry.status === 'sending') return since > staleAfterMs(policy) ? { action: 'attempt', attempt: entry.attempts } : { action: 'done' };
  const wait = Date.parse(entry.nextAttemptAt ?? '') - now.getTime();
  return wait > 0 ? { action: 'wait', ms: wait } : { action: 'attempt', attempt: entry.attempts + 1 };
};

/** Put an entry in the log (replacing its earlier state), dropping the oldest finished entries beyond the bound. */
export const withEntry = (log: readonly DeliveryLogEntry[], entry: DeliveryLogEntry, size: number): DeliveryLogEntry[] => {
  const next = log.some((e) => e.id === entry.id) ? log.map((e) => (e.id === entry.id ? entry : e)) : [...log, entry];
  let excess = next.length - size;
  return next.filter((e) => {
    if (excess > 0 && FINAL.has(e.status) && e.id !== entry.id) {
      excess -= 1;
      return false;
    }
    return true;
  });
};

const newEntry = (delivery: Delivery, at: string): DeliveryLogEntry => ({
  id: delivery.id,
  kind: delivery.notice.kind,
  eventId: delivery.notice.eventId,
  gameId: delivery.notice.gameId,
  createdAt: at,
  status: 'sending',
  attempts: 0,
  lastAttemptAt: null,
  nextAttemptAt: null,
  responseStatus: null,
  lastError: null,
});

/** Make the next attempt of a delivery if it is due; answer when to call again. */
/** What delivering needs of the application's dependencies (a part of `Deps`, named here so that this module does not import the one that builds them). */
export interface DeliveryDeps {
  readonly webhooks: Webhooks;
  readonly clock: () => Date;
  readonly randomHex: (bytes: number) => string;
  readonly metrics: Metrics;
}

export const advance = async (deps: DeliveryDeps, delivery: Delivery): Promise<Advanced> => {
  const { table, policy } = deps.webhooks;
  const now = deps.clock();
  let decided: Plan = { action: 'done' };
  const claimed = await table.update(delivery.playerId, delivery.subscriptionId, (record) => {
    decided = plan(record, delivery.id, now, policy);
    const entry = record.log.find((e) => e.id === delivery.id) ?? newEntry(delivery, now.toISOString());
    if (decided.action === 'attempt') {
      const sending: DeliveryLogEntry = {
        ...entry,
        status: 'sending',
        attempts: decided.attempt,
        lastAttemptAt: now.toISOString(),
        nextAttemptAt: null,
      };
      return { ...record, log: withEntry(record.log, sending, policy.logSize) };
    }
    if (decided.action === 'cancel') {
      const cancelled: DeliveryLogEntry = {
        ...entry,
        status: 'cancelled',
        nextAttemptAt: null,
        lastError: entry.lastError ?? 'the subscription is disabled',
      };
      return { ...record, log: withEntry(record.log, cancelled, policy.logSize) };
    }
    return null;
  });
  const chosen = decided as Plan;
  if (!claimed || chosen.action === 'done' || chosen.action === 'cancel') return { done: true };
  if (chosen.action === 'wait') return { done: false, retryInMs: chosen.ms };
  const outcome = await send(deps, claimed, delivery, now);
  // OPS-3: every attempt, so that failures over both is the failure rate an alarm reads.
  deps.metrics.count(outcome.ok ? 'WebhookDelivered' : 'WebhookFailed', {});
  return settle(deps, delivery, chosen.attempt, outcome);
};

const send = (deps: DeliveryDeps, record: HookRecord, delivery: Delivery, at: Date): Promise<SendOutcome> => {
  const body = webhookBody(record.subscription.format, delivery.notice);
  const { sender } = deps.webhooks;
  if (!sender) throw new Error('these deps were built without a webhook sender: only the API and the webhook worker deliver');
  return sender.send({ url: record.subscription.url, headers: signedHeaders(record.secret, delivery.id, at, body), body });
};

/** Record an attempt's outcome; a delivery that finally fails disables its subscription, with the reason (PBM-3). */
const settle = async (deps: DeliveryDeps, delivery: Delivery, attempt: number, outcome: SendOutcome): Promise<Advanced> => {
  const { table, policy } = deps.webhooks;
  const now = deps.clock();
  const retry = !outcome.ok && outcome.retryable && attempt < policy.maxAttempts;
  const waitMs = backoffMs(policy, attempt);
  await table.update(delivery.playerId, delivery.subscriptionId, (record) => {
    const entry = record.log.find((e) => e.id === delivery.id);
    if (entry?.status !== 'sending' || entry.attempts !== attempt) return null;
    const settled: DeliveryLogEntry = {
      ...entry,
      status: outcome.ok ? 'delivered' : retry ? 'retrying' : 'failed',
      responseStatus: outcome.status,
      lastError: outcome.ok ? null : outcome.error,
      nextAttemptAt: retry ? new Date(now.getTime() + waitMs).toISOString() : null,
    };
    const failed = settled.status === 'failed';
    return {
      ...record,
      subscription: failed ? disabled(record.subscription, delivery.id, attempt, outcome, now) : record.subscription,
      log: withEntry(record.log, settled, policy.logSize),
    };
  });
  return retry ? { done: false, retryInMs: waitMs } : { done: true };
};

const disabled = (subscription: Subscription, id: string, attempts: number, outcome: SendOutcome, at: Date): Subscription => {
  const error = outcome.ok ? '' : outcome.error;
  const why =
    !outcome.ok && !outcome.retryable
      ? `Delivery ${id} was refused and will not pass on a retry: ${error}.`
      : `Delivery ${id} failed ${attempts} time${attempts === 1 ? '' : 's'}; the last error: ${error}.`;
  return {
    ...subscription,
    enabled: false,
    disabledAt: at.toISOString(),
    disabledReason: `${why} Fix the receiver, then POST /me/webhooks/${subscription.id}/enable.`,
  };
};

/** One immediate attempt, logged, never retried and never disabling: the test ping (PBM-1). */
export const pingOnce = async (deps: DeliveryDeps, record: HookRecord): Promise<{ deliveryId: string; outcome: SendOutcome }> => {
  const { table, policy } = deps.webhooks;
  const now = deps.clock();
  const { subscription } = record;
  const notice: Notice = {
    kind: 'ping',
    subscriptionId: subscription.id,
    eventId: null,
    event: null,
    gameId: subscription.gameId,
    seq: null,
    at: now.toISOString(),
    ruleset: null,
    rulesetTitle: null,
    seat: null,
    turn: null,
    round: null,
    phase: null,
    deadline: null,
    result: null,
  };
  const delivery: Delivery = { id: `msg_${deps.randomHex(16)}`, playerId: subscription.playerId, subscriptionId: subscription.id, notice };
  const entry = { ...newEntry(delivery, now.toISOString()), attempts: 1, lastAttemptAt: now.toISOString() };
  const claimed = await table.update(subscription.playerId, subscription.id, (current) => ({
    ...current,
    log: withEntry(current.log, entry, policy.logSize),
  }));
  const outcome = await send(deps, claimed ?? record, delivery, now);
  await table.update(subscription.playerId, subscription.id, (current) => ({
    ...current,
    log: withEntry(
      current.log,
      {
        ...entry,
        status: outcome.ok ? 'delivered' : 'failed',
        responseStatus: outcome.status,
        lastError: outcome.ok ? null : outcome.error,
      },
      policy.logSize,
    ),
  }));
  return { deliveryId: delivery.id, outcome };
};
