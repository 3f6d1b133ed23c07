// @ts-check
/**
 * RUL-9: StrykerJS over domain/, one scope at a time (`npm run mutate -- <scope>`, see
 * scripts/mutate.ts, the scopes and their parts in stryker/scopes.mjs), with the domain's own tests only. Incremental: each scope's result is
 * kept in stryker/incremental/<scope>.json (committed), so a run re-tests only the mutants of
 * code or tests that changed since. Message text is ignored by stryker/message-ignorer.mjs.
 */
import { resultName, SCOPES } from './stryker/scopes.mjs';

const scope = process.env.ARBITER_MUTATE_SCOPE ?? '';
const part = process.env.ARBITER_MUTATE_PART ?? '';
const chosen = SCOPES[/** @type {keyof typeof SCOPES} */ (scope)];
if (!chosen) throw new Error(`ARBITER_MUTATE_SCOPE must be one of ${Object.keys(SCOPES).join(', ')} (npm run mutate -- <scope>)`);
const parts = Array.isArray(chosen) ? undefined : /** @type {Record<string, string[]>} */ (chosen);
if (parts && !parts[part]) throw new Error(`ARBITER_MUTATE_PART must be one of ${Object.keys(parts).join(', ')} for ${scope}`);
/** The files of this run: a part's files by name, or the scope's globs. */
const files = parts ? (parts[part] ?? []).map((name) => `domain/${scope}/${name}.ts`) : /** @type {string[]} */ (chosen);
/** Where this run's result is kept: one file a scope, or a folder of one file a part. */
const result = resultName(scope, parts ? part : '');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './stryker/message-ignorer.mjs'],
  ignorers: ['message-text'],
  vitest: { configFile: 'stryker/vitest.config.ts', related: false },
  mutate: [
    ...files,
    // Command summaries and worked examples are documentation, not rules.
    '!domain/**/command-docs.ts',
    '!domain/**/examples.ts',
  ],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: `stryker/incremental/${result}.json`,
  concurrency: Number(process.env.ARBITER_MUTATE_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  // Stryker rewrites the tsconfig it is given with TypeScript 5's JS API, which TypeScript 7 does
  // not ship; nothing here needs it (vitest transpiles), so it is pointed at a file that is not there.
  tsconfigFile: 'stryker/no-tsconfig.json',
  disableTypeChecks: 'domain/**/*.ts',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${result}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 95, low: 90, break: null },
};
