/**
 * What `arbiter <args>` does, given where its output goes: the bin (arbiter.ts) passes the
 * process's stdout and stderr; tests pass buffers, so they run the command's own code in
 * process instead of paying a Node start per case. The rules load only when a command needs
 * them (commands.ts), so `arbiter --help` does not pay for three games.
 *
 * Every mistake of the user's is one sentence on stderr and exit 2, never a stack trace.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { ReplayOptions } from './commands.ts';
import {
  EXIT,
  KEYS_HELP,
  type Output,
  REPLAY_HELP,
  SIGN_HELP,
  TOOL_HELP,
  UsageError,
  VERIFY_HELP,
  VERIFY_TOURNAMENT_HELP,
} from './usage.ts';

/** parseArgs with our own sentences: its messages tell the reader about positional `--`. */
type Options = NonNullable<ParseArgsConfig['options']>;

const parse = (command: string, args: string[], options: Options): { values: Record<string, unknown>; positionals: string[] } => {
  try {
    return parseArgs({ args, options: { help: { type: 'boolean', short: 'h' }, ...options }, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const name = /'(-[^']*)'/.exec((error as Error).message)?.[1] ?? 'an option';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`${command} has no option ${name}; see arbiter ${command} --help`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new UsageError(`option ${name.split(' ')[0]} needs a value; see arbiter ${command} --help`);
    throw new UsageError(`${(error as Error).message}; see arbiter ${command} --help`);
  }
};

const HELP: Readonly<Record<string, string>> = {
  verify: VERIFY_HELP,
  replay: REPLAY_HELP,
  'verify-tournament': VERIFY_TOURNAMENT_HELP,
  sign: SIGN_HELP,
  keys: KEYS_HELP,
};

const dispatch = async (argv: readonly string[], out: Output): Promise<number> => {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help') {
    out(TOOL_HELP);
    return command === undefined ? EXIT.usage : EXIT.holds;
  }
  if (command === '--version' || command === '-V') {
    const { versionText } = await import('./version.ts');
    out(versionText());
    return EXIT.holds;
  }
  if (command === 'help') {
    const topic = rest[0];
    if (topic !== undefined && !HELP[topic])
      throw new UsageError(`there is no command "${topic}"; the commands are verify, verify-tournament, replay, sign and keys`);
    out(topic ? (HELP[topic] as string) : TOOL_HELP);
    return EXIT.holds;
  }
  if (command === 'verify') {
    const { values, positionals } = parse('verify', rest, {
      origin: { type: 'string' },
      keys: { type: 'string' },
      receipts: { type: 'string' },
    });
    if (values.help) return help(out, VERIFY_HELP);
    if (positionals.length > 1) throw new UsageError("verify checks one log at a time (a fork's origin goes with --origin)");
    const { verify } = await import('./commands.ts');
    const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
    return verify(positionals[0], out, { origin: text('origin'), keys: text('keys'), receipts: text('receipts') });
  }
  if (command === 'verify-tournament') {
    const { values, positionals } = parse('verify-tournament', rest, { keys: { type: 'string' } });
    if (values.help) return help(out, VERIFY_TOURNAMENT_HELP);
    if (positionals.length > 1) throw new UsageError('verify-tournament checks one export at a time');
    const { verifyTournamentFile } = await import('./commands.ts');
    return verifyTournamentFile(positionals[0], out, typeof values.keys === 'string' ? values.keys : undefined);
  }
  if (command === 'sign') {
    const { values, positionals } = parse('sign', rest, {
      'new-key': { type: 'string' },
      key: { type: 'string' },
      game: { type: 'string' },
      id: { type: 'string' },
      file: { type: 'string' },
      'expected-version': { type: 'string' },
    });
    if (values.help) return help(out, SIGN_HELP);
    if (positionals.length > 1) throw new UsageError('sign takes one command; quote its JSON, e.g. \'{"type":"EndPhase"}\'');
    const { commandText, newKey, signCommand } = await import('./sign.ts');
    const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
    const keyFile = text('new-key');
    if (keyFile !== undefined) return newKey(keyFile, out);
    const given = { key: text('key'), game: text('game'), id: text('id'), expectedVersion: text('expected-version') };
    return signCommand({ ...given, command: commandText(positionals[0], text('file')) }, out);
  }
  if (command === 'keys') {
    const { values, positionals } = parse('keys', rest, {});
    if (values.help) return help(out, KEYS_HELP);
    if (positionals.length > 1) throw new UsageError('keys reads one key set at a time');
    const { listKeys } = await import('./keys.ts');
    return listKeys(positionals[0], out);
  }
  if (command === 'replay') {
    const { values, positionals } = parse('replay', rest, {
      at: { type: 'string' },
      seat: { type: 'string' },
      explain: { type: 'string' },
      json: { type: 'boolean' },
      svg: { type: 'string' },
      arcs: { type: 'boolean' },
    });
    if (values.help) return help(out, REPLAY_HELP);
    if (positionals.length > 1) throw new UsageError('replay reads one log at a time');
    const { replay } = await import('./commands.ts');
    const text = (name: string): string | undefined => {
      const value = values[name];
      return typeof value === 'string' ? value : undefined;
    };
    const options: ReplayOptions = {
      at: text('at'),
      seat: text('seat'),
      explain: text('explain'),
      json: values.json === true,
      svg: text('svg'),
      arcs: values.arcs === true,
    };
    return replay(positionals[0], options, out);
  }
  throw new UsageError(
    `there is no command "${command}"; the commands are verify, verify-tournament, replay, sign and keys (arbiter --help)`,
  );
};

const help = (out: Output, text: string): number => {
  out(text);
  return EXIT.holds;
};

/** Runs the command; a mistake of the user's becomes its sentence on `err` and exit 2. */
export const run = async (argv: readonly string[], out: Output, err: Output): Promise<number> => {
  try {
    return await dispatch(argv, out);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`arbiter: ${error.message}\n`);
    return EXIT.usage;
  }
};
