/**
 * OPS-5 `npm run backup -- [--data DIR] [--to FILE_OR_DIR] [--force]`: a copy of npm start's data
 * folder, everything needed to serve the same games again: DynamoDB Local's database (the events,
 * the read models, players, clubs and ladders, all in shared-local-instance.db), the signing keys
 * (keys/, the private half 0600) and the records set aside. Restored by `npm run restore`.
 *
 * Only of a folder no runtime is using: DynamoDB Local writes its database as it goes, and a copy
 * taken mid-write may hold half a transaction. `--to` a name ending in .tar.gz or .tgz writes one
 * archive (tar keeps the files' modes); any other name, a folder, its files' modes kept. Never
 * over a non-empty folder or an existing file without --force.
 *
 * Exit 0 when done, 1 when the folder is in use, 2 for a mistake in how it was called.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { dataDirInUse } from '../infra/local/dynamodb-local.ts';
import { DEFAULT_DATA_DIR } from '../infra/local/start-options.ts';

export const BACKUP_USAGE = `Usage: npm run backup -- [--data DIR] [--to FILE_OR_DIR] [--force]

A copy of npm start's data folder (the games, players, clubs and ladders, and the signing keys),
taken while no npm start uses it.

  --data DIR          the data folder [ARBITER_DATA_DIR] (default ${DEFAULT_DATA_DIR})
  --to FILE_OR_DIR    where: a name ending in .tar.gz or .tgz is one archive, any other a folder
                      (default arbiter-backup-<time>.tar.gz here)
  --force             replace what is at --to`;

/** DynamoDB Local's one database file (it runs with -sharedDb): a folder without it holds no games. */
export const DATABASE_FILE = 'shared-local-instance.db';
/** The running runtime's claim on the folder (infra/local/dynamodb-local.ts): not data, never copied. */
const OWNER_FILE = 'arbiter.pid';

export interface CommandOutcome {
  readonly code: 0 | 1 | 2;
  /** What to print: the answer on stdout, or (exit 1, 2) the one sentence on stderr. */
  readonly text: string;
}

type Env = Readonly<Record<string, string | undefined>>;

export const isArchive = (path: string): boolean => /\.(tar\.gz|tgz)$/.test(path);

/** Why `dir` cannot be copied from: absent, not a data folder, or in use by a live runtime; null when it can. */
export const sourceProblem = (dir: string, what: string): CommandOutcome | null => {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return { code: 2, text: `${what}: there is no folder ${dir}` };
  if (!existsSync(join(dir, DATABASE_FILE)))
    return { code: 2, text: `${what}: ${dir} holds no ${DATABASE_FILE}, so it is not a data folder npm start has used` };
  const inUse = dataDirInUse(dir);
  if (inUse) return { code: 1, text: `${what}: ${inUse.message}` };
  return null;
};

/** Whether `path` holds something that writing there would replace: a file, or a folder with anything in it. */
export const occupied = (path: string): boolean => existsSync(path) && (!statSync(path).isDirectory() || readdirSync(path).length > 0);

/** Copy the folder's files and folders with their modes (the private key stays 0600), leaving out the runtime's claim. */
export const copyFolder = (from: string, to: string): number => {
  mkdirSync(to, { recursive: true });
  chmodSync(to, statSync(from).mode & 0o7777);
  let files = 0;
  for (const name of readdirSync(from)) {
    if (name === OWNER_FILE) continue;
    const [source, target] = [join(from, name), join(to, name)];
    const stat = statSync(source);
    if (stat.isDirectory()) files += copyFolder(source, target);
    else if (stat.isFile()) {
      copyFileSync(source, target);
      chmodSync(target, stat.mode & 0o7777);
      files += 1;
    }
  }
  return files;
};

/** One gzipped tar of the folder's contents; tar records each file's mode. */
const archiveFolder = (from: string, to: string): void => {
  mkdirSync(dirname(to), { recursive: true });
  execFileSync('tar', ['-czf', to, '-C', from, `--exclude=./${OWNER_FILE}`, '.'], { stdio: ['ignore', 'ignore', 'pipe'] });
};

/** parseArgs' refusal as one sentence naming the options there are (its own runs on about npm's `--`). */
export const optionMistake = (error: unknown, options: Readonly<Record<string, unknown>>, command: string): string => {
  const message = (error as Error).message;
  const option = /'(-[^' ]*)/.exec(message)?.[1];
  const names = Object.keys(options).map((name) => `--${name}`);
  if (option && /argument missing/.test(message)) return `${option} needs a value after it`;
  return option
    ? `there is no option ${option}; the options are ${names.join(', ')}`
    : `${message}; npm run ${command} -- --help lists the options`;
};

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** `npm run backup` with these arguments (after `--`) and environment, at `now`. */
export const backupCommand = (argv: readonly string[], env: Env, now: Date = new Date()): CommandOutcome => {
  let values: { data?: string | undefined; to?: string | undefined; force?: boolean | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({ args: [...argv], options: OPTIONS }));
  } catch (error) {
    return { code: 2, text: `backup: ${optionMistake(error, OPTIONS, 'backup')}` };
  }
  if (values.help) return { code: 0, text: BACKUP_USAGE };
  const from = resolve(values.data ?? env.ARBITER_DATA_DIR ?? DEFAULT_DATA_DIR);
  const problem = sourceProblem(from, 'backup');
  if (problem) return problem;
  const to = resolve(values.to ?? `arbiter-backup-${stamp(now)}.tar.gz`);
  if (to === from || to.startsWith(`${from}/`)) return { code: 2, text: `backup: ${to} is inside the data folder it would copy` };
  if (occupied(to) && !values.force)
    return { code: 2, text: `backup: ${to} is not empty; choose another --to, or add --force to replace it` };
  rmSync(to, { recursive: true, force: true });
  if (isArchive(to)) archiveFolder(from, to);
  else copyFolder(from, to);
  return { code: 0, text: `Backed up ${from} to ${to}; npm run restore -- ${to} puts it back.` };
};

const OPTIONS = {
  data: { type: 'string' },
  to: { type: 'string' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Print the outcome and exit with its code: the shared end of backup and restore. */
export const finish = ({ code, text }: CommandOutcome): never => {
  if (code === 0) console.log(text);
  else console.error(text);
  process.exit(code);
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  finish(backupCommand(process.argv.slice(2), process.env));
