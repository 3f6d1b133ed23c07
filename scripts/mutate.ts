/**
 * `npm run mutate -- <scope>` (RUL-9): StrykerJS over one part of domain/ with its own tests;
 * without a scope, every scope in turn. A scope cut into parts (stryker/scopes.mjs) runs part by
 * part, each keeping its own incremental file, and the scope's score is their sum, printed at
 * the end; `<scope>/<part>` runs one part. `--retest-static` tests again the static mutants (code
 * run at module load) that earlier runs left alive, which StrykerJS would otherwise never re-test
 * as tests are added. Not part of `npm test`: a full run takes hours on 2
 * cores; the incremental files in stryker/incremental/ make a re-run test only what changed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resultName, SCOPES, type Scope } from '../stryker/scopes.mjs';
import { forgetStaticSurvivors, type MutationScore, scoreOf, sumScores } from './mutation-score.ts';

const scopes: Readonly<Record<string, Scope>> = SCOPES;
const args = process.argv.slice(2);
// `--concurrency N` (or `=N`): how many test processes StrykerJS runs; 1 leaves a core of two free.
const flag = args.findIndex((a) => a === '--concurrency' || a.startsWith('--concurrency='));
const concurrency = flag < 0 ? undefined : (args[flag]?.split('=')[1] ?? args.splice(flag + 1, 1)[0]);
if (concurrency !== undefined && !/^[1-9]\d*$/.test(concurrency)) {
  console.error('Arbiter: --concurrency needs a whole number of processes, e.g. --concurrency 1.');
  process.exit(2);
}

// `--retest-static`: test again the static mutants a run left alive, which StrykerJS never re-tests
// by itself (scripts/mutation-score.ts, forgetStaticSurvivors).
const retestStatic = args.includes('--retest-static');

/** The parts of a scope (one unnamed part for a scope that is not cut). */
const partsOf = (scope: string): readonly string[] => {
  const chosen = scopes[scope];
  return chosen === undefined || Array.isArray(chosen) ? [''] : Object.keys(chosen);
};

/** Each asked-for `scope` or `scope/part` as the runs it stands for. */
const asked = args.filter((a) => !a.startsWith('-'));
const runs: { scope: string; part: string }[] = [];
const unknown: string[] = [];
for (const name of asked.length > 0 ? asked : Object.keys(scopes)) {
  const [scope = '', part] = name.split('/');
  const parts = partsOf(scope);
  if (scopes[scope] === undefined || (part !== undefined && !parts.includes(part))) unknown.push(name);
  else for (const each of part === undefined ? parts : [part]) runs.push({ scope, part: each });
}
if (unknown.length > 0) {
  const known = Object.keys(scopes).flatMap((scope) => [
    scope,
    ...partsOf(scope)
      .filter(Boolean)
      .map((part) => `${scope}/${part}`),
  ]);
  console.error(`Arbiter: no mutation scope ${unknown.join(', ')}; the scopes are ${known.join(', ')}.`);
  process.exit(2);
}

/** Where a run keeps its result, as stryker.config.mjs names it. */
const incrementalFile = (scope: string, part: string) => `stryker/incremental/${resultName(scope, part)}.json`;

for (const { scope, part } of runs) {
  console.log(`\n== mutation testing ${part ? `${scope}/${part}` : scope}`);
  const kept = incrementalFile(scope, part);
  if (retestStatic && existsSync(kept)) {
    writeFileSync(kept, `${JSON.stringify(forgetStaticSurvivors(JSON.parse(readFileSync(kept, 'utf8'))), null, 2)}\n`);
  }
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ARBITER_MUTATE_SCOPE: scope,
      ARBITER_MUTATE_PART: part,
      ...(concurrency ? { ARBITER_MUTATE_CONCURRENCY: concurrency } : {}),
    },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

// A scope cut into parts: its score is every part's, added up from their incremental files.
for (const scope of new Set(runs.map((r) => r.scope))) {
  const parts = partsOf(scope);
  if (parts.length < 2) continue;
  const scores: MutationScore[] = [];
  const missing: string[] = [];
  for (const part of parts) {
    const file = incrementalFile(scope, part);
    if (existsSync(file)) scores.push(scoreOf(JSON.parse(readFileSync(file, 'utf8'))));
    else missing.push(part);
  }
  const sum = sumScores(scores);
  console.log(
    `\n== ${scope}, all parts: ${sum.mutants} mutants, ${sum.killed} killed, ${sum.timeout} timed out, ` +
      `${sum.survived} survived, ${sum.noCoverage} not covered, ${sum.ignored} ignored: ${sum.score.toFixed(2)}%` +
      (missing.length > 0 ? ` (not run yet: ${missing.join(', ')})` : ''),
  );
}
