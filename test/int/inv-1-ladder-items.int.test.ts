/**
 * INV-1: a ladder written before its ratings moved to items of their own (one `LADDER#<ruleset>`
 * item whose body holds every rating) is still read whole and rated on, on DynamoDB Local: its
 * head's body is never written again, so it never grows, and each player rated since has an item
 * of their own that the ladder reads over the old map.
 */
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemBytes } from '../../functions/adapters/dynamo-client.ts';
import { rateGame } from '../../functions/clubs/app/ladder.ts';
import type { Rating } from '../../functions/kernel/ports.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';

let db: TestDb;
beforeAll(async () => {
  db = await freshTables();
});

const CLUB = 'c_legacyladder';
const key = (sk: string) => ({ pk: { S: `CLUB#${CLUB}` }, sk: { S: sk } });
const old: Rating = { mu: 27.1, sigma: 7.9, games: 3, wins: 2, losses: 1, draws: 0 };

describe('INV-1 a ladder kept in one item before its ratings moved out', () => {
  it('INV-1 is read whole and rated on; its item keeps its size; the new ratings are items of their own', async () => {
    const legacy = { ratings: { p_old: old, p_other: { ...old, mu: 22 } }, rated: 3 };
    await db.dynamo.client.send(
      new PutItemCommand({
        TableName: db.tables.games,
        Item: { ...key('LADDER#soluna'), body: { S: JSON.stringify(legacy) }, rev: { N: '3' } },
      }),
    );
    const head = async () =>
      (await db.dynamo.client.send(new GetItemCommand({ TableName: db.tables.games, Key: key('LADDER#soluna'), ConsistentRead: true })))
        .Item ?? {};
    const before = itemBytes(await head());
    const read = await db.deps.clubs.ladder(CLUB, 'soluna');
    expect(read).toEqual({ ...legacy, rev: 3 });

    const game = {
      clubId: CLUB,
      ruleset: 'soluna',
      gameId: 'g_after',
      endedAt: '2026-01-01T00:00:00.000Z',
      seats: [
        { seat: 'light', playerId: 'p_old', result: 'win' as const },
        { seat: 'dark', playerId: 'p_new', result: 'loss' as const },
      ],
    };
    const next = rateGame(read ?? legacy, game);
    expect(await db.deps.clubs.rate(CLUB, 'soluna', 3, next.ladder, next.change)).toBe('rated');

    const after = await db.deps.clubs.ladder(CLUB, 'soluna');
    expect(after).toEqual({ ...next.ladder, rev: 4 });
    expect(after?.ratings.p_old?.games).toBe(4);
    expect(after?.ratings.p_other).toEqual({ ...old, mu: 22 });
    // The head's body is the old map, unchanged; only its count and revision moved.
    const moved = await head();
    expect(moved.body?.S).toBe(JSON.stringify(legacy));
    expect(moved.rated?.N).toBe('4');
    expect(itemBytes(moved)).toBeLessThanOrEqual(before + 'rated'.length + 2);
    const own = await db.dynamo.client.send(
      new GetItemCommand({ TableName: db.tables.games, Key: key('RATING#soluna#p_new'), ConsistentRead: true }),
    );
    expect(own.Item?.games?.N).toBe('1');
  });
});
