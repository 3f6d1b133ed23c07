/**
 * `arbiter sign` (TRUST-6): a player signs a command with their own key, on their own machine, so
 * the service (which never sees the private key) cannot have made the signature. `--new-key FILE`
 * makes the key pair: the private key in FILE (PKCS#8 PEM, mode 0600), the public key printed as
 * the body of POST /players/me/signing-keys. With `--key FILE` it prints the body of
 * POST /games/{id}/commands, `{ commandId, command, signature }`, to send as it is.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { COMMAND_PURPOSE, commandPayload, playerKeyId } from '../../../domain/kernel/player-signature.ts';
import { signingInput } from '../../../domain/kernel/signature.ts';
import { EXIT, type Output, UsageError } from './usage.ts';

export interface SignOptions {
  readonly key?: string | undefined;
  readonly game?: string | undefined;
  readonly id?: string | undefined;
  /** The command as JSON text, from the command line or a file. */
  readonly command?: string | undefined;
  readonly expectedVersion?: string | undefined;
}

/** The key pair's public half, as the body that registers it. */
const publicBody = (privateKey: KeyObject) => {
  const { x } = privateKey.export({ format: 'jwk' }) as { x: string };
  return { key: { kty: 'OKP', crv: 'Ed25519', x } };
};

/** Make a key pair: the private key in `file` (never overwritten), the public key printed. */
export const newKey = (file: string, out: Output): number => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
  try {
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'EEXIST' ? `${file} exists already; a key file is never overwritten` : `cannot write ${file} (${code})`);
  }
  out(`${JSON.stringify(publicBody(privateKey))}\n`);
  return EXIT.holds;
};

const readText = (file: string, what: string): string => {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT' ? `there is no ${what} file ${file}` : `cannot read ${what} ${file} (${code ?? 'unknown error'})`,
    );
  }
};

const privateKeyIn = (file: string): KeyObject => {
  let key: KeyObject;
  try {
    key = createPrivateKey(readText(file, 'key'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${file} holds no private key in PEM (arbiter sign --new-key FILE makes one)`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new UsageError(`${file} holds a ${key.asymmetricKeyType} key; players sign with Ed25519`);
  return key;
};

const commandIn = (text: string): { type: string } => {
  let command: unknown;
  try {
    command = JSON.parse(text);
  } catch {
    throw new UsageError('the command is not JSON; give it as one argument in single quotes, e.g. \'{"type":"EndPhase"}\'');
  }
  if (typeof command !== 'object' || command === null || Array.isArray(command) || typeof (command as { type?: unknown }).type !== 'string')
    throw new UsageError('the command must be a JSON object with its "type", e.g. {"type":"EndPhase"}');
  return command as { type: string };
};

const versionIn = (text: string | undefined): { expectedVersion?: number } => {
  if (text === undefined) return {};
  if (!/^\d+$/.test(text)) throw new UsageError(`--expected-version takes a version number, not "${text}"`);
  return { expectedVersion: Number(text) };
};

/** Sign a command: print the body of POST /games/{id}/commands with the player's signature. */
export const signCommand = (options: SignOptions, out: Output): number => {
  if (options.key === undefined) throw new UsageError('name your private key with --key FILE (arbiter sign --new-key FILE makes one)');
  if (options.game === undefined) throw new UsageError('name the game with --game g_…: the signature holds for that game only');
  if (options.id === undefined) throw new UsageError('give the command id with --id: the signature holds for that id only');
  if (!/^g_[A-Za-z0-9_-]+$/.test(options.game)) throw new UsageError(`"${options.game}" is not a game id; they look like g_4f…`);
  if (options.command === undefined)
    throw new UsageError('give the command as JSON, e.g. arbiter sign … \'{"type":"EndPhase"}\', or --file FILE');
  const privateKey = privateKeyIn(options.key);
  const command = commandIn(options.command);
  const expected = versionIn(options.expectedVersion);
  const { key } = publicBody(privateKey);
  const data = signingInput(COMMAND_PURPOSE, commandPayload(options.game, options.id, command));
  const signature = { kid: playerKeyId(key.x), alg: 'EdDSA', sig: sign(null, data, privateKey).toString('base64url') };
  out(`${JSON.stringify({ commandId: options.id, ...expected, command, signature })}\n`);
  return EXIT.holds;
};

/** The command's JSON: the argument, or the file (`-`: standard input) `--file` names. */
export const commandText = (positional: string | undefined, file: string | undefined): string | undefined => {
  if (positional !== undefined && file !== undefined) throw new UsageError('give the command as an argument or with --file, not both');
  return file === undefined ? positional : readText(file, 'command');
};
