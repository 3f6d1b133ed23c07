/**
 * TRUST-1, TRUST-5 `arbiter keys <URL|keys.json>`: the service's public signing keys, as
 * `GET /.well-known/arbiter-keys.json` serves them (a bare origin gets that path) or as a file
 * keeps them: one line a key, its id, algorithm and dates, the one that signs now first.
 */
import type { PublishedKey } from '../../../domain/kernel/signature.ts';
import { readKeySet } from './proof-files.ts';
import { EXIT, type Output, UsageError } from './usage.ts';

/** The key that signs now (neither retired nor revoked) first, then the others, newest first. */
const inOrder = (keys: readonly PublishedKey[]): PublishedKey[] => {
  const live = (k: PublishedKey) => k.retired === undefined && k.revoked === undefined;
  return [...keys].sort((a, b) => Number(live(b)) - Number(live(a)) || b.created.localeCompare(a.created));
};

/** One line: the id, the algorithm, and each date the key has. */
export const keyLine = (key: PublishedKey, signs: boolean): string =>
  [
    key.kid,
    key.alg,
    `created ${key.created}`,
    ...(signs ? ['signs now'] : []),
    ...(key.retired === undefined ? [] : [`retired ${key.retired}`]),
    ...(key.revoked === undefined ? [] : [`REVOKED ${key.revoked}`]),
  ].join('  ');

export const listKeys = async (source: string | undefined, out: Output): Promise<number> => {
  if (source === undefined)
    throw new UsageError("keys needs the service's address or a key set file, e.g. arbiter keys https://arbiter.example.org");
  const { keys } = await readKeySet(source);
  if (keys.length === 0) throw new UsageError(`${source} publishes no key`);
  const ordered = inOrder(keys);
  const lines = ordered.map((key, i) => keyLine(key, i === 0 && key.retired === undefined && key.revoked === undefined));
  out(
    `${keys.length} key${keys.length === 1 ? '' : 's'} of ${source}, the one that signs now first:\n${lines.map((l) => `  ${l}`).join('\n')}\n`,
  );
  return EXIT.holds;
};
