/**
 * Webhook deliveries on AWS (PBM-6): a rule on the `arbiter` bus copies every integration
 * event to an encrypted SQS queue; the delivery function reads it (partial batch
 * responses) and puts retries back on the same queue with a delay. A message that keeps
 * failing moves to a dead-letter queue after bounded receives, and so does an event the
 * rule could not hand to the queue; the queue's alarm fires on the first one.
 */
import { Duration } from 'aws-cdk-lib';
import { type EventBus, type IEventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SOURCE } from '../../functions/adapters/bus.ts';
import type { ArbiterFunction } from './arbiter-function.ts';
import { deadLetterQueue } from './dead-letter-queue.ts';

export interface WebhookDeliveriesProps {
  readonly bus: EventBus;
  /** The delivery function: reads the queue, sends the webhooks, queues the retries. */
  readonly deliverer: ArbiterFunction;
}

/** Receives of one message before it is given up on: the engine's own retries are new messages, so these are crashes. */
export const maxReceiveCount = 5;

export class WebhookDeliveries extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: WebhookDeliveriesProps) {
    super(scope, id);
    this.deadLetters = deadLetterQueue(
      this,
      'DeadLetters',
      'webhook deliveries',
      'An integration event could not be handed to the delivery queue, or its processing kept crashing the WebhookDelivery function. Read its log group, fix the cause, then run npm run redrive, which moves the messages back to the delivery queue (each delivery keeps its webhook-id, so receivers de-duplicate).',
    );
    const timeout = props.deliverer.fn.timeout ?? Duration.minutes(1);
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the function's timeout, as AWS advises for SQS event sources.
      visibilityTimeout: Duration.seconds(timeout.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount },
    });
    this.rule = new Rule(this, 'Rule', {
      // The cast only bridges exactOptionalPropertyTypes (`eventSourceName: string | undefined` on
      // EventBus against an optional property on IEventBus), which mean the same thing.
      eventBus: props.bus as IEventBus,
      description: 'Arbiter integration events to the webhook delivery queue',
      eventPattern: { source: [SOURCE] },
      targets: [new SqsQueue(this.queue, { deadLetterQueue: this.deadLetters, retryAttempts: 10, maxEventAge: Duration.hours(6) })],
    });
    props.deliverer.fn.addEventSource(
      new SqsEventSource(this.queue, { batchSize: 10, maxBatchingWindow: Duration.seconds(1), reportBatchItemFailures: true }),
    );
    this.queue.grantSendMessages(props.deliverer.fn);
    props.deliverer.fn.addEnvironment('WEBHOOK_QUEUE_URL', this.queue.queueUrl);
  }
}
