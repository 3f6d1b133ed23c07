/**
 * Schemas are built the first time they are used, not when their module loads (PERF-1): a
 * module-level schema is `z.lazy(() => …)`. Code that reads a schema's structure (`.shape`,
 * `.options`, a union's variants) reads it from the schema behind the lazy wrappers.
 */
import * as z from 'zod';

/** `schema` itself, or the schema a chain of `z.lazy` wrappers stands for (building it now). */
export const unwrapLazy = (schema: z.ZodType): z.ZodType =>
  schema instanceof z.ZodLazy ? unwrapLazy(schema.unwrap() as z.ZodType) : schema;
