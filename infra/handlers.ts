import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

/** Every Lambda entry point, relative to the repository root; each exports `handler`. */
export const handlerEntries = {
  api: 'functions/http/api.ts',
  docs: 'functions/http/docs.ts',
  clubs: 'functions/http/clubs.ts',
  projector: 'functions/stream/projector.ts',
  timerReactor: 'functions/stream/timer-reactor.ts',
  publisher: 'functions/stream/publisher.ts',
  tournaments: 'functions/stream/tournaments.ts',
  phaseTimer: 'functions/scheduler/phase-timer.ts',
  webhooks: 'functions/webhooks/deliver.ts',
  web: 'functions/web/handler.ts',
} as const;

/**
 * Credential sources the SDK's default chain reaches only after the environment, each loaded
 * by a dynamic `import()`. Lambda always puts the function role's credentials in the
 * environment, so the chain stops there and these are never loaded; left out of the bundle
 * they save about 90 KiB (the SSO, STS and sign-in clients) of every cold start (PERF-1).
 * test/unit/perf-bundles checks that no bundle imports them statically.
 */
export const unreachedCredentialSources = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@smithy/credential-provider-imds',
] as const;

/**
 * Modules the SDK loads only in a browser: @aws-sdk/core's client entry re-exports the browser
 * user-agent parser, whose `import("bowser")` only a browser client's runtime config calls; a
 * Node client builds its user agent from the process (util-user-agent-node). Left out, every
 * bundle is about 35 KiB smaller (PERF-1); test/unit/perf-bundles checks it is imported lazily only.
 */
export const browserOnlyModules = ['bowser'] as const;

/**
 * The SDK's event-stream codec: @smithy/core's HTTP protocol imports it with `import()` when an
 * operation streams events (S3 Select, Bedrock, Transcribe). No operation of the services our
 * functions call (DynamoDB, DynamoDB Streams, EventBridge, Scheduler, SQS) has an event stream,
 * so it is never loaded; left out, each bundle is about 14 KiB smaller (PERF-1).
 */
export const eventStreamModules = ['@smithy/core/event-streams'] as const;

/** What no Lambda bundle carries: imported by `import()` only, on paths a Lambda never takes. */
export const unreachedModules = [...unreachedCredentialSources, ...browserOnlyModules, ...eventStreamModules] as const;

/** esbuild's settings for a Lambda bundle: the stack, the bundle benchmark and the PERF-1 test all build with them (`bundleOptions`). */
export const bundleSettings = {
  format: 'esm',
  target: 'node22',
  platform: 'node',
  mainFields: ['module', 'main'],
  minify: true,
  /**
   * Arrow functions are written out as function expressions (esbuild keeps their `this` and
   * `arguments`). Compiling an ES module, V8 (Node 20 and 22 alike) parses each arrow function
   * in full but only pre-parses a function expression, leaving the rest until its first call.
   * Most of the bundles' own code, ours and zod's, is arrows: lowering them takes about a quarter
   * off compiling the API's bundle, on every cold start (PERF-1; `npm run bench` shows it).
   */
  supported: { arrow: false },
  external: unreachedModules,
  /**
   * Built-in modules replaced by a stand-in of what the bundle uses of them, so that a cold start
   * does not load what it never runs: @middy/core imports node:stream/web for a test only a
   * streaming response makes, and node:timers for the global setTimeout (functions/shims/).
   * Paths are from the repository root.
   */
  alias: { 'node:stream/web': './functions/shims/stream-web.ts', 'node:timers': './functions/shims/timers.ts' },
  banner: "import { createRequire as __arbiterCreateRequire } from 'node:module';const require = __arbiterCreateRequire(import.meta.url);",
} as const;

/** The repository root, which entries and the alias paths are relative to. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * esbuild's options for one function's asset, written to `outdir`: `index.mjs`, the handler
 * Lambda loads, and under `chunks/` the code it loads only by `import()`, on first use. Code
 * splitting is what keeps each ruleset's referee out of a cold start: the API and the phase
 * timer load a game's ruleset with its first command (domain/catalogue.ts), so none is compiled
 * at load and a container that serves one rule system never compiles the others (PERF-1).
 * The stack (infra/aws/arbiter-function.ts), the bundle benchmark and the PERF-1 test all
 * build through this. `entry` is a path from the repository root, or source text resolved there.
 */
export const bundleOptions = (entry: string | { readonly contents: string }, outdir: string) =>
  ({
    ...bundleSettings,
    mainFields: [...bundleSettings.mainFields],
    external: [...bundleSettings.external],
    alias: { ...bundleSettings.alias },
    banner: { js: bundleSettings.banner },
    absWorkingDir: ROOT,
    ...(typeof entry === 'string'
      ? { entryPoints: { index: entry } }
      : { stdin: { contents: entry.contents, resolveDir: ROOT, loader: 'js' as const }, entryNames: 'index' }),
    bundle: true,
    splitting: true,
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'silent',
  }) satisfies BuildOptions;
