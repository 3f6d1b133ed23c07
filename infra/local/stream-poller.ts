/**
 * The local stand-in for Lambda's DynamoDB stream event source mapping: reads the `events`
 * table's stream when this process has just written to the table (`nudge`, see `writesTo`)
 * and otherwise once every interval, keeps only INSERT records (the mapping's filter), and
 * hands each consumer the exact `DynamoDBStreamEvent` shape Lambda would. Like the mapping, it honours `batchItemFailures` and bisects on error: it
 * redelivers from the first failed record, in order, a bounded number of times, then sets
 * that one record aside (REL-15), as bisection and the on-failure destination end up doing
 * on AWS, and moves on: one poison record never holds up the records behind it for good.
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
import type { Metrics } from '../../functions/kernel/metrics.ts';
import { type FailedRecords, memoryFailedRecords } from './failed-records.ts';

export interface StreamConsumer {
  readonly name: string;
  readonly handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;
}

export interface PollerOptions {
  readonly endpoint: string;
  readonly streamArn: string;
  readonly consumers: readonly StreamConsumer[];
  /** How long the poller waits between reads when nothing nudges it (1 s). */
  readonly intervalMs?: number;
  readonly batchSize?: number;
  /** Failed deliveries of one record before it is set aside. */
  readonly maxAttempts?: number;
  /** Where records given up on go (the on-failure destination); in memory unless given. */
  readonly failedRecords?: FailedRecords;
  readonly log?: (line: string) => void;
  /** OPS-3: where each record set aside is counted, by consumer. */
  readonly metrics?: Metrics;
}

interface ConsumerQueue {
  readonly consumer: StreamConsumer;
  readonly records: DynamoDBRecord[];
  /** Failed deliveries of the record at the head of `records`. */
  attempts: number;
  /** The most records the next batch may hold: halved while batches throw, as bisect on error does. */
  limit: number;
}

/** What one delivery left to do: nothing, or redeliver from `index` (`known`: the consumer named that record). */
type Outcome = { readonly ok: true } | { readonly ok: false; readonly index: number; readonly known: boolean };

interface ShardReader {
  iterator: string | undefined;
  closed: boolean;
}

/** How long an un-nudged poller waits between reads of the stream. */
export const DEFAULT_INTERVAL_MS = 1000;

interface WriteInput {
  readonly TableName?: string;
  readonly TransactItems?: readonly { readonly Put?: { readonly TableName?: string } }[];
  readonly RequestItems?: Readonly<Record<string, unknown>>;
}

/**
 * Whether a DynamoDB request puts an item into `table`: what puts a record on its stream. Events
 * are only ever put (appended), never updated or deleted, so these three are every way in.
 */
export const writesTo = (commandName: string, request: object, table: string): boolean => {
  const input = request as WriteInput;
  if (commandName === 'PutItemCommand') return input.TableName === table;
  if (commandName === 'TransactWriteItemsCommand') return (input.TransactItems ?? []).some((item) => item.Put?.TableName === table);
  if (commandName === 'BatchWriteItemCommand') return Object.hasOwn(input.RequestItems ?? {}, table);
  return false;
};

export class StreamPoller {
  private readonly client: DynamoDBStreamsClient;
  private readonly shards = new Map<string, ShardReader>();
  private readonly queues: ConsumerQueue[];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private tick: (() => Promise<void>) | undefined;
  /** A nudge came while a read was running: read again as soon as it ends. */
  private again = false;
  /** The newest sequence number read per shard, so a re-read after a lost iterator hands nothing twice. */
  private readonly lastRead = new Map<string, bigint>();
  /** Records given up on after `maxAttempts`: the local on-failure destination. */
  readonly failedRecords: FailedRecords;
  /** How many records each consumer has been handed successfully. */
  readonly delivered = new Map<string, number>();

  constructor(private readonly options: PollerOptions) {
    this.client = new DynamoDBStreamsClient({
      endpoint: options.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    this.queues = options.consumers.map((consumer) => ({ consumer, records: [], attempts: 0, limit: this.batchSize }));
    this.failedRecords = options.failedRecords ?? memoryFailedRecords();
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 100;
  }

  private get maxAttempts(): number {
    return this.options.maxAttempts ?? 10;
  }

  start(): void {
    const tick = async () => {
      if (this.stopped) return;
      this.running = this.pollOnce().catch((error: unknown) => this.options.log?.(`stream poller: ${String(error)}`));
      await this.running;
      this.running = undefined;
      if (this.stopped) return;
      const soon = this.again;
      this.again = false;
      this.timer = setTimeout(tick, soon ? 0 : (this.options.intervalMs ?? DEFAULT_INTERVAL_MS));
    };
    this.tick = tick;
    this.timer = setTimeout(tick, 0);
  }

  /**
   * Something was just written to the table: read the stream now instead of at the end of the
   * interval (or right after the read under way, which may have missed it). The consumers so
   * follow a local write within milliseconds, and an idle runtime reads the stream once a
   * second instead of four times (at four, an idle runtime's poller and DynamoDB Local took
   * about 7% of a core between them).
   */
  nudge(): void {
    if (this.stopped || !this.tick) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(this.tick, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.client.destroy();
  }

  /**
   * One poll: discover shards, read new records, deliver to each consumer, then set aside
   * what was given up on: once per record, naming every consumer that gave up on it.
   */
  async pollOnce(): Promise<void> {
    const fresh = await this.readShards();
    const inserts = fresh.filter((r) => r.eventName === 'INSERT');
    const givenUp = new Map<string, { record: DynamoDBRecord; consumers: string[] }>();
    for (const queue of this.queues) {
      queue.records.push(...inserts);
      for (const record of await this.deliver(queue)) {
        const key = record.eventID || (record.dynamodb?.SequenceNumber ?? '');
        const entry = givenUp.get(key) ?? { record, consumers: [] };
        entry.consumers.push(queue.consumer.name);
        givenUp.set(key, entry);
      }
    }
    for (const { record, consumers } of givenUp.values()) await this.setAside(record, consumers);
  }

  /**
   * New records of every shard, parents before the children discovered after them. The shards
   * already known are read while the stream is asked for new ones (COST-7: a nudged read waits
   * one round trip, not two); a shard found new is read after them.
   */
  private async readShards(): Promise<DynamoDBRecord[]> {
    const known = [...this.shards];
    const discovered = this.discoverShards().then(
      () => null,
      (error: unknown) => ({ error }),
    );
    const fresh: DynamoDBRecord[] = [];
    for (const [shardId, reader] of known) fresh.push(...(await this.read(shardId, reader)));
    // What was read is delivered all the same (its iterators have moved on); the next read asks again.
    const failed = await discovered;
    if (failed) this.options.log?.(`stream poller: ${String(failed.error)}`);
    for (const [shardId, reader] of this.shards)
      if (!known.some(([id]) => id === shardId)) fresh.push(...(await this.read(shardId, reader)));
    return fresh;
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

  private async read(shardId: string, reader: ShardReader, retaken = false): Promise<DynamoDBRecord[]> {
    const records: DynamoDBRecord[] = [];
    while (reader.iterator && !reader.closed) {
      let page: GetRecordsCommandOutput;
      try {
        page = await this.client.send(new GetRecordsCommand({ ShardIterator: reader.iterator, Limit: 1000 }));
      } catch (error) {
        // An expired iterator, or (DynamoDB Local) a trim-horizon iterator taken while the
        // shard was empty: take a new one and read on, once (what it hands again, isNew skips).
        // Waiting for the next tick instead would leave a nudge's records for a whole interval.
        if (!(error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException)) throw error;
        this.shards.delete(shardId);
        if (retaken) return records;
        await this.discoverShards();
        const fresh = this.shards.get(shardId);
        return fresh ? [...records, ...(await this.read(shardId, fresh, true))] : records;
      }
      records.push(...(page.Records ?? []).filter((r) => this.isNew(shardId, r)).map((r) => this.toLambdaRecord(r)));
      reader.iterator = page.NextShardIterator;
      if (!page.NextShardIterator) reader.closed = true;
      if ((page.Records ?? []).length === 0) break;
    }
    return records;
  }

  private isNew(shardId: string, record: StreamRecord): boolean {
    const raw = record.dynamodb?.SequenceNumber ?? '';
    if (!/^\d+$/.test(raw)) return true;
    const sequence = BigInt(raw);
    if (sequence <= (this.lastRead.get(shardId) ?? -1n)) return false;
    this.lastRead.set(shardId, sequence);
    return true;
  }

  /**
   * Deliver what the queue holds, in order. A failed record is redelivered (with what
   * follows it) on the next tick; after `maxAttempts` failed deliveries it alone is given
   * up on and delivery goes on behind it. Returns the records given up on.
   */
  private async deliver(queue: ConsumerQueue): Promise<DynamoDBRecord[]> {
    const givenUp: DynamoDBRecord[] = [];
    while (queue.records.length > 0) {
      const batch = queue.records.slice(0, queue.limit);
      const outcome = await this.invoke(queue, batch);
      if (outcome.ok) {
        this.checkpoint(queue, batch.length);
        queue.limit = this.batchSize;
        continue;
      }
      if (outcome.index > 0) this.checkpoint(queue, outcome.index);
      if (!outcome.known && batch.length > 1) {
        // Bisect: which record fails is not known yet, so halving the batch is no attempt at one record.
        queue.limit = Math.ceil(batch.length / 2);
        continue;
      }
      queue.attempts += 1;
      if (queue.attempts < this.maxAttempts) return givenUp; // retried next tick, in order
      givenUp.push(...queue.records.splice(0, 1));
      queue.attempts = 0;
      queue.limit = this.batchSize;
    }
    return givenUp;
  }

  private async invoke(queue: ConsumerQueue, batch: DynamoDBRecord[]): Promise<Outcome> {
    try {
      return outcomeOf(batch, await queue.consumer.handler({ Records: batch }));
    } catch (error) {
      this.options.log?.(`${queue.consumer.name} threw: ${String(error)}`);
      return { ok: false, index: 0, known: false };
    }
  }

  /** The first `count` records are done: the next delivery starts behind them. */
  private checkpoint(queue: ConsumerQueue, count: number): void {
    queue.records.splice(0, count);
    queue.attempts = 0;
    this.delivered.set(queue.consumer.name, (this.delivered.get(queue.consumer.name) ?? 0) + count);
  }

  /** Hand a record given up on to the failure sink, and say so once, naming its game. */
  private async setAside(record: DynamoDBRecord, consumers: readonly string[]): Promise<void> {
    const keys = record.dynamodb?.Keys;
    const gameId = keys?.gameId?.S ?? null;
    const seq = keys?.seq?.N === undefined ? null : Number(keys.seq.N);
    const entry = {
      failedAt: new Date().toISOString(),
      consumers,
      gameId,
      seq,
      attempts: this.maxAttempts,
      record: withoutCheckpoint(record),
    };
    const what = `record ${record.dynamodb?.SequenceNumber ?? '?'}${gameId === null ? '' : ` (game ${gameId}, seq ${seq ?? '?'})`}`;
    try {
      await this.failedRecords.add(entry);
      for (const consumer of consumers) this.options.metrics?.count('RecordSetAside', { consumer });
      this.options.log?.(
        `stream: ${consumers.join(', ')} gave up on ${what} after ${this.maxAttempts} attempts; set aside in ${this.failedRecords.location}`,
      );
    } catch (error) {
      // Never lose it silently: the log line carries the whole record.
      this.options.log?.(
        `stream: ${consumers.join(', ')} gave up on ${what}; it could not be set aside (${String(error)}): ${JSON.stringify(entry)}`,
      );
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

/**
 * Where Lambda would redeliver from: the first record the response names. A response that
 * names no record of the batch fails the whole batch, as it does on AWS.
 */
const outcomeOf = (batch: readonly DynamoDBRecord[], response: DynamoDBBatchResponse | undefined): Outcome => {
  const failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
  if (failed.size === 0) return { ok: true };
  const index = batch.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
  return index === -1 ? { ok: false, index: 0, known: false } : { ok: false, index, known: true };
};

/**
 * A record as it is set aside: without the checkpoint an event item may carry (COST-2), which no
 * consumer reads and which holds the game's secret seed; the file and the log line are an
 * operator's to read and to share.
 */
const withoutCheckpoint = (record: DynamoDBRecord): DynamoDBRecord => {
  const image = record.dynamodb?.NewImage;
  if (!record.dynamodb || !image || (image.ckpt === undefined && image.secret === undefined)) return record;
  const { ckpt: _state, secret: _seed, ...rest } = image;
  return { ...record, dynamodb: { ...record.dynamodb, NewImage: rest } };
};
