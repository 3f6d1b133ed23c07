/**
 * HALL-2 on DynamoDB: a tournament's stream is loaded through the one store port with its fold,
 * and costs what its own port cost: the log from its first event (one Query) beside the seed and
 * the command's record (one BatchGetItem), then one transaction. A tournament is never
 * snapshotted, so a tail read would stop short of a long one's start and send two more
 * requests, one after the other, to find no snapshot.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_EVERY, TAIL } from '../../functions/adapters/event-store.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { foldStream, loadTournament, tournamentFold } from '../../functions/tournaments/app/tournament-fold.ts';
import { executeTournamentCommand } from '../../functions/tournaments/app/tournaments.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';

let db: TestDb;
beforeAll(async () => {
  db = await freshTables();
});

const TOURNAMENT = 't_hall2long';

const give = (deps: Deps, playerId: string, commandId: string, command: Parameters<typeof executeTournamentCommand>[1]['command']) =>
  executeTournamentCommand(deps, { tournamentId: TOURNAMENT, commandId, command, caller: { kind: 'player', playerId } });

/** The requests `run` sends, by operation. */
const requestsOf = async (run: () => Promise<unknown>) => {
  const before = new Map(db.dynamo.requests);
  await run();
  return Object.fromEntries([...db.dynamo.requests].flatMap(([k, n]) => (n > (before.get(k) ?? 0) ? [[k, n - (before.get(k) ?? 0)]] : [])));
};

describe('HALL-2 a tournament through the one store port on DynamoDB', () => {
  it('HALL-2 a command in a tournament longer than the tail read sends two reads in parallel and one transaction', async () => {
    await give(db.deps, 'p_org', 'create', {
      type: 'CreateTournament',
      tournamentId: TOURNAMENT,
      name: 'Cup',
      format: 'swiss',
      rounds: 2,
      ruleset: 'post-galactica',
    });
    const joins = SNAPSHOT_EVERY + 10;
    for (let i = 0; i < joins; i += 1) await give(db.deps, `p_${i}`, 'join', { type: 'JoinTournament' });
    expect(joins + 1).toBeGreaterThan(TAIL);

    expect(await requestsOf(() => give(db.deps, 'p_late', 'join', { type: 'JoinTournament' }))).toEqual({
      Query: 1,
      BatchGetItem: 1,
      TransactWriteItems: 1,
    });
    // Its retry is answered from the same two reads, and writes nothing.
    expect(await requestsOf(() => give(db.deps, 'p_late', 'join', { type: 'JoinTournament' }))).toEqual({ Query: 1, BatchGetItem: 1 });

    const log = await db.deps.store.readAfter(TOURNAMENT, 0);
    expect(log).toHaveLength(joins + 2);
    const loaded = await db.deps.store.load(TOURNAMENT, tournamentFold, '@by.p_late.join');
    expect(loaded.state).toEqual({ events: log, state: foldStream(log) });
    expect(loaded.command).toEqual({ bodyHash: expect.any(String), firstSeq: joins + 2, lastSeq: joins + 2 });
    expect(loaded.seed).toMatch(/^[0-9a-f]{64}$/);
    // A read without a command id is the log alone: one Query.
    expect(await requestsOf(() => loadTournament(db.deps, TOURNAMENT))).toEqual({ Query: 1 });
  });
});
