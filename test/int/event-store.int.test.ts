import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EventEnvelope, findChainBreak, sealBatch } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { SINGLE_EVENT_ITEMS } from '../../functions/adapters/event-codec.ts';
import { SNAPSHOT_EVERY } from '../../functions/adapters/event-store.ts';
import { executeCommand } from '../../functions/games/app/commands.ts';
import { gameAt, loadGame } from '../../functions/games/app/game-fold.ts';
import { Problem } from '../../functions/kernel/problems.ts';
import { endPhase, give, startGame } from '../support/commands.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';

const RULESETS = everyRuleset();

let db: TestDb;
beforeAll(async () => {
  db = await freshTables();
});

const meta = (gameId: string, commandId: string) => ({
  gameId,
  at: '2026-01-01T00:00:00.000Z',
  actor: 'red',
  commandId,
  rulesVersion: 'v',
  command: { type: 'X' },
});
const count = async (gameId: string) => (await db.deps.store.readAfter(gameId, 0)).length;

const rejection = async (promise: Promise<unknown>): Promise<Problem> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
  throw new Error('expected a Problem');
};

describe('appending', () => {
  it('writes a batch only after seq-1 and never over an existing seq', async () => {
    const first = sealBatch(null, [{ type: 'A', data: 1 }], meta('g_append', 'c1'));
    const second = sealBatch(first[0]!, [{ type: 'B', data: 2 }], meta('g_append', 'c2'));
    const append = (events: EventEnvelope[], expectedVersion: number, id: string) =>
      db.deps.store.append({
        gameId: 'g_append',
        expectedVersion,
        events,
        command: { commandId: id, record: { bodyHash: id, firstSeq: 0, lastSeq: 0 } },
        snapshot: { state: emptyGame, tag: '' },
      });

    expect(await append(first, 0, 'c1')).toEqual({ ok: true });
    expect(await append(first, 0, 'c1b')).toEqual({ ok: false, conflict: 'version' });
    // seq 3 on top of a missing seq 2: the ConditionCheck on seq-1 refuses it.
    const orphan = sealBatch({ seq: 2, hash: 'x' }, [{ type: 'C', data: 3 }], meta('g_append', 'c3'));
    expect(await append(orphan, 2, 'c3')).toEqual({ ok: false, conflict: 'version' });
    expect(await append(second, 1, 'c2')).toEqual({ ok: true });
    expect((await db.deps.store.readAfter('g_append', 0)).map((e) => e.type)).toEqual(['A', 'B']);
  });

  it('stores the command with the first event of its batch and nowhere else', async () => {
    await startGame(db.deps, 'g_command');
    const log = await db.deps.store.readAfter('g_command', 0);
    const firstOfBatch = log.filter((e, i) => i === 0 || log[i - 1]?.commandId !== e.commandId);
    expect(firstOfBatch.every((e) => e.command !== undefined)).toBe(true);
    expect(log.filter((e) => !firstOfBatch.includes(e)).every((e) => e.command === undefined)).toBe(true);
    expect(log[0]?.command).toEqual({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' });
  });

  it('keeps a hash chain that holds from the first event to the last', async () => {
    await startGame(db.deps, 'g_chain');
    for (let i = 0; i < 5; i += 1) await endPhase(db.deps, 'g_chain', 'p_red');
    const log = await db.deps.store.readAfter('g_chain', 0);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    expect(findChainBreak(log)).toBeNull();
  });

  it('keeps the seed out of the log until the game ends, then reveals the committed one', async () => {
    const state = await startGame(db.deps, 'g_seed');
    const secret = await db.dynamo.client.send(
      new GetItemCommand({ TableName: db.tables.games, Key: { pk: { S: 'GAME#g_seed' }, sk: { S: 'SECRET' } } }),
    );
    const seed = secret.Item?.seed?.S ?? '';
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await db.deps.store.readAfter('g_seed', 0))).not.toContain(seed);
    expect(state.status !== 'empty' && state.seedCommitment).toBe((await import('../../domain/kernel/dice.ts')).seedCommitment(seed));
    await give(db.deps, 'g_seed', 'p_blue', { type: 'Concede' });
    const last = (await db.deps.store.readAfter('g_seed', 0)).at(-1);
    expect(last).toMatchObject({ type: 'SeedRevealed', data: { seed } });
  });
});

describe('concurrency', () => {
  it('20 concurrent commands at the same version: exactly one succeeds and the log stays gap-free', async () => {
    const state = await startGame(db.deps, 'g_race');
    const before = await count('g_race');
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => endPhase(db.deps, 'g_race', 'p_red', state.version)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Problem] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    expect(lost.every((p) => p instanceof Problem && p.status === 409)).toBe(true);
    const log = await db.deps.store.readAfter('g_race', 0);
    expect(log).toHaveLength(before + 1);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    expect(findChainBreak(log)).toBeNull();
  });

  it('without expectedVersion, concurrent commands are re-decided on the new state and none is lost', async () => {
    await startGame(db.deps, 'g_queue');
    const before = await count('g_queue');
    await Promise.all(Array.from({ length: 3 }, () => endPhase(db.deps, 'g_queue', 'p_red')));
    const log = await db.deps.store.readAfter('g_queue', 0);
    expect(log.slice(before).map((e) => (e.data as { phase: string }).phase)).toEqual(['resource', 'movement', 'action']);
  });

  it('rejects an expectedVersion that is not the current version with 409', async () => {
    const state = await startGame(db.deps, 'g_stale');
    const problem = await rejection(endPhase(db.deps, 'g_stale', 'p_red', state.version - 1));
    expect(problem.status).toBe(409);
    expect(problem.detail).toBe(`You expected version ${state.version - 1} but the game is at version ${state.version}.`);
  });
});

describe('idempotency', () => {
  it('a retried command returns the first result and writes nothing', async () => {
    await startGame(db.deps, 'g_retry');
    const request = {
      gameId: 'g_retry',
      commandId: 'retry-0001',
      command: { type: 'EndPhase' },
      caller: { kind: 'player', playerId: 'p_red' },
    } as const;
    const first = await executeCommand(db.deps, request);
    const before = await count('g_retry');
    const again = await executeCommand(db.deps, request);
    expect(again.replayed).toBe(true);
    expect(again.events).toEqual(first.events);
    expect(again.version).toBe(first.version);
    expect(await count('g_retry')).toBe(before);
  });

  it('concurrent retries of one command write it once', async () => {
    await startGame(db.deps, 'g_retry2');
    const before = await count('g_retry2');
    const request = {
      gameId: 'g_retry2',
      commandId: 'retry-0002',
      command: { type: 'EndPhase' },
      caller: { kind: 'player', playerId: 'p_red' },
    } as const;
    const results = await Promise.all(Array.from({ length: 5 }, () => executeCommand(db.deps, request)));
    expect(await count('g_retry2')).toBe(before + 1);
    expect(new Set(results.map((r) => r.events[0]?.hash)).size).toBe(1);
  });

  it('the same command id with a different body is rejected and writes nothing', async () => {
    await startGame(db.deps, 'g_reuse');
    await executeCommand(db.deps, {
      gameId: 'g_reuse',
      commandId: 'reuse-0001',
      command: { type: 'EndPhase' },
      caller: { kind: 'player', playerId: 'p_red' },
    });
    const before = await count('g_reuse');
    const problem = await rejection(
      executeCommand(db.deps, {
        gameId: 'g_reuse',
        commandId: 'reuse-0001',
        command: { type: 'EndPhase', phase: 'resource' },
        caller: { kind: 'player', playerId: 'p_red' },
      }),
    );
    expect(problem).toMatchObject({ status: 409, type: 'command-id-reused' });
    expect(await count('g_reuse')).toBe(before);
  });
});

describe('loading', () => {
  it('reads the latest snapshot and the events after it, and folds the same state as the whole log', async () => {
    await startGame(db.deps, 'g_long');
    for (let i = 0; i < SNAPSHOT_EVERY + 10; i += 1) {
      const loaded = await loadGame(db.deps, 'g_long');
      const rules = (loaded.state as { rules: { activeSeat: string } }).rules;
      await endPhase(db.deps, 'g_long', rules.activeSeat === 'red' ? 'p_red' : 'p_blue');
    }
    const loaded = await loadGame(db.deps, 'g_long');
    expect(loaded.fromSnapshot).toBeGreaterThanOrEqual(SNAPSHOT_EVERY);
    expect(loaded.state).toEqual(foldGame(RULESETS, await db.deps.store.readAfter('g_long', 0), emptyGame));
  });

  it('an unknown game is a 404 and writes nothing', async () => {
    const problem = await rejection(endPhase(db.deps, 'g_nowhere', 'p_red'));
    expect(problem).toMatchObject({ status: 404, detail: 'There is no game g_nowhere.' });
    expect(await count('g_nowhere')).toBe(0);
  });
});

/** Play EndPhase by whoever acts until the log has at least `size` events. */
const playTo = async (gameId: string, size: number) => {
  while ((await loadGame(db.deps, gameId)).state.version < size) {
    const { state } = await loadGame(db.deps, gameId);
    await endPhase(db.deps, gameId, (state as { rules: { activeSeat: string } }).rules.activeSeat === 'red' ? 'p_red' : 'p_blue');
  }
};

/** Events the last command measured by `requestsOf` read by Query. */
let lastQueryItems = 0;

/** The requests one command sends, by operation; `positioned` sends it with its expected version. */
const requestsOf = async (gameId: string, positioned = false) => {
  const { state } = await loadGame(db.deps, gameId);
  const before = new Map(db.dynamo.requests);
  const itemsBefore = db.dynamo.itemsRead.get('Query') ?? 0;
  const seat = (state as { rules: { activeSeat: string } }).rules.activeSeat;
  await endPhase(db.deps, gameId, seat === 'red' ? 'p_red' : 'p_blue', positioned ? state.version : undefined);
  lastQueryItems = (db.dynamo.itemsRead.get('Query') ?? 0) - itemsBefore;
  return Object.fromEntries([...db.dynamo.requests].flatMap(([k, n]) => (n > (before.get(k) ?? 0) ? [[k, n - (before.get(k) ?? 0)]] : [])));
};

describe('what a command costs (PERF-5)', () => {
  it('COST-2 a command in a young game sends one Query and one transaction, or one PutItem when sent with its version', async () => {
    await startGame(db.deps, 'g_cost_young');
    expect(await requestsOf('g_cost_young')).toEqual({ Query: 1, TransactWriteItems: 1 });
    expect(await requestsOf('g_cost_young', true)).toEqual({ Query: 1, PutItem: 1 });
  });

  it('COST-2 a command in a game longer than the tail read still sends one Query and one write', async () => {
    await startGame(db.deps, 'g_cost_long');
    await playTo('g_cost_long', SNAPSHOT_EVERY + SINGLE_EVENT_ITEMS + 5);
    expect(await requestsOf('g_cost_long')).toEqual({ Query: 1, TransactWriteItems: 1 });
    // The tail asks for one checkpoint interval of events, no more.
    expect(lastQueryItems).toBe(SNAPSHOT_EVERY);
    expect(await requestsOf('g_cost_long', true)).toEqual({ Query: 1, PutItem: 1 });
    const loaded = await loadGame(db.deps, 'g_cost_long');
    expect(loaded.fromSnapshot).toBeGreaterThan(SNAPSHOT_EVERY);
    expect(loaded.state).toEqual(foldGame(RULESETS, await db.deps.store.readAfter('g_cost_long', 0), emptyGame));
  });
});

describe('loading at a version', () => {
  it('folds the state after any event, also one a snapshot was taken at', async () => {
    await startGame(db.deps, 'g_at');
    for (let i = 0; i < SNAPSHOT_EVERY; i += 1) {
      const { state } = await loadGame(db.deps, 'g_at');
      await endPhase(db.deps, 'g_at', (state as { rules: { activeSeat: string } }).rules.activeSeat === 'red' ? 'p_red' : 'p_blue');
    }
    const log = await db.deps.store.readAfter('g_at', 0);
    for (let version = SNAPSHOT_EVERY - 3; version <= log.length; version += 1) {
      expect(await gameAt(db.deps, 'g_at', version)).toEqual(foldGame(RULESETS, log.slice(0, version), emptyGame));
    }
  });
});

describe('rules versions', () => {
  it('refuses commands on a game started under other rules with 409, and writes nothing', async () => {
    const created = sealBatch(
      null,
      [
        {
          type: 'GameCreated',
          data: {
            ruleset: 'post-galactica',
            rulesVersion: 'pg-0.0.1',
            seats: ['red', 'blue'],
            options: { firstPlayer: 'red', deadlines: {}, rules: {} },
            seedCommitment: 'x',
            createdBy: 'p_red',
          },
        },
      ],
      { ...meta('g_old', 'c-old'), rulesVersion: 'pg-0.0.1' },
    );
    await db.deps.store.append({
      gameId: 'g_old',
      expectedVersion: 0,
      events: created,
      seed: 'ab'.repeat(32),
      snapshot: { state: emptyGame, tag: '' },
    });
    const problem = await rejection(give(db.deps, 'g_old', 'p_blue', { type: 'JoinGame' }));
    expect(problem).toMatchObject({ status: 409, type: 'rules-version' });
    expect(problem.detail).toMatch(
      /^This game is played under post-galactica rules pg-0\.0\.1, but this server implements pg-\d+\.\d+\.\d+, and its log does not decide the same under them \(.+\); nothing was written\. Its organiser may adopt pg-\d+\.\d+\.\d+ from the current position with the command AdoptRules\.$/,
    );
    expect(await count('g_old')).toBe(1);
  });
});
