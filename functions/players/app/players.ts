/** Players and their API keys: a key is shown once and stored only as its SHA-256. */
import { timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../../../domain/kernel/hash.ts';
import type { Deps } from '../../kernel/deps.ts';
import { notFound, Problem } from '../../kernel/problems.ts';
import { rememberPlayer } from './command-signatures.ts';

/** `arb.<playerId>.<secret>`: the player id inside the key finds the hash in one read. */
const KEY_PATTERN = /^arb\.(p_[0-9a-f]{20})\.([A-Za-z0-9_-]{43})$/;

const newKey = (deps: Deps, playerId: string) => `arb.${playerId}.${Buffer.from(deps.randomHex(32), 'hex').toString('base64url')}`;

export const registerPlayer = async (deps: Deps, name: string) => {
  const playerId = `p_${deps.randomHex(10)}`;
  const apiKey = newKey(deps, playerId);
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
  // TRUST-6: a command the request gives checks its signature against this read of the profile.
  rememberPlayer(deps, player);
  return player.playerId;
};

const noPlayer = (playerId: string) => notFound(`player ${playerId}`);

/** The caller's own profile: never the key nor its hash. */
export const myProfile = async (deps: Deps, playerId: string) => {
  const player = await deps.games.player(playerId);
  if (!player) throw noPlayer(playerId);
  return { playerId, name: player.name, createdAt: player.createdAt ?? null };
};

/** API-7: names are read when a game is shown, never written into events, so a rename shows everywhere. */
export const renamePlayer = async (deps: Deps, playerId: string, name: string) => {
  if (!(await deps.games.renamePlayer(playerId, name))) throw noPlayer(playerId);
  return myProfile(deps, playerId);
};

/** What anyone may know of a player: the name. */
export const publicProfile = async (deps: Deps, playerId: string) => {
  const player = /^p_[0-9a-f]{20}$/.test(playerId) ? await deps.games.player(playerId) : null;
  if (!player) throw noPlayer(playerId);
  return { playerId, name: player.name };
};

/**
 * API-7: a new key, shown once; the key the request was signed with stops working at once.
 * Games, webhooks and the inbox are keyed by the player id, which the new key keeps.
 */
export const rotateKey = async (deps: Deps, playerId: string, authorization: string | undefined) => {
  const oldKey = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
  const apiKey = newKey(deps, playerId);
  if (!(await deps.games.rotateKey(playerId, sha256Hex(oldKey), sha256Hex(apiKey)))) {
    throw unauthorized('That API key was replaced by another rotation a moment ago.');
  }
  const { name } = await myProfile(deps, playerId);
  return { playerId, name, apiKey };
};
