/**
 * `node:timers` in the Lambda bundles (PERF-1): esbuild puts this module in its place (`alias`
 * in infra/handlers.ts). @middy/core imports `setTimeout` from node:timers; importing it as an
 * ES module builds its whole export list, `timers/promises` included, at every cold start. The
 * global `setTimeout` is the same function.
 *
 * Only what @middy/core imports is here: a bundle that imports any other name from
 * node:timers fails to build, rather than run without it.
 */
export const setTimeout: typeof globalThis.setTimeout = globalThis.setTimeout;
