/**
 * Part of `npm run bench` (ARC-7): a cold start as a player feels it, the API's bundle loaded
 * and its first command's work done (load the ruleset, build and run the body, command and
 * options schemas) in one fresh Node process, against the same on a baseline commit built
 * from its own tree. ARC-7's goal: within 10% of the baseline, the commit before schemas were
 * built with zod's public `lazy` only. Printed, not asserted.
 *
 * `BENCH_BASELINE=<rev>` picks another baseline; without git (a tarball), only this tree is timed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleHandler, ROOT } from '../scripts/check-bundles.ts';
import { goal } from './support/goals.ts';

const RUNS = 21;
const GOAL = 1.1;
const BASELINE = process.env.BENCH_BASELINE || 'ebba381';
const RULESET = 'post-galactica';

/** Where a tree keeps the command body's schema: its games feature since the feature folders (HALL-1), its HTTP folder before. */
const schemasIn = (tree: string): string =>
  existsSync(join(tree, 'functions/games/http/schemas.ts')) ? './functions/games/http/schemas.ts' : './functions/http/schemas.ts';

/** The API's handler module, loaded as Lambda loads it, and the work of its first command. */
const snippet = (schemas: string) => `export { handler } from './functions/http/api.ts';
import { commandBody } from '${schemas}';
import { rulesetCatalogue } from './domain/catalogue.ts';
import { rulesetList } from './domain/ruleset-list.ts';
const catalogue = rulesetCatalogue(rulesetList);
export const firstCommand = async (id) => {
  await catalogue.load(id);
  const ruleset = catalogue.getRuleset(id);
  commandBody.safeParse({ commandId: 'bench-0001', command: { type: 'EndPhase' } });
  ruleset.commandSchema.safeParse({ type: 'EndPhase' });
  ruleset.optionsSchema.safeParse({});
};
`;

/** The same work on a tree from before rulesets were values (ARC-6), which loaded them into a global registry. */
const registrySnippet = (schemas: string) => `export { handler } from './functions/http/api.ts';
import { commandBody } from '${schemas}';
import { loadRuleset } from './domain/ruleset-loaders.ts';
import { getRuleset } from './domain/registry.ts';
export const firstCommand = async (id) => {
  await loadRuleset(id);
  const ruleset = getRuleset(id);
  commandBody.safeParse({ commandId: 'bench-0001', command: { type: 'EndPhase' } });
  ruleset.commandSchema.safeParse({ type: 'EndPhase' });
  ruleset.optionsSchema.safeParse({});
};
`;

const dir = mkdtempSync(join(tmpdir(), 'arbiter-cold-start-'));

/** Bundles the snippet with the tree at `root`'s own build settings; returns the entry file. */
const bundleBaseline = (rev: string): string | null => {
  const tree = join(dir, 'baseline-tree');
  try {
    execFileSync('bash', ['-c', `mkdir -p "${tree}" && git -C "${ROOT}" archive "${rev}" | tar -x -C "${tree}"`], { stdio: 'pipe' });
  } catch {
    return null;
  }
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  const out = join(dir, 'baseline');
  const build = join(tree, 'build-snippet.ts');
  writeFileSync(
    build,
    `import { bundleHandler } from './scripts/check-bundles.ts';\nawait bundleHandler({ contents: ${JSON.stringify((existsSync(join(tree, 'domain/registry.ts')) ? registrySnippet : snippet)(schemasIn(tree)))} }, ${JSON.stringify(out)});\n`,
  );
  execFileSync(join(ROOT, 'node_modules/.bin/tsx'), [build], { cwd: tree, stdio: 'pipe' });
  return join(out, 'index.mjs');
};

const coldStart = (file: string): number =>
  Number(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const t = performance.now(); const m = await import(${JSON.stringify(file)}); await m.firstCommand(${JSON.stringify(RULESET)}); console.log(performance.now() - t);`,
      ],
      { env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } },
    ).toString(),
  );
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

try {
  const current = (await bundleHandler({ contents: snippet(schemasIn(ROOT)) }, join(dir, 'current'))).file;
  const baseline = bundleBaseline(BASELINE);
  const now: number[] = [];
  const before: number[] = [];
  // Interleaved, so a busy moment on a shared machine slows both alike.
  for (let round = 0; round < RUNS; round += 1) {
    now.push(coldStart(current));
    if (baseline) before.push(coldStart(baseline));
  }
  const title = `API cold start (load + first ${RULESET} command) / ${BASELINE}'s`;
  console.log(
    `API cold start as felt (load + first ${RULESET} command, one fresh Node ${process.version} process, median of ${RUNS}): ${median(now).toFixed(1)} ms${baseline ? `; at ${BASELINE}: ${median(before).toFixed(1)} ms` : ''}`,
  );
  // The ratio is the median of the rounds' ratios; without the baseline's tree there is none.
  const ratio = baseline ? median(now.map((ms, i) => ms / (before[i] ?? Number.NaN))) : Number.NaN;
  goal({
    id: 'ARC-7/COST-3',
    title,
    value: ratio,
    unit: 'x',
    atMost: GOAL,
    ...(baseline ? {} : { detail: `baseline ${BASELINE} not available (no git history here)` }),
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
