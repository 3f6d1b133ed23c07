/**
 * AWS-3 a way back for what failed, against the local runtime's failure path (REL-15):
 * records set aside in `<data-dir>/failed-stream-records.ndjson` are redriven by
 * `npm run redrive` while `npm start` runs; and the AWS decisions (a stream batch read back
 * by its sequence numbers, a dead-lettered deadline fired again, an ahead deadline scheduled
 * again) run on DynamoDB Local's real stream and tables, with the queue in memory.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sealBatch } from '../../domain/kernel/envelope.ts';
import { LocalBus } from '../../functions/adapters/bus.ts';
import { eventToItem } from '../../functions/adapters/event-codec.ts';
import { gameKey } from '../../functions/adapters/game-items.ts';
import { LocalScheduler, scheduleName } from '../../functions/adapters/scheduler.ts';
import { loadGame } from '../../functions/games/app/game-fold.ts';
import { type FailedRecord, failedRecordsPath, readFailedRecords } from '../../infra/local/failed-records.ts';
import { type Runtime, startRuntime } from '../../infra/local/runtime.ts';
import {
  type AwsRedriveContext,
  drainQueue,
  type MessageQueue,
  type QueueMessage,
  readStreamBatch,
  redriveDeadline,
  redriveStreamFailure,
} from '../../tools/ops/redrive-aws.ts';
import { redriveFailedRecords } from '../../tools/ops/redrive-local.ts';
import { give } from '../support/commands.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';
import { Client, commandId, eventually } from '../support/http.ts';
import { readStream } from '../support/stream.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');

const quietly = <T>(work: () => Promise<T>): Promise<T> => {
  const error = console.error;
  console.error = () => {};
  return work().finally(() => {
    console.error = error;
  });
};

/** A first event no reader can decode: its data is not JSON (as in the REL-5 tests). */
const poisonItem = (gameId: string) => {
  const [item] = sealBatch(null, [{ type: 'PhaseStarted', data: { phase: 'command', seat: 'red' } }], {
    gameId,
    at: '2026-03-01T12:00:00.000Z',
    actor: 'system',
    commandId: `c-${gameId}`,
    rulesVersion: 'pg-0.5.0',
    command: {},
  }).map(eventToItem);
  return { ...item, data: { S: '{"phase": "command", ' } };
};

/** A read model the projector cannot fold onto: what a projection bug leaves behind. */
const spoilReadModel = (db: DynamoDBClient, gamesTable: string, gameId: string, version: number) =>
  db.send(
    new PutItemCommand({
      TableName: gamesTable,
      Item: { pk: { S: gameKey(gameId) }, sk: { S: 'VIEW' }, version: { N: String(version) }, state: { S: '{"status": ' } },
    }),
  );

describe('AWS-3 npm run redrive against npm start', () => {
  let runtime: Runtime;
  let dataDir: string;
  let prefix: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'arbiter-redrive-'));
    prefix = `r${randomBytes(5).toString('hex')}-`;
    runtime = await startRuntime({
      port: 0,
      memory: false,
      dataDir,
      dynamoEndpoint: inject('dynamoEndpoint'),
      tablePrefix: prefix,
      pollIntervalMs: 100,
    });
  });
  afterAll(async () => {
    await runtime?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const redrive = async () => {
    try {
      const { stdout } = await run(
        'npm',
        ['run', '--silent', 'redrive', '--', '--data-dir', dataDir, '--endpoint', runtime.dynamoEndpoint, '--prefix', prefix],
        { cwd: root, timeout: 60_000 },
      );
      return { code: 0, stdout };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: `${e.stdout}${e.stderr}` };
    }
  };

  it(
    'AWS-3 re-projects the game whose records the projector gave up on, removes those records, and keeps the poison that still fails',
    () =>
      quietly(async () => {
        const anon = new Client(runtime.url);
        const red = (await anon.register('Ann')).client;
        const blue = (await anon.register('Bob')).client;
        const { gameId } = (
          await red.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } })
        ).body;
        const joined = await blue.post<{ version: number }>(`/games/${gameId}/join`, {});
        await eventually(
          async () => (await runtime.deps.games.readModel(gameId))?.version,
          (v) => v === joined.body.version,
        );
        // A projection bug spoils the read model; the next command's records then fail in the projector alone.
        await spoilReadModel(runtime.dynamo.client, runtime.tables.games, gameId, joined.body.version);
        const ended = await red.post<{ version: number }>(`/games/${gameId}/commands`, {
          commandId: commandId(),
          command: { type: 'EndPhase' },
        });
        expect(ended.status).toBe(200);
        await runtime.dynamo.client.send(new PutItemCommand({ TableName: runtime.tables.events, Item: poisonItem('g_poison') }));

        const path = failedRecordsPath(dataDir);
        const setAside = await eventually(
          () => readFailedRecords(path),
          // Each of the command's records is given up on by the projector, and the poison by all four
          // consumers (each consumer sets it aside when its own queue reaches it).
          (entries) =>
            entries.filter((e) => e.gameId === gameId).length === ended.body.version - joined.body.version &&
            new Set(entries.filter((e) => e.gameId === 'g_poison').flatMap((e) => e.consumers)).size === 4,
        );
        const poisoned = setAside.filter((e) => e.gameId === 'g_poison').length;
        expect(setAside.filter((e) => e.gameId === gameId).map((e) => e.consumers)).toEqual(
          setAside.filter((e) => e.gameId === gameId).map(() => ['projector']),
        );
        expect((await runtime.deps.games.readModel(gameId))?.state).toBe('{"status": ');

        const first = await redrive();
        expect(first.code, first.stdout).toBe(1);
        expect(first.stdout).toMatch(
          new RegExp(`ok {3}${gameId}: read model could not be read .*; rebuilt from the log at version ${ended.body.version}`),
        );
        expect(first.stdout).toMatch(/FAIL g_poison: still fails: .*not JSON/);
        expect(first.stdout).toContain(
          `redrive: ${setAside.length - poisoned} record(s) redriven and removed from ${path}; ${poisoned} left.`,
        );

        // The game's read model is its log again, and it follows the game from here as before.
        const model = await runtime.deps.games.readModel(gameId);
        expect(model?.version).toBe(ended.body.version);
        expect(JSON.parse(model?.state ?? '{}')).toMatchObject({ gameId, version: ended.body.version, status: 'playing' });
        const view = await red.get<{ version: number }>(`/games/${gameId}`);
        expect(view.body.version).toBe(ended.body.version);
        const again = await red.post<{ version: number }>(`/games/${gameId}/commands`, {
          commandId: commandId(),
          command: { type: 'EndPhase' },
        });
        await eventually(
          async () => (await runtime.deps.games.readModel(gameId))?.version,
          (v) => v === again.body.version,
        );
        // Only the poison is left in the file; a second redrive changes nothing and still says why. In this
        // process, as the command runs it: `npm run redrive` itself is proved above (ARC-3: npm and tsx
        // start at about 2.7 CPU-s a run).
        expect((await readFailedRecords(path)).map((e) => e.gameId)).toEqual(Array(poisoned).fill('g_poison'));
        const second = await redriveFailedRecords({ deps: runtime.deps, scheduler: null }, path);
        expect(second).toMatchObject({ removed: 0, left: Array(poisoned).fill(expect.objectContaining({ gameId: 'g_poison' })) });
        expect(second.games.map((game) => [game.gameId, game.ok, game.lines.join('\n')])).toEqual([
          ['g_poison', false, expect.stringMatching(/^g_poison: still fails: .*not JSON/)],
        ]);
        expect((await readFailedRecords(path)).map((e) => e.gameId)).toEqual(Array(poisoned).fill('g_poison'));
      }),
    60_000,
  );
});

describe('AWS-3 deadlines given up on', () => {
  let db: TestDb;
  let gameId: string;
  let deadline: string;

  beforeAll(async () => {
    db = await freshTables();
    gameId = `g_${randomBytes(6).toString('hex')}`;
    // The command phase has a second; every other phase an hour. Nothing schedules it: no consumers run here.
    await give(db.deps, gameId, 'p_red', {
      type: 'CreateGame',
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red', deadlines: { default: 'PT1H', phases: { command: 'PT1S' } } },
    });
    await give(db.deps, gameId, 'p_blue', { type: 'JoinGame' });
    const { state } = await loadGame(db.deps, gameId);
    deadline = (state.status === 'playing' ? state.step?.deadline : null) ?? '';
  });

  const types = async () => (await db.deps.store.readAfter(gameId, 0)).map((e) => [e.type, e.commandId]);

  it('AWS-3 locally: a set-aside record of the timer reactor whose deadline passed gets the deadline fired, once, and the record removed', async () => {
    await eventually(
      async () => Date.now(),
      (now) => now > Date.parse(deadline),
    );
    const dir = await mkdtemp(join(tmpdir(), 'arbiter-redrive-deadline-'));
    const path = failedRecordsPath(dir);
    const entry: FailedRecord = {
      failedAt: new Date().toISOString(),
      consumers: ['timer-reactor'],
      gameId,
      seq: 6,
      attempts: 10,
      record: { eventName: 'INSERT', dynamodb: { Keys: { gameId: { S: gameId }, seq: { N: '6' } } } },
    };
    try {
      await appendFile(path, `${JSON.stringify(entry)}\n`);
      const context = { deps: db.deps, scheduler: null };
      const first = await redriveFailedRecords(context, path);
      expect(first.games.map((g) => [g.ok, g.lines])).toEqual([
        [
          true,
          [
            expect.stringMatching(
              new RegExp(`^${gameId}: the deadline of t1-command \\(.*\\) had passed: fired, [1-9] event\\(s\\) written`),
            ),
          ],
        ],
      ]);
      expect(first).toMatchObject({ removed: 1, left: [] });
      expect((await types()).filter(([type]) => type === 'DeadlinePassed')).toEqual([['DeadlinePassed', '@deadline.t1-command']]);

      // The same record again: the game now waits in the resource phase, an hour ahead: nothing is written.
      await appendFile(path, `${JSON.stringify(entry)}\n`);
      const before = await types();
      const second = await redriveFailedRecords(context, path);
      expect(second.games[0]?.lines).toEqual([
        expect.stringMatching(/the deadline of t1-resource is ahead .*the running runtime schedules it$/),
      ]);
      expect(await types()).toEqual(before);
      expect(await readFailedRecords(path)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('AWS-3 on AWS: a dead-lettered deadline fired again writes nothing when it has passed already, and the message is deleted', async () => {
    const before = await types();
    const messages: QueueMessage[] = [{ id: 'm1', receipt: 'r1', body: JSON.stringify({ gameId, phaseKey: 't1-command' }) }];
    const queue = inMemoryQueue(messages);
    const context = awsContext(db, null);
    const drained = await drainQueue(queue, redriveDeadline(context));
    expect(drained).toEqual({
      redriven: 1,
      kept: 0,
      lines: [`m1: ${gameId}: deadline of t1-command fired again: 0 event(s) written (it had passed already, or the game moved on)`],
    });
    expect(queue.removed).toEqual(['m1']);
    expect(await types()).toEqual(before);
  });

  it("AWS-3 on AWS: the timer reactor's part schedules the deadline ahead again (the same name as the reactor gives it)", async () => {
    const scheduler = new LocalScheduler(async () => {});
    try {
      const { redriveGame } = await import('../../tools/ops/redrive.ts');
      const result = await redriveGame(awsContext(db, scheduler), gameId, ['timer-reactor']);
      expect(result.ok).toBe(true);
      const { state } = await loadGame(db.deps, gameId);
      const step = state.status === 'playing' ? state.step : null;
      expect(scheduler.pending.get(scheduleName(gameId, 't1-resource'))).toEqual({ gameId, phaseKey: 't1-resource', at: step?.deadline });
    } finally {
      scheduler.stop();
    }
  });
});

describe('AWS-3 on AWS: a stream on-failure message', () => {
  it('AWS-3 is read back from the stream by its shard and sequence numbers, its games re-projected, and the message deleted', async () => {
    const db = await freshTables();
    await give(db.deps, 'g_one', 'p_red', { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } });
    await give(db.deps, 'g_two', 'p_red', { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } });
    await give(db.deps, 'g_two', 'p_blue', { type: 'JoinGame' });
    const records = await readStream(db);
    // Lambda gave up on the batch from g_two's first record through its last.
    const ofTwo = records.filter((r) => r.dynamodb?.Keys?.gameId?.S === 'g_two');
    const streams = new DynamoDBStreamsClient({
      endpoint: db.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: db.streamArn }));
    const batch = {
      shardId: StreamDescription?.Shards?.[0]?.ShardId ?? '',
      startSequenceNumber: ofTwo[0]?.dynamodb?.SequenceNumber ?? '',
      endSequenceNumber: ofTwo.at(-1)?.dynamodb?.SequenceNumber ?? '',
      batchSize: ofTwo.length,
      streamArn: db.streamArn,
    };
    const sequence = (rs: readonly DynamoDBRecord[]) => rs.map((r) => r.dynamodb?.SequenceNumber);
    expect(sequence(await readStreamBatch(streams, batch))).toEqual(sequence(ofTwo));

    const message = {
      id: 'm-stream',
      receipt: 'r-stream',
      body: JSON.stringify({
        requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: 11 },
        version: '1.0',
        timestamp: '2026-11-30T12:00:00.000Z',
        DDBStreamBatchInfo: {
          ...batch,
          approximateArrivalOfFirstRecord: '2026-11-30T11:59:00Z',
          approximateArrivalOfLastRecord: '2026-11-30T11:59:01Z',
        },
      }),
    };
    const queue = inMemoryQueue([message]);
    const drained = await drainQueue(queue, redriveStreamFailure({ ...awsContext(db, null), streams }, 'projector'));
    expect(drained.redriven).toBe(1);
    expect(queue.removed).toEqual(['m-stream']);
    expect((await db.deps.games.readModel('g_two'))?.version).toBe((await db.deps.store.readAfter('g_two', 0)).length);
    // Only the batch's game: g_one was not in it.
    expect(await db.deps.games.readModel('g_one')).toBeNull();
    streams.destroy();
  });
});

/** An SQS queue in memory: receive hides what it returned, remove deletes it. */
const inMemoryQueue = (messages: QueueMessage[]): MessageQueue & { removed: string[] } => {
  const hidden = new Set<string>();
  const removed: string[] = [];
  return {
    removed,
    receive: async () => {
      const visible = messages.filter((m) => !hidden.has(m.id) && !removed.includes(m.id)).slice(0, 10);
      for (const m of visible) hidden.add(m.id);
      return visible;
    },
    remove: async (m) => {
      removed.push(m.id);
    },
  };
};

const awsContext = (db: TestDb, scheduler: LocalScheduler | null): AwsRedriveContext => ({
  deps: db.deps,
  scheduler,
  streams: new DynamoDBStreamsClient({
    endpoint: db.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
  bus: new LocalBus(),
});
