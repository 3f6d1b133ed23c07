import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sealBatch } from '../../domain/kernel/envelope.ts';
import { LocalBus } from '../../functions/adapters/bus.ts';
import { eventToItem, type Item } from '../../functions/adapters/event-codec.ts';
import { LocalScheduler, scheduleName } from '../../functions/adapters/scheduler.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { makeProjector } from '../../functions/stream/projector.ts';
import { makePublisher } from '../../functions/stream/publisher.ts';
import { makeTimerReactor } from '../../functions/stream/timer-reactor.ts';
import { makeTournamentReactor } from '../../functions/stream/tournaments.ts';
import { failedRecordsPath, memoryFailedRecords, readFailedRecords } from '../../infra/local/failed-records.ts';
import { type Runtime, startRuntime } from '../../infra/local/runtime.ts';
import { StreamPoller } from '../../infra/local/stream-poller.ts';
import { give } from '../support/commands.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';
import { Client, commandId, eventually } from '../support/http.ts';
import { readStream } from '../support/stream.ts';

/** Events of `gameId` from `after` on, as the command handler would write them, before anything spoils them. */
const eventItems = (gameId: string, after = 0, count = 1): Item[] =>
  sealBatch(
    after === 0 ? null : { seq: after, hash: 'f'.repeat(64) },
    Array.from({ length: count }, () => ({ type: 'PhaseStarted', data: { phase: 'command', seat: 'red' } })),
    { gameId, at: '2026-03-01T12:00:00.000Z', actor: 'system', commandId: `c-${gameId}`, rulesVersion: 'pg-0.5.0', command: {} },
  ).map(eventToItem);

const withoutV = ({ v: _v, ...item }: Item): Item => item;
const dataNotJson = (item: Item): Item => ({ ...item, data: { S: '{"phase": "command", ' } });

const putRaw = (db: { dynamo: { client: DynamoDBClient }; tables: { events: string } }, item: Item) =>
  db.dynamo.client.send(new PutItemCommand({ TableName: db.tables.events, Item: item }));

const gameOf = (record: DynamoDBRecord) => record.dynamodb?.Keys?.gameId?.S;
const sequenceOf = (record: DynamoDBRecord) => record.dynamodb?.SequenceNumber ?? '';

/** Red goes first (no roll-off) and every phase has an hour: the first step opens with a deadline. */
const startTimedGame = async (deps: Deps, gameId: string) => {
  await give(deps, gameId, 'p_red', {
    type: 'CreateGame',
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', deadlines: { default: 'PT1H' } },
  });
  await give(deps, gameId, 'p_blue', { type: 'JoinGame' });
};

/** The four stream consumers exactly as the local runtime wires them. */
const consumersOf = (deps: Deps) => {
  const scheduler = new LocalScheduler(async () => {});
  const bus = new LocalBus();
  const consumers = [
    { name: 'projector', handler: makeProjector(() => deps) },
    {
      name: 'timer-reactor',
      handler: makeTimerReactor(
        () => deps,
        () => scheduler,
      ),
    },
    {
      name: 'publisher',
      handler: makePublisher(
        () => deps,
        () => bus,
      ),
    },
    {
      name: 'tournaments',
      handler: makeTournamentReactor(
        () => deps,
        () => scheduler,
        () => bus,
      ),
    },
  ];
  return { scheduler, bus, consumers };
};

const quietly = <T>(run: () => Promise<T>): Promise<T> => {
  const error = console.error;
  console.error = () => {};
  return run().finally(() => {
    console.error = error;
  });
};

describe('one unreadable record in the stream (REL-5)', () => {
  let db: TestDb;
  let records: DynamoDBRecord[];
  let unreadable: string[];

  beforeAll(async () => {
    db = await freshTables();
    await putRaw(db, withoutV(eventItems('g_no_v')[0]!));
    await putRaw(db, eventItems('g_no_v', 1)[0]!); // readable, but it comes after its game's unreadable record
    await startTimedGame(db.deps, 'g_fine');
    await putRaw(db, dataNotJson(eventItems('g_bad_json')[0]!));
    records = await readStream(db);
    unreadable = records
      .filter((r) => gameOf(r) === 'g_bad_json' || (gameOf(r) === 'g_no_v' && r.dynamodb?.Keys?.seq?.N === '1'))
      .map(sequenceOf);
  });

  it('REL-5 each consumer reports exactly the unreadable records, and handles every other game in the same batch', async () => {
    const { scheduler, bus, consumers } = consumersOf(db.deps);
    const event: DynamoDBStreamEvent = { Records: records };
    for (const { handler } of consumers) {
      const response = await quietly(() => handler(event));
      expect(response.batchItemFailures).toEqual(unreadable.map((itemIdentifier) => ({ itemIdentifier })));
    }
    const fine = await db.deps.store.readAfter('g_fine', 0);
    expect((await db.deps.games.readModel('g_fine'))?.version).toBe(fine.length);
    expect(scheduler.pending.has(scheduleName('g_fine', 't1-command'))).toBe(true);
    expect(bus.published.filter((e) => e.gameId === 'g_fine').map((e) => e.type)).toContain('SeatAwaited');
    expect(await db.deps.games.readModel('g_no_v')).toBeNull();
    scheduler.stop();
  });

  it('REL-5 names the item in the error: the game, the seq and what is wrong with it', async () => {
    const lines: string[] = [];
    const projector = makeProjector(() => db.deps);
    const error = console.error;
    console.error = (line: string) => lines.push(line);
    try {
      await projector({ Records: records });
    } finally {
      console.error = error;
    }
    // OPS-3: one JSON line each, with the consumer and the invocation beside the game.
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 'error',
        consumer: 'projector',
        requestId: 'none',
        coldStart: true,
        gameId: 'g_no_v',
        msg: expect.stringMatching(/of game g_no_v is not an event: Error: event item g_no_v#1 lacks v$/),
      }),
      expect.objectContaining({
        gameId: 'g_bad_json',
        msg: expect.stringMatching(/of game g_bad_json is not an event: Error: event item g_bad_json#1 has data that is not JSON$/),
      }),
    ]);
  });

  it('REL-5 the poller bisects a batch that throws down to the one record, sets it aside after bounded retries, and delivers the rest', async () => {
    // A readable record in the middle of the batch, that this consumer throws on whenever it is handed it.
    const bad = records[Math.floor(records.length / 2)]!;
    const seen: string[] = [];
    const failedRecords = memoryFailedRecords();
    const poller = new StreamPoller({
      endpoint: db.endpoint,
      streamArn: db.streamArn,
      maxAttempts: 3,
      failedRecords,
      consumers: [
        {
          name: 'picky',
          handler: async (event) => {
            if (event.Records.some((r) => sequenceOf(r) === sequenceOf(bad))) throw new Error('cannot read it');
            seen.push(...event.Records.map(sequenceOf));
            return undefined;
          },
        },
      ],
    });
    for (let tick = 1; tick <= 2; tick += 1) {
      await poller.pollOnce();
      expect(await failedRecords.read()).toEqual([]);
    }
    await poller.pollOnce();
    await poller.pollOnce();
    await poller.stop();
    const failed = await failedRecords.read();
    expect(failed.map((f) => [f.record, f.consumers, f.gameId, f.seq, f.attempts])).toEqual([
      [bad, ['picky'], gameOf(bad), Number(bad.dynamodb?.Keys?.seq?.N), 3],
    ]);
    expect(seen).toEqual(records.map(sequenceOf).filter((s) => s !== sequenceOf(bad)));
  });
});

describe('REL-15 a poison record does not stop the other games', () => {
  it('REL-15 with the four consumers on the real stream: the healthy game flows at once, the poison is set aside once after bounded retries', async () => {
    const db = await freshTables();
    await putRaw(db, withoutV(eventItems('g_poison')[0]!));
    await startTimedGame(db.deps, 'g_healthy');
    const { scheduler, bus, consumers } = consumersOf(db.deps);
    const failedRecords = memoryFailedRecords();
    const log: string[] = [];
    const poller = new StreamPoller({
      endpoint: db.endpoint,
      streamArn: db.streamArn,
      consumers,
      maxAttempts: 4,
      failedRecords,
      log: (line) => log.push(line),
    });
    try {
      await quietly(() => poller.pollOnce());
      const healthy = await db.deps.store.readAfter('g_healthy', 0);
      expect((await db.deps.games.readModel('g_healthy'))?.version).toBe(healthy.length);
      expect(scheduler.pending.get(scheduleName('g_healthy', 't1-command'))?.gameId).toBe('g_healthy');
      expect(bus.published.filter((e) => e.gameId === 'g_healthy').map((e) => e.type)).toContain('SeatAwaited');

      for (let tick = 2; tick <= 4; tick += 1) await quietly(() => poller.pollOnce());
      const failed = await failedRecords.read();
      expect(failed.map((f) => [f.gameId, f.seq, f.consumers, f.record.dynamodb?.NewImage?.v])).toEqual([
        ['g_poison', 1, ['projector', 'timer-reactor', 'publisher', 'tournaments'], undefined],
      ]);
      expect(log.filter((line) => line.includes('g_poison'))).toEqual([
        expect.stringContaining('projector, timer-reactor, publisher, tournaments gave up on record'),
      ]);

      // Past it for good: the next command flows, and nothing more is set aside.
      await give(db.deps, 'g_healthy', 'p_red', { type: 'EndPhase' });
      await poller.pollOnce();
      expect(scheduler.pending.has(scheduleName('g_healthy', 't1-resource'))).toBe(true);
      expect((await db.deps.games.readModel('g_healthy'))?.version).toBe((await db.deps.store.readAfter('g_healthy', 0)).length);
      expect(await failedRecords.read()).toHaveLength(1);
    } finally {
      await poller.stop();
      scheduler.stop();
    }
  });

  describe('in the local runtime, over HTTP', () => {
    let runtime: Runtime;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'arbiter-poison-'));
      runtime = await startRuntime({
        port: 0,
        memory: false,
        dataDir,
        dynamoEndpoint: inject('dynamoEndpoint'),
        tablePrefix: `p${randomBytes(5).toString('hex')}-`,
        pollIntervalMs: 100,
      });
    });
    afterAll(async () => {
      await runtime?.stop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('REL-15 a game created right after a poison record is projected, scheduled and published; the poison lands once in <dataDir>/failed-stream-records.ndjson', () =>
      // The consumers log the poison on every retry, also while the players register.
      quietly(async () => {
        await putRaw(runtime, dataNotJson(eventItems('g_poison')[0]!));
        const anon = new Client(runtime.url);
        const red = (await anon.register('Ann')).client;
        const blue = (await anon.register('Bob')).client;
        const created = await red.post<{ gameId: string }>('/games', {
          ruleset: 'post-galactica',
          seat: 'red',
          options: { firstPlayer: 'red', deadlines: { default: 'PT1H' } },
        });
        const gameId = created.body.gameId;
        expect((await blue.post(`/games/${gameId}/join`, {})).status).toBe(200);
        const events = (await runtime.deps.store.readAfter(gameId, 0)).length;

        await eventually(
          async () => (await runtime.deps.games.readModel(gameId))?.version,
          (version) => version === events,
        );
        await eventually(
          async () => runtime.scheduler.pending.has(scheduleName(gameId, 't1-command')),
          (pending) => pending,
        );
        await eventually(
          async () => runtime.bus.published.filter((e) => e.gameId === gameId).map((e) => e.type),
          (types) => types.includes('SeatAwaited'),
        );
        const failed = await eventually(
          () => readFailedRecords(failedRecordsPath(dataDir)),
          (entries) => entries.length > 0,
        );
        expect(failed.map((f) => [f.gameId, f.seq, f.consumers, f.record.dynamodb?.NewImage?.data?.S])).toEqual([
          ['g_poison', 1, ['projector', 'timer-reactor', 'publisher', 'tournaments'], '{"phase": "command", '],
        ]);

        // The poller has moved past it: a later command flows, and the poison is not set aside again.
        const ended = await red.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'EndPhase' } });
        expect(ended.status).toBe(200);
        await eventually(
          async () => runtime.scheduler.pending.has(scheduleName(gameId, 't1-resource')),
          (pending) => pending,
        );
        expect(await runtime.poller.failedRecords.read()).toHaveLength(1);
        expect(await readFailedRecords(failedRecordsPath(dataDir))).toHaveLength(1);
      }));
  });
});
