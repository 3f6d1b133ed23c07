/**
 * Lambda: webhook deliveries (PBM-6), fed by an SQS queue. Two kinds of message arrive:
 * the integration events an EventBridge rule copies from the bus, which fan out to one
 * delivery per matching subscription, and this function's own delayed messages, each the
 * next attempt of one delivery. A failed attempt due later goes back on the queue with a
 * delay (SQS allows 15 minutes; a longer wait just arrives early and is put back). A
 * message whose processing throws is reported as a partial batch failure, and SQS moves
 * it to the dead-letter queue after bounded receives.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { everyFold } from '../../domain/folds.ts';
import * as z from '../../domain/kernel/zod.ts';
import { kmsSignerFromEnv } from '../adapters/kms-signer.ts';
import { dnsResolve, HttpWebhookSender } from '../adapters/webhook-sender.ts';
import { required } from '../config.ts';
import type { Deps } from '../kernel/deps.ts';
import type { IntegrationEvent } from '../kernel/ports.ts';
import { depsFromEnv } from '../lambda-deps.ts';
import { fanOut } from '../notifications/app/webhook-fanout.ts';
import { advance, type Delivery } from '../notifications/app/webhooks.ts';

/** Where a delivery that is not done goes to wait. */
export interface DeliveryQueue {
  later(delivery: Delivery, delayMs: number): Promise<void>;
}

/** An EventBridge event as the rule's SQS target delivers it (the publisher's `toEntry`, seen from the other side). */
const busEvent = /* @__PURE__ */ z.lazy(() =>
  z.object({
    'detail-type': z.string(),
    time: z.string(),
    detail: z.looseObject({ eventId: z.string(), gameId: z.string(), seq: z.int() }),
  }),
);

const retryMessage = /* @__PURE__ */ z.lazy(() =>
  z.object({
    delivery: z.looseObject({ id: z.string(), playerId: z.string(), subscriptionId: z.string(), notice: z.looseObject({}) }),
  }),
);

export const toIntegrationEvent = (message: z.infer<typeof busEvent>): IntegrationEvent => {
  const { eventId, gameId, seq, ...detail } = message.detail;
  return { id: eventId, type: message['detail-type'] as IntegrationEvent['type'], gameId, seq, at: message.time, detail };
};

const step = async (deps: Deps, queue: DeliveryQueue, delivery: Delivery): Promise<void> => {
  const next = await advance(deps, delivery);
  if (!next.done) await queue.later(delivery, next.retryInMs);
};

const processRecord = async (deps: Deps, queue: DeliveryQueue, record: SQSRecord): Promise<void> => {
  const body: unknown = JSON.parse(record.body);
  const retry = retryMessage.safeParse(body);
  if (retry.success) return step(deps, queue, retry.data.delivery as unknown as Delivery);
  const deliveries = await fanOut(deps, toIntegrationEvent(busEvent.parse(body)));
  await Promise.all(deliveries.map((delivery) => step(deps, queue, delivery)));
};

/** The game a message is about, for the log: a bus event's, or a retry's delivery's; null when the body says none. */
const gameIdIn = (body: string): string | null => {
  try {
    const parsed = JSON.parse(body) as { detail?: { gameId?: unknown }; delivery?: { notice?: { gameId?: unknown } } };
    const gameId = parsed.detail?.gameId ?? parsed.delivery?.notice?.gameId;
    return typeof gameId === 'string' ? gameId : null;
  } catch {
    return null;
  }
};

/**
 * The deliverer: each message fanned out or retried, a failing one reported for SQS to hand
 * back (REL-5). OPS-3: a failure is one JSON line with Lambda's request id, whether the
 * container is cold, the message and its game (notifications carry no command id).
 */
export const makeDeliverer = (deps: () => Deps, queue: () => DeliveryQueue) => {
  let served = false;
  return async (event: SQSEvent, context?: { readonly awsRequestId?: string }): Promise<SQSBatchResponse> => {
    const invocation = { function: 'webhooks', requestId: context?.awsRequestId ?? 'none', coldStart: !served };
    served = true;
    const failures = await Promise.all(
      event.Records.map(async (record) => {
        try {
          await processRecord(deps(), queue(), record);
          return null;
        } catch (error) {
          console.error(
            JSON.stringify({
              level: 'error',
              msg: 'webhook delivery failed',
              ...invocation,
              messageId: record.messageId,
              gameId: gameIdIn(record.body),
              commandId: null,
              error: String(error),
              ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
            }),
          );
          return { itemIdentifier: record.messageId };
        }
      }),
    );
    return { batchItemFailures: failures.filter((f) => f !== null) };
  };
};

/** SQS's longest message delay. */
const MAX_DELAY_SECONDS = 900;

export class SqsDeliveryQueue implements DeliveryQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async later(delivery: Delivery, delayMs: number): Promise<void> {
    await this.client.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify({ delivery }),
        DelaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delayMs / 1000))),
      }),
    );
  }
}

let queue: DeliveryQueue | undefined;
const queueFromEnv = (): DeliveryQueue => {
  queue ??= new SqsDeliveryQueue(new SQSClient({}), required('WEBHOOK_QUEUE_URL'));
  return queue;
};

// Folds games of every rule system, so every fold is imported at start (no referee: PERF-1). Signs the
// receipts its notifications carry with the key the stack's KMS key certifies (TRUST-2).
export const handler = makeDeliverer(
  () => depsFromEnv({ rulesets: everyFold(), sender: (policy) => new HttpWebhookSender(policy, dnsResolve), signer: kmsSignerFromEnv }),
  queueFromEnv,
);
