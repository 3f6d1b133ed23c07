/**
 * zod for every schema of the service: its mini build, with English messages.
 *
 * Mini offers functions where classic zod has methods (`z.optional(s)` for `s.optional()`,
 * `s.check(z.minLength(1))` for `s.min(1)`), so a bundle keeps only the zod code it calls;
 * classic keeps every method of every schema it builds, and JSON Schema's code with them
 * (docs/requirements.md, PERF-1).
 *
 * Every schema at module level is `/* @__PURE__ *\/ z.lazy(() => …)`: zod's own lazy, whose
 * getter builds the schema the first time something parses with it, so a cold process builds
 * only the schemas it uses, and esbuild drops the ones a bundle never references
 * (scripts/load-time-schemas.ts checks both). Mini installs no locale: `lazy` installs English
 * in the getter, before the first schema is built. Installing it at load instead would keep
 * zod in the bundles that only fold games, whose modules import this file for schemas those
 * bundles leave out.
 */
import { en } from 'zod/locales';
import { config, lazy as zodLazy } from 'zod/mini';

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

/** zod's `lazy`, with English installed before the schema it defers is first built. */
export const lazy: typeof zodLazy = (getter) => zodLazy(inEnglish(getter));
