/**
 * PERF-1: domain/kernel/zod.ts's `lazy` hands out schemas that zod constructs on first use.
 * Each must be, once used, what zod's own `z.lazy` makes: the same properties, the same
 * members, the same answers, the same JSON Schema, the same identity in registries. The lists
 * of what zod's constructor installs are checked against zod itself, so a zod upgrade that
 * changes them fails here rather than in a request.
 */
import { describe, expect, it } from 'vitest';
import * as mini from 'zod/mini';
import * as z from '../../domain/kernel/zod.ts';

/** The same recursive schema, built by our `lazy` and by zod's own. */
const treeOf = (lazy: typeof mini.lazy): z.ZodMiniLazy => {
  const self: z.ZodMiniLazy = lazy(() => z.strictObject({ name: z.string().check(z.minLength(1)), children: z.optional(z.array(self)) }));
  return self;
};
const tree = treeOf(z.lazy);
const reference = treeOf(mini.lazy);

const INPUTS: unknown[] = [
  { name: 'root' },
  { name: 'root', children: [{ name: 'leaf' }, { name: 'other', children: [] }] },
  { name: '' },
  { name: 'root', children: [{ name: 5 }] },
  { name: 'root', extra: true },
  'not a tree',
  null,
];

describe('PERF-1 lazy schemas constructed on first use', () => {
  it('PERF-1 zod gives a lazy schema exactly the own properties and prototype members the deferred one stands in for', () => {
    const real = mini.lazy(() => mini.string());
    expect(Reflect.ownKeys(real)).toEqual([...z.LAZY_OWN_PROPERTIES]);
    const members = Reflect.ownKeys(mini.ZodMiniLazy.prototype).filter((key) => key !== 'constructor');
    expect(new Set(members)).toEqual(new Set(z.LAZY_MEMBERS));
  });

  it('PERF-1 is not constructed until it is used, and is then a ZodMiniLazy with the same own properties', () => {
    const schema = z.lazy(() => z.string());
    expect(Object.hasOwn(schema, '_zod')).toBe(false);
    expect(schema.safeParse('x')).toEqual({ success: true, data: 'x' });
    expect(Reflect.ownKeys(schema).filter((key) => typeof key === 'string' && z.LAZY_OWN_PROPERTIES.includes(key as never))).toEqual([
      ...z.LAZY_OWN_PROPERTIES,
    ]);
    expect(schema).toBeInstanceOf(mini.ZodMiniLazy);
    expect(schema.type).toBe('lazy');
  });

  it.each([
    ['reading def', (s: z.ZodMiniLazy) => s.def.type],
    ['reading type', (s: z.ZodMiniLazy) => s.type],
    ['reading _zod', (s: z.ZodMiniLazy) => s._zod.def.type],
    ['instanceof', (s: z.ZodMiniLazy) => s instanceof mini.ZodMiniLazy],
    ['adding a check', (s: z.ZodMiniLazy) => s.check(z.describe('described')).type],
    ['parsing', (s: z.ZodMiniLazy) => s.parse('x')],
    ['parsing through z.safeParse', (s: z.ZodMiniLazy) => z.safeParse(s, 'x').success],
    ['converting to JSON Schema', (s: z.ZodMiniLazy) => z.toJSONSchema(s).type],
  ])('PERF-1 is constructed by %s', (_what, use) => {
    const schema = z.lazy(() => z.string()) as z.ZodMiniLazy;
    expect(use(schema)).toBeTruthy();
    expect(Object.hasOwn(schema, '_zod')).toBe(true);
  });

  it('PERF-1 parses every input as zod’s own lazy does, recursion included, with the same English messages', () => {
    for (const input of INPUTS) expect(tree.safeParse(input), JSON.stringify(input)).toEqual(reference.safeParse(input));
    expect(z.safeParse(tree, { name: 5 }).error?.issues.map((issue) => issue.message)).toEqual([
      'Invalid input: expected string, received number',
    ]);
  });

  it('PERF-1 gives the same JSON Schema, and registries know it as itself', () => {
    expect(z.toJSONSchema(tree, { io: 'input' })).toEqual(mini.toJSONSchema(reference, { io: 'input' }));
    const registry = z.registry<{ id: string }>();
    const named = z.lazy(() => z.string().check(z.describe('A name.')));
    registry.add(named, { id: 'Name' });
    expect(registry.get(named)).toEqual({ id: 'Name' });
    expect(z.toJSONSchema(registry).schemas.Name).toMatchObject({ type: 'string', description: 'A name.' });
  });
});
