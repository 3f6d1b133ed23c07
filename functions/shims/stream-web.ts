/**
 * `node:stream/web` in the Lambda bundles (PERF-1): esbuild puts this module in its place
 * (`alias` in infra/handlers.ts). @middy/core imports `ReadableStream` from node:stream/web
 * at load, for one `instanceof` test on the response of a streaming handler, and Arbiter
 * streams no response. Importing node:stream/web builds all of Node's web streams (readable,
 * writable, transform, compression, text encoding): 3.9 ms of every cold start on Node 20,
 * 1.6 ms on Node 22. This stand-in answers the same `instanceof`, through the global
 * `ReadableStream`, which Node loads only if that test ever runs.
 *
 * Only what @middy/core imports is here: a bundle that imports any other name from
 * node:stream/web fails to build, rather than run without it.
 */
// biome-ignore lint/complexity/noStaticOnlyClass: a class, so that `value instanceof ReadableStream` reads as in @middy/core
export class ReadableStream {
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof globalThis.ReadableStream;
  }
}
