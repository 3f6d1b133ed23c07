/**
 * The tests StrykerJS runs for one scope (stryker.config.mjs, RUL-9): the domain's own unit
 * tests for it, nothing that starts a server or touches storage.
 */
import { defineConfig } from 'vitest/config';

/**
 * Each scope's test files, as globs. The match and verify scopes' behaviour files (match-*, takebacks-*,
 * forks-*, organiser, command-table, rules-adoption, verify-*) hold the tests their measured scores rest on;
 * test/unit/hall-6-test-names.unit.test.ts checks that each is still taken.
 */
export const TESTS: Readonly<Record<string, readonly string[]>> = {
  'post-galactica': [
    'test/unit/post-galactica-*.unit.test.ts',
    'test/unit/verify.unit.test.ts',
    'test/unit/rules-versions-verify.unit.test.ts',
  ],
  soluna: [
    'test/unit/soluna-{activation,grid,orders,play,edges}*.unit.test.ts',
    'test/unit/verify.unit.test.ts',
    'test/unit/rules-versions-verify.unit.test.ts',
  ],
  gsc2: ['test/unit/gsc2-*.unit.test.ts', 'test/unit/verify.unit.test.ts', 'test/unit/rules-versions-verify.unit.test.ts'],
  // Every unit file of the match layer's own rules: lobby, organiser, deadlines and stalls, takebacks
  // and forks, adoption and pinning of rules versions, the command table.
  match: [
    'test/unit/{match,organiser,stalls,refusals,rules-adoption,rules-versions,rules-pinning}*.unit.test.ts',
    'test/unit/{takebacks,forks,deadlines,duration-bounds,strangers,harness,command-table}*.unit.test.ts',
    // The match layer's invariants that are domain-only: its limits, one schema, the fairness of
    // takebacks, a command's events and a ruleset's end (INV-1, 6, 7, 10), and the undo window (COST-3).
    'test/unit/{inv-1-match-limits,inv-6-one-schema,inv-7-fairness,inv-10-mid-command,inv-10-ruleset-ends,cost-3-undo-window}.unit.test.ts',
    'test/unit/verify.unit.test.ts',
  ],
  // verify's own, and the tests of what it checks besides a game's log: a fork's origin (forks) and a
  // tournament's export (tournament-run, tournament-reactor).
  verify: [
    'test/unit/{verify,verify-running,rules-versions,match-edges-verify}*.unit.test.ts',
    'test/unit/{forks,tournament-run,tournament-reactor}.unit.test.ts',
  ],
};

const scope = process.env.ARBITER_MUTATE_SCOPE ?? '';

export default defineConfig({
  test: {
    include: [...(TESTS[scope] ?? [])],
    pool: 'forks',
    testTimeout: 30_000,
    // A test file that a mutant stops from loading fails a test, so StrykerJS sees the kill.
    runner: './stryker/load-failure-runner.ts',
  },
});
