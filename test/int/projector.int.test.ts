import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { sealBatch } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { eventToItem } from '../../functions/adapters/event-codec.ts';
import { rebuildAll } from '../../functions/games/app/projection.ts';
import { makeProjector } from '../../functions/stream/projector.ts';
import { endPhase, give, startGame } from '../support/commands.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';
import { readStream } from '../support/stream.ts';

const RULESETS = everyRuleset();

let db: TestDb;
let records: DynamoDBRecord[];
const GAMES = ['g_p1', 'g_p2', 'g_p3'];

const folded = async (gameId: string): Promise<GameState> => foldGame(RULESETS, await db.deps.store.readAfter(gameId, 0), emptyGame);
const readModel = async (gameId: string) => {
  const model = await db.deps.games.readModel(gameId);
  return model ? (JSON.parse(model.state) as GameState) : null;
};
const chunk = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

beforeAll(async () => {
  db = await freshTables();
  for (const gameId of GAMES) {
    await startGame(db.deps, gameId);
    for (let i = 0; i < 6; i += 1) await endPhase(db.deps, gameId, 'p_red');
  }
  await give(db.deps, 'g_p3', 'p_blue', { type: 'Concede' });
  records = await readStream(db);
});

describe('the projector, fed from the real stream', () => {
  it('reads one INSERT record per event from the stream', async () => {
    const total = (await Promise.all(GAMES.map((g) => db.deps.store.readAfter(g, 0)))).reduce((n, log) => n + log.length, 0);
    expect(records).toHaveLength(total);
    expect(records.every((r) => r.eventName === 'INSERT' && r.dynamodb?.StreamViewType === 'NEW_IMAGE')).toBe(true);
  });

  it('reaches the state folded from the log when every batch arrives twice and out of order', async () => {
    const project = makeProjector(() => db.deps);
    const batches = chunk(records, 7);
    const shuffled = [...batches.reverse(), ...batches.filter((_, i) => i % 2 === 0), ...batches];
    for (const batch of shuffled) {
      const response = await project({ Records: batch });
      expect(response.batchItemFailures).toEqual([]);
    }
    for (const gameId of GAMES) expect(await readModel(gameId)).toEqual(await folded(gameId));
  });

  it('fills a gap from the events table when only the newest record arrives', async () => {
    const fresh = await freshTables();
    await startGame(fresh.deps, 'g_gap');
    await endPhase(fresh.deps, 'g_gap', 'p_red');
    const stream = await readStream(fresh);
    const response = await makeProjector(() => fresh.deps)({ Records: [stream.at(-1)!] });
    expect(response.batchItemFailures).toEqual([]);
    const model = await fresh.deps.games.readModel('g_gap');
    expect(model?.version).toBe(stream.length);
  });

  it('keeps the inbox: whose action each game awaits, with the game over for a concession', async () => {
    const red = await db.deps.games.inbox('p_red');
    expect(red.map((e) => [e.gameId, e.awaiting, e.status]).sort()).toEqual([
      ['g_p1', true, 'playing'],
      ['g_p2', true, 'playing'],
      ['g_p3', false, 'ended'],
    ]);
  });

  it('reports a game whose events do not chain as a partial batch failure, and projects the rest', async () => {
    const fresh = await freshTables();
    await startGame(fresh.deps, 'g_good');
    const forged = sealBatch({ seq: 4, hash: 'f'.repeat(64) }, [{ type: 'PhaseStarted', data: {} }], {
      gameId: 'g_bad',
      at: '2026-01-01T00:00:00.000Z',
      actor: 'red',
      commandId: 'x',
      rulesVersion: 'v',
      command: {},
    });
    await fresh.dynamo.client.send(new PutItemCommand({ TableName: fresh.tables.events, Item: eventToItem(forged[0]!) }));
    const stream = await readStream(fresh);
    const badRecord = stream.find((r) => r.dynamodb?.NewImage?.gameId?.S === 'g_bad');
    const response = await makeProjector(() => fresh.deps)({ Records: stream });
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: badRecord?.dynamodb?.SequenceNumber }]);
    expect((await fresh.deps.games.readModel('g_good'))?.version).toBe(stream.length - 1);
  });

  it('rebuilds every read model from the events table alone', async () => {
    const fresh = await freshTables();
    await startGame(fresh.deps, 'g_r1');
    await startGame(fresh.deps, 'g_r2');
    await endPhase(fresh.deps, 'g_r2', 'p_red');
    expect(await fresh.deps.games.readModel('g_r1')).toBeNull();
    const rebuilt = await rebuildAll(fresh.deps);
    expect(rebuilt).toBe(2);
    for (const gameId of ['g_r1', 'g_r2']) {
      const model = await fresh.deps.games.readModel(gameId);
      expect(JSON.parse(model?.state ?? 'null')).toEqual(foldGame(RULESETS, await fresh.deps.store.readAfter(gameId, 0), emptyGame));
    }
  });
});
