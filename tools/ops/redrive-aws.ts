/**
 * AWS-3 on AWS: what `npm run redrive -- --aws` reads and what it decides, message by message.
 *
 * - A stream consumer's on-failure queue holds, per batch given up on, only where the batch
 *   was (Lambda's `DDBStreamBatchInfo`: shard and sequence numbers), not the records: they
 *   are read back from the stream (kept 24 h) to learn their games. The projector's and the
 *   timer reactor's parts are then re-derived from the log (redrive.ts); the publisher's
 *   records are published again (their event ids are stable, so receivers de-duplicate).
 *   Past the stream's 24 h the records are gone: the message stays, and the operator runs
 *   `npm run rebuild` (every read model from the log) and deletes it.
 * - The deadline dead-letter queue holds the phase timer's input itself (`{gameId, phaseKey}`,
 *   or a reminder's): it is fired again, which is idempotent (`@deadline.<step>`).
 * - The webhook dead-letter queue goes back to the delivery queue in one SQS move task.
 *
 * A message is deleted only when its redrive succeeded; one that still fails stays (it
 * comes back after its visibility timeout, and its alarm stays on).
 */
import {
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandInput,
  GetShardIteratorCommand,
  type GetShardIteratorCommandInput,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import {
  DeleteMessageCommand,
  type DeleteMessageCommandInput,
  ReceiveMessageCommand,
  type ReceiveMessageCommandInput,
  type SQSClient,
  StartMessageMoveTaskCommand,
  type StartMessageMoveTaskCommandInput,
} from '@aws-sdk/client-sqs';
import type { DynamoDBRecord } from 'aws-lambda';
import * as z from '../../domain/kernel/zod.ts';
import { fireDeadline, remindDeadline } from '../../functions/games/app/phase-timer.ts';
import type { EventBus, TimerInput } from '../../functions/kernel/ports.ts';
import { makePublisher } from '../../functions/stream/publisher.ts';
import { makeTournamentReactor } from '../../functions/stream/tournaments.ts';
import { type Consumer, type RedriveContext, redriveGame } from './redrive.ts';

/**
 * The stack outputs `npm run redrive -- --aws --outputs cdk-outputs.json` reads (the stack
 * test checks the stack gives each one).
 */
export const REDRIVE_OUTPUTS = [
  'EventsTableName',
  'GamesTableName',
  'ProjectorFailuresQueueUrl',
  'TimerReactorFailuresQueueUrl',
  'PublisherFailuresQueueUrl',
  'TournamentReactorFailuresQueueUrl',
  'DeadlineDeadLettersQueueUrl',
  'DeadlineDeadLettersQueueArn',
  'WebhookDeadLettersQueueArn',
  'WebhookQueueArn',
  'ScheduleGroupName',
  'SchedulerRoleArn',
  'PhaseTimerArn',
  'EventBusName',
] as const;
export type RedriveOutput = (typeof REDRIVE_OUTPUTS)[number];

/** Lambda's on-failure record for a stream batch (the part that says where the batch was). */
const streamFailure = /* @__PURE__ */ z.lazy(() =>
  z.object({
    DDBStreamBatchInfo: z.object({
      shardId: z.string().check(z.minLength(1)),
      startSequenceNumber: z.string().check(z.regex(/^\d+$/)),
      endSequenceNumber: z.string().check(z.regex(/^\d+$/)),
      batchSize: z.number().check(z.int(), z.positive()),
      streamArn: z.string().check(z.minLength(1)),
    }),
  }),
);
export type StreamBatch = z.infer<typeof streamFailure>['DDBStreamBatchInfo'];

/** The batch an on-failure message points at, or null for a message that is not one. */
export const streamBatchOf = (body: string): StreamBatch | null => {
  try {
    return streamFailure.parse(JSON.parse(body)).DDBStreamBatchInfo;
  } catch {
    return null;
  }
};

const timerInput = /* @__PURE__ */ z.lazy(() =>
  z.object({
    gameId: z.string().check(z.minLength(1)),
    phaseKey: z.string().check(z.minLength(1)),
    reminder: z.optional(z.string().check(z.minLength(1))),
  }),
);

/** What the scheduler dead-letter queue holds: the schedule's target input, as the phase timer takes it. */
export const deadlineOf = (body: string): TimerInput | null => {
  try {
    const { reminder, ...input } = timerInput.parse(JSON.parse(body));
    return reminder === undefined ? input : { ...input, reminder };
  } catch {
    return null;
  }
};

export const shardIteratorInput = (batch: StreamBatch): GetShardIteratorCommandInput => ({
  StreamArn: batch.streamArn,
  ShardId: batch.shardId,
  ShardIteratorType: 'AT_SEQUENCE_NUMBER',
  SequenceNumber: batch.startSequenceNumber,
});

/** Every record of the batch, from its first sequence number through its last. */
export const readStreamBatch = async (client: DynamoDBStreamsClient, batch: StreamBatch): Promise<DynamoDBRecord[]> => {
  const end = BigInt(batch.endSequenceNumber);
  const found: DynamoDBRecord[] = [];
  let { ShardIterator: iterator } = await client.send(new GetShardIteratorCommand(shardIteratorInput(batch)));
  // An open shard may answer empty pages before the next record: a few, then give up.
  for (let empty = 0; iterator && empty < 5; ) {
    const page = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 } satisfies GetRecordsCommandInput));
    const records = page.Records ?? [];
    empty = records.length === 0 ? empty + 1 : 0;
    for (const record of records) {
      if (BigInt(record.dynamodb?.SequenceNumber ?? '0') > end) return found;
      found.push(toLambdaRecord(record, batch.streamArn));
    }
    if (found.length >= batch.batchSize) return found;
    iterator = page.NextShardIterator;
  }
  return found;
};

const toLambdaRecord = (r: StreamRecord, streamArn: string): DynamoDBRecord => ({
  eventID: r.eventID ?? '',
  eventName: r.eventName as DynamoDBRecord['eventName'],
  eventVersion: r.eventVersion ?? '1.1',
  eventSource: 'aws:dynamodb',
  awsRegion: r.awsRegion ?? '',
  eventSourceARN: streamArn,
  dynamodb: {
    ApproximateCreationDateTime: r.dynamodb?.ApproximateCreationDateTime
      ? Math.floor(r.dynamodb.ApproximateCreationDateTime.getTime() / 1000)
      : 0,
    Keys: r.dynamodb?.Keys as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
    NewImage: r.dynamodb?.NewImage as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'],
    SequenceNumber: r.dynamodb?.SequenceNumber ?? '',
    SizeBytes: r.dynamodb?.SizeBytes ?? 0,
    StreamViewType: 'NEW_IMAGE',
  },
});

/** The games of a batch's INSERT records, in order of first appearance. */
export const gamesOf = (records: readonly DynamoDBRecord[]): string[] => [
  ...new Set(
    records.filter((r) => r.eventName === 'INSERT').flatMap((r) => (r.dynamodb?.Keys?.gameId?.S ? [r.dynamodb.Keys.gameId.S] : [])),
  ),
];

/** One message as the drain sees it. */
export interface QueueMessage {
  readonly id: string;
  readonly body: string;
  readonly receipt: string;
}

/** The two things the drain does to a queue; SqsQueue is the real one. */
export interface MessageQueue {
  receive(): Promise<QueueMessage[]>;
  remove(message: QueueMessage): Promise<void>;
}

/** Ten at a time, without waiting, hidden for five minutes while they are redriven. */
export const receiveInput = (queueUrl: string): ReceiveMessageCommandInput => ({
  QueueUrl: queueUrl,
  MaxNumberOfMessages: 10,
  WaitTimeSeconds: 0,
  VisibilityTimeout: 300,
  MessageSystemAttributeNames: ['ApproximateReceiveCount'],
  MessageAttributeNames: ['All'],
});

export const deleteInput = (queueUrl: string, message: QueueMessage): DeleteMessageCommandInput => ({
  QueueUrl: queueUrl,
  ReceiptHandle: message.receipt,
});

/** The webhook dead-letter queue back to the delivery queue (SQS's own dead-letter redrive). */
export const moveTaskInput = (deadLettersArn: string, queueArn: string): StartMessageMoveTaskCommandInput => ({
  SourceArn: deadLettersArn,
  DestinationArn: queueArn,
});

export class SqsQueue implements MessageQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async receive(): Promise<QueueMessage[]> {
    const { Messages = [] } = await this.client.send(new ReceiveMessageCommand(receiveInput(this.queueUrl)));
    return Messages.map((m) => ({ id: m.MessageId ?? '', body: m.Body ?? '', receipt: m.ReceiptHandle ?? '' }));
  }

  async remove(message: QueueMessage): Promise<void> {
    await this.client.send(new DeleteMessageCommand(deleteInput(this.queueUrl, message)));
  }
}

export const moveWebhookDeadLetters = async (client: SQSClient, deadLettersArn: string, queueArn: string): Promise<string> => {
  const { TaskHandle } = await client.send(new StartMessageMoveTaskCommand(moveTaskInput(deadLettersArn, queueArn)));
  return `webhook dead letters: moving back to the delivery queue (task ${TaskHandle ?? '?'})`;
};

export interface Drained {
  readonly redriven: number;
  readonly kept: number;
  readonly lines: readonly string[];
}

/**
 * Every message the queue has now: each redriven and deleted on success, left on failure.
 * Received messages stay hidden while this runs, so one that fails is not seen twice and
 * the drain ends at the first empty receive.
 */
export const drainQueue = async (
  queue: MessageQueue,
  redrive: (message: QueueMessage) => Promise<{ ok: boolean; lines: readonly string[] }>,
): Promise<Drained> => {
  let redriven = 0;
  let kept = 0;
  const lines: string[] = [];
  for (let batch = await queue.receive(); batch.length > 0; batch = await queue.receive()) {
    for (const message of batch) {
      const outcome = await redrive(message).catch((error: Error) => ({ ok: false, lines: [`still fails: ${error.message}`] }));
      lines.push(...outcome.lines.map((l) => `${message.id}: ${l}`));
      if (outcome.ok) {
        await queue.remove(message);
        redriven += 1;
      } else kept += 1;
    }
  }
  return { redriven, kept, lines };
};

export interface AwsRedriveContext extends RedriveContext {
  readonly streams: DynamoDBStreamsClient;
  readonly bus: EventBus;
}

/** One on-failure message of a stream consumer: its records read back, then the consumer's part for each game. */
export const redriveStreamFailure =
  (context: AwsRedriveContext, consumer: Consumer) =>
  async (message: QueueMessage): Promise<{ ok: boolean; lines: readonly string[] }> => {
    const batch = streamBatchOf(message.body);
    if (!batch) return { ok: false, lines: ['not a stream on-failure record; left in the queue'] };
    const records = await readStreamBatch(context.streams, batch);
    if (records.length === 0)
      return {
        ok: false,
        lines: [
          `the stream no longer has records ${batch.startSequenceNumber}..${batch.endSequenceNumber} (kept 24 h): run npm run rebuild, then delete this message`,
        ],
      };
    if (consumer === 'tournaments') {
      // As the publisher's: the records handed to the reactor again, bus and scheduler included (idempotent, CLUB-4).
      const response = await makeTournamentReactor(
        () => context.deps,
        () => context.scheduler,
        () => context.bus,
      )({ Records: records });
      const failures = response.batchItemFailures.length;
      return {
        ok: failures === 0,
        lines: [`gave ${records.length} record(s) to the tournament reactor again${failures ? `; ${failures} still fail` : ''}`],
      };
    }
    if (consumer === 'publisher') {
      const response = await makePublisher(
        () => context.deps,
        () => context.bus,
      )({ Records: records });
      const failures = response.batchItemFailures.length;
      return {
        ok: failures === 0,
        lines: [`published the integration events of ${records.length} record(s) again${failures ? `; ${failures} still fail` : ''}`],
      };
    }
    const results = await Promise.all(gamesOf(records).map((gameId) => redriveGame(context, gameId, [consumer])));
    return { ok: results.every((r) => r.ok), lines: results.flatMap((r) => r.lines) };
  };

/** One message of the deadline dead-letter queue: the deadline (or reminder) fired again. */
export const redriveDeadline =
  (context: AwsRedriveContext) =>
  async (message: QueueMessage): Promise<{ ok: boolean; lines: readonly string[] }> => {
    const input = deadlineOf(message.body);
    if (!input) return { ok: false, lines: ['not a phase timer input; left in the queue'] };
    if (input.reminder !== undefined) {
      await remindDeadline(context.deps, context.bus, { ...input, reminder: input.reminder });
      return {
        ok: true,
        lines: [`${input.gameId}: reminder ${input.reminder} of ${input.phaseKey} sent again (only to seats still awaited)`],
      };
    }
    const fired = await fireDeadline(context.deps, input);
    return {
      ok: true,
      lines: [
        `${input.gameId}: deadline of ${input.phaseKey} fired again: ${fired.written} event(s) written${fired.written === 0 ? ' (it had passed already, or the game moved on)' : ''}`,
      ],
    };
  };
