/**
 * zod for every schema of the service: its mini build, with English messages (PERF-1).
 *
 * Mini offers functions where classic zod has methods (`z.optional(s)` for `s.optional()`,
 * `s.check(z.minLength(1))` for `s.min(1)`), so a bundle keeps only the zod code it calls;
 * classic keeps every method of every schema it builds, and JSON Schema's code with them.
 * Unlike classic, mini installs no locale: English is installed here, once, so any module
 * that takes zod from this file gets the same messages classic zod gave.
 */
import { en } from 'zod/locales';
import { config } from 'zod/mini';

config(en());

export * from 'zod/mini';
