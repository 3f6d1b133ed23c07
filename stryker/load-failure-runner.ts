/**
 * RUL-9: vitest's own test runner, except that a test file which cannot load fails a test.
 *
 * A mutant in code that runs when a module loads (a schema, a table, the example scenario
 * parsed at import) can make every test file that imports it throw before it defines a test.
 * Vitest then marks the file failed with no tests in it, and StrykerJS's vitest runner, which
 * reads only the tests' results, finds no failing test and reports the mutant survived, though
 * the suite fails. Here such a file defines one test instead, failing with the import's error,
 * so the mutant counts as killed by it, as it would under any other test runner. A file that
 * loads is collected as usual: the extra test never exists in a run without a mutant, and the
 * unit tiers of `npm test` do not use this runner (only stryker/vitest.config.ts names it).
 */
import { TestRunner, test } from 'vitest';

export default class LoadFailureRunner extends TestRunner {
  override async importFile(filepath: string, source: 'collect' | 'setup'): Promise<unknown> {
    try {
      return await super.importFile(filepath, source);
    } catch (error) {
      if (source !== 'collect') throw error;
      test('the test file loads', () => {
        throw error;
      });
      return undefined;
    }
  }
}
