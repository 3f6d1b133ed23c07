/**
 * DOC-4: a player without a checkout gets the `arbiter` command from the service itself: the
 * runtime serves the package `npm pack` makes at /cli/arbiter-cli.tgz, and `npm install -g`
 * of that URL (into a prefix of the test's own, with no registry in reach) installs a command
 * that verifies a reference log.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionText } from '../../functions/cli/version.ts';
import { CLI_PACKAGE_PATH } from '../../functions/web/assets.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { startServiceRuntime } from '../support/http.ts';
import { npm, run } from '../support/npm.ts';

const root = resolve(import.meta.dirname, '..', '..');

let runtime: MemoryRuntime;

beforeAll(async () => {
  // What `npm ci` runs (prepare): the bundle, and the package packed into dist/web/cli.
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root });
  runtime = await startServiceRuntime();
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

describe('DOC-4 the arbiter package from the service', () => {
  it('DOC-4 GET /cli/arbiter-cli.tgz is byte for byte the package npm pack makes in tools/arbiter-cli', async () => {
    const answer = await fetch(`${runtime.url}${CLI_PACKAGE_PATH}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/gzip');
    const served = Buffer.from(await answer.arrayBuffer());
    const away = mkdtempSync(join(tmpdir(), 'arbiter-pack-'));
    const packed = await npm(['pack', '--silent', '--pack-destination', away], join(root, 'tools', 'arbiter-cli'));
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = readdirSync(away).find((f) => f.endsWith('.tgz')) ?? '';
    expect(served.equals(readFileSync(join(away, tarball)))).toBe(true);
  }, 120_000);

  it('DOC-4 npm install -g <the URL> installs arbiter, which answers --version and verifies a reference log', async () => {
    const prefix = mkdtempSync(join(tmpdir(), 'arbiter-global-'));
    const installed = await npm(['install', '-g', '--prefix', prefix, `${runtime.url}${CLI_PACKAGE_PATH}`], prefix);
    expect(installed.status, installed.stderr).toBe(0);
    const arbiter = join(prefix, 'bin', 'arbiter');
    const version = run(arbiter, ['--version'], prefix);
    expect(version.status).toBe(0);
    expect(version.stdout).toBe(versionText());
    copyFileSync(join(root, 'test', 'fixtures', 'logs', 'soluna.ndjson'), join(prefix, 'game.ndjson'));
    const verified = run(arbiter, ['verify', 'game.ndjson'], prefix);
    expect(verified.status, verified.stderr).toBe(0);
    expect(verified.stdout.trim().split('\n').at(-1)).toBe('verdict: the log holds');
  }, 120_000);
});
