/**
 * What `arbiter verify --keys` and `--receipts` read (TRUST-3, TRUST-4): the service's key set,
 * from a JWKS file or fetched from the URL the user names (only that one), and the receipts a
 * player kept. A file that is not what it should be is one sentence and exit 2 (UsageError).
 */
import type { Receipt } from '../../../domain/kernel/receipt.ts';
import type { KeySet } from '../../../domain/kernel/signature.ts';
import { UsageError } from './usage.ts';
import { readUserFile } from './user-file.ts';

/** Where the service publishes its keys (TRUST-1): a bare origin given to --keys gets this path. */
export const KEY_SET_PATH = '/.well-known/arbiter-keys.json';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The key set in `text`, or a sentence saying what is wrong with it. */
const keySetOf = (text: string, from: string): KeySet => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`${from} is not JSON; --keys takes a key set (JWKS, {"keys": [...]}) as GET ${KEY_SET_PATH} serves it`);
  }
  if (!isObject(parsed) || !Array.isArray(parsed.keys))
    throw new UsageError(`${from} is not a key set: it needs a "keys" list, as GET ${KEY_SET_PATH} serves it`);
  const bad = parsed.keys.findIndex(
    (k) => !isObject(k) || typeof k.kid !== 'string' || typeof k.alg !== 'string' || typeof k.x !== 'string',
  );
  if (bad >= 0) throw new UsageError(`${from}: key ${bad + 1} of the set is not a public key with "kid", "alg" and "x"`);
  return parsed as unknown as KeySet;
};

/** The URL to fetch for `source`, or null when it names a file: a bare origin gets the key set's path. */
export const keySetUrl = (source: string): URL | null => {
  if (!/^https?:\/\//i.test(source)) return null;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new UsageError(`${source} is not a URL; give --keys a key set file or the service's address`);
  }
  if (url.pathname === '/' || url.pathname === '') url.pathname = KEY_SET_PATH;
  return url;
};

/** The key set at `source`: a JWKS file, or a URL (the service's origin, or the key set's own address). */
export const readKeySet = async (source: string): Promise<KeySet> => {
  const url = keySetUrl(source);
  if (url === null) return keySetOf(readUserFile(source), source);
  let reply: Response;
  try {
    reply = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new UsageError(`cannot fetch the key set from ${url} (${(error as Error).cause ?? (error as Error).message})`);
  }
  if (!reply.ok) throw new UsageError(`${url} answered ${reply.status}, not a key set`);
  return keySetOf(await reply.text(), String(url));
};

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1;

/** Why `value` is not a receipt as a command's answer carries it; null when it is one. */
const notAReceipt = (value: unknown): string | null => {
  if (!isObject(value)) return 'is not a JSON object';
  const missing = ['gameId', 'chainHead', 'at'].find((k) => typeof value[k] !== 'string');
  if (missing) return `has no "${missing}"`;
  if (!isCount(value.from) || !isCount(value.to) || value.to < value.from) return 'needs event numbers "from" <= "to", from 1';
  const signature = value.signature;
  if (!isObject(signature) || typeof signature.kid !== 'string' || typeof signature.sig !== 'string')
    return 'has no "signature" with "kid" and "sig"';
  return null;
};

/**
 * The receipts in `file`: one per line (NDJSON: what `jq -c .receipt >> receipts.ndjson` keeps
 * after each command) or a JSON array of them. Blank lines are skipped.
 */
export const readReceipts = (file: string): Receipt[] => {
  const text = readUserFile(file);
  const json = (line: string, where: string): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      throw new UsageError(`${file}, ${where}, is not JSON: give one receipt (JSON) a line, or a JSON array of them`);
    }
  };
  const items = text.trimStart().startsWith('[')
    ? (json(text, 'the array') as unknown[]).map((value, i) => ({ value, where: `receipt ${i + 1}` }))
    : text.split('\n').flatMap((line, i) => (line.trim() === '' ? [] : [{ value: json(line, `line ${i + 1}`), where: `line ${i + 1}` }]));
  for (const { value, where } of items) {
    const wrong = notAReceipt(value);
    if (wrong) throw new UsageError(`${file}, ${where}: ${wrong}; a receipt is what a command's answer carries as "receipt"`);
  }
  if (items.length === 0) throw new UsageError(`${file} holds no receipts`);
  return items.map(({ value }) => value as Receipt);
};
