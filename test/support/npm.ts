/**
 * npm as a user runs it, for the tests of the `arbiter` package (DOC-4), with no registry in
 * reach: the registry is a closed port on 127.0.0.1, so an install that needed one would fail
 * the test instead of leaving this machine.
 */
import { spawn, spawnSync } from 'node:child_process';

export interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `npm <args>` in `cwd`, with no audit, funding, update notice or registry. Asynchronous: the
 * server it may download from can be in this very process (the runtime of a service test).
 */
export const npm = (args: readonly string[], cwd: string): Promise<Ran> =>
  new Promise((done, fail) => {
    const child = spawn('npm', [...args], {
      cwd,
      env: {
        ...process.env,
        npm_config_registry: 'http://127.0.0.1:9/',
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_update_notifier: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', fail);
    child.once('close', (status) => done({ status, stdout, stderr }));
  });

/** A program installed by npm, run as a user runs it (`arbiter …` on the PATH). */
export const run = (bin: string, args: readonly string[], cwd: string): Ran => {
  const r = spawnSync(bin, [...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
