/**
 * DOC-4: the `arbiter` command installs anywhere. `npm pack` in tools/arbiter-cli builds a
 * self-contained package (its prepack bundles the command; it has no dependencies); the
 * runtime serves exactly that tarball at /cli/arbiter-cli.tgz; and `npm install -g` of that
 * URL, into a prefix outside the checkout with no registry in reach, installs a command that
 * answers --help and --version and verifies a reference log there. One pack and one install
 * prove both ways the docs show (the tarball and its URL are the same bytes).
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PACKAGE_PATH } from '../../functions/web/assets.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { TOOL_HELP } from '../../tools/arbiter-cli/src/usage.ts';
import { versionText } from '../../tools/arbiter-cli/src/version.ts';
import { ensureBuilt } from '../support/build-setup.ts';
import { startServiceRuntime } from '../support/http.ts';
import { npm, run } from '../support/npm.ts';

const root = resolve(import.meta.dirname, '..', '..');
const pkg = join(root, 'tools', 'arbiter-cli');

let runtime: MemoryRuntime;
let away: string;
let tarball: string;
let packed: { files: { path: string }[] };

beforeAll(async () => {
  ensureBuilt('cli');
  away = mkdtempSync(join(tmpdir(), 'arbiter-pack-'));
  const [started, result] = await Promise.all([startServiceRuntime(), npm(['pack', '--json', '--pack-destination', away], pkg)]);
  runtime = started;
  expect(result.status, result.stderr).toBe(0);
  [packed] = JSON.parse(result.stdout) as [{ files: { path: string }[] }];
  tarball = join(away, readdirSync(away).find((f) => f.endsWith('.tgz')) ?? '');
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

describe('DOC-4 the arbiter package', () => {
  it('DOC-4 npm pack in tools/arbiter-cli packs the launcher and the bundle it builds, and a manifest with no dependencies whose bin is arbiter', () => {
    const paths = packed.files.map((f) => f.path).sort();
    expect(paths).toContain('bin/arbiter.mjs');
    expect(paths).toContain('dist/arbiter.mjs');
    expect(paths.every((p) => p === 'package.json' || p.startsWith('bin/') || p.startsWith('dist/'))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.bin).toEqual({ arbiter: 'bin/arbiter.mjs' });
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) {
      expect(manifest[field], field).toBeUndefined();
    }
  });

  it('DOC-4 GET /cli/arbiter-cli.tgz is byte for byte the package npm pack makes in tools/arbiter-cli', async () => {
    const answer = await fetch(`${runtime.url}${CLI_PACKAGE_PATH}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/gzip');
    const served = Buffer.from(await answer.arrayBuffer());
    expect(served.equals(readFileSync(tarball))).toBe(true);
  });

  it('DOC-4 npm install -g <the URL> into an empty prefix outside the checkout installs arbiter alone, which answers --help and --version and verifies a reference log there', async () => {
    const prefix = mkdtempSync(join(tmpdir(), 'arbiter-global-'));
    expect(relative(root, prefix).startsWith('..')).toBe(true);
    const installed = await npm(['install', '-g', '--prefix', prefix, `${runtime.url}${CLI_PACKAGE_PATH}`], prefix);
    expect(installed.status, installed.stderr).toBe(0);
    // Self-contained: the package and nothing else.
    expect(readdirSync(join(prefix, 'lib', 'node_modules')).filter((f) => !f.startsWith('.'))).toEqual(['arbiter-cli']);
    const arbiter = join(prefix, 'bin', 'arbiter');

    const help = run(arbiter, ['--help'], prefix);
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(TOOL_HELP);

    const version = run(arbiter, ['--version'], prefix);
    expect(version.status).toBe(0);
    expect(version.stdout).toBe(versionText());
    expect(version.stdout).toMatch(/^arbiter 0\.1\.0\nverifies logs of these rules versions:\n {2}post-galactica \(Post Galactica\): pg-/);

    copyFileSync(join(root, 'test', 'fixtures', 'logs', 'gsc2.ndjson'), join(prefix, 'game.ndjson'));
    const verified = run(arbiter, ['verify', 'game.ndjson'], prefix);
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
    expect(verified.stdout).toMatch(/^PASS {2}hash chain: /m);
    expect(verified.stdout).toMatch(/^PASS {2}rules: all \d+ commands re-decided under GSC2 gsc2-[\d.]+ give exactly the logged events$/m);
    expect(verified.stdout.trim().split('\n').at(-1)).toBe('verdict: the log holds');
  }, 120_000);
});
