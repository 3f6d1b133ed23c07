/**
 * Part of `npm run bench` (PERF-1): each Lambda's minified bundle (built with the stack's
 * esbuild settings) and how long Node takes to load it, against a bundle of the bare
 * DynamoDB client built the same way. Cold-start cost grows with what a module loads and
 * runs; this shows it per function, each figure beside its goal. Printed, not asserted.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleSettings, handlerEntries } from '../infra/handlers.ts';
import { bundleHandler, ROOT } from '../scripts/check-bundles.ts';
import { goal } from './support/goals.ts';

/** Fresh processes per bundle: load times on a shared 2-core machine move by a third between runs; 21 steadies the median. */
const RUNS = 21;
/**
 * PERF-1's goal: every bundle at most this many KiB. Load against the bare client is printed
 * for reference; cold start is judged with the first command included (ARC-7,
 * bench/cold-start.bench.ts).
 */
const SIZE_GOAL_KIB = 600;

/** The baseline: a handler that only builds a DynamoDB client and sends one command, as ours do. */
const BARE_CLIENT = `import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
let client;
export const handler = async () => (client ??= new DynamoDBClient({})).send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'k' } } }));
`;

/**
 * The Node that loads the bundles: this one, or `BENCH_NODE` (a path to another `node`), e.g.
 * Node 22 as on Lambda. They differ: on Node 22, importing node:http loaded undici (17 ms).
 */
const node = process.env.BENCH_NODE || process.execPath;
const nodeVersion = execFileSync(node, ['--version']).toString().trim();

/** What `node -e script` prints, in a fresh Node process. */
const freshNode = (script: string): string =>
  execFileSync(node, ['--input-type=module', '-e', script], {
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  }).toString();

/** Wall time of `import(file)` in a fresh Node process, in milliseconds. */
const loadTime = (file: string): number =>
  Number(freshNode(`const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`));

/**
 * Referees and schemas are loaded on first use, not at load (PERF-1): the first command of a
 * ruleset in a fresh process loads that ruleset (its chunk: fold and referee) and builds its command
 * and options schemas and the API's body schema. This bundle times that for the ruleset named.
 */
const FIRST_COMMAND = `import { commandBody } from './functions/games/http/schemas.ts';
import { rulesetCatalogue } from './domain/catalogue.ts';
import { rulesetIds, rulesetList } from './domain/ruleset-list.ts';
const catalogue = rulesetCatalogue(rulesetList);
export const firstCommand = async (id) => {
  const started = performance.now();
  await catalogue.load(id);
  const ruleset = catalogue.getRuleset(id);
  commandBody.safeParse({ commandId: 'bench-0001', command: { type: 'EndPhase' } });
  ruleset.commandSchema.safeParse({ type: 'EndPhase' });
  ruleset.optionsSchema.safeParse({});
  return performance.now() - started;
};
export const ids = rulesetIds;
`;
const firstCommandTime = (file: string, id: string): number =>
  Number(
    freshNode(`const { firstCommand } = await import(${JSON.stringify(file)}); console.log(await firstCommand(${JSON.stringify(id)}));`),
  );
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const dir = mkdtempSync(join(tmpdir(), 'arbiter-bundles-'));
try {
  const bare = await bundleHandler({ contents: BARE_CLIENT }, join(dir, 'bare'));
  const bundles = [];
  for (const [name, entry] of Object.entries(handlerEntries)) {
    const { file, size, totalSize } = await bundleHandler(resolve(ROOT, entry), join(dir, name));
    bundles.push({ name, file, size, totalSize });
  }
  // Interleave the runs (bare, each function, bare, …) so a busy moment on a shared machine
  // slows every bundle alike instead of one.
  const times = new Map<string, number[]>([['bare', []], ...bundles.map((b) => [b.name, []] as [string, number[]])]);
  for (let round = 0; round < RUNS; round += 1) {
    times.get('bare')?.push(loadTime(bare.file));
    for (const b of bundles) times.get(b.name)?.push(loadTime(b.file));
  }
  const baseline = median(times.get('bare') ?? []);
  // Each round's ratio to that round's bare load, then the median: a slow spell on a shared
  // machine slows a round's bare load and its functions' alike, so their ratio holds steadier
  // than the ratio of two medians taken from different moments.
  const bareTimes = times.get('bare') ?? [];
  const ratio = (name: string) => median((times.get(name) ?? []).map((ms, round) => ms / (bareTimes[round] ?? Number.NaN)));
  const first = await bundleHandler({ contents: FIRST_COMMAND }, join(dir, 'first-command'));
  const rulesetIds = (await import(first.file)).ids as string[];
  const firstUse = new Map(rulesetIds.map((id) => [id, median(Array.from({ length: RUNS }, () => firstCommandTime(first.file, id)))]));
  const kib = (bytes: number) => bytes / 1024;
  console.log(
    `Lambda bundles (esbuild, minified, ${bundleSettings.target}); load: median of ${RUNS} fresh Node ${nodeVersion} processes (BENCH_NODE=/path/to/node for another), vs bare: median of the rounds' ratios; at load: the handler and the chunks it imports, whole: with the chunks loaded on first use; goal: whole ≤ ${SIZE_GOAL_KIB} KiB`,
  );
  const row = (cells: readonly string[]) =>
    `  ${cells[0]?.padEnd(14)}${cells
      .slice(1)
      .map((c) => c.padStart(13))
      .join('')}`;
  console.log(row(['function', 'at load', 'whole', 'load', 'vs bare']));
  console.log(
    row([
      '(bare client)',
      `${kib(bare.size).toFixed(0)} KiB`,
      `${kib(bare.totalSize).toFixed(0)} KiB`,
      `${baseline.toFixed(1)} ms`,
      '1.00x',
    ]),
  );
  for (const b of bundles) {
    const load = median(times.get(b.name) ?? []);
    console.log(
      row([
        b.name,
        `${kib(b.size).toFixed(0)} KiB`,
        `${kib(b.totalSize).toFixed(0)} KiB`,
        `${load.toFixed(1)} ms`,
        `${ratio(b.name).toFixed(2)}x`,
      ]),
    );
  }
  console.log(
    `  then, in a fresh process, the first command of a ruleset loads it (its chunk: fold and referee) and builds its schemas (command, options, request body): ${[
      ...firstUse,
    ]
      .map(([id, ms]) => `${id} ${ms.toFixed(1)} ms`)
      .join(', ')}`,
  );
  for (const b of bundles)
    goal({ id: 'PERF-1', title: `bundle size, whole, ${b.name}`, value: kib(b.totalSize), unit: 'KiB', atMost: SIZE_GOAL_KIB });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
