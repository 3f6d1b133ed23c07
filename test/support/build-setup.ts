/**
 * Pages and packages under test are the ones users get: the viewer and API reference
 * (scripts/build-web.mjs) and the `arbiter` package (scripts/build-cli.mjs), built as `npm ci`
 * builds them (prepare). The service and storage tiers build both once per run, before any
 * file starts (their global setup); a unit file that reads a build calls `ensureBuilt`, which
 * builds only when no global setup of this run has, so a pure unit run pays nothing for it
 * and a whole run builds once instead of once per file.
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const SCRIPTS = { web: 'build-web.mjs', cli: 'build-cli.mjs' } as const;

/** Set in the main process by the global setup; the test workers inherit it. */
const BUILT = 'ARBITER_TEST_BUILT';

const build = (what: keyof typeof SCRIPTS): void => {
  execFileSync(process.execPath, [join(root, 'scripts', SCRIPTS[what])], { cwd: root, stdio: 'inherit' });
};

/** The builds `what` names, unless this run's global setup made them all. */
export const ensureBuilt = (...what: (keyof typeof SCRIPTS)[]): void => {
  if (process.env[BUILT] !== '1') for (const w of what) build(w);
};

export default function setup(): void {
  if (process.env[BUILT] === '1') return;
  build('web');
  build('cli');
  process.env[BUILT] = '1';
}
