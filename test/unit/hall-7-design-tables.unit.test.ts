/**
 * HALL-7: the lists docs/design.md states of the code (the features and their routes, the
 * ports and their methods, the stream's consumers, the Lambda functions and what each serves)
 * are tables generated from the code by `npm run design` (scripts/design-tables.ts). This
 * fails while the document's table and the code's differ: run `npm run design` and read the diff.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockIn, DESIGN, GENERATED, portsOf, regenerate } from '../../scripts/design-tables.ts';

const document = readFileSync(DESIGN, 'utf8');

describe('HALL-7 the tables docs/design.md generates from the code are current', () => {
  it.each(Object.keys(GENERATED))('HALL-7 the %s table is what the code gives now', (name) => {
    expect(blockIn(document, name), `docs/design.md has no ${name} table`).not.toBeNull();
    expect(blockIn(document, name)).toBe(GENERATED[name]?.());
  });

  it('HALL-7 a table that no longer matches the code is written anew, and the rest of the document kept', () => {
    const stale = document.replace(/(<!-- generated: consumers -->\n)\| consumer/, '$1| consumers');
    expect(stale).not.toBe(document);
    expect(regenerate(stale)).toBe(document);
  });

  it('HALL-7 the ports are read from their interfaces: methods only, in the order declared', () => {
    const source = [
      'export interface Clock {',
      '  readonly now: string;',
      '}',
      'export interface Store<S> extends Base {',
      '  load<T>(id: string): Promise<T>;',
      '  /** a comment naming call(x) */',
      '  append(request: unknown): Promise<void>;',
      '}',
    ].join('\n');
    expect(portsOf(source)).toEqual([{ name: 'Store', methods: ['load', 'append'] }]);
  });
});
