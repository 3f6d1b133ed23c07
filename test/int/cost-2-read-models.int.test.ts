/**
 * COST-2 on DynamoDB Local: a game's view is stored packed (`stateZ`, raw DEFLATE) rather than
 * as JSON text, read back byte-identical (the served body and its ETag do not change), and a
 * view written before that (`state` as text) is still read until its next projection rewrites it.
 */
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Match } from '../../domain/match/state.ts';
import { awaitingSeats } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { unpack } from '../../functions/adapters/compact.ts';
import { gameKey } from '../../functions/adapters/game-items.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { isStale } from '../../functions/kernel/ports.ts';
import { give } from '../support/commands.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';

const RULESETS = everyRuleset();

let db: TestDb;
let realistic: Match;

const playerOf = (state: Match, seat: string | null | undefined): string => {
  const playerId = state.seats.find((s) => s.name === seat)?.playerId;
  if (!playerId) throw new Error(`no player in seat ${seat}`);
  return playerId;
};

/**
 * A Post Galactica game on the example scenario, deployed and a few phases in: the size of view
 * the projector writes in play (about 48 KB of JSON, half of it the undo window). Played on the
 * memory adapters: only the read model's storage is under test here.
 */
const realisticGame = async (): Promise<Match> => {
  const deps = createMemoryDeps(RULESETS);
  const gameId = 'g_cost2_view';
  const options = { firstPlayer: 'red', rules: { scenario: 'example' } };
  await give(deps, gameId, 'p_red', { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options });
  let state = (await give(deps, gameId, 'p_blue', { type: 'JoinGame' })).state as Match;
  // Post Galactica's rules state names the seat still to deploy, null once both armies are placed.
  const deploying = () => ('rules' in state ? (state.rules as { deploying: string | null }).deploying : null);
  while (deploying() !== null)
    state = (await give(deps, gameId, playerOf(state, deploying()), { type: 'Deploy', auto: true })).state as Match;
  for (let i = 0; i < 4; i += 1) {
    const seat = awaitingSeats(RULESETS, state)[0];
    state = (await give(deps, gameId, playerOf(state, seat), { type: 'EndPhase' })).state as Match;
  }
  return state;
};

const rawView = async (gameId: string) => {
  const { Item } = await db.dynamo.client.send(
    new GetItemCommand({ TableName: db.tables.games, Key: { pk: { S: gameKey(gameId) }, sk: { S: 'VIEW' } }, ConsistentRead: true }),
  );
  if (!Item) throw new Error(`no view of ${gameId}`);
  return Item;
};

/** A view as the projector wrote it before COST-2: the state as JSON text in `state`. */
const putLegacyView = (gameId: string, version: number, json: string) =>
  db.dynamo.client.send(
    new PutItemCommand({
      TableName: db.tables.games,
      Item: { pk: { S: gameKey(gameId) }, sk: { S: 'VIEW' }, version: { N: String(version) }, state: { S: json } },
    }),
  );

beforeAll(async () => {
  db = await freshTables();
  realistic = await realisticGame();
}, 60_000);

describe('COST-2 read models stored compactly on DynamoDB Local', () => {
  it('COST-2 a view written now is stored packed in stateZ, at most a third of its JSON, and reads back byte-identical', async () => {
    const json = JSON.stringify(realistic);
    expect(Buffer.byteLength(json)).toBeGreaterThan(40_000);
    expect(await db.deps.games.putReadModel('g_cost2_a', { version: realistic.version, state: json, lobby: null }, 0)).toBe(true);

    const item = await rawView('g_cost2_a');
    expect(item.state).toBeUndefined();
    const packed = item.stateZ?.B;
    expect(packed).toBeInstanceOf(Uint8Array);
    expect((packed?.byteLength ?? Number.POSITIVE_INFINITY) * 3).toBeLessThanOrEqual(Buffer.byteLength(json));
    expect(unpack(packed ?? new Uint8Array())).toBe(json);

    const model = await db.deps.games.readModel('g_cost2_a');
    expect(model).toEqual({ version: realistic.version, state: json });
    expect(model?.state).toBe(json);
  });

  it('COST-2 a legacy view (state as JSON text) is still read, and the next write over it stores it packed', async () => {
    const json = JSON.stringify(realistic);
    await putLegacyView('g_cost2_b', realistic.version, json);
    expect(await db.deps.games.readModel('g_cost2_b')).toEqual({ version: realistic.version, state: json });

    const next = JSON.stringify({ ...realistic, version: realistic.version + 1 });
    expect(await db.deps.games.putReadModel('g_cost2_b', { version: realistic.version + 1, state: next }, realistic.version)).toBe(true);
    const item = await rawView('g_cost2_b');
    expect(item.state).toBeUndefined();
    expect(item.stateZ?.B).toBeInstanceOf(Uint8Array);
    expect(await db.deps.games.readModel('g_cost2_b')).toEqual({ version: realistic.version + 1, state: next });
  });

  it('COST-2 markStale marks a packed view without touching its state, and the next write clears the mark', async () => {
    const json = JSON.stringify(realistic);
    const version = realistic.version;
    await db.deps.games.putReadModel('g_cost2_c', { version, state: json }, 0);
    const mark = { upTo: version + 2, reason: 'projection failed', at: '2026-03-01T12:00:00.000Z' };
    await db.deps.games.markStale('g_cost2_c', mark);

    const marked = await db.deps.games.readModel('g_cost2_c');
    expect(marked).toEqual({ version, state: json, stale: mark });
    expect(marked && isStale(marked)).toBe(true);
    const item = await rawView('g_cost2_c');
    expect(item.stale?.S).toBe(JSON.stringify(mark));
    expect(item.stateZ?.B).toBeInstanceOf(Uint8Array);

    const next = JSON.stringify({ ...realistic, version: version + 2 });
    expect(await db.deps.games.putReadModel('g_cost2_c', { version: version + 2, state: next }, version)).toBe(true);
    expect(await db.deps.games.readModel('g_cost2_c')).toEqual({ version: version + 2, state: next });
  });
});
