/**
 * `npm run bench`: what a command and a projection cost, against DynamoDB Local, in a
 * game of 10 events and in one of 2,000; what each class of command costs on AWS in requests
 * and the capacity DynamoDB Local reports, in realistic games (AWS-4, COST-5); and the state at
 * event 10,000 against the latest state (PERF-2). Printed, never asserted: timings on a shared machine are information,
 * not pass/fail.
 */

import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { foldGame } from '../domain/match/evolve.ts';
import { emptyGame } from '../domain/match/state.ts';
import { everyRuleset } from '../domain/rulesets.ts';
import { type CountingClient, createDynamoClient } from '../functions/adapters/dynamo-client.ts';
import { createDeps } from '../functions/adapters/dynamo-deps.ts';
import { crossesSnapshot } from '../functions/adapters/snapshot-boundary.ts';
import { type TableNames, tableNames } from '../functions/adapters/tables.ts';
import { executeCommand } from '../functions/games/app/commands.ts';
import { gameAt, loadGame } from '../functions/games/app/game-fold.ts';
import type { Deps } from '../functions/kernel/deps.ts';
import { makeProjector } from '../functions/stream/projector.ts';
import { ensureTables, type LocalDynamo, startDynamoLocal } from '../infra/local/dynamodb-local.ts';
import { StreamPoller, writesTo } from '../infra/local/stream-poller.ts';
import { playRealisticGame, REFERENCE_MATCHES } from '../scenarios/realistic-games.ts';
import { longGameOf } from './support/games.ts';
import { goal } from './support/goals.ts';

const RULESETS = everyRuleset();

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const MEASURED = 60;

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const total = (c: CountingClient) => [...c.requests.values()].reduce((a, b) => a + b, 0);

let sequence = 0;
const command = (deps: Deps, gameId: string, playerId: string, body: { type: string } & Record<string, unknown>) => {
  sequence += 1;
  return executeCommand(deps, { gameId, commandId: `bench-${sequence}`, command: body, caller: { kind: 'player', playerId } });
};

/** A Post Galactica game advanced by EndPhase until it has `size` events; returns who acts next. */
const gameOf = async (deps: Deps, gameId: string, size: number): Promise<string> => {
  await command(deps, gameId, 'p_red', { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } });
  let result = await command(deps, gameId, 'p_blue', { type: 'JoinGame' });
  let player = 'p_red';
  while (result.version < size) {
    result = await command(deps, gameId, player, { type: 'EndPhase' });
    if (result.events.some((e) => e.type === 'TurnStarted')) player = player === 'p_red' ? 'p_blue' : 'p_red';
  }
  return player;
};

interface Measurement {
  latencies: number[];
  requests: number;
  byKind: Map<string, number>;
}

/** One command per (game, player) pair, timed, with the DynamoDB requests it sent. */
const measure = async (
  client: CountingClient,
  deps: Deps,
  targets: readonly { gameId: string; player: string }[],
  committedAt: Map<string, number>,
): Promise<Measurement> => {
  const before = total(client);
  const kindsBefore = new Map(client.requests);
  const latencies: number[] = [];
  for (const target of targets) {
    const started = performance.now();
    const result = await command(deps, target.gameId, target.player, { type: 'EndPhase' });
    const done = performance.now();
    latencies.push(done - started);
    for (const e of result.events) committedAt.set(`${target.gameId}#${e.seq}`, done);
    if (result.events.some((e) => e.type === 'TurnStarted')) target.player = target.player === 'p_red' ? 'p_blue' : 'p_red';
  }
  const byKind = new Map([...client.requests].map(([k, n]) => [k, n - (kindsBefore.get(k) ?? 0)]));
  return { latencies, requests: total(client) - before, byKind };
};

/**
 * The projector on the events table's stream, read as the local runtime reads it (infra/local/runtime.ts):
 * right after each write of the command client, so the lag is the runtime's, not a poll interval's.
 */
const startProjector = async (
  dynamo: LocalDynamo,
  tables: TableNames,
  commands: CountingClient,
  committedAt: Map<string, number>,
  lags: number[],
) => {
  const { client } = createDynamoClient({ endpoint: dynamo.endpoint });
  const project = makeProjector(() => createDeps(client, tables, RULESETS));
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tables.events }));
  const poller = new StreamPoller({
    endpoint: dynamo.endpoint,
    streamArn: Table?.LatestStreamArn ?? '',
    consumers: [
      {
        name: 'projector',
        handler: async (event: DynamoDBStreamEvent) => {
          const response = await project(event);
          const now = performance.now();
          for (const r of event.Records) {
            const at = committedAt.get(`${r.dynamodb?.NewImage?.gameId?.S}#${r.dynamodb?.NewImage?.seq?.N}`);
            if (at !== undefined) lags.push(now - at);
          }
          return response;
        },
      },
    ],
  });
  poller.start();
  commands.client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (writesTo(String(context.commandName), args.input as object, tables.events)) poller.nudge();
      return result;
    },
    { step: 'initialize', name: 'benchStreamNudge' },
  );
  return poller;
};

/** Wait until the read model of every game has reached the log's head. */
const caughtUp = async (deps: Deps, gameIds: readonly string[]) => {
  for (const gameId of gameIds) {
    const head = (await loadGame(deps, gameId)).state.version;
    while (((await deps.games.readModel(gameId))?.version ?? 0) < head) await new Promise((r) => setTimeout(r, 50));
  }
};

const foldRate = async (deps: Deps, gameId: string): Promise<number> => {
  const log = await deps.store.readAfter(gameId, 0);
  const started = performance.now();
  let folds = 0;
  while (performance.now() - started < 1000) {
    foldGame(RULESETS, log, emptyGame);
    folds += 1;
  }
  return (folds * log.length) / ((performance.now() - started) / 1000);
};

const report = (title: string, m: Measurement, lags: readonly number[], rate: number) => {
  const kinds = [...m.byKind].filter(([, n]) => n > 0).map(([k, n]) => `${k} ${(n / m.latencies.length).toFixed(2)}`);
  console.log(title);
  console.log(`  DynamoDB requests per command: ${(m.requests / m.latencies.length).toFixed(2)}  (${kinds.join(', ')})`);
  console.log(`  command latency:  p50 ${ms(percentile(m.latencies, 50))}  p99 ${ms(percentile(m.latencies, 99))}`);
  console.log(
    `  projection lag:   p50 ${ms(percentile(lags, 50))}  p99 ${ms(percentile(lags, 99))}  (the stream read on each write, as the local runtime reads it; over HTTP: bench/http.bench.ts)`,
  );
  console.log(`  in-memory fold:   ${Math.round(rate).toLocaleString('en-US')} events/s\n`);
};

interface KindCost {
  commands: number;
  requests: number;
  read: number;
  write: number;
  events: number;
}

/**
 * AWS-4, COST-1, COST-5: what each class of command costs, in realistic games (each ruleset's
 * reference match given again through the command path: armies deployed, fights, sealed orders;
 * scenarios/realistic-games.ts), as DynamoDB Local reports it (`ReturnConsumedCapacity: TOTAL`).
 * A class is the command's size, whether it was sent with its expected version, and whether it
 * wrote a checkpoint; the budgets these are held to are test/int/cost-1-capacity.int.test.ts's.
 */
const costByClass = async (endpoint: string) => {
  const kinds = new Map<string, KindCost>();
  for (const ruleset of Object.keys(REFERENCE_MATCHES)) {
    const client = createDynamoClient({ endpoint });
    const tables = tableNames(`bench-${ruleset.slice(0, 3)}-`);
    await ensureTables(client.client, tables);
    await playRealisticGame(createDeps(client.client, tables, RULESETS), ruleset, {
      give: async (deps, request) => {
        const before = { requests: total(client), read: client.reported.read, write: client.reported.write };
        const result = await executeCommand(deps, request);
        const checkpoint = crossesSnapshot(result.events[0] === undefined ? result.version : result.events[0].seq - 1, result.version);
        const size = result.events.length === 1 ? 'one event' : 'a batch';
        const kind = `${ruleset}, ${size}, ${request.expectedVersion === undefined ? 'without' : 'with'} its version${checkpoint ? ', checkpoint' : ''}`;
        const k = kinds.get(kind) ?? { commands: 0, requests: 0, read: 0, write: 0, events: 0 };
        k.commands += 1;
        k.requests += total(client) - before.requests;
        k.read += client.reported.read - before.read;
        k.write += client.reported.write - before.write;
        k.events += result.events.length;
        kinds.set(kind, k);
        return result;
      },
    });
    client.client.destroy();
  }
  console.log('AWS-4 what a command costs on AWS: requests and the capacity DynamoDB Local reports, per command, in the reference matches');
  console.log(
    '  (every read of the command path is strongly consistent; a checkpoint is the packed state on an event item, every 7 events)',
  );
  console.log('  class                                                        commands  requests   RCU    WCU   events');
  for (const [kind, k] of [...kinds].sort(([x], [y]) => x.localeCompare(y))) {
    const n = k.commands;
    console.log(
      `  ${kind.padEnd(60)} ${String(n).padStart(8)} ${(k.requests / n).toFixed(2).padStart(9)} ${(k.read / n).toFixed(1).padStart(5)} ${(k.write / n).toFixed(1).padStart(6)} ${(k.events / n).toFixed(1).padStart(8)}`,
    );
  }
  console.log('');
};

/**
 * PERF-2 the state at an event near 10,000 against the latest state, both through the event
 * store. N cycles through the 60 events up to 10,000, so the events folded after the nearest
 * snapshot range from none to a whole snapshot interval, as for any N a user asks.
 */
const stateAtCost = async (client: CountingClient, deps: Deps, gameId: string) => {
  const AT = 10_000;
  const timeOf = async (runs: number, fn: (i: number) => Promise<unknown>) => {
    const times: number[] = [];
    const requests = total(client);
    const read = client.units.read;
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      await fn(i);
      times.push(performance.now() - started);
    }
    return { p50: percentile(times, 50), requests: (total(client) - requests) / runs, read: (client.units.read - read) / runs };
  };
  const near = (i: number) => AT - (i % 60);
  await timeOf(20, (i) => gameAt(deps, gameId, near(i)));
  const latest = await timeOf(60, () => loadGame(deps, gameId));
  const at = await timeOf(60, (i) => gameAt(deps, gameId, near(i)));
  const scratch = await timeOf(3, async () => foldGame(RULESETS, await deps.store.readAfter(gameId, 0, AT), emptyGame));
  const line = (name: string, m: typeof latest) =>
    `  ${name.padEnd(52)} p50 ${ms(m.p50).padStart(9)}  ${m.requests.toFixed(1)} requests, ${m.read.toFixed(1)} RCU`;
  console.log('PERF-2 the state at any event, in a game of 10,000 events');
  console.log(line('latest state (checkpoint + the items after it)', latest));
  console.log(line('state at N = 9,941..10,000 (nearest checkpoint + after)', at));
  console.log(line('state at 10,000 folded from event 1 (before PERF-2)', scratch));
  goal({ id: 'PERF-2', title: 'the state at N near 10,000 / the latest state, p50', value: at.p50 / latest.p50, unit: 'x', atMost: 2 });
  console.log('');
};

const main = async () => {
  const dynamo = await startDynamoLocal({ dataDir: null });
  const commands = createDynamoClient({ endpoint: dynamo.endpoint });
  const tables = tableNames('bench-');
  await ensureTables(commands.client, tables);
  const deps = createDeps(commands.client, tables, RULESETS);
  const committedAt = new Map<string, number>();
  console.log('Arbiter pipeline benchmark: DynamoDB Local in memory on this machine. Printed, not asserted.\n');

  // One projector for the whole run, as in production; lags are taken for measured commands only.
  const lags: number[] = [];
  const poller = await startProjector(dynamo, tables, commands, committedAt, lags);

  // Games of 10 events: one measured command in each of 60 games.
  const small = [];
  for (let i = 0; i < MEASURED; i += 1) small.push({ gameId: `g_small_${i}`, player: await gameOf(deps, `g_small_${i}`, 10) });
  await caughtUp(
    deps,
    small.map((t) => t.gameId),
  );
  const smallRun = await measure(commands, deps, small, committedAt);
  await caughtUp(
    deps,
    small.map((t) => t.gameId),
  );
  report('games of 10 events', smallRun, lags.splice(0), await foldRate(deps, 'g_small_0'));

  // A game of 2,000 events: 60 measured commands in it.
  const big = { gameId: 'g_big', player: await gameOf(deps, 'g_big', 2000) };
  await caughtUp(deps, ['g_big']);
  const bigRun = await measure(
    commands,
    deps,
    Array.from({ length: MEASURED }, () => big),
    committedAt,
  );
  await caughtUp(deps, ['g_big']);
  report('a game of 2,000 events', bigRun, lags.splice(0), await foldRate(deps, 'g_big'));

  await poller.stop();
  await longGameOf(deps, 'g_10k', 10_000);
  await costByClass(dynamo.endpoint);
  await stateAtCost(commands, deps, 'g_10k');
  commands.client.destroy();
  await dynamo.stop();
};

await main();
