/**
 * RUL-9: what `npm run mutate` mutates, and what it leaves out by configuration. The score
 * itself is measured by the run (too slow for `npm test`); this pins the set-up it rests on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesetIds } from '../../domain/ruleset-list.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** The parts of a Babel path the ignorer reads. */
interface NodePath {
  readonly node: { readonly value: string };
}
/** Babel comes with StrykerJS (it parses with it); its types are not installed, so only what is used is declared. */
const babel = (await import('@babel/core' as string)) as {
  parseSync: (code: string, options: object) => unknown;
  traverse: (ast: unknown, visitor: { StringLiteral: (path: NodePath) => void }) => void;
};
const { strykerPlugins } = (await import(join(ROOT, 'stryker', 'message-ignorer.mjs'))) as {
  strykerPlugins: { value: { shouldIgnore: (path: NodePath) => string | undefined } }[];
};
const ignorer = strykerPlugins[0]?.value ?? { shouldIgnore: () => 'no ignorer' };

/** Each string literal of `code`, with what the ignorer says of it. */
const judged = (code: string) => {
  const ast = babel.parseSync(code, { filename: 'rule.ts', configFile: false, babelrc: false });
  const found: [string, boolean][] = [];
  babel.traverse(ast, {
    StringLiteral(path) {
      found.push([path.node.value, ignorer.shouldIgnore(path) !== undefined]);
    },
  });
  return found;
};

describe('RUL-9 npm run mutate', () => {
  it('RUL-9 has a scope for every ruleset, domain/match and domain/verify', () => {
    const script = readFileSync(join(ROOT, 'scripts', 'mutate.ts'), 'utf8');
    const scopes = JSON.parse(/const SCOPES = (\[[^\]]*\])/.exec(script)?.[1]?.replaceAll("'", '"') ?? '[]') as string[];
    expect(scopes.sort()).toEqual([...rulesetIds, 'match', 'verify'].sort());
  });

  it("RUL-9 the ignorer skips a refusal's sentence and a message, and keeps its code and rule ID", () => {
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
    // Data the rules read is never text to skip, wherever it sits.
    expect(judged("accept({ type: 'UnitMoved', data: { unitId: 'red-1' } })")).toEqual([
      ['UnitMoved', false],
      ['red-1', false],
    ]);
  });
});
