/**
 * COST-2 on DynamoDB Local: a game's state is checkpointed once, packed, on the event item that
 * crosses a boundary; a command sent with its version is one PutItem whose item is its own record;
 * and a game stored before checkpoints (snapshots and seed in the `games` table) still loads,
 * plays and checkpoints itself at its next boundary.
 */
import { GetItemCommand, PutItemCommand, QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { unpack } from '../../functions/adapters/compact.ts';
import { createDynamoClient } from '../../functions/adapters/dynamo-client.ts';
import { createDeps } from '../../functions/adapters/dynamo-deps.ts';
import { LATEST_SNAPSHOT_SK, SNAPSHOT_EVERY } from '../../functions/adapters/event-store.ts';
import { gameAt, gameSnapshot, loadGame } from '../../functions/games/app/game-fold.ts';
import { Problem } from '../../functions/kernel/problems.ts';
import { endPhase, give, startGame } from '../support/commands.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';

const RULESETS = everyRuleset();

let db: TestDb;
beforeAll(async () => {
  db = await freshTables();
});

const seatOf = (state: GameState | null) =>
  (state as { rules?: { activeSeat?: string } } | null)?.rules?.activeSeat === 'blue' ? 'p_blue' : 'p_red';

/** EndPhase by whoever acts until the game has at least `size` events. */
const playTo = async (gameId: string, size: number, positioned = false) => {
  let { state } = await loadGame(db.deps, gameId);
  while (state.version < size) {
    state = (await endPhase(db.deps, gameId, seatOf(state), positioned ? state.version : undefined)).state ?? state;
  }
  return state;
};

const eventItems = async (gameId: string) =>
  (
    await db.dynamo.client.send(
      new QueryCommand({
        TableName: db.tables.events,
        KeyConditionExpression: 'gameId = :g',
        ExpressionAttributeValues: { ':g': { S: gameId } },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const gameItems = async (gameId: string) =>
  (
    await db.dynamo.client.send(
      new QueryCommand({
        TableName: db.tables.games,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: `GAME#${gameId}` } },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

describe('COST-2 checkpoints', () => {
  it('COST-2 a checkpoint is written once, packed on the item that crosses a boundary, and is the fold of the log to it', async () => {
    const gameId = 'g_ckpt';
    await give(db.deps, gameId, 'p_red', {
      type: 'CreateGame',
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red', rules: { scenario: 'example' } },
    });
    await give(db.deps, gameId, 'p_blue', { type: 'JoinGame' });
    for (const playerId of ['p_red', 'p_blue']) await give(db.deps, gameId, playerId, { type: 'Deploy', auto: true });
    await playTo(gameId, 4 * SNAPSHOT_EVERY);
    const log = await db.deps.store.readAfter(gameId, 0);
    const checkpointed = (await eventItems(gameId)).filter((item) => item.ckpt?.B !== undefined);
    // The first batch, and one per boundary crossed since (a batch may cross one and end past it).
    expect(checkpointed.length).toBeGreaterThanOrEqual(4);
    for (const item of checkpointed) {
      const seq = Number(item.seq?.N);
      const packed = item.ckpt?.B ?? new Uint8Array();
      const json = unpack(packed);
      expect(JSON.parse(json)).toEqual(foldGame(RULESETS, log.slice(0, seq), emptyGame));
      expect(item.secret?.S).toMatch(/^[0-9a-f]{64}$/);
      // Packed: a state of tens of kilobytes (armies deployed) in a fifth of its JSON or less.
      if (seq > 12) expect(packed.byteLength).toBeLessThan(Buffer.byteLength(json) / 5);
    }
    // Written once: nothing of the state in the `games` table any more.
    expect((await gameItems(gameId)).filter((item) => item.sk?.S?.startsWith('SNAP#'))).toEqual([]);
    // And the state at every event is still the fold of the log to it (PERF-2).
    for (let version = 1; version <= log.length; version += 3) {
      expect(await gameAt(db.deps, gameId, version)).toEqual(foldGame(RULESETS, log.slice(0, version), emptyGame));
    }
  });

  it('COST-2 a command sent with its version is one PutItem whose event keeps its record; its retry answers the first answer, however late', async () => {
    const gameId = 'g_positioned';
    await startGame(db.deps, gameId);
    const before = (await loadGame(db.deps, gameId)).state;
    const first = await db.deps.store.readAfter(gameId, 0);
    const request = {
      gameId,
      commandId: 'c-positioned',
      command: { type: 'EndPhase' },
      caller: { kind: 'player' as const, playerId: seatOf(before) },
      expectedVersion: before.version,
    };
    const { executeCommand } = await import('../../functions/games/app/commands.ts');
    const accepted = await executeCommand(db.deps, request);
    expect(accepted.replayed).toBe(false);
    expect(first.length).toBe(before.version);
    // The record is on the event, not kept apart.
    expect(await db.deps.store.recordAt(gameId, before.version + 1)).toEqual({
      commandId: 'c-positioned',
      record: expect.objectContaining({ firstSeq: before.version + 1, lastSeq: accepted.version }),
    });
    expect(await db.deps.games.command(gameId, 'c-positioned')).toBeNull();
    // Later than the newest items a load reads: found on the event after its version.
    await playTo(gameId, accepted.version + 2 * SNAPSHOT_EVERY);
    const length = (await db.deps.store.readAfter(gameId, 0)).length;
    const retried = await executeCommand(db.deps, request);
    expect(retried).toMatchObject({ replayed: true, version: accepted.version, events: accepted.events });
    // The same id at the same version for another command is the reuse it was (409), and writes nothing.
    const reused = await executeCommand(db.deps, { ...request, command: { type: 'Concede' } }).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(Problem);
    expect(reused).toMatchObject({ status: 409, type: expect.stringContaining('command-id-reused') });
    expect((await db.deps.store.readAfter(gameId, 0)).length).toBe(length);
  });

  it('COST-2 a game stored before checkpoints loads, plays, and checkpoints itself at its next boundary', async () => {
    const gameId = 'g_legacy';
    await startGame(db.deps, gameId);
    const state = await playTo(gameId, 3 * SNAPSHOT_EVERY + 3);
    const log = await db.deps.store.readAfter(gameId, 0);
    // As the code before COST-2 stored it: no checkpoint or record on the events, snapshots in the `games` table.
    for (const item of await eventItems(gameId)) {
      await db.dynamo.client.send(
        new UpdateItemCommand({
          TableName: db.tables.events,
          Key: { gameId: { S: gameId }, seq: { N: item.seq?.N ?? '0' } },
          UpdateExpression: 'REMOVE ckpt, ckptTag, secret, rec',
        }),
      );
    }
    const at = 2 * SNAPSHOT_EVERY;
    const snapshot = await gameSnapshot(db.deps, foldGame(RULESETS, log.slice(0, at), emptyGame));
    const item = {
      pk: { S: `GAME#${gameId}` },
      sk: { S: `SNAP#${String(at).padStart(10, '0')}` },
      seq: { N: String(at) },
      rulesVersion: { S: snapshot.tag },
      state: { S: JSON.stringify(snapshot.state) },
    };
    await db.dynamo.client.send(new PutItemCommand({ TableName: db.tables.games, Item: item }));
    await db.dynamo.client.send(new PutItemCommand({ TableName: db.tables.games, Item: { ...item, sk: { S: LATEST_SNAPSHOT_SK } } }));

    const loaded = await loadGame(db.deps, gameId, 'any');
    expect(loaded.state).toEqual(state);
    expect(loaded.fromSnapshot).toBe(at);
    expect(loaded.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(await gameAt(db.deps, gameId, at + 2)).toEqual(foldGame(RULESETS, log.slice(0, at + 2), emptyGame));

    const after = await playTo(gameId, 4 * SNAPSHOT_EVERY + 1);
    const checkpoint = (await eventItems(gameId)).find((i) => i.ckpt?.B !== undefined);
    expect(Number(checkpoint?.seq?.N)).toBeGreaterThanOrEqual(4 * SNAPSHOT_EVERY);
    const now = await loadGame(db.deps, gameId, 'any');
    expect(now.fromSnapshot).toBe(Number(checkpoint?.seq?.N));
    expect(now.seed).toBe(loaded.seed);
    expect(now.state).toEqual(after);
    expect(now.state).toEqual(foldGame(RULESETS, await db.deps.store.readAfter(gameId, 0), emptyGame));
  });

  it('COST-2 PERF-2 the state inside a long batch starts from the checkpoint before it: two Queries at most', async () => {
    const gameId = 'g_bulk';
    await startGame(db.deps, gameId);
    // A bulk append as a tool writes one (bench/support/games.ts): 60 events, one checkpoint at its end.
    const before = (await loadGame(db.deps, gameId)).state;
    const { recordCommand } = await import('../../domain/match/record.ts');
    let state = before;
    const events = [];
    for (let i = 0; events.length < 60; i += 1) {
      const seat = seatOf(state) === 'p_blue' ? 'blue' : 'red';
      const ctx = {
        rulesets: RULESETS,
        now: '2026-12-07T00:00:00.000Z',
        actor: { kind: 'player' as const, playerId: seatOf(state), seat },
        seed: '5eed'.repeat(16),
      };
      const decision = recordCommand(state, { type: 'EndPhase' }, ctx, gameId, `bulk-${i}`);
      if (!decision.ok) throw new Error(decision.violation.message);
      events.push(...decision.events);
      state = foldGame(RULESETS, decision.events, state);
    }
    expect(
      await db.deps.store.append({ gameId, expectedVersion: before.version, events, snapshot: await gameSnapshot(db.deps, state) }),
    ).toEqual({ ok: true });
    const log = await db.deps.store.readAfter(gameId, 0);
    for (const at of [before.version + 1, before.version + 30, log.length - 1]) {
      const queries = db.dynamo.requests.get('Query') ?? 0;
      expect(await gameAt(db.deps, gameId, at)).toEqual(foldGame(RULESETS, log.slice(0, at), emptyGame));
      expect((db.dynamo.requests.get('Query') ?? 0) - queries).toBeLessThanOrEqual(2);
    }
  });

  it('COST-7 a load answers the state this process appended while it is the head, and folds again once another process wrote', async () => {
    const gameId = 'g_kept';
    const started = await startGame(db.deps, gameId);
    const other = createDeps(createDynamoClient({ endpoint: db.endpoint }).client, db.tables, RULESETS);
    const mine = await endPhase(db.deps, gameId, seatOf(started), started.version);
    // The same object: nothing was unpacked, parsed or folded.
    expect((await loadGame(db.deps, gameId)).state).toBe(mine.state);
    const theirs = await endPhase(other, gameId, seatOf(mine.state), mine.version);
    const after = await loadGame(db.deps, gameId);
    expect(after.state).not.toBe(mine.state);
    expect(after.state).toEqual(theirs.state);
    expect(after.state).toEqual(foldGame(RULESETS, await db.deps.store.readAfter(gameId, 0), emptyGame));
  });

  it('COST-2 the seed beside a checkpoint is the game seed kept apart', async () => {
    const gameId = 'g_seed';
    await startGame(db.deps, gameId);
    const { Item } = await db.dynamo.client.send(
      new GetItemCommand({ TableName: db.tables.games, Key: { pk: { S: `GAME#${gameId}` }, sk: { S: 'SECRET' } }, ConsistentRead: true }),
    );
    const loaded = await loadGame(db.deps, gameId, 'any');
    expect(loaded.seed).toBe(Item?.seed?.S);
    expect(loaded.fromSnapshot).not.toBeNull();
  });
});
