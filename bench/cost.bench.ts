/**
 * COST-6: the figures `npm run cost` prices. Each ruleset's realistic game (the reference match
 * given again through the command path, scenarios/realistic-games.ts) is played on DynamoDB Local,
 * and after every command the stream consumers read what it appended, as AWS's event source
 * mapping would: the command path and the consumers each on a client of their own, so the
 * capacity DynamoDB reports (`ReturnConsumedCapacity: TOTAL`) is told apart. Also counted: the
 * schedules the timer reactor asks for, what the game keeps in the tables, and how long each
 * command and each consumer's delivery took. Written to bench/results/cost-figures.json (and
 * printed); scripts/cost.ts turns it into dollars. Traffic goes only to 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { everyRuleset } from '../domain/rulesets.ts';
import { LocalBus } from '../functions/adapters/bus.ts';
import { type CountingClient, createDynamoClient, itemBytes } from '../functions/adapters/dynamo-client.ts';
import { createDeps } from '../functions/adapters/dynamo-deps.ts';
import { type TableNames, tableNames } from '../functions/adapters/tables.ts';
import { executeCommand } from '../functions/games/app/commands.ts';
import type { PhaseScheduler } from '../functions/kernel/ports.ts';
import { ensureTables, startDynamoLocal } from '../infra/local/dynamodb-local.ts';
import { pollerConsumers } from '../infra/local/runtime.ts';
import { StreamPoller } from '../infra/local/stream-poller.ts';
import { playRealisticGame, REFERENCE_MATCHES, type RealisticRuleset } from '../scenarios/realistic-games.ts';
import { percentile } from './support/games.ts';
import { RESULTS_DIR } from './support/goals.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const RULESETS = everyRuleset();

/** What one ruleset's game cost, as the figures file keeps it. */
export interface GameFigures {
  readonly match: string;
  readonly commands: number;
  readonly events: number;
  /** The command path (the API function): requests and the capacity DynamoDB reported, over the whole game. */
  readonly api: { readonly requests: number; readonly rcu: number; readonly wcu: number; readonly p50Ms: number };
  /** The stream consumers, each delivery counted once per consumer that was handed records. */
  readonly consumers: {
    readonly deliveries: number;
    readonly requests: number;
    readonly rcu: number;
    readonly wcu: number;
    readonly p50Ms: number;
  };
  /** Deadlines and reminders the timer reactor asked EventBridge Scheduler for, and cancelled. */
  readonly schedules: { readonly created: number; readonly cancelled: number };
  /** What the game keeps in the tables at its end: its events, its read model, records and inboxes. */
  readonly storedBytes: number;
}

export interface CostFigures {
  readonly measuredAt: string;
  readonly commit: string;
  readonly machine: string;
  readonly note: string;
  readonly rulesets: Readonly<Record<string, GameFigures>>;
}

const totalRequests = (c: CountingClient) => [...c.requests.values()].reduce((a, b) => a + b, 0);

/** A scheduler that only counts: the bench replays the match on its own clock, so nothing may fire. */
const countingScheduler = () => {
  const counts = { created: 0, cancelled: 0 };
  const scheduler: PhaseScheduler = {
    schedule: async () => {
      counts.created += 1;
    },
    cancel: async () => {
      counts.cancelled += 1;
    },
  };
  return { scheduler, counts };
};

/** Every item of `gameId` in both tables, in bytes as DynamoDB bills storage (plus 100 bytes an item of overhead). */
const storedBytes = async (client: CountingClient, tables: TableNames, gameId: string): Promise<number> => {
  let bytes = 0;
  for (const table of [tables.events, tables.games]) {
    let start: Record<string, never> | undefined;
    do {
      const page = await client.client.send(new ScanCommand({ TableName: table, ...(start ? { ExclusiveStartKey: start } : {}) }));
      for (const item of page.Items ?? []) {
        const key = item.gameId?.S ?? item.pk?.S ?? '';
        if (key === gameId || key === `GAME#${gameId}` || (key.startsWith('PLAYER#') && item.sk?.S === `GAME#${gameId}`)) {
          bytes += itemBytes(item) + 100;
        }
      }
      start = page.LastEvaluatedKey as Record<string, never> | undefined;
    } while (start);
  }
  return bytes;
};

const measure = async (endpoint: string, ruleset: RealisticRuleset): Promise<GameFigures> => {
  const tables = tableNames(`cost-${ruleset.slice(0, 3)}-`);
  const api = createDynamoClient({ endpoint });
  const consumers = createDynamoClient({ endpoint });
  await ensureTables(api.client, tables);
  const { scheduler, counts } = countingScheduler();
  const consumerDeps = createDeps(consumers.client, tables, RULESETS);
  const { DescribeTableCommand } = await import('@aws-sdk/client-dynamodb');
  const { Table } = await api.client.send(new DescribeTableCommand({ TableName: tables.events }));
  const deliveries = { count: 0, times: [] as number[] };
  const poller = new StreamPoller({
    endpoint,
    streamArn: Table?.LatestStreamArn ?? '',
    consumers: pollerConsumers({ deps: consumerDeps, scheduler, bus: new LocalBus() }).map((consumer) => ({
      ...consumer,
      handler: async (event, ...rest) => {
        const started = performance.now();
        const answer = await consumer.handler(event, ...rest);
        deliveries.count += 1;
        deliveries.times.push(performance.now() - started);
        return answer;
      },
    })),
  });
  const commandTimes: number[] = [];
  const given = await playRealisticGame(createDeps(api.client, tables, RULESETS), ruleset, {
    give: async (deps, request) => {
      const started = performance.now();
      const result = await executeCommand(deps, request);
      commandTimes.push(performance.now() - started);
      // What AWS's mapping does within a second: hand the consumers the records just written.
      await poller.pollOnce();
      return result;
    },
  });
  await poller.pollOnce();
  await poller.stop();
  const gameId = given[0]?.request.gameId ?? '';
  const figures: GameFigures = {
    match: REFERENCE_MATCHES[ruleset] ?? ruleset,
    commands: given.length,
    events: given.at(-1)?.result.version ?? 0,
    api: { requests: totalRequests(api), rcu: api.reported.read, wcu: api.reported.write, p50Ms: percentile(commandTimes, 50) },
    consumers: {
      deliveries: deliveries.count,
      requests: totalRequests(consumers),
      rcu: consumers.reported.read,
      wcu: consumers.reported.write,
      p50Ms: percentile(deliveries.times, 50),
    },
    schedules: counts,
    storedBytes: await storedBytes(api, tables, gameId),
  };
  api.client.destroy();
  consumers.client.destroy();
  return figures;
};

const main = async () => {
  const dynamo = await startDynamoLocal({ dataDir: null });
  const rulesets: Record<string, GameFigures> = {};
  console.log(
    'COST-6 what a realistic game asks of AWS (the reference match of each ruleset, through the command path and the stream consumers, on DynamoDB Local):',
  );
  console.log(
    '  ruleset         commands events   API: requests   RCU    WCU  p50     consumers: deliveries requests  RCU    WCU  p50     schedules  stored',
  );
  try {
    for (const ruleset of Object.keys(REFERENCE_MATCHES) as RealisticRuleset[]) {
      const f = await measure(dynamo.endpoint, ruleset);
      rulesets[ruleset] = f;
      console.log(
        `  ${ruleset.padEnd(15)} ${String(f.commands).padStart(8)} ${String(f.events).padStart(6)}   ${String(f.api.requests).padStart(13)} ${f.api.rcu.toFixed(0).padStart(5)} ${f.api.wcu.toFixed(0).padStart(6)}  ${f.api.p50Ms.toFixed(1).padStart(5)} ms  ${String(f.consumers.deliveries).padStart(21)} ${String(f.consumers.requests).padStart(8)} ${f.consumers.rcu.toFixed(0).padStart(5)} ${f.consumers.wcu.toFixed(0).padStart(6)}  ${f.consumers.p50Ms.toFixed(1).padStart(5)} ms  ${String(f.schedules.created).padStart(9)} ${(f.storedBytes / 1024).toFixed(0).padStart(5)} KB`,
      );
    }
  } finally {
    await dynamo.stop();
  }
  const figures: CostFigures = {
    measuredAt: new Date().toISOString(),
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(),
    machine: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.versions.node}`,
    note: 'Capacity as DynamoDB Local reports it; times in-process on this machine (a Lambda on arm64 at 512 MB is not this machine).',
    rulesets,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, 'cost-figures.json');
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`  written to ${file}; npm run cost prices it.\n`);
};

await main();
