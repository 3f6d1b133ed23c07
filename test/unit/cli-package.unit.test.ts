/**
 * DOC-4: the `arbiter` command installs anywhere. `npm pack` in tools/arbiter-cli builds a
 * self-contained package (its prepack bundles the command; it has no dependencies), and the
 * tarball installed into an empty folder outside the checkout, with no registry in reach,
 * answers --help and --version and verifies a reference log there.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOOL_HELP } from '../../functions/cli/usage.ts';
import { versionText } from '../../functions/cli/version.ts';
import { npm, run } from '../support/npm.ts';

const root = resolve(import.meta.dirname, '..', '..');
const pkg = join(root, 'tools', 'arbiter-cli');

let away: string;
let tarball: string;
let packed: { files: { path: string }[] };

beforeAll(async () => {
  away = mkdtempSync(join(tmpdir(), 'arbiter-pack-'));
  const result = await npm(['pack', '--json', '--pack-destination', away], pkg);
  expect(result.status, result.stderr).toBe(0);
  [packed] = JSON.parse(result.stdout) as [{ filename: string; files: { path: string }[] }];
  tarball = join(away, readdirSync(away).find((f) => f.endsWith('.tgz')) ?? '');
}, 120_000);

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

  it('DOC-4 installed from the tarball into an empty folder outside the checkout, arbiter answers --help and --version and verifies a reference log there', async () => {
    const folder = join(away, 'elsewhere');
    mkdirSync(folder);
    expect(relative(root, folder).startsWith('..')).toBe(true);
    const installed = await npm(['install', '--offline', tarball], folder);
    expect(installed.status, installed.stderr).toBe(0);
    // Self-contained: the package and nothing else in node_modules.
    expect(readdirSync(join(folder, 'node_modules')).filter((f) => !f.startsWith('.'))).toEqual(['arbiter-cli']);
    const arbiter = join(folder, 'node_modules', '.bin', 'arbiter');

    const help = run(arbiter, ['--help'], folder);
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(TOOL_HELP);

    const version = run(arbiter, ['--version'], folder);
    expect(version.status).toBe(0);
    expect(version.stdout).toBe(versionText());
    expect(version.stdout).toMatch(/^arbiter 0\.1\.0\nverifies logs of these rules versions:\n {2}post-galactica \(Post Galactica\): pg-/);

    copyFileSync(join(root, 'test', 'fixtures', 'logs', 'gsc2.ndjson'), join(folder, 'game.ndjson'));
    const verified = run(arbiter, ['verify', 'game.ndjson'], folder);
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
    expect(verified.stdout).toMatch(/^PASS {2}hash chain: /m);
    expect(verified.stdout).toMatch(/^PASS {2}rules: all \d+ commands re-decided under GSC2 gsc2-[\d.]+ give exactly the logged events$/m);
    expect(verified.stdout.trim().split('\n').at(-1)).toBe('verdict: the log holds');
  });
});
