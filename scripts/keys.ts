/**
 * TRUST-5 `npm run keys -- list | rotate | revoke <kid> [--at ISO] [--data <folder>]`: the local
 * runtime's signing keys, in the data folder npm start uses (functions/adapters/key-file.ts).
 *
 *   list     every published key, the one that signs first
 *   rotate   a new key signs from now on; the old one is marked retired and stays published, so
 *            what it signed still verifies. A running `npm start` picks it up within a second.
 *   revoke   mark a key no longer trusted from --at (default now); `arbiter verify` names the date.
 *
 * Exit 0 when done, 2 for a mistake in how it was called (said in one sentence).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Keyring, KeyringRefusal, keysFolder, readKeyring, revokeKey, rotateKey } from '../functions/adapters/key-file.ts';
import { DEFAULT_DATA_DIR } from '../infra/local/start-options.ts';

export const KEYS_USAGE = `Usage: npm run keys -- <list | rotate | revoke KID [--at ISO-TIME]> [--data FOLDER]

  list          the published keys, the one that signs first
  rotate        make a new key that signs from now on; the old one stays published, marked retired
  revoke KID    mark key KID as no longer trusted from --at (default now); verify reports the date
  --data DIR    npm start's data folder [ARBITER_DATA_DIR] (default ${DEFAULT_DATA_DIR})`;

export interface KeysOutcome {
  readonly code: 0 | 2;
  /** What to print: the answer on stdout, or (exit 2) the one sentence on stderr. */
  readonly text: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const refused = (sentence: string): KeysOutcome => ({ code: 2, text: `keys: ${sentence}` });

/** One line per key: its id, algorithm, dates, and whether it is the one that signs. */
export const keyLines = (ring: Keyring): string[] =>
  ring.keys.map((k) =>
    [
      k.kid,
      k.alg,
      `created ${k.created}`,
      ...(k.kid === ring.current ? ['current'] : []),
      ...(k.retired ? [`retired ${k.retired}`] : []),
      ...(k.revoked ? [`revoked ${k.revoked}`] : []),
    ].join('  '),
  );

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** `npm run keys` with these arguments (after `--`) and environment, at `now`. */
export const keysCommand = (argv: readonly string[], env: Env, now: Date = new Date()): KeysOutcome => {
  // A key id is base64url and may start with '-': the word after `revoke` is the id, not an option.
  const named = argv[0] === 'revoke' && argv[1] !== undefined && !OPTION_WORDS.has(argv[1].split('=')[0] ?? '') ? argv[1] : undefined;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(named === undefined ? argv : [argv[0] ?? '', ...argv.slice(2)]);
  } catch (error) {
    const option = /'(-[^' ]*)/.exec((error as Error).message)?.[1];
    if (option && /argument missing/.test((error as Error).message)) return refused(`${option} needs a value after it`);
    return refused(
      option
        ? `there is no option ${option}; the options are --data and --at (npm run keys -- --help)`
        : `${(error as Error).message}; npm run keys -- --help lists the options`,
    );
  }
  const { values, positionals } = parsed;
  if (values.help) return { code: 0, text: KEYS_USAGE };
  const dataDir = values.data ?? values['data-dir'] ?? env.ARBITER_DATA_DIR ?? DEFAULT_DATA_DIR;
  const [verb, ...rest] = positionals;
  try {
    switch (verb) {
      case 'list': {
        const ring = readKeyring(dataDir);
        if (!ring) return refused(`there is no keyring in ${keysFolder(dataDir)} yet; npm start makes one on its first start`);
        return { code: 0, text: [`Keys in ${keysFolder(dataDir)}, the one that signs first:`, ...keyLines(ring)].join('\n') };
      }
      case 'rotate': {
        const { current, retired } = rotateKey(dataDir, now);
        return {
          code: 0,
          text: `Key ${current.kid} signs from now on${retired ? `; ${retired.kid} is retired and stays published` : ''}.`,
        };
      }
      case 'revoke': {
        const kid = named ?? rest[0];
        if (kid === undefined) return refused('revoke needs the id of a key: npm run keys -- revoke KID (list shows them)');
        if (values.at !== undefined && (!ISO.test(values.at) || Number.isNaN(Date.parse(values.at))))
          return refused(`--at takes a time like 2026-12-08T12:00:00Z, not "${values.at}"`);
        const key = revokeKey(dataDir, kid, values.at === undefined ? now : new Date(values.at));
        return { code: 0, text: `Key ${key.kid} is revoked from ${key.revoked}.` };
      }
      case undefined:
        return refused('say what to do: list, rotate or revoke KID (npm run keys -- --help)');
      default:
        return refused(`there is no command "${verb}"; the commands are list, rotate and revoke KID`);
    }
  } catch (error) {
    if (error instanceof KeyringRefusal) return refused(error.message);
    throw error;
  }
};

const OPTIONS = {
  data: { type: 'string' },
  'data-dir': { type: 'string' },
  at: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const OPTION_WORDS = new Set([...Object.keys(OPTIONS).map((name) => `--${name}`), '-h']);

const parse = (argv: readonly string[]) => parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS });

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { code, text } = keysCommand(process.argv.slice(2), process.env);
  if (code === 0) console.log(text);
  else console.error(text);
  process.exit(code);
}
