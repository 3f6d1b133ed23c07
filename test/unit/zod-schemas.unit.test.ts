/**
 * ARC-7: the service builds its schemas with zod's public API only. `z.lazy` in
 * domain/kernel/zod.ts is zod's own lazy with English installed before the first schema is
 * built; nothing reaches into zod's constructors or prototypes, so a zod upgrade cannot break
 * it from inside.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as mini from 'zod/mini';
import * as z from '../../domain/kernel/zod.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const sources = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));

/** The same recursive schema, built by our `lazy` and by zod's own. */
const treeOf = (lazy: typeof mini.lazy): mini.ZodMiniLazy => {
  const self: mini.ZodMiniLazy = lazy(() =>
    mini.strictObject({ name: mini.string().check(mini.minLength(1)), children: mini.optional(mini.array(self)) }),
  );
  return self;
};

describe('ARC-7 schemas through zod’s public API', () => {
  it('ARC-7 z.lazy is a plain zod lazy schema, parsing as zod’s own does, recursion included', () => {
    const tree = treeOf(z.lazy);
    const reference = treeOf(mini.lazy);
    expect(tree).toBeInstanceOf(mini.ZodMiniLazy);
    for (const input of [{ name: 'root', children: [{ name: 'leaf' }] }, { name: '' }, { name: 'root', extra: true }, null]) {
      expect(tree.safeParse(input), JSON.stringify(input)).toEqual(reference.safeParse(input));
    }
    expect(z.toJSONSchema(tree, { io: 'input' })).toEqual(mini.toJSONSchema(reference, { io: 'input' }));
  });

  it('ARC-7 messages are English once a schema of ours has been built', () => {
    const name = z.lazy(() => z.string());
    expect(z.safeParse(name, 5).error?.issues.map((issue) => issue.message)).toEqual(['Invalid input: expected string, received number']);
  });

  it('ARC-7 no module of ours touches a zod class’s prototype or calls its constructor on an object of its own', () => {
    const offenders = [...sources('domain'), ...sources('functions'), ...sources('infra')].filter((file) =>
      /\b\$?Zod\w*\.(prototype\b|call\(|apply\()/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => relative(ROOT, file))).toEqual([]);
  });
});
