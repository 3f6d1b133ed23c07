/**
 * REL-31: a lobby page costs what the page shows, not what the lobby holds. The lobby is an
 * index over the read models, spread over LOBBY_SHARDS partitions per ruleset; a page queries
 * each partition from the cursor for at most one entry more than the page, and the items it
 * reads are counted by the client (DynamoDB Local), not timed.
 */

import { CreateTableCommand, DescribeTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../domain/match/state.ts';
import { rulesetIds } from '../../domain/ruleset-list.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createDynamoClient } from '../../functions/adapters/dynamo-client.ts';
import { createDeps } from '../../functions/adapters/dynamo-deps.ts';
import { LOBBY_SHARDS } from '../../functions/adapters/dynamo-games.ts';
import { gameKey } from '../../functions/adapters/game-items.ts';
import { createTableInput, eventsTable, gamesTable, lobbyIndex, tableNames } from '../../functions/adapters/tables.ts';
import { lobbyEntryOf } from '../../functions/games/app/projection.ts';
import { type LobbyPage, lobbyPage } from '../../functions/games/app/queries.ts';
import type { LobbyEntry } from '../../functions/kernel/ports.ts';
import { Problem } from '../../functions/kernel/problems.ts';
import { ensureTables } from '../../infra/local/dynamodb-local.ts';
import { give } from '../support/commands.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';

const RULESETS = everyRuleset();

type Waiting = Exclude<GameState, { status: 'empty' }>;

let db: TestDb;
/** A game of each ruleset as it waits for players, to copy into a lobby of any size. */
let templates: Waiting[];
let filled = 0;

/** A copy of a waiting game, created `n` seconds after the first. */
const openGame = (n: number): Waiting => {
  const template = templates[n % templates.length]!;
  const createdAt = new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();
  return { ...template, gameId: `g_open${String(n).padStart(5, '0')}`, createdAt };
};

/** The lobby holds `size` games or more. */
const fillLobby = async (size: number): Promise<void> => {
  for (let n = filled; n < size; n += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, size - n) }, (_, i) => {
        const state = openGame(n + i);
        return db.deps.games.putReadModel(
          state.gameId,
          { version: state.version, state: JSON.stringify(state), lobby: lobbyEntryOf(state) },
          'any',
        );
      }),
    );
  }
  filled = Math.max(filled, size);
};

/** Items the lobby queries read for one page. */
const itemsReadBy = async (page: () => Promise<LobbyPage>): Promise<{ read: number; page: LobbyPage }> => {
  const before = db.dynamo.itemsRead.get('Query') ?? 0;
  const result = await page();
  return { read: (db.dynamo.itemsRead.get('Query') ?? 0) - before, page: result };
};

const walk = async (query: { ruleset?: string; limit: number }, by: 'cursor' | 'after') => {
  const games: LobbyEntry[] = [];
  const nexts: (number | null)[] = [];
  let page = await lobbyPage(db.deps, { ...query, after: 0 });
  for (;;) {
    games.push(...page.games);
    nexts.push(page.next);
    if (page.next === null) return { games, nexts };
    page = await lobbyPage(db.deps, by === 'cursor' ? { ...query, after: 0, cursor: page.cursor ?? '' } : { ...query, after: page.next });
  }
};

beforeAll(async () => {
  db = await freshTables();
  templates = [];
  for (const ruleset of rulesetIds) {
    const created = await give(db.deps, `g_template_${ruleset}`, 'p_ann', { type: 'CreateGame', ruleset });
    if (created.state && created.state.status !== 'empty') templates.push(created.state);
  }
}, 60_000);

describe('REL-31 the lobby index', () => {
  it('REL-31 a page reads at most page size + 1 entries per index partition, whether the lobby holds 40 games or 600', async () => {
    const limit = 10;
    const partitions = rulesetIds.length * LOBBY_SHARDS;
    const bound = (limit + 1) * partitions;
    await fillLobby(40);
    const small = await itemsReadBy(() => lobbyPage(db.deps, { after: 0, limit }));
    expect(small.page.games).toHaveLength(limit);
    expect(small.read).toBeLessThanOrEqual(40);

    await fillLobby(600);
    const first = await itemsReadBy(() => lobbyPage(db.deps, { after: 0, limit }));
    expect(first.page.games.map((g) => g.gameId)).toEqual(small.page.games.map((g) => g.gameId));
    expect(first.read).toBeLessThanOrEqual(bound);
    const later = await itemsReadBy(() => lobbyPage(db.deps, { after: 0, limit, cursor: first.page.cursor ?? '' }));
    expect(later.page.next).toBe(2 * limit);
    expect(later.read).toBeLessThanOrEqual(bound);
    const filtered = await itemsReadBy(() => lobbyPage(db.deps, { ruleset: 'gsc2', after: 0, limit, cursor: first.page.cursor ?? '' }));
    expect(filtered.page.games.every((g) => g.ruleset === 'gsc2')).toBe(true);
    expect(filtered.read).toBeLessThanOrEqual((limit + 1) * LOBBY_SHARDS);
    expect(bound).toBeLessThan(600 / 4);
  }, 120_000);

  it('REL-31 walking by cursor lists what walking by offset lists: every open game once, oldest first, with the same next', async () => {
    await fillLobby(600);
    for (const query of [{ limit: 37 }, { ruleset: 'soluna', limit: 9 }]) {
      const byCursor = await walk(query, 'cursor');
      const byOffset = await walk(query, 'after');
      expect(byCursor).toEqual(byOffset);
      const order = byCursor.games.map((g) => `${g.createdAt}#${g.gameId}`);
      expect(order).toEqual([...order].sort());
      expect(new Set(order).size).toBe(order.length);
      if (query.ruleset) expect(byCursor.games.every((g) => g.ruleset === query.ruleset)).toBe(true);
    }
  }, 120_000);

  it('REL-31 a cursor the server did not give is a 400 naming it', async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of ['not-a-cursor', forged([3, '']), forged([-1, 'x']), forged({ offset: 3 })]) {
      const refused = await lobbyPage(db.deps, { after: 0, limit: 5, cursor }).catch((error: unknown) => error);
      expect(refused, cursor).toBeInstanceOf(Problem);
      expect(refused).toMatchObject({ status: 400, extra: { errors: [{ pointer: '/cursor' }] } });
    }
  });

  it('REL-31 a data folder from before the index gets it on start, and a view written since is listed by it', async () => {
    const endpoint = db.endpoint;
    const { client } = createDynamoClient({ endpoint });
    const tables = tableNames(`old${Date.now().toString(36)}-`);
    const { indexes: _indexes, ...before } = gamesTable;
    await client.send(new CreateTableCommand(createTableInput(eventsTable, tables.events)));
    await client.send(new CreateTableCommand(createTableInput(before, tables.games)));
    const state = openGame(9_999);
    const entry = lobbyEntryOf(state);
    // What the projector wrote then: a view without its lobby entry.
    const view = {
      pk: { S: gameKey(state.gameId) },
      sk: { S: 'VIEW' },
      version: { N: String(state.version) },
      state: { S: JSON.stringify(state) },
    };
    await client.send(new PutItemCommand({ TableName: tables.games, Item: view }));

    await ensureTables(client, tables);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tables.games }));
    expect(Table?.GlobalSecondaryIndexes?.map((i) => [i.IndexName, i.IndexStatus])).toEqual([[lobbyIndex.name, 'ACTIVE']]);
    const deps = createDeps(client, tables, RULESETS);
    expect((await lobbyPage(deps, { after: 0, limit: 10 })).games).toEqual([]);
    const model = { version: state.version, state: JSON.stringify(state), lobby: entry };
    expect(await deps.games.putReadModel(state.gameId, model, state.version)).toBe(true);
    expect((await lobbyPage(deps, { after: 0, limit: 10 })).games).toEqual([entry]);
  }, 60_000);
});
