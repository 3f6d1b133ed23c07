/**
 * Bundles the `arbiter` command (functions/cli/arbiter.ts) into tools/arbiter-cli/dist:
 * arbiter.mjs, and a chunk with the rules that only verify and replay load; so `npx arbiter` starts with Node alone (VIEW-6).
 * Runs from `npm ci` (the `prepare` script) and `npm run build:cli`; plain JavaScript so it
 * needs nothing but esbuild.
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunk names carry a content hash: start clean so old chunks do not pile up.
rmSync(new URL('../tools/arbiter-cli/dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: [new URL('../functions/cli/arbiter.ts', import.meta.url).pathname],
  outdir: new URL('../tools/arbiter-cli/dist', import.meta.url).pathname,
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
