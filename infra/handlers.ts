/** Every Lambda entry point, relative to the repository root; each exports `handler`. */
export const handlerEntries = {
  api: 'functions/http/api.ts',
  projector: 'functions/stream/projector.ts',
  timerReactor: 'functions/stream/timer-reactor.ts',
  publisher: 'functions/stream/publisher.ts',
  phaseTimer: 'functions/scheduler/phase-timer.ts',
  webhooks: 'functions/webhooks/deliver.ts',
  web: 'functions/web/handler.ts',
} as const;

/** esbuild's settings for a Lambda bundle: the CDK construct and the bundle benchmark share them. */
export const bundleSettings = {
  format: 'esm',
  target: 'node22',
  platform: 'node',
  mainFields: ['module', 'main'],
  minify: true,
  banner: "import { createRequire as __arbiterCreateRequire } from 'node:module';const require = __arbiterCreateRequire(import.meta.url);",
} as const;
