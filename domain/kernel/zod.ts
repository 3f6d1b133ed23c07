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
import { config, lazy as miniLazy } from 'zod/mini';

export * from 'zod/mini';

let english = false;

/** `z.lazy`, which first installs zod's English messages (once per process). */
export const lazy: typeof miniLazy = (getter) =>
  miniLazy(() => {
    if (!english) {
      config(en());
      english = true;
    }
    return getter();
  });
