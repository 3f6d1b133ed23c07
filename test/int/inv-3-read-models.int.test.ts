/**
 * INV-3 on DynamoDB Local and its real stream, on a smaller sample than the unit tier's: the
 * generated histories (test/support/histories.ts) are appended by the DynamoDB event store,
 * the events table's stream is read for real, and its records reach the projector Lambda's
 * handler in random batches (split, shuffled, swapped, redelivered, a write failing before it
 * lands), a batch that reports failures being delivered again from its first failed record,
 * as the event source mapping does. After quiet, every read model equals a fresh fold.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../functions/adapters/dynamo-deps.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { makeProjector } from '../../functions/stream/projector.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';
import {
  appendHistory,
  deliveries,
  expectReadsEqualTheFold,
  failingWrites,
  HISTORY_RULESETS,
  history,
  PROPERTY_SCALE,
  PROPERTY_SEED,
  playHistory,
} from '../support/histories.ts';
import { readStream } from '../support/stream.ts';

let db: TestDb;
let deps: Deps;
const failing = { next: false };

beforeAll(async () => {
  db = await freshTables();
  deps = createDeps(db.dynamo.client, db.tables, HISTORY_RULESETS);
  failingWrites(deps, failing);
});

const gameOf = (record: DynamoDBRecord) => record.dynamodb?.Keys?.gameId?.S;

describe('INV-3 read models equal the fold of their logs on DynamoDB Local and its stream', () => {
  it(
    'INV-3 generated histories, their stream records delivered in random batches to the projector, read back as their fold',
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(history(20), fc.gen(), async (h, g) => {
          run += 1;
          const played = playHistory(h, `g_inv3_${run}_${h.ruleset.replace(/[^a-z0-9]/g, '')}`);
          await appendHistory(deps, played);
          const records = (await readStream(db)).filter((r) => gameOf(r) === played.gameId);
          expect(records).toHaveLength(played.log.length);
          const project = makeProjector(() => deps);
          for (const { batch, fail } of deliveries(records, g)) {
            failing.next = fail;
            // The event source mapping delivers again from the first failed record, until none fails.
            let pending = batch;
            for (let attempt = 1; pending.length > 0; attempt += 1) {
              expect(attempt).toBeLessThanOrEqual(3);
              const response = await project({ Records: [...pending] });
              const failed = response.batchItemFailures.map((f) => f.itemIdentifier);
              const from = pending.findIndex((r) => failed.includes(r.dynamodb?.SequenceNumber ?? ''));
              pending = from < 0 ? [] : pending.slice(from);
            }
            failing.next = false;
          }
          await expectReadsEqualTheFold(deps, played);
        }),
        { seed: PROPERTY_SEED, numRuns: 8 * PROPERTY_SCALE },
      );
    },
    30_000 * PROPERTY_SCALE,
  );
});
