/**
 * zod for every schema of the service: its mini build, with English messages (PERF-1).
 *
 * Mini offers functions where classic zod has methods (`z.optional(s)` for `s.optional()`,
 * `s.check(z.minLength(1))` for `s.min(1)`), so a bundle keeps only the zod code it calls;
 * classic keeps every method of every schema it builds, and JSON Schema's code with them.
 *
 * Unlike classic, mini installs no locale. English is installed by `lazy`, before the first
 * schema is built: every schema at module level is `z.lazy(() => …)` (PERF-1: none is built
 * at load, scripts/load-time-schemas.ts checks it), so it is in place before anything parses.
 * Installing it at load instead would keep zod in the bundles that only fold games: their
 * modules import this file for schemas those bundles leave out.
 */
import { en } from 'zod/locales';
import { config, type lazy as miniLazy, ZodMiniLazy } from 'zod/mini';
import type { $ZodLazyDef, SomeType } from 'zod/v4/core';

export * from 'zod/mini';

let english = false;
const inEnglish =
  <T>(getter: () => T) =>
  (): T => {
    if (!english) {
      config(en());
      english = true;
    }
    return getter();
  };

/** The properties zod's constructor gives a lazy schema of its own (test/unit/zod-lazy.unit checks both lists against zod). */
export const LAZY_OWN_PROPERTIES = ['_zod', 'def', 'type'] as const;
/** The members zod installs on its lazy schemas' prototype when it constructs the first one. */
export const LAZY_MEMBERS = [
  '~standard',
  'with',
  'parse',
  'parseAsync',
  'safeParse',
  'safeParseAsync',
  'check',
  'clone',
  'brand',
  'register',
  'apply',
] as const;

/** Where a lazy schema not yet constructed keeps the definition zod's constructor will be given. */
const PENDING = Symbol('definition of a lazy schema not yet constructed');
type Deferred = { [PENDING]?: $ZodLazyDef | undefined } & Record<string, unknown>;

/** Runs zod's constructor on a deferred schema, as `new ZodMiniLazy(def)` runs it on a new object. */
const construct = (schema: Deferred): Deferred => {
  const def = schema[PENDING];
  schema[PENDING] = undefined;
  ZodMiniLazy.call(schema as unknown as ZodMiniLazy, def as $ZodLazyDef);
  return schema;
};

/** Writes a property of the schema itself, as an assignment would if nothing were inherited. */
const own = (schema: object, key: string, value: unknown): void => {
  Object.defineProperty(schema, key, { value, writable: true, enumerable: true, configurable: true });
};

/**
 * What deferred schemas inherit from: zod's lazy prototype, with a getter for each property
 * zod's constructor gives a schema and for each member zod installs on its prototype. The
 * first read of any of them constructs the schema. While the constructor runs, the property
 * getters answer undefined and every setter writes the schema's own property, as a plain
 * assignment would; afterwards the own properties answer, and the members are zod's own.
 * Made on the first `lazy` call, not at load, so that a bundle whose schemas are all left out
 * keeps no zod; and no zod code runs until a schema is used.
 */
let deferredPrototype: object | undefined;
const makeDeferredPrototype = (): object =>
  Object.create(ZodMiniLazy.prototype, {
    ...Object.fromEntries(
      LAZY_OWN_PROPERTIES.map((key) => [
        key,
        {
          configurable: true,
          get(this: Deferred) {
            return this[PENDING] === undefined ? undefined : construct(this)[key];
          },
          set(this: Deferred, value: unknown) {
            own(this, key, value);
          },
        },
      ]),
    ),
    ...Object.fromEntries(
      LAZY_MEMBERS.map((key) => [
        key,
        {
          configurable: true,
          get(this: Deferred) {
            if (this[PENDING] !== undefined) construct(this);
            return Reflect.get(ZodMiniLazy.prototype, key, this);
          },
          set(this: Deferred, value: unknown) {
            own(this, key, value);
          },
        },
      ]),
    ),
  });

/**
 * `z.lazy`, whose schema zod constructs when it is first used rather than when its module
 * loads (PERF-1).
 *
 * Every module-level schema is one of these, some 140 in the API's bundle, and zod's
 * constructor costs about 15 µs a schema in a cold process: 2 ms of every cold start, for
 * schemas most invocations never touch. The object returned is the schema itself, the one
 * object zod's registries and JSON Schema references go by, but zod's constructor runs on it
 * when any of its properties is first read. zod's constructors are plain functions run on
 * `this` (which is how zod's classes are subclassed), so the result is what
 * `new ZodMiniLazy(def)` would have made, one prototype further down.
 *
 * The getter is also where English is installed, before the first schema is built.
 */
export const lazy: typeof miniLazy = <T extends SomeType>(getter: () => T): ZodMiniLazy<T> => {
  deferredPrototype ??= makeDeferredPrototype();
  const schema: Deferred = Object.create(deferredPrototype);
  // What zod's own `lazy` gives its constructor (whose def type wants the core schema type, not mini's).
  schema[PENDING] = { type: 'lazy', getter: inEnglish(getter) } as unknown as $ZodLazyDef;
  return schema as unknown as ZodMiniLazy<T>;
};
