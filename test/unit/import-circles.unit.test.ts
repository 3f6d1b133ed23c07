/** ARC-8: no import circles in domain/ or functions/, type-only imports included. */
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, specifiersOf } from '../../scripts/import-graph.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('ARC-8 import circles', () => {
  it('ARC-8 domain/ and functions/ have no import circle, type-only imports included', () => {
    const circles = importCircles(importGraph(ROOT, ['domain', 'functions']));
    expect(circles.map((circle) => circle.map((file) => relative(ROOT, file)))).toEqual([]);
  });

  it('ARC-8 the reader sees type-only, re-exported, side-effect and dynamic imports, across lines, and not in comments', () => {
    const source = [
      "import type { A } from './a.ts';",
      "import {\n  b,\n  type C,\n} from './b.ts';",
      "export type { D } from './d.ts';",
      "import './e.ts';",
      "const f = await import('./f.ts');",
      "/* import { g } from './g.ts'; */",
    ].join('\n');
    expect(specifiersOf(source)).toEqual(['./a.ts', './b.ts', './d.ts', './e.ts', './f.ts']);
  });

  it('ARC-8 a circle of any length is found once, and a file importing itself is a circle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(importCircles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });
});
