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

const RUNS = 9;
/** PERF-1's goals: every bundle at most this many KiB, and loading in at most this multiple of the bare client's time. */
const SIZE_GOAL_KIB = 600;
const LOAD_GOAL = 1.5;

/** The baseline: a handler that only builds a DynamoDB client and sends one command, as ours do. */
const BARE_CLIENT = `import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
let client;
export const handler = async () => (client ??= new DynamoDBClient({})).send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'k' } } }));
`;

/** Wall time of `import(file)` in a fresh Node process, in milliseconds. */
const loadTime = (file: string): number => {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
  return Number(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    }).toString(),
  );
};
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const dir = mkdtempSync(join(tmpdir(), 'arbiter-bundles-'));
try {
  const bare = await bundleHandler({ contents: BARE_CLIENT }, join(dir, 'bare.mjs'));
  const bundles = [];
  for (const [name, entry] of Object.entries(handlerEntries)) {
    const outfile = join(dir, `${name}.mjs`);
    bundles.push({ name, outfile, size: (await bundleHandler(resolve(ROOT, entry), outfile)).size });
  }
  // Interleave the runs (bare, each function, bare, …) so a busy moment on a shared machine
  // slows every bundle alike instead of one.
  const times = new Map<string, number[]>([['bare', []], ...bundles.map((b) => [b.name, []] as [string, number[]])]);
  for (let round = 0; round < RUNS; round += 1) {
    times.get('bare')?.push(loadTime(join(dir, 'bare.mjs')));
    for (const b of bundles) times.get(b.name)?.push(loadTime(b.outfile));
  }
  const baseline = median(times.get('bare') ?? []);
  const kib = (bytes: number) => bytes / 1024;
  console.log(
    `Lambda bundles (esbuild, minified, ${bundleSettings.target}); load: median of ${RUNS} fresh Node ${process.version} processes; goals: ≤ ${SIZE_GOAL_KIB} KiB, load ≤ ${LOAD_GOAL}x the bare DynamoDB client's`,
  );
  const row = (cells: readonly string[]) =>
    `  ${cells[0]?.padEnd(14)}${cells
      .slice(1)
      .map((c) => c.padStart(13))
      .join('')}`;
  console.log(row(['function', 'bundle', 'size goal', 'load', 'vs bare', 'load goal']));
  console.log(row(['(bare client)', `${kib(bare.size).toFixed(0)} KiB`, '', `${baseline.toFixed(1)} ms`, '1.00x', '']));
  for (const b of bundles) {
    const load = median(times.get(b.name) ?? []);
    const sizeOk = kib(b.size) <= SIZE_GOAL_KIB;
    const loadOk = load / baseline <= LOAD_GOAL;
    console.log(
      row([
        b.name,
        `${kib(b.size).toFixed(0)} KiB`,
        `≤ ${SIZE_GOAL_KIB} ${sizeOk ? 'ok' : 'MISS'}`,
        `${load.toFixed(1)} ms`,
        `${(load / baseline).toFixed(2)}x`,
        `≤ ${LOAD_GOAL}x ${loadOk ? 'ok' : 'MISS'}`,
      ]),
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
