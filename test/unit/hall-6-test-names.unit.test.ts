/**
 * HALL-6: a test is filed and titled by the behaviour it pins, never by the tool that found the
 * gap. The tests written against the mutation runs' survivors were merged into the files of their
 * behaviour; these checks keep new ones from being filed under the tool's name again, and keep
 * the merged files in the mutation scopes whose scores were measured with them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TESTS } from '../../stryker/vitest.config.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TEST_DIR = join(ROOT, 'test');
/** The one file whose behaviour is the mutation tool itself (RUL-9): its titles say "mutants" because that is what they pin. */
const ABOUT_THE_TOOL = ['test/unit/mutation-config.unit.test.ts'];

/** Every file under test/, as a path from the repository's root. */
const testFiles = (): string[] =>
  readdirSync(TEST_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));

/** The titles `describe`, `it` and `test` are given in `source`, as written (template literals unexpanded). */
const titlesIn = (source: string): string[] =>
  [...source.matchAll(/\b(?:describe|it|test)(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)].map((m) => m[2] ?? '');

/** Whether `file` is taken by one of `globs` (brace lists and `*` within a name, as stryker/vitest.config.ts writes them). */
const takenBy = (globs: readonly string[], file: string): boolean =>
  globs.some((glob) => {
    const pattern = glob
      .replace(/[.+^$()|[\]\\]/g, '\\$&')
      .replace(/\{([^}]*)\}/g, (_, names: string) => `(${names.split(',').join('|')})`)
      .replace(/\*/g, '[^/]*');
    return new RegExp(`^${pattern}$`).test(file);
  });

describe('HALL-6 tests by behaviour', () => {
  it('HALL-6 no test file is named after the mutation tool', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => /mutant/i.test(file.split('/').at(-1) ?? ''))).toEqual([]);
    const toolTitles = files
      .filter((file) => file.endsWith('.ts') && !ABOUT_THE_TOOL.includes(file))
      .flatMap((file) => titlesIn(readFileSync(join(ROOT, file), 'utf8')).map((title) => `${file}: ${title}`))
      .filter((title) => /mutant|survivor/i.test(title));
    expect(toolTitles).toEqual([]);
  });

  it('HALL-6 the titles read are the titles written, and a title naming the tool is found', () => {
    // Built from parts, so that this file's own source holds no such title.
    const [kills, left] = [`kills the ${'mut'}ant`, `${'surv'}ivor %s`];
    const source = `describe('A', () => { it("${kills}", () => {}); test.each([1])(\`${left}\`, () => {}); });`;
    expect(titlesIn(source)).toEqual(['A', kills, left]);
    expect([kills, left].filter((title) => /mutant|survivor/i.test(title))).toHaveLength(2);
  });

  it('HALL-6 RUL-9 the files the match and verify tests were merged into run in the scopes their scores were measured in', () => {
    const unit = (name: string) => `test/unit/${name}.unit.test.ts`;
    const match = ['organiser', 'command-table', 'rules-adoption', 'match-lifecycle', 'match-fold', 'match-events', 'match-view'];
    const takebacks = ['takebacks-window', 'takebacks-rewind', 'takebacks-far', 'forks-and-continuations'];
    const verify = [
      'verify-parts',
      'verify-checks',
      'verify-fork-origin',
      'verify-tournament-export',
      'verify-rules-versions',
      'verify-explain',
    ];
    for (const name of [...match, ...takebacks]) expect(takenBy(TESTS.match ?? [], unit(name)), name).toBe(true);
    for (const name of verify) expect(takenBy(TESTS.verify ?? [], unit(name)), name).toBe(true);
    expect(testFiles()).toEqual(expect.arrayContaining([...match, ...takebacks, ...verify].map(unit)));
    // The matcher itself: a name the globs leave out is not taken.
    expect(takenBy(TESTS.match ?? [], unit('lobby'))).toBe(false);
  });
});
