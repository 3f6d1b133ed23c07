/**
 * AWS-3 the redrive's decisions on AWS, by the messages it reads and the requests it builds
 * (nothing here reaches AWS): Lambda's on-failure record, Scheduler's dead letter, the SQS
 * requests, and the drain that deletes only what was redriven.
 */
import { describe, expect, it } from 'vitest';
import { planRedrive } from '../../tools/ops/redrive.ts';
import {
  deadlineOf,
  deleteInput,
  drainQueue,
  type MessageQueue,
  moveTaskInput,
  type QueueMessage,
  receiveInput,
  shardIteratorInput,
  streamBatchOf,
} from '../../tools/ops/redrive-aws.ts';

/** The on-failure record Lambda sends for a DynamoDB stream batch (the shape AWS documents). */
const onFailure = {
  requestContext: {
    requestId: '316aa6d0-8154-xmpl-9af7-85d5f4a6bc81',
    functionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:Arbiter-Projector',
    condition: 'RetryAttemptsExhausted',
    approximateInvokeCount: 11,
  },
  responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
  version: '1.0',
  timestamp: '2026-11-30T00:38:06.021Z',
  DDBStreamBatchInfo: {
    shardId: 'shardId-00000001573689847184-864758bb',
    startSequenceNumber: '800000000003126276362',
    endSequenceNumber: '800000000003126276363',
    approximateArrivalOfFirstRecord: '2026-11-30T00:38:04Z',
    approximateArrivalOfLastRecord: '2026-11-30T00:38:05Z',
    batchSize: 2,
    streamArn: 'arn:aws:dynamodb:eu-west-1:123456789012:table/Arbiter-EventsTable/stream/2026-11-14T00:04:06.388',
  },
};

describe('AWS-3 reading what failed', () => {
  it('AWS-3 a stream on-failure record gives the batch: shard, first and last sequence numbers, size, stream', () => {
    expect(streamBatchOf(JSON.stringify(onFailure))).toEqual({
      shardId: 'shardId-00000001573689847184-864758bb',
      startSequenceNumber: '800000000003126276362',
      endSequenceNumber: '800000000003126276363',
      batchSize: 2,
      streamArn: onFailure.DDBStreamBatchInfo.streamArn,
    });
    expect(streamBatchOf('{"gameId":"g_1","phaseKey":"t1-command"}')).toBeNull();
    expect(streamBatchOf('not json')).toBeNull();
  });

  it('AWS-3 the batch is read back from the stream at its first sequence number', () => {
    const batch = streamBatchOf(JSON.stringify(onFailure));
    if (!batch) throw new Error('no batch');
    expect(shardIteratorInput(batch)).toEqual({
      StreamArn: onFailure.DDBStreamBatchInfo.streamArn,
      ShardId: 'shardId-00000001573689847184-864758bb',
      ShardIteratorType: 'AT_SEQUENCE_NUMBER',
      SequenceNumber: '800000000003126276362',
    });
  });

  it('AWS-3 a dead-lettered schedule is the phase timer input: a deadline, or a reminder', () => {
    expect(deadlineOf('{"gameId":"g_1","phaseKey":"t1-command"}')).toEqual({ gameId: 'g_1', phaseKey: 't1-command' });
    expect(deadlineOf('{"gameId":"g_1","phaseKey":"t1-command","reminder":"PT1H"}')).toEqual({
      gameId: 'g_1',
      phaseKey: 't1-command',
      reminder: 'PT1H',
    });
    expect(deadlineOf(JSON.stringify(onFailure))).toBeNull();
    expect(deadlineOf('{"gameId":"","phaseKey":"t1-command"}')).toBeNull();
  });
});

describe('AWS-3 the SQS requests', () => {
  const url = 'https://sqs.eu-west-1.amazonaws.com/123456789012/Arbiter-ProjectorStreamFailures';

  it('AWS-3 receives ten at a time without waiting, hidden for five minutes while they are redriven', () => {
    expect(receiveInput(url)).toEqual({
      QueueUrl: url,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 0,
      VisibilityTimeout: 300,
      MessageSystemAttributeNames: ['ApproximateReceiveCount'],
      MessageAttributeNames: ['All'],
    });
  });

  it('AWS-3 deletes a message by its receipt handle', () => {
    expect(deleteInput(url, { id: 'm1', body: '{}', receipt: 'AQEB…' })).toEqual({ QueueUrl: url, ReceiptHandle: 'AQEB…' });
  });

  it('AWS-3 moves the webhook dead letters back to the delivery queue', () => {
    expect(moveTaskInput('arn:aws:sqs:eu-west-1:1:dlq', 'arn:aws:sqs:eu-west-1:1:queue')).toEqual({
      SourceArn: 'arn:aws:sqs:eu-west-1:1:dlq',
      DestinationArn: 'arn:aws:sqs:eu-west-1:1:queue',
    });
  });
});

/** SQS in memory: a received message stays hidden; a removed one is gone. */
const queueOf = (messages: QueueMessage[]) => {
  const hidden = new Set<string>();
  const removed: string[] = [];
  let receives = 0;
  const queue: MessageQueue = {
    receive: async () => {
      receives += 1;
      const batch = messages.filter((m) => !hidden.has(m.id)).slice(0, 10);
      for (const m of batch) hidden.add(m.id);
      return batch;
    },
    remove: async (m) => {
      removed.push(m.id);
    },
  };
  return { queue, removed, receives: () => receives };
};

describe('AWS-3 draining a queue', () => {
  const messages = Array.from({ length: 12 }, (_, i) => ({ id: `m${i}`, body: String(i), receipt: `r${i}` }));

  it('AWS-3 deletes exactly the messages redriven, keeps those that fail or throw, and stops at the first empty receive', async () => {
    const { queue, removed, receives } = queueOf(messages);
    const drained = await drainQueue(queue, async (m) => {
      if (m.body === '3') throw new Error('table unreachable');
      return { ok: Number(m.body) % 5 !== 0, lines: [`body ${m.body}`] };
    });
    expect(removed).toEqual(['m1', 'm2', 'm4', 'm6', 'm7', 'm8', 'm9', 'm11']);
    expect(drained).toMatchObject({ redriven: 8, kept: 4 });
    expect(drained.lines).toContain('m3: still fails: table unreachable');
    expect(receives()).toBe(3);
  });
});

describe('AWS-3 the local plan', () => {
  it('AWS-3 redrives each game once with every consumer that gave up on one of its records; records without a game stay', () => {
    const plan = planRedrive([
      { gameId: 'g_1', consumers: ['timer-reactor', 'publisher'] },
      { gameId: 'g_2', consumers: ['projector'] },
      { gameId: 'g_1', consumers: ['projector'] },
      { gameId: null, consumers: ['projector'] },
      { gameId: 'g_2', consumers: ['projector', 'someone-else'] },
    ]);
    expect([...plan.games]).toEqual([
      ['g_1', ['timer-reactor', 'publisher', 'projector']],
      ['g_2', ['projector']],
    ]);
    expect(plan.orphans).toEqual([{ gameId: null, consumers: ['projector'] }]);
  });
});
