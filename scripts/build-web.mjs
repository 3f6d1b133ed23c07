/**
 * Builds the replay viewer (web/, drawing with render/, which `arbiter replay --svg` shares)
 * into dist/web: index.html, one bundle, viewer.js, and the reference logs it offers
 * (samples/); the tournament page (CLUB-7): tournament.html and tournament.js; and the lobby
 * (TABLE-5): lobby.html and lobby.js.
 * The domain runs in the page as it runs on the server, with one substitution: the
 * kernel's digest.ts (Node's native crypto) is replaced by web/digest.ts (@noble/hashes),
 * which computes the same bytes. Runs from `npm ci` (prepare) and `npm run build:web`.
 *
 * Also the API reference page (DOC-3) into dist/web/docs: web/docs/ and Swagger UI's
 * prebuilt bundle and stylesheet from the swagger-ui-dist package, served from this origin.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/** Both pages' scripts: one minified ES module each, for the browsers the viewer supports. */
const PAGE_SCRIPT = {
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
};

await build({
  entryPoints: [here('../web/main.ts')],
  outfile: `${out}/viewer.js`,
  ...PAGE_SCRIPT,
  plugins: [browserDigest],
});
copyFileSync(here('../web/index.html'), `${out}/index.html`);

// CLUB-7: the tournament page, beside the viewer; its script imports no domain code, so it stays a few KiB.
await build({
  entryPoints: [here('../web/tournament.ts')],
  outfile: `${out}/tournament.js`,
  ...PAGE_SCRIPT,
});
copyFileSync(here('../web/tournament.html'), `${out}/tournament.html`);

// TABLE-5: the lobby (register, find, create and join a game); like the tournament page, no domain code.
await build({
  entryPoints: [here('../web/lobby.ts')],
  outfile: `${out}/lobby.js`,
  ...PAGE_SCRIPT,
});
copyFileSync(here('../web/lobby.html'), `${out}/lobby.html`);

// VIEW-15: the reference logs the empty page offers, served beside it at /samples/ (web/samples.ts
// lists them; a unit test holds that list to these files).
const samples = `${out}/samples`;
mkdirSync(samples, { recursive: true });
const logs = here('../test/fixtures/logs');
for (const file of readdirSync(logs).filter((f) => f.endsWith('.ndjson'))) copyFileSync(join(logs, file), join(samples, file));

// DOC-3: Swagger UI as its package ships it, less the source map comments (the maps are not served).
const docs = `${out}/docs`;
mkdirSync(docs, { recursive: true });
const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
  const text = readFileSync(join(swaggerUi, file), 'utf8').replace(/\n?\/[*/]# sourceMappingURL=\S+(?: \*\/)?\s*$/, '\n');
  writeFileSync(join(docs, file), text);
}
for (const file of ['index.html', 'docs.js']) copyFileSync(here(`../web/docs/${file}`), join(docs, file));
