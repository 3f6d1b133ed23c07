/**
 * TRUST-6: the public keys a player signs commands with, and whether their seats take only signed
 * commands (docs/design.md §22). A key is never deleted: retiring it keeps it, marked, so what it
 * signed before still verifies (the export's header lists retired keys too).
 */
import { playerKey, playerKeyProblem } from '../../../domain/kernel/player-signature.ts';
import type { PublishedKey } from '../../../domain/kernel/signature.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { Player, PlayerSigning } from '../../kernel/ports.ts';
import { notFound, Problem } from '../../kernel/problems.ts';
import { rememberPlayer } from './command-signatures.ts';

/** The most current (not retired) keys a player may have: a key a device is plenty. */
export const MAX_CURRENT_KEYS = 5;
/** The most keys kept in all, retired ones included: they live on the profile every request reads. */
export const MAX_KEPT_KEYS = 20;

const NO_SIGNING: PlayerSigning = { keys: [], requireSignatures: false, revision: 0 };

/** What the routes answer: the player's keys, current and retired, and the setting. */
export interface SigningKeys {
  readonly requireSignatures: boolean;
  readonly keys: readonly PublishedKey[];
}

const answer = ({ keys, requireSignatures }: PlayerSigning): SigningKeys => ({ requireSignatures, keys });

const current = (keys: readonly PublishedKey[]) => keys.filter((k) => k.retired === undefined);

const conflict = (detail: string) => new Problem(409, 'conflict', 'Not with your keys as they are', detail);

const playerOf = async (deps: Deps, playerId: string): Promise<Player> => {
  const player = await deps.games.player(playerId);
  if (!player) throw notFound(`player ${playerId}`);
  return player;
};

/**
 * Change the player's keys with `change`, over the revision read: when another change got in
 * first, `change` is made again on what it left (it refuses what no longer holds).
 */
const changeSigning = async (
  deps: Deps,
  playerId: string,
  change: (signing: PlayerSigning) => Omit<PlayerSigning, 'revision'>,
): Promise<SigningKeys> => {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const player = await playerOf(deps, playerId);
    const signing = player.signing ?? NO_SIGNING;
    const next = change(signing);
    if (await deps.games.setSigning(playerId, next, signing.revision)) {
      const written = { ...next, revision: signing.revision + 1 };
      // This process's next command of the player checks against what was just written.
      rememberPlayer(deps, { ...player, signing: written });
      return answer(written);
    }
  }
  throw new Problem(
    409,
    'version-conflict',
    'Your keys changed meanwhile',
    'Your keys were changed by another request at the same time; try again.',
  );
};

export const signingKeys = async (deps: Deps, playerId: string): Promise<SigningKeys> =>
  answer((await playerOf(deps, playerId)).signing ?? NO_SIGNING);

/**
 * Register an Ed25519 public key (its id is the server's: the RFC 7638 thumbprint), and set
 * `requireSignatures` when given. Registering a current key again changes nothing else.
 */
export const addSigningKey = async (
  deps: Deps,
  playerId: string,
  jwk: { readonly kty: string; readonly crv: string; readonly x: string },
  requireSignatures?: boolean,
): Promise<SigningKeys> => {
  const problem = playerKeyProblem(jwk);
  if (problem) throw new Problem(400, 'invalid-body', 'Not a key you can register', problem);
  const key = playerKey(jwk.x, deps.clock().toISOString());
  return changeSigning(deps, playerId, ({ keys, requireSignatures: required }) => {
    const known = keys.find((k) => k.kid === key.kid);
    if (known?.retired !== undefined)
      throw conflict(`Key ${key.kid} was retired on ${known.retired}; make a new key pair and register that one.`);
    if (!known && current(keys).length >= MAX_CURRENT_KEYS)
      throw conflict(
        `You have ${MAX_CURRENT_KEYS} keys already, the most a player may; retire one first (DELETE /players/me/signing-keys/{kid}).`,
      );
    if (!known && keys.length >= MAX_KEPT_KEYS)
      throw conflict(`You have registered ${MAX_KEPT_KEYS} keys, retired ones included, the most a player may.`);
    return { keys: known ? keys : [...keys, key], requireSignatures: requireSignatures ?? required };
  });
};

/** Whether the player's seats take only signed commands; requiring them takes a current key to sign with. */
export const requireSignatures = async (deps: Deps, playerId: string, required: boolean): Promise<SigningKeys> =>
  changeSigning(deps, playerId, ({ keys }) => {
    if (required && current(keys).length === 0)
      throw conflict(
        'Register a key first (POST /players/me/signing-keys): requiring signatures without one would refuse all your commands.',
      );
    return { keys, requireSignatures: required };
  });

/** Retire key `kid`: it signs nothing from now on, and what it signed before still verifies. Retiring it again changes nothing. */
export const retireSigningKey = async (deps: Deps, playerId: string, kid: string): Promise<SigningKeys> => {
  const retired = deps.clock().toISOString();
  return changeSigning(deps, playerId, ({ keys, requireSignatures: required }) => {
    const key = keys.find((k) => k.kid === kid);
    if (!key) throw notFound(`key ${kid} among your signing keys`);
    if (key.retired !== undefined) return { keys, requireSignatures: required };
    if (required && current(keys).length === 1)
      throw conflict(
        'That is your last current key and you require signatures: register another key, or stop requiring signatures (PATCH /players/me/signing-keys), first.',
      );
    return { keys: keys.map((k) => (k.kid === kid ? { ...k, retired } : k)), requireSignatures: required };
  });
};
