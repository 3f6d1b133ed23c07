/**
 * RUL-9: what `npm run mutate` mutates, and what it leaves out by configuration. The score
 * itself is measured by the run (too slow for `npm test`); this pins the set-up it rests on.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesetIds } from '../../domain/ruleset-list.ts';
import { forgetStaticSurvivors, scoreOf, sumScores } from '../../scripts/mutation-score.ts';
import { SCOPES } from '../../stryker/scopes.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
/** The parts of a Babel path the ignorer reads. */
interface NodePath {
  readonly node: { readonly value: string };
  readonly parentPath: NodePath | null;
}
/** Babel comes with StrykerJS (it parses with it); its types are not installed, so only what is used is declared. */
const babel = (await import('@babel/core' as string)) as {
  parseSync: (code: string, options: object) => unknown;
  traverse: (ast: unknown, visitor: Record<'StringLiteral' | 'TemplateLiteral', (path: NodePath) => void>) => void;
};
const { strykerPlugins } = (await import(join(ROOT, 'stryker', 'message-ignorer.mjs'))) as {
  strykerPlugins: { value: { shouldIgnore: (path: NodePath) => string | undefined } }[];
};
const ignorer = strykerPlugins[0]?.value ?? { shouldIgnore: () => 'no ignorer' };

/** Whether the ignorer skips `path`: StrykerJS skips every mutant inside a node it names, so an ancestor counts. */
const skipped = (path: NodePath | null): boolean => path !== null && (ignorer.shouldIgnore(path) !== undefined || skipped(path.parentPath));

/** Each string literal of `code` (a template literal as `\`…\``), with whether the ignorer skips it. */
const judged = (code: string) => {
  const ast = babel.parseSync(code, { filename: 'rule.ts', configFile: false, babelrc: false });
  const found: [string, boolean][] = [];
  babel.traverse(ast, {
    StringLiteral(path) {
      found.push([path.node.value, skipped(path)]);
    },
    TemplateLiteral(path) {
      found.push(['`…`', skipped(path)]);
    },
  });
  return found;
};

describe('RUL-9 npm run mutate', () => {
  it('RUL-9 has a scope for every ruleset, domain/match and domain/verify', () => {
    expect(Object.keys(SCOPES).sort()).toEqual([...rulesetIds, 'match', 'verify'].sort());
  });

  it("RUL-9 a scope cut into parts mutates each of its folder's files in exactly one part", () => {
    // command-docs.ts and examples.ts are documentation, left out of every scope by the config.
    const documentation = ['command-docs', 'examples'];
    for (const [scope, parts] of Object.entries(SCOPES)) {
      if (Array.isArray(parts)) continue;
      const named = Object.values(parts).flat();
      const files = readdirSync(join(ROOT, 'domain', scope))
        .filter((f) => f.endsWith('.ts'))
        .map((f) => f.slice(0, -3))
        .filter((f) => !documentation.includes(f));
      expect(named.toSorted(), scope).toEqual(files.toSorted());
      expect(new Set(named).size, `${scope}: a file named in two parts`).toBe(named.length);
    }
    const cut = Object.entries(SCOPES).filter(([, parts]) => !Array.isArray(parts));
    expect(cut.map(([scope]) => scope)).toEqual(['post-galactica', 'match']);
  });

  it("RUL-9 a scope's score adds up its parts as StrykerJS counts one: detected over valid mutants", () => {
    const report = (...statuses: string[]) => ({ files: { 'a.ts': { mutants: statuses.map((status) => ({ status })) } } });
    const one = scoreOf(report('Killed', 'Killed', 'Timeout', 'Survived', 'Ignored', 'CompileError'));
    expect(one).toEqual({ mutants: 6, killed: 2, timeout: 1, survived: 1, noCoverage: 0, ignored: 1, errors: 1, score: 75 });
    const two = scoreOf(report('Killed', 'NoCoverage', 'RuntimeError'));
    const sum = sumScores([one, two]);
    expect(sum).toEqual({ mutants: 9, killed: 3, timeout: 1, survived: 1, noCoverage: 1, ignored: 1, errors: 2, score: (100 * 4) / 6 });
    expect(scoreOf({ files: {} }).score).toBe(100);
  });

  it('RUL-9 --retest-static forgets only the static mutants not killed, so the next incremental run tests them again', () => {
    const mutant = (id: string, status: string, isStatic: boolean) => ({ id, status, static: isStatic });
    const report = {
      schemaVersion: '2',
      files: {
        'a.ts': {
          source: 'a',
          mutants: [
            mutant('1', 'Survived', true),
            mutant('2', 'NoCoverage', true),
            mutant('3', 'Killed', true),
            mutant('4', 'Survived', false),
            mutant('5', 'Timeout', true),
            mutant('6', 'Ignored', true),
          ],
        },
        'b.ts': { source: 'b', mutants: [mutant('7', 'Survived', true)] },
      },
    };
    const forgotten = forgetStaticSurvivors(report);
    expect(forgotten.files['a.ts'].mutants.map((m) => m.id)).toEqual(['3', '4', '5', '6']);
    expect(forgotten.files['b.ts'].mutants).toEqual([]);
    expect(forgotten.files['a.ts'].source).toBe('a');
    expect(forgotten.schemaVersion).toBe('2');
    expect(report.files['a.ts'].mutants).toHaveLength(6);
  });

  it("RUL-9 the ignorer skips a refusal's sentence, a check's verdict and a message, and keeps its code, check and rule ID", () => {
    expect(judged("reject('TOO_FAR', 'PG-11', 'The target is out of range.')")).toEqual([
      ['TOO_FAR', false],
      ['PG-11', false],
      ['The target is out of range.', true],
    ]);
    expect(judged("refuse('BAD_ORDER', 'SOL-2', 'One starred action a turn.')")).toEqual([
      ['BAD_ORDER', false],
      ['SOL-2', false],
      ['One starred action a turn.', true],
    ]);
    expect(judged("fail('chain', 'chain: line 3 does not follow line 2', 3)")).toEqual([
      ['chain', false],
      ['chain: line 3 does not follow line 2', true],
    ]);
    expect(judged("const v = { code: 'X', rule: 'GSC-4', message: 'Too slow.' }")).toEqual([
      ['X', false],
      ['GSC-4', false],
      ['Too slow.', true],
    ]);
    // A check's verdict and detail lines in domain/verify, whichever of pass, fail and pending gives it.
    expect(judged("pass('dice', 'dice: all rolls match')")).toEqual([
      ['dice', false],
      ['dice: all rolls match', true],
    ]);
    expect(judged("fail('state', 'state: differs', 1, ['  first at state.turn'])")).toEqual([
      ['state', false],
      ['state: differs', true],
      ['  first at state.turn', true],
    ]);
    expect(judged("(isRunning(header) ? pending : fail)('seed', 'seed: not revealed yet')")).toEqual([
      ['seed', false],
      ['seed: not revealed yet', true],
    ]);
    // What a roll decides and why a modifier or an event applies, in words; a reason computed otherwise is kept.
    expect(
      judged(
        "roll({ purpose: `hit at long range`, rule: 'GSC-15', compare: 'atMost', modifiers: [{ rule: 'GSC-12', reason: 'long range' }] })",
      ),
    ).toEqual([
      ['`…`', true],
      ['GSC-15', false],
      ['atMost', false],
      ['GSC-12', false],
      ['long range', true],
    ]);
    expect(judged("({ reason: why(a, 'x'), purpose: 'roll-off' })")).toEqual([
      ['x', false],
      ['roll-off', true],
    ]);
    // Data the rules read is never text to skip, wherever it sits.
    expect(judged("accept({ type: 'UnitMoved', data: { unitId: 'red-1' } })")).toEqual([
      ['UnitMoved', false],
      ['red-1', false],
    ]);
    // GSC2's pending(state) names no message; a condition choosing some other callee is not one either.
    expect(judged("pending('orders'); (a ? pending : accept)('x', 'y')")).toEqual([
      ['orders', false],
      ['x', false],
      ['y', false],
    ]);
  });
});

describe('RUL-9 the mutation runs count a test file that cannot load as a failing test', () => {
  it('RUL-9 a file whose import throws fails the test "the test file loads"; a file that loads runs its own tests', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-load-failure-'));
    try {
      // What a mutant in module-level code does: the module throws as it loads.
      writeFileSync(join(dir, 'broken.ts'), "throw new Error('a schema broken by a mutant');\n");
      writeFileSync(join(dir, 'broken.test.ts'), "import './broken.ts';\ntest('never defined', () => {});\n");
      writeFileSync(join(dir, 'fine.test.ts'), "test('runs as usual', () => { expect(1).toBe(1); });\n");
      const runner = join(ROOT, 'stryker', 'load-failure-runner.ts');
      writeFileSync(join(dir, 'vitest.config.ts'), `export default { test: { globals: true, runner: ${JSON.stringify(runner)} } };\n`);
      const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'vitest'), ['run', '--root', dir, '--reporter=json'], { encoding: 'utf8' });
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
        testResults: { name: string; assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
      };
      const results = Object.fromEntries(
        report.testResults.map((f) => [f.name.split('/').pop(), f.assertionResults.map((t) => [t.title, t.status])]),
      );
      expect(results).toEqual({
        'broken.test.ts': [['the test file loads', 'failed']],
        'fine.test.ts': [['runs as usual', 'passed']],
      });
      const failure = report.testResults.find((f) => f.name.endsWith('broken.test.ts'))?.assertionResults[0]?.failureMessages[0];
      expect(failure).toContain('a schema broken by a mutant');
      expect(run.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
