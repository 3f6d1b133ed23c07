/** Players and their API keys: a key is shown once and stored only as its SHA-256. */
import { timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../../domain/kernel/hash.ts';
import type { Deps } from './deps.ts';
import { Problem } from './problems.ts';

/** `arb.<playerId>.<secret>`: the player id inside the key finds the hash in one read. */
const KEY_PATTERN = /^arb\.(p_[0-9a-f]{20})\.([A-Za-z0-9_-]{43})$/;

export const registerPlayer = async (deps: Deps, name: string) => {
  const playerId = `p_${deps.randomHex(10)}`;
  const secret = Buffer.from(deps.randomHex(32), 'hex').toString('base64url');
  const apiKey = `arb.${playerId}.${secret}`;
  await deps.games.createPlayer({ playerId, name, apiKeyHash: sha256Hex(apiKey) }, deps.clock().toISOString());
  return { playerId, name, apiKey };
};

const unauthorized = (detail: string) => new Problem(401, 'unauthorized', 'Not signed in', detail);

export const authenticate = async (deps: Deps, authorization: string | undefined): Promise<string> => {
  if (!authorization) throw unauthorized('Send your API key as "Authorization: Bearer <apiKey>"; POST /players gives you one.');
  const key = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  const match = key ? KEY_PATTERN.exec(key) : null;
  if (!key || !match?.[1]) throw unauthorized('That is not an Arbiter API key; it looks like "arb.p_….…".');
  const player = await deps.games.player(match[1]);
  const expected = Buffer.from(player?.apiKeyHash ?? '0'.repeat(64), 'hex');
  const given = Buffer.from(sha256Hex(key), 'hex');
  if (!player || !timingSafeEqual(expected, given)) throw unauthorized('That API key is not valid.');
  return player.playerId;
};
