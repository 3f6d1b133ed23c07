/**
 * Bundles the `arbiter` command (tools/arbiter-cli/src/arbiter.ts) into tools/arbiter-cli/dist:
 * arbiter.mjs, and a chunk with the rules that only verify and replay load; so `npx arbiter`
 * starts with Node alone (VIEW-6). Then packs tools/arbiter-cli (DOC-4) into
 * dist/web/cli/arbiter-cli.tgz, the self-contained package (no dependencies) that the runtime
 * and the web function serve at /cli/arbiter-cli.tgz for `npm install -g <that URL>`.
 *
 * Runs from `npm ci` (the `prepare` script) and `npm run build:cli`; with `--bundle-only`
 * (the package's `prepack`, so that `npm pack` in tools/arbiter-cli builds what it packs)
 * it only bundles. Plain JavaScript so it needs nothing but esbuild and npm.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const here = (path) => new URL(path, import.meta.url).pathname;
const pkg = here('../tools/arbiter-cli');
const dist = join(pkg, 'dist');

// Built beside dist, then moved in file by file: a test running the command meanwhile (or a
// second build, as `npm pack` in a test makes) never finds dist half-written or missing.
const fresh = mkdtempSync(join(pkg, '.build-'));
try {
  await build({
    entryPoints: [here('../tools/arbiter-cli/src/arbiter.ts')],
    outdir: fresh,
    // Chunk hashes depend on paths relative to it: from the root, wherever this runs (npm pack runs it in the package).
    absWorkingDir: here('..'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    target: 'node20',
    format: 'esm',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    // Some dependencies are CommonJS and call require(): give the bundle one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  mkdirSync(join(dist, 'chunks'), { recursive: true });
  // Chunk names carry a content hash: new ones first, then the entry that loads them, then
  // the chunks nothing loads any more, so old ones do not pile up.
  const chunks = readdirSync(join(fresh, 'chunks'));
  for (const chunk of chunks) renameSync(join(fresh, 'chunks', chunk), join(dist, 'chunks', chunk));
  renameSync(join(fresh, 'arbiter.mjs'), join(dist, 'arbiter.mjs'));
  for (const old of readdirSync(join(dist, 'chunks'))) if (!chunks.includes(old)) rmSync(join(dist, 'chunks', old), { force: true });
} finally {
  rmSync(fresh, { recursive: true, force: true });
}

if (!process.argv.includes('--bundle-only')) {
  // DOC-4: the package as `npm pack` makes it (its prepack, this bundle, just ran above).
  const out = here('../dist/web/cli');
  mkdirSync(out, { recursive: true });
  const staging = mkdtempSync(join(out, '.pack-'));
  try {
    const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
    const [command = 'npm', ...args] = npm;
    const packed = execFileSync(command, [...args, 'pack', '--ignore-scripts', '--silent', '--pack-destination', staging], {
      cwd: pkg,
      encoding: 'utf8',
    }).trim();
    renameSync(join(staging, packed.split('\n').at(-1) ?? ''), join(out, 'arbiter-cli.tgz'));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
