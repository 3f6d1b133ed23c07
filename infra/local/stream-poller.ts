/**
 * The local stand-in for Lambda's DynamoDB stream event source mapping: polls the
 * `events` table's stream about four times a second, keeps only INSERT records (the
 * mapping's filter), and hands each consumer the exact `DynamoDBStreamEvent` shape Lambda
 * would. Like the mapping, it honours `batchItemFailures`: it redelivers from the first
 * failed record, in order, a bounded number of times, then sets the records aside as the
 * on-failure destination would.
 */
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

export interface StreamConsumer {
  readonly name: string;
  readonly handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;
}

export interface PollerOptions {
  readonly endpoint: string;
  readonly streamArn: string;
  readonly consumers: readonly StreamConsumer[];
  readonly intervalMs?: number;
  readonly batchSize?: number;
  readonly maxAttempts?: number;
  readonly log?: (line: string) => void;
}

interface ConsumerQueue {
  readonly consumer: StreamConsumer;
  readonly records: DynamoDBRecord[];
  attempts: number;
}

interface ShardReader {
  iterator: string | undefined;
  closed: boolean;
}

export class StreamPoller {
  private readonly client: DynamoDBStreamsClient;
  private readonly shards = new Map<string, ShardReader>();
  private readonly queues: ConsumerQueue[];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** Records given up on after `maxAttempts`, per consumer: the local on-failure destination. */
  readonly failed: { consumer: string; records: DynamoDBRecord[] }[] = [];
  /** How many records each consumer has been handed successfully. */
  readonly delivered = new Map<string, number>();

  constructor(private readonly options: PollerOptions) {
    this.client = new DynamoDBStreamsClient({
      endpoint: options.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    this.queues = options.consumers.map((consumer) => ({ consumer, records: [], attempts: 0 }));
  }

  start(): void {
    const tick = async () => {
      if (this.stopped) return;
      this.running = this.pollOnce().catch((error: unknown) => this.options.log?.(`stream poller: ${String(error)}`));
      await this.running;
      if (!this.stopped) this.timer = setTimeout(tick, this.options.intervalMs ?? 250);
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.client.destroy();
  }

  /** One poll: discover shards, read new records, deliver to each consumer. */
  async pollOnce(): Promise<void> {
    await this.discoverShards();
    const fresh: DynamoDBRecord[] = [];
    for (const [shardId, reader] of this.shards) fresh.push(...(await this.read(shardId, reader)));
    const inserts = fresh.filter((r) => r.eventName === 'INSERT');
    for (const queue of this.queues) {
      queue.records.push(...inserts);
      await this.deliver(queue);
    }
  }

  private async discoverShards(): Promise<void> {
    const { StreamDescription } = await this.client.send(new DescribeStreamCommand({ StreamArn: this.options.streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || this.shards.has(shard.ShardId)) continue;
      const { ShardIterator } = await this.client.send(
        new GetShardIteratorCommand({ StreamArn: this.options.streamArn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }),
      );
      this.shards.set(shard.ShardId, { iterator: ShardIterator, closed: false });
    }
  }

  private async read(shardId: string, reader: ShardReader): Promise<DynamoDBRecord[]> {
    const records: DynamoDBRecord[] = [];
    while (reader.iterator && !reader.closed) {
      let page: GetRecordsCommandOutput;
      try {
        page = await this.client.send(new GetRecordsCommand({ ShardIterator: reader.iterator, Limit: 1000 }));
      } catch (error) {
        // An expired iterator, or (DynamoDB Local) a trim-horizon iterator taken while the
        // shard was empty: take a new one next tick. Consumers skip what they saw before.
        if (!(error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException)) throw error;
        this.shards.delete(shardId);
        return records;
      }
      records.push(...(page.Records ?? []).map((r) => this.toLambdaRecord(r)));
      reader.iterator = page.NextShardIterator;
      if (!page.NextShardIterator) reader.closed = true;
      if ((page.Records ?? []).length === 0) break;
    }
    return records;
  }

  private async deliver(queue: ConsumerQueue): Promise<void> {
    const batchSize = this.options.batchSize ?? 100;
    while (queue.records.length > 0) {
      const batch = queue.records.slice(0, batchSize);
      let failedFrom = -1;
      try {
        const response = await queue.consumer.handler({ Records: batch });
        failedFrom = firstFailure(batch, response);
      } catch (error) {
        this.options.log?.(`${queue.consumer.name} threw: ${String(error)}`);
        failedFrom = 0;
      }
      if (failedFrom === -1) {
        queue.records.splice(0, batch.length);
        queue.attempts = 0;
        this.delivered.set(queue.consumer.name, (this.delivered.get(queue.consumer.name) ?? 0) + batch.length);
        continue;
      }
      queue.records.splice(0, failedFrom);
      queue.attempts += 1;
      if (queue.attempts < (this.options.maxAttempts ?? 10)) return; // retried next tick, in order
      const dropped = queue.records.splice(0, batch.length - failedFrom);
      this.failed.push({ consumer: queue.consumer.name, records: dropped });
      this.options.log?.(`${queue.consumer.name}: gave up on ${dropped.length} records after ${queue.attempts} attempts`);
      queue.attempts = 0;
    }
  }

  private toLambdaRecord(r: StreamRecord): DynamoDBRecord {
    const d = r.dynamodb;
    return {
      eventID: r.eventID ?? '',
      eventName: r.eventName as DynamoDBRecord['eventName'],
      eventVersion: r.eventVersion ?? '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: r.awsRegion ?? 'us-east-1',
      eventSourceARN: this.options.streamArn,
      dynamodb: {
        ApproximateCreationDateTime: d?.ApproximateCreationDateTime ? Math.floor(d.ApproximateCreationDateTime.getTime() / 1000) : 0,
        Keys: d?.Keys as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
        NewImage: d?.NewImage as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'],
        SequenceNumber: d?.SequenceNumber ?? '',
        SizeBytes: d?.SizeBytes ?? 0,
        StreamViewType: 'NEW_IMAGE',
      },
    };
  }
}

/** Index of the first record Lambda would redeliver from, or -1 when all succeeded. */
const firstFailure = (batch: readonly DynamoDBRecord[], response: DynamoDBBatchResponse | undefined): number => {
  const failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
  if (failed.size === 0) return -1;
  const index = batch.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
  return index === -1 ? 0 : index;
};
