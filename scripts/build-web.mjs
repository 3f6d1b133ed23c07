/**
 * Builds the replay viewer (web/) into dist/web: index.html and one bundle, viewer.js.
 * The domain runs in the page as it runs on the server, with one substitution: the
 * kernel's digest.ts (Node's native crypto) is replaced by web/digest.ts (@noble/hashes),
 * which computes the same bytes. Runs from `npm ci` (prepare) and `npm run build:web`.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { build } from 'esbuild';

const here = (path) => new URL(path, import.meta.url).pathname;
const out = here('../dist/web');
mkdirSync(out, { recursive: true });

const browserDigest = {
  name: 'browser-digest',
  setup(b) {
    b.onResolve({ filter: /\/digest\.ts$/ }, (args) =>
      args.importer.endsWith('/domain/kernel/hash.ts') ? { path: here('../web/digest.ts') } : undefined,
    );
  },
};

await build({
  entryPoints: [here('../web/main.ts')],
  outfile: `${out}/viewer.js`,
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [browserDigest],
});
copyFileSync(here('../web/index.html'), `${out}/index.html`);
