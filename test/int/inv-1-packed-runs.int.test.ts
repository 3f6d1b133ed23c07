/**
 * INV-1 on DynamoDB Local and its real stream: a command of more events than one transaction
 * holds items for (a GSC2 beams reveal of two full fleets records about 470) is written as its
 * first event and packed runs (functions/adapters/event-codec.ts), in one transaction; the
 * stream's records of it decode, in order, to exactly its events, as every consumer reads them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sealBatch } from '../../domain/kernel/envelope.ts';
import { decodeRecords } from '../../functions/adapters/stream-records.ts';
import { MAX_BATCH } from '../../functions/games/app/budget.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';
import { readStream } from '../support/stream.ts';

let db: TestDb;
beforeAll(async () => {
  db = await freshTables();
});

describe('INV-1 a command of hundreds of events', () => {
  it('INV-1 is one transaction of packed runs, and its stream records decode to exactly its events, in order', async () => {
    const gameId = 'g_packed';
    const meta = (commandId: string) => ({
      gameId,
      at: '2026-12-07T10:00:00.000Z',
      actor: 'red',
      commandId,
      rulesVersion: 'test',
      command: {},
    });
    const created = sealBatch(null, [{ type: 'A', data: 'first' }], meta('c-1'));
    const big = sealBatch(
      created.at(-1) ?? null,
      Array.from({ length: 470 }, (_, i) => ({ type: 'BeamFired', data: { battery: i, hits: [1, 2, 3], note: 'x'.repeat(200) } })),
      meta('c-2'),
    );
    expect(big.length).toBeLessThanOrEqual(MAX_BATCH);
    expect(await db.deps.store.append({ gameId, expectedVersion: 0, events: created })).toEqual({ ok: true });
    const transactions = db.dynamo.requests.get('TransactWriteItems') ?? 0;
    expect(await db.deps.store.append({ gameId, expectedVersion: 1, events: big })).toEqual({ ok: true });
    expect(db.dynamo.requests.get('TransactWriteItems')).toBe(transactions + 1);

    const records = (await readStream(db)).filter((r) => r.dynamodb?.Keys?.gameId?.S === gameId);
    // One item for the first event, then runs of at most 50: far fewer records than events.
    expect(records.length).toBeLessThan(20);
    const decoded = decodeRecords({ Records: records });
    expect(decoded.unreadable).toEqual([]);
    expect(decoded.games.map((g) => g.events)).toEqual([[...created, ...big]]);
    expect(await db.deps.store.lastSeq(gameId)).toBe(471);
  });
});
