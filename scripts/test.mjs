/**
 * `npm test`: the static checks (lint, typecheck, boundaries, the OpenAPI lint) and the test
 * run, side by side. Run one after the other they kept a core idle for about 20 s before the
 * first test started (ARC-3, docs/design.md §17); the storage tier waits on DynamoDB Local and
 * sockets often enough to take them in. The tests' output streams as they run; each check's
 * output is printed when it ends, so the two never interleave. Fails when anything fails.
 * Arguments go to vitest: `npm test -- --project unit`. Without them, the tiers that need no Java
 * run as one project (ARBITER_TEST_POOL=shared, vitest.config.ts): they share modules and workers.
 */
import { spawn } from 'node:child_process';

const CHECKS = ['lint', 'typecheck', 'check:boundaries', 'lint:openapi'];

/** An npm script, its output kept for the end; its exit status and what it printed. */
const check = (script) =>
  new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => done({ script, status: 1, output: String(error) }));
    child.once('close', (status) => done({ script, status: status ?? 1, output }));
  });

const tests = new Promise((done) => {
  const args = process.argv.slice(2);
  const env = args.length === 0 ? { ...process.env, ARBITER_TEST_POOL: 'shared' } : process.env;
  const child = spawn('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env });
  child.once('error', () => done(1));
  child.once('close', (status) => done(status ?? 1));
});

const checks = await Promise.all(CHECKS.map(check));
const testStatus = await tests;
for (const { script, status, output } of checks) {
  console.log(`\n${status === 0 ? '✓' : '✗'} npm run ${script}${status === 0 ? '' : ` failed (exit ${status}):`}`);
  if (status !== 0) console.log(output.trimEnd());
}
const failed = checks.filter((c) => c.status !== 0).map((c) => c.script);
if (testStatus !== 0) failed.push('vitest run');
console.log(failed.length === 0 ? '\nnpm test: every check and test passed.' : `\nnpm test: failed: ${failed.join(', ')}.`);
process.exit(failed.length === 0 ? 0 : 1);
