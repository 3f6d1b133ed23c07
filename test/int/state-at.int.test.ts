/**
 * PERF-2 the state at any event starts from the nearest checkpoint at or before it, through the
 * real store on DynamoDB Local, and reads only the events from that checkpoint (COST-2: one Query
 * of the newest items at or before it).
 */

import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { SNAPSHOT_EVERY } from '../../functions/adapters/event-store.ts';
import { gameAt, loadGame } from '../../functions/games/app/game-fold.ts';
import { stateAt } from '../../functions/games/app/queries.ts';
import { endPhase, startGame } from '../support/commands.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';

const RULESETS = everyRuleset();

let db: TestDb;
let log: EventEnvelope[];
let snapshots: number[];
const GAME = 'g_state_at';

/** The seqs of the game's checkpoints (event items that carry one), oldest first. */
const snapshotSeqs = async (): Promise<number[]> => {
  const page = await db.dynamo.client.send(
    new QueryCommand({
      TableName: db.tables.events,
      KeyConditionExpression: 'gameId = :g',
      FilterExpression: 'attribute_exists(ckpt)',
      ExpressionAttributeValues: { ':g': { S: GAME } },
    }),
  );
  return (page.Items ?? []).map((item) => Number(item.seq?.N));
};

beforeAll(async () => {
  db = await freshTables();
  await startGame(db.deps, GAME);
  // Past three snapshots, so the end of the log is far from its start.
  while ((await db.deps.store.readAfter(GAME, 0)).length < 3 * SNAPSHOT_EVERY + 10) {
    const { state } = await loadGame(db.deps, GAME);
    await endPhase(db.deps, GAME, (state as { rules: { activeSeat: string } }).rules.activeSeat === 'red' ? 'p_red' : 'p_blue');
  }
  log = await db.deps.store.readAfter(GAME, 0);
  snapshots = await snapshotSeqs();
  // The projector's read model, as a running stack has it, so reading the game costs what it costs there.
  const head = foldGame(RULESETS, log, emptyGame);
  await db.deps.games.putReadModel(GAME, { version: head.version, state: JSON.stringify(head) }, 'any');
}, 120_000);

const reads = () => ({ requests: new Map(db.dynamo.requests), items: new Map(db.dynamo.itemsRead) });
const delta = (before: Map<string, number>, after: Map<string, number>, name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);

describe('the state at an event', () => {
  it('PERF-2 equals the fold of events 1..N before the first snapshot, at one, just after and at the end', async () => {
    // The first checkpoint is the game's first batch's; the next ones cross boundaries.
    const first = snapshots[1] ?? 0;
    expect(snapshots.length).toBeGreaterThanOrEqual(3);
    const points = [5, first - 1, first, first + 1, snapshots[1] ?? 0, (snapshots[2] ?? 0) + 3, log.length];
    for (const at of points) {
      const expected = foldGame(RULESETS, log.slice(0, at), emptyGame);
      expect(await gameAt(db.deps, GAME, at)).toEqual(expected);
      // Through the route's function: redacted for the caller's seat exactly as the fold from scratch.
      expect((await stateAt(db.deps, GAME, 'p_blue', at)).view).toEqual(viewGame(RULESETS, expected, 'blue'));
    }
  });

  it('PERF-2 reads one checkpoint interval of items, not the log from its start', async () => {
    const at = log.length - 2;
    const nearest = Math.max(...snapshots.filter((s) => s <= at));
    const before = reads();
    await stateAt(db.deps, GAME, 'p_red', at);
    const after = reads();
    // One GetItem (the read model, for access), one Query of the newest items at or before `at` (the
    // nearest checkpoint among them), and one of a single item for the log's head (INV-5: whether a
    // takeback since voided event `at`).
    expect(delta(before.requests, after.requests, 'Query')).toBe(2);
    expect(delta(before.items, after.items, 'Query')).toBe(SNAPSHOT_EVERY + 1);
    expect(at - nearest).toBeLessThan(SNAPSHOT_EVERY);
    expect(at).toBeGreaterThan(3 * SNAPSHOT_EVERY);
  });

  it('PERF-2 a state past the end of the log is a 404 naming how many events there are', async () => {
    await expect(stateAt(db.deps, GAME, 'p_red', log.length + 1)).rejects.toMatchObject({
      status: 404,
      detail: `Game ${GAME} has only ${log.length} events; ask for at=1 to at=${log.length}.`,
    });
  });
});
