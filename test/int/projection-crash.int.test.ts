/**
 * REL-20: every item a projection writes (the view with its lobby entry, each seat's inbox
 * entry) converges after a crash at any point. A kill lands at random, so here each crash
 * point is taken in turn: the projection of one stream record is cut before its k-th write
 * (no write from it on, as after kill -9), then the stream delivers the record again, as a
 * restart or a retried batch does, twice and out of order with the records before it.
 */

import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { everyRuleset } from '../../domain/rulesets.ts';
import { inboxEntriesOf } from '../../functions/games/app/projection.ts';
import { makeProjector } from '../../functions/stream/projector.ts';
import { startGame } from '../support/commands.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';
import { crashingDeps } from '../support/faults.ts';
import { foldedGame, readModelDiff } from '../support/read-models.ts';
import { readStream } from '../support/stream.ts';

const RULESETS = everyRuleset();

/** More crash points than a projection has writes: the last one must let every write through. */
const CRASH_POINTS = 6;

let db: TestDb;
let records: Map<string, DynamoDBRecord[]>;
let length = 0;
const gameOf = (record: number, crashAt: number) => `g_cut_${record}_${crashAt}`;

beforeAll(async () => {
  db = await freshTables();
  // A Post Galactica game created by p_red, joined by p_blue (it leaves the lobby), begun.
  length = (await startGame(db.deps, 'g_template')).version;
  const created: Promise<unknown>[] = [];
  for (let record = 0; record < length; record += 1) {
    for (let crashAt = 1; crashAt <= CRASH_POINTS; crashAt += 1) created.push(startGame(db.deps, gameOf(record, crashAt)));
  }
  await Promise.all(created);
  records = new Map();
  for (const record of await readStream(db)) {
    const gameId = record.dynamodb?.NewImage?.gameId?.S ?? '';
    records.set(gameId, [...(records.get(gameId) ?? []), record]);
  }
}, 120_000);

describe('REL-20 a projection cut short by a crash', () => {
  it('REL-20 converges on the fold of the log, view, inbox entries and lobby entry, whichever write the crash cut', async () => {
    const healthy = makeProjector(() => db.deps);
    const crashing = crashingDeps(db);
    const cut = makeProjector(() => crashing.deps);
    const covered: number[] = [];
    for (let record = 0; record < length; record += 1) {
      for (let crashAt = 1; crashAt <= CRASH_POINTS; crashAt += 1) {
        const gameId = gameOf(record, crashAt);
        const log = records.get(gameId) ?? [];
        expect(log).toHaveLength(length);
        const before = log.slice(0, record);
        const upTo = log.slice(0, record + 1);
        if (before.length > 0) expect((await healthy({ Records: before })).batchItemFailures).toEqual([]);

        crashing.crashAt(crashAt);
        const response = await cut({ Records: [log[record]!] });
        if (!crashing.crashed()) {
          // Every write went through: each crash point of this record was taken. Its writes: the view, each inbox entry.
          expect(response.batchItemFailures).toEqual([]);
          const seated = inboxEntriesOf(RULESETS, await foldedGame(db.deps, gameId, record + 1)).length;
          expect(crashing.writes()).toBe(1 + seated);
          covered.push(record);
          break;
        }
        expect(response.batchItemFailures).toHaveLength(1);

        // Delivered again: the record alone, then with those before it, twice and out of order.
        for (const batch of [[log[record]!], [...upTo].reverse(), upTo, [log[record]!]]) {
          expect((await healthy({ Records: batch })).batchItemFailures).toEqual([]);
        }
        const expected = await foldedGame(db.deps, gameId, record + 1);
        expect(await readModelDiff(db.deps, expected), `crash before write ${crashAt} of record ${record + 1}`).toEqual([]);
      }
    }
    expect(covered).toEqual(Array.from({ length }, (_, record) => record));
  }, 120_000);
});
