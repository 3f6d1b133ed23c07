import { defineConfig } from 'vitest/config';

const shared = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  // A poll waits for a state the test expects to come (a page's answer, a read model catching up):
  // alone on a machine it comes within vitest's default second, but `npm test` runs the browser
  // pages beside every other tier on two cores, where it can take longer. Passing costs no more.
  expect: { poll: { timeout: 10_000 } },
  // The AWS SDK warns that Node 20 will be unsupported in 2027; Lambda runs Node 22.
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
};

/**
 * Unit files that need a module graph no other file has touched: rulesets-as-values shows
 * that importing every ruleset's code registers nothing (ARC-6), so it gets fresh modules.
 */
const ISOLATED_UNIT_FILES = ['test/unit/rulesets-as-values.unit.test.ts'];

/** Builds the pages and the CLI package once per run (test/support/build-setup.ts). */
const BUILD = 'test/support/build-setup.ts';

/** The files of the tiers that need no Java; the storage tier is every other test file. */
const FILES = {
  unit: 'test/unit/**/*.test.ts',
  service: 'test/service/**/*.test.ts',
  browser: 'test/browser/**/*.test.ts',
} as const;

const UNIT_ISOLATED = { test: { ...shared, name: 'unit-isolated', include: ISOLATED_UNIT_FILES } };

/**
 * One DynamoDB Local for the tier (test/support/global-setup.ts); every file makes tables of its
 * own. Its files share modules too (`isolate: false`): each file starts its own runtime on its
 * own tables, so nothing but code is shared, and importing the runtime and the AWS SDK afresh
 * for each of its files cost about 50 CPU-s a run (357 → 287 to 321 CPU-s for the tier alone).
 */
const STORAGE = {
  test: {
    ...shared,
    name: 'storage',
    include: ['test/**/*.test.ts'],
    exclude: Object.values(FILES),
    isolate: false,
    globalSetup: [BUILD, 'test/support/global-setup.ts'],
    // After the other projects, three files at a time: the tier's files wait on JVMs, npm
    // starts and timers often enough that a third one keeps both cores busy.
    sequence: { groupOrder: 1 },
    maxWorkers: 3,
    // The Lambda bundles a test builds and loads cold (test/e2e/lambda-bundles.e2e.test.ts) are
    // imported by Node itself, as Lambda imports them, not transformed again by vite: 600 KiB of
    // bundle through vite's transforms at each of 24 cold loads was most of that file's time.
    server: { deps: { external: [/\/arbiter-bundles-e2e-[^/]+\//] } },
  },
};

/**
 * Four tiers (docs/design.md §17): unit tests are pure and start nothing, so
 * `npm run test:unit` is quick; service tests run the local runtime over HTTP on the memory
 * adapters (no Java; `npm run test:fast` runs both); browser tests drive Chromium against that
 * runtime (`npm run test:browser`: the pages, not the service, are their subject); the storage
 * tier shares one DynamoDB Local started by its global setup. `vitest run` runs every tier;
 * `npm test` runs the same files with the three tiers that need no Java as one project
 * (SHARED_POOL, below). The service, browser and storage tiers build the pages and the
 * CLI package once per run (test/support/build-setup.ts).
 *
 * Most of a unit file's time was importing the domain afresh (every ruleset's schemas), once
 * per file: the `unit` project shares one module graph across its files (`isolate: false`),
 * which halves the CPU the tier takes; `unit-isolated` keeps fresh modules for the files above.
 * The `service` project shares its modules too (each file starts its own runtime, so no state
 * is shared but the code): its import time fell from about 110 s to 25 s.
 *
 * Each tier is a project of its own: `npm run test:unit`, `test:fast`, `test:browser`,
 * `--project storage`.
 */
export const TIERS = [
  { test: { ...shared, name: 'unit', include: [FILES.unit], exclude: ISOLATED_UNIT_FILES, isolate: false } },
  UNIT_ISOLATED,
  { test: { ...shared, name: 'service', include: [FILES.service], isolate: false, globalSetup: [BUILD] } },
  { test: { ...shared, name: 'browser', include: [FILES.browser], isolate: false, globalSetup: [BUILD] } },
  STORAGE,
];

/**
 * What `npm test` runs (scripts/test.mjs sets ARBITER_TEST_POOL=shared): the unit, service and
 * browser tiers as ONE project, so their files share one module graph and one set of workers.
 * As three projects each imports the domain, the runtime and vitest's own modules in workers of
 * its own, and transforms every module again: 295 CPU-s for the three against 235 as one.
 */
export const SHARED_POOL = [
  {
    test: {
      ...shared,
      name: 'memory',
      include: Object.values(FILES),
      exclude: ISOLATED_UNIT_FILES,
      isolate: false,
      globalSetup: [BUILD],
    },
  },
  UNIT_ISOLATED,
  STORAGE,
];

export default defineConfig({
  test: {
    // Two workers for the tiers without Java, whose files mostly compute: a third one cost more
    // in its own imports and in contention than it won (npm test 462 CPU-s and 252 s with two,
    // against 499 to 532 CPU-s and 252 to 270 s with three, docs/design.md §17).
    maxWorkers: 2,
    projects: process.env.ARBITER_TEST_POOL === 'shared' ? SHARED_POOL : TIERS,
  },
});
