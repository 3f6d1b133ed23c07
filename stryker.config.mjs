// @ts-check
/**
 * RUL-9: StrykerJS over domain/, one scope at a time (`npm run mutate -- <scope>`, see
 * scripts/mutate.ts), with the domain's own tests only. Incremental: each scope's result is
 * kept in stryker/incremental/<scope>.json (committed), so a run re-tests only the mutants of
 * code or tests that changed since. Message text is ignored by stryker/message-ignorer.mjs.
 */
/** What each scope mutates; its tests are listed in stryker/vitest.config.ts. */
const SCOPES = {
  'post-galactica': ['domain/post-galactica/**/*.ts'],
  soluna: ['domain/soluna/**/*.ts'],
  gsc2: ['domain/gsc2/**/*.ts'],
  match: ['domain/match/**/*.ts'],
  verify: ['domain/verify/**/*.ts'],
};

const scope = process.env.ARBITER_MUTATE_SCOPE ?? '';
const chosen = SCOPES[/** @type {keyof typeof SCOPES} */ (scope)];
if (!chosen) throw new Error(`ARBITER_MUTATE_SCOPE must be one of ${Object.keys(SCOPES).join(', ')} (npm run mutate -- <scope>)`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './stryker/message-ignorer.mjs'],
  ignorers: ['message-text'],
  vitest: { configFile: 'stryker/vitest.config.ts', related: false },
  mutate: [
    ...chosen,
    // Command summaries and worked examples are documentation, not rules.
    '!domain/**/command-docs.ts',
    '!domain/**/examples.ts',
  ],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: `stryker/incremental/${scope}.json`,
  concurrency: Number(process.env.ARBITER_MUTATE_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  // Stryker rewrites the tsconfig it is given with TypeScript 5's JS API, which TypeScript 7 does
  // not ship; nothing here needs it (vitest transpiles), so it is pointed at a file that is not there.
  tsconfigFile: 'stryker/no-tsconfig.json',
  disableTypeChecks: 'domain/**/*.ts',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${scope}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 95, low: 90, break: null },
};
