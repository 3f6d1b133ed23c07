/**
 * Schemas are built the first time they are used, not when their module loads (PERF-1): a
 * module-level schema is `z.lazy(() => …)`. Code that reads a schema's structure (its shape,
 * a union's variants) reads it from the schema behind the lazy wrappers.
 *
 * Schemas are zod's mini build (PERF-1): functions instead of methods, so a bundle keeps only
 * what it calls. These helpers read zod's definitions (`_zod.def`), and test a schema's kind
 * with the core classes imported one by one: `z.core.X` would keep all of zod's core.
 */
import type * as z from 'zod/mini';
import { $ZodDiscriminatedUnion, $ZodLazy } from 'zod/v4/core';

/** `schema` itself, or the schema a chain of `z.lazy` wrappers stands for (building it now). */
export const unwrapLazy = (schema: z.core.$ZodType): z.core.$ZodType =>
  schema instanceof $ZodLazy ? unwrapLazy(schema._zod.def.getter()) : schema;

/** The object schemas of a union discriminated by `type` (every ruleset's `commandSchema` is one), by their type. */
export const variantsByType = (union: z.core.$ZodType): ReadonlyMap<string, z.core.$ZodObject> => {
  const inner = unwrapLazy(union);
  if (!(inner instanceof $ZodDiscriminatedUnion)) throw new Error('a commandSchema must be a z.discriminatedUnion on type');
  return new Map(
    inner._zod.def.options.map((option) => {
      const variant = unwrapLazy(option) as z.core.$ZodObject;
      return [String((variant._zod.def.shape.type as z.core.$ZodLiteral)._zod.def.values[0]), variant] as const;
    }),
  );
};
