#!/usr/bin/env node
// `npx arbiter …`: runs the prebuilt bundle that `npm ci` makes (scripts/build-cli.mjs).
try {
  await import('../dist/arbiter.mjs');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/arbiter.mjs')) throw error;
  process.stderr.write('arbiter: the command is not built yet; run npm run build:cli (npm ci does it)\n');
  process.exitCode = 2;
}
