import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { illFormedString, jsonDepth, MAX_BODY_BYTES, MAX_DEPTH, parseJsonBody } from '../../functions/http/input-guard.ts';
import { Problem } from '../../functions/kernel/problems.ts';
import { droppedKeys, refuseUnknownFields } from '../../functions/kernel/strict.ts';

const problemOf = (run: () => unknown): Problem => {
  try {
    run();
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
  throw new Error('no problem was raised');
};

describe('the input guard, before any parsing or hashing', () => {
  it('REL-3 measures nesting without parsing, ignoring brackets inside strings and escaped quotes', () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('"[[[[{{{{"')).toBe(0);
    expect(jsonDepth('{"a":"\\"[[[["}')).toBe(1);
    expect(jsonDepth('[]')).toBe(1);
    expect(jsonDepth(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe(100_000);
  });

  it('REL-3 refuses nesting past the bound, and accepts it at the bound', () => {
    const at = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(parseJsonBody(at(MAX_DEPTH))).toBeInstanceOf(Array);
    expect(problemOf(() => parseJsonBody(at(MAX_DEPTH + 1)))).toMatchObject({ status: 400, type: 'too-deep' });
  });

  it('REL-3 finds a lone surrogate in a value or a key and names its JSON Pointer', () => {
    expect(illFormedString({ a: ['ok', 'x\ud800'] })).toBe('/a/1');
    expect(illFormedString({ 'a/b': { '\udfff': 1 } })).toBe('/a~1b/\udfff');
    expect(illFormedString({ emoji: '😀', text: 'fine' })).toBeNull();
    expect(problemOf(() => parseJsonBody('{"seat":"\\ud800"}'))).toMatchObject({ status: 400, type: 'invalid-unicode' });
  });

  it('REL-4 refuses a body over the limit with 413, and malformed JSON with 400', () => {
    expect(problemOf(() => parseJsonBody(`"${'x'.repeat(MAX_BODY_BYTES)}"`))).toMatchObject({ status: 413, type: 'too-large' });
    expect(problemOf(() => parseJsonBody('{"a":'))).toMatchObject({ status: 400, type: 'malformed-json' });
  });
});

describe('strict commands', () => {
  const schema = z.object({
    type: z.literal('Move'),
    to: z.object({ x: z.number(), y: z.number() }),
    path: z.array(z.object({ x: z.number() })),
  });

  it('REL-4 names every field the schema dropped, at any depth, as JSON Pointers', () => {
    const input = { type: 'Move', junk: 1, to: { x: 1, y: 2, z: 3 }, path: [{ x: 1 }, { x: 2, 'a/b': 0 }] };
    expect(droppedKeys(input, schema.parse(input))).toEqual(['/junk', '/to/z', '/path/1/a~1b']);
  });

  it('REL-4 a field a strict schema refuses by name is an unknown field too; other mismatches are left to the decider', () => {
    const strict = z.strictObject({ scenario: z.string() }).transform((o) => ({ armies: o.scenario }));
    expect(problemOf(() => refuseUnknownFields(strict, { scenario: 'x', junk: 1 }, '/options/rules', { transforms: true }))).toMatchObject({
      status: 400,
      extra: { errors: [{ pointer: '/options/rules/junk', detail: 'This field is not part of the schema.' }] },
    });
    expect(() => refuseUnknownFields(strict, { scenario: 'x' }, '/options/rules', { transforms: true })).not.toThrow();
    expect(() => refuseUnknownFields(schema, { type: 'Move' }, '/command')).not.toThrow();
  });
});
