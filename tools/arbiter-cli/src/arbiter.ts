/**
 * The `arbiter` command: settle a dispute from an exported log alone, with no network
 * and no database (`arbiter --help`). Bundled by scripts/build-cli.mjs, so it starts as
 * fast as Node does; what it does is in run.ts.
 */
import { run } from './run.ts';

// Piped into `head`, the reader may go away early: end quietly, as cat does.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await run(
  process.argv.slice(2),
  (text) => process.stdout.write(text),
  (text) => process.stderr.write(text),
);
