/**
 * Schemas are built the first time they are used, not when their module loads (PERF-1): a
 * module-level schema is `z.lazy(() => …)`. Code that reads a schema's structure (`.shape`,
 * `.options`, a union's variants) reads it from the schema behind the lazy wrappers.
 */
import * as z from 'zod';

/** `schema` itself, or the schema a chain of `z.lazy` wrappers stands for (building it now). */
export const unwrapLazy = (schema: z.ZodType): z.ZodType =>
  schema instanceof z.ZodLazy ? unwrapLazy(schema.unwrap() as z.ZodType) : schema;

/** The object schemas of a union discriminated by `type` (every ruleset's `commandSchema` is one), by their type. */
export const variantsByType = (union: z.ZodType): ReadonlyMap<string, z.ZodObject> => {
  const options = (unwrapLazy(union) as Partial<z.ZodDiscriminatedUnion>).options;
  if (!Array.isArray(options)) throw new Error('a commandSchema must be a z.discriminatedUnion on type');
  return new Map(
    options.map((option) => {
      const variant = unwrapLazy(option as z.ZodType) as z.ZodObject;
      return [String((variant.shape.type as z.ZodLiteral).value), variant] as const;
    }),
  );
};
