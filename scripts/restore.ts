/**
 * OPS-5 `npm run restore -- FROM [--data DIR] [--force]`: put a backup that `npm run backup` made
 * (a .tar.gz or .tgz archive, or a folder) back as npm start's data folder; the next npm start
 * serves the same games, logs, clubs and ladders, and signs with the same keys.
 *
 * The backup is unpacked beside the data folder first and only then moved into its place, so a
 * broken archive leaves the folder as it was. Never into a folder a runtime is using, nor over a
 * non-empty one without --force (which replaces it whole: nothing of the old folder stays).
 *
 * Exit 0 when done, 1 when the folder is in use, 2 for a mistake in how it was called.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { dataDirInUse } from '../infra/local/dynamodb-local.ts';
import { DEFAULT_DATA_DIR } from '../infra/local/start-options.ts';
import { type CommandOutcome, copyFolder, DATABASE_FILE, finish, isArchive, occupied, optionMistake, sourceProblem } from './backup.ts';

export const RESTORE_USAGE = `Usage: npm run restore -- FROM [--data DIR] [--force]

Puts a backup made by npm run backup (an archive or a folder) back as npm start's data folder.

  --data DIR   the data folder to restore into [ARBITER_DATA_DIR] (default ${DEFAULT_DATA_DIR})
  --force      replace the data folder whole when it is not empty`;

type Env = Readonly<Record<string, string | undefined>>;

const refused = (code: 1 | 2, sentence: string): CommandOutcome => ({ code, text: `restore: ${sentence}` });

/** The backup unpacked into `into`, or why it cannot be. */
const unpack = (from: string, into: string): CommandOutcome | null => {
  if (isArchive(from)) {
    if (!existsSync(from) || !statSync(from).isFile()) return refused(2, `there is no archive ${from}`);
    mkdirSync(into, { recursive: true });
    try {
      // -p: each file's mode as the archive recorded it (the private key 0600), whatever the umask.
      execFileSync('tar', ['-xpzf', from, '-C', into], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (error) {
      return refused(2, `${from} is not an archive tar can read (${String((error as { stderr?: Buffer }).stderr ?? '').trim()})`);
    }
    if (!existsSync(join(into, DATABASE_FILE))) return refused(2, `${from} holds no ${DATABASE_FILE}: it is not a backup of a data folder`);
    return null;
  }
  const problem = sourceProblem(from, 'restore');
  if (problem) return problem;
  copyFolder(from, into);
  return null;
};

/** `npm run restore` with these arguments (after `--`) and environment. */
export const restoreCommand = (argv: readonly string[], env: Env): CommandOutcome => {
  let parsed: { values: { data?: string | undefined; force?: boolean | undefined; help?: boolean | undefined }; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS });
  } catch (error) {
    return refused(2, optionMistake(error, OPTIONS, 'restore'));
  }
  const { values, positionals } = parsed;
  if (values.help) return { code: 0, text: RESTORE_USAGE };
  if (positionals.length !== 1) return refused(2, 'name one backup to restore: npm run restore -- FROM [--data DIR]');
  const from = resolve(positionals[0] as string);
  const to = resolve(values.data ?? env.ARBITER_DATA_DIR ?? DEFAULT_DATA_DIR);
  if (from === to) return refused(2, `${from} is the data folder itself`);
  const inUse = dataDirInUse(to);
  if (inUse) return refused(1, inUse.message);
  if (occupied(to) && !values.force)
    return refused(2, `${to} is not empty; restore into another --data, or add --force to replace it whole`);
  const staging = `${to}.restoring-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const problem = unpack(from, staging);
  if (problem) {
    rmSync(staging, { recursive: true, force: true });
    return problem;
  }
  rmSync(to, { recursive: true, force: true });
  renameSync(staging, to);
  return { code: 0, text: `Restored ${from} into ${to}; npm start -- --data-dir ${to} serves it.` };
};

const OPTIONS = {
  data: { type: 'string' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  finish(restoreCommand(process.argv.slice(2), process.env));
