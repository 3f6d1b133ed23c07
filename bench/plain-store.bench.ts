/**
 * PERF-5 a plain event store side by side with Arbiter's, on the same DynamoDB Local, at
 * 10, 2,000 and 10,000 events. The plain store is what an event store without Arbiter's
 * guarantees does: Query every event of the game, fold, decide, then one conditional PutItem
 * per new event (no idempotency record, no snapshot, one write per event rather than one
 * transaction). Arbiter is timed as a client that sends its expected version (one conditional
 * PutItem, as the plain store's) and as one that does not (a transaction with its idempotency
 * record); the goal compares the first, each writing one conditional item. Both decide the same EndPhase with the same domain code on copies of the
 * same items, so only the storage differs. Printed, never asserted.
 */

import {
  BatchWriteItemCommand,
  ConditionalCheckFailedException,
  CreateTableCommand,
  PutItemCommand,
  QueryCommand,
} from '@aws-sdk/client-dynamodb';
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import type { GameCommand } from '../domain/match/decide.ts';
import { foldGame } from '../domain/match/evolve.ts';
import { recordCommand } from '../domain/match/record.ts';
import { emptyGame, type GameState } from '../domain/match/state.ts';
import { everyRuleset } from '../domain/rulesets.ts';
import type { CountingClient } from '../functions/adapters/dynamo-client.ts';
import { eventToItem, type Item, itemToEvent } from '../functions/adapters/event-codec.ts';
import { createTableInput, eventsTable } from '../functions/adapters/tables.ts';
import { loadGame } from '../functions/games/app/game-fold.ts';
import { type BenchDb, command, gameOf, longGameOf, ms, percentile, playerToAct, startBenchDb, stopBenchDb } from './support/games.ts';
import { goal } from './support/goals.ts';

const RULESETS = everyRuleset();

const PLAIN = 'bench-plain-events';
const SEED = 'ab'.repeat(32);

/** The plain store's command: read the whole log, fold, decide, a conditional PutItem per event. */
const plainCommand = async (db: BenchDb, gameId: string, n: number): Promise<EventEnvelope[]> => {
  const log: EventEnvelope[] = [];
  let start: Item | undefined;
  do {
    const page = await db.counting.client.send(
      new QueryCommand({
        TableName: PLAIN,
        KeyConditionExpression: 'gameId = :g',
        ExpressionAttributeValues: { ':g': { S: gameId } },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) log.push(itemToEvent(item));
    start = page.LastEvaluatedKey;
  } while (start);
  const state = foldGame(RULESETS, log, emptyGame);
  const player = playerToAct(state);
  const ctx = {
    rulesets: RULESETS,
    now: new Date().toISOString(),
    actor: { kind: 'player' as const, playerId: player, seat: player.slice(2) },
    seed: SEED,
  };
  const decision = recordCommand(state, { type: 'EndPhase' } as GameCommand, ctx, gameId, `plain-${n}`);
  if (!decision.ok) throw new Error(decision.violation.message);
  for (const event of decision.events) {
    try {
      await db.counting.client.send(
        new PutItemCommand({ TableName: PLAIN, Item: eventToItem(event), ConditionExpression: 'attribute_not_exists(gameId)' }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw new Error('the plain store lost a race in a benchmark with no races');
      throw error;
    }
  }
  return [...decision.events];
};

/** The plain store's copy of an Arbiter game: the same event items, so the same bytes to read. */
const copyToPlain = async (db: BenchDb, gameId: string) => {
  const items = (await db.deps.store.readAfter(gameId, 0)).map(eventToItem);
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const result = await db.counting.client.send(new BatchWriteItemCommand({ RequestItems: { [PLAIN]: pending } }));
      pending = (result.UnprocessedItems?.[PLAIN] ?? []) as typeof pending;
    }
  }
};

interface Run {
  readonly latencies: number[];
  readonly requests: Map<string, number>;
}

const newRun = (): Run => ({ latencies: [], requests: new Map() });

/** Time one command and add the requests it sent to the run. */
const timed = async (client: CountingClient, run: Run, fn: () => Promise<unknown>) => {
  const before = new Map(client.requests);
  const started = performance.now();
  await fn();
  run.latencies.push(performance.now() - started);
  for (const [k, v] of client.requests) {
    if (v > (before.get(k) ?? 0)) run.requests.set(k, (run.requests.get(k) ?? 0) + v - (before.get(k) ?? 0));
  }
};

const requestsOf = (run: Run) => {
  const n = run.latencies.length;
  const total = [...run.requests.values()].reduce((a, b) => a + b, 0) / n;
  const kinds = [...run.requests].map(([k, v]) => `${k} ${(v / n).toFixed(2)}`);
  return `${total.toFixed(2)} requests (${kinds.join(', ')})`;
};

/** Arbiter's command path and the plain store, one command each in turn, on copies of the same games. */
const compare = async (db: BenchDb, title: string | null, games: readonly string[], perGame: number) => {
  const arbiter = newRun();
  const positioned = newRun();
  const plain = newRun();
  const next = new Map<string, { player: string; version: number }>();
  const played = (gameId: string, result: { state: GameState | null; version: number }) =>
    next.set(gameId, { player: playerToAct(result.state), version: result.version });
  for (const gameId of games) {
    const { state } = await loadGame(db.deps, gameId);
    played(gameId, { state, version: state.version });
    await copyToPlain(db, gameId);
  }
  let n = 0;
  for (let i = 0; i < perGame; i += 1) {
    for (const gameId of games) {
      n += 1;
      // Arbiter as a client that does not say which version it decided on (a transaction with the
      // idempotency record), then as one that does (one conditional PutItem, as the plain store's).
      for (const [run, expects] of [
        [arbiter, false],
        [positioned, true],
      ] as const) {
        await timed(db.counting, run, async () => {
          const at = next.get(gameId) ?? { player: 'p_red', version: 0 };
          played(gameId, await command(db.deps, gameId, at.player, { type: 'EndPhase' }, expects ? at.version : undefined));
        });
      }
      await timed(db.counting, plain, () => plainCommand(db, gameId, n));
    }
  }
  if (title === null) return;
  const a50 = percentile(positioned.latencies, 50);
  const p50 = percentile(plain.latencies, 50);
  console.log(title);
  console.log(
    `  Arbiter, without its version: p50 ${ms(percentile(arbiter.latencies, 50))}  p99 ${ms(percentile(arbiter.latencies, 99))}  ${requestsOf(arbiter)}`,
  );
  console.log(`  Arbiter, with its version:    p50 ${ms(a50)}  p99 ${ms(percentile(positioned.latencies, 99))}  ${requestsOf(positioned)}`);
  console.log(`  plain:   p50 ${ms(p50)}  p99 ${ms(percentile(plain.latencies, 99))}  ${requestsOf(plain)}`);
  // Above 1 Arbiter is faster; the goal is that it is no slower, each writing one conditional item
  // (the plain store keeps no idempotency at all; Arbiter's positioned command is its own record).
  goal({ id: 'PERF-5', title: `plain store / Arbiter at p50, ${title.split(' (')[0]}`, value: p50 / a50, unit: '', atLeast: 1 });
  console.log(`  plain / Arbiter without its version at p50: ${(p50 / percentile(arbiter.latencies, 50)).toFixed(2)}`);
  console.log('');
};

const main = async () => {
  const db = await startBenchDb();
  const { StreamSpecification: _stream, ...plainTable } = createTableInput(eventsTable, PLAIN);
  await db.counting.client.send(new CreateTableCommand(plainTable));
  console.log('PERF-5 a plain event store beside Arbiter on the same DynamoDB Local (in memory). Printed, not asserted.');
  console.log('  plain:   Query every event (paged), fold, decide, one conditional PutItem per new event');
  console.log('  Arbiter: one Query of the newest 7 items (the packed checkpoint, the seed, the newest records), decide, then');
  console.log('           with its version one conditional PutItem (the event is its record), without it one TransactWriteItems');
  console.log('           (events, ConditionCheck on seq-1, the idempotency record); a checkpoint on the item every 7 events\n');

  // Warm both paths up (the JVM and Node's JIT) on games that are not measured.
  const warm = Array.from({ length: 20 }, (_, i) => `g_plain_warm_${i}`);
  for (const gameId of warm) await gameOf(db.deps, gameId, 10);
  await compare(db, null, warm, 2);

  const small = Array.from({ length: 40 }, (_, i) => `g_plain_small_${i}`);
  for (const gameId of small) await gameOf(db.deps, gameId, 10);
  await compare(db, 'games of 10 events (one command in each of 40 games)', small, 1);

  await longGameOf(db.deps, 'g_plain_2k', 2000);
  await compare(db, 'a game of 2,000 events (40 commands)', ['g_plain_2k'], 40);

  await longGameOf(db.deps, 'g_plain_10k', 10_000);
  await compare(db, 'a game of 10,000 events (20 commands)', ['g_plain_10k'], 20);

  await stopBenchDb(db);
};

await main();
