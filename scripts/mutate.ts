/**
 * `npm run mutate -- <scope>` (RUL-9): StrykerJS over one part of domain/ with its own tests;
 * without a scope, every scope in turn. Not part of `npm test`: a full run takes hours on 2
 * cores; the incremental files in stryker/incremental/ make a re-run test only what changed.
 */
import { spawnSync } from 'node:child_process';

const SCOPES = ['post-galactica', 'soluna', 'gsc2', 'match', 'verify'];
const args = process.argv.slice(2);
// `--concurrency N` (or `=N`): how many test processes StrykerJS runs; 1 leaves a core of two free.
const flag = args.findIndex((a) => a === '--concurrency' || a.startsWith('--concurrency='));
const concurrency = flag < 0 ? undefined : (args[flag]?.split('=')[1] ?? args.splice(flag + 1, 1)[0]);
if (concurrency !== undefined && !/^[1-9]\d*$/.test(concurrency)) {
  console.error('Arbiter: --concurrency needs a whole number of processes, e.g. --concurrency 1.');
  process.exit(2);
}
const asked = args.filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !SCOPES.includes(a));
if (unknown.length > 0) {
  console.error(`Arbiter: no mutation scope ${unknown.join(', ')}; the scopes are ${SCOPES.join(', ')}.`);
  process.exit(2);
}
for (const scope of asked.length > 0 ? asked : SCOPES) {
  console.log(`\n== mutation testing ${scope}`);
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, ARBITER_MUTATE_SCOPE: scope, ...(concurrency ? { ARBITER_MUTATE_CONCURRENCY: concurrency } : {}) },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
