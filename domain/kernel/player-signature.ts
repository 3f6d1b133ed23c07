/**
 * TRUST-6: a command a player signs (docs/design.md §22). What is signed is
 * `{ gameId, commandId, command }` for the purpose 'arbiter-command/1': the game and the id pin the
 * signature to one command of one game, so it cannot be replayed in another game or as another
 * command. The service checks it against the player's registered keys before deciding the command,
 * keeps it on the command's first event (inside the hash chain), and `verify` checks it again
 * against the keys the export's header lists. Players sign with Ed25519 only: one algorithm every
 * language's library has, and a 32-byte key that is easy to check on the way in.
 */
import { createHash, createPublicKey } from 'node:crypto';
import { checkSignature, type PublicJwk, type PublishedKey, type Signature, type SignatureCheck } from './signature.ts';

export const COMMAND_PURPOSE = 'arbiter-command/1' as const;

/**
 * The client's own command id: INV-9 keeps a player's id that another player took first as
 * `<id>~<playerId>` (`~` is no character of a client's id), and the player signed `<id>`.
 */
export const signedCommandId = (commandId: string): string => commandId.split('~')[0] ?? commandId;

/** What a player signs for a command. */
export const commandPayload = (gameId: string, commandId: string, command: unknown) => ({
  gameId,
  commandId: signedCommandId(commandId),
  command,
});

/** Whether `signature` is one of `keys`' over this command (retired keys included: they signed before they were retired). */
export const checkCommandSignature = (
  keys: readonly PublishedKey[],
  command: { readonly gameId: string; readonly commandId: string; readonly command: unknown },
  signature: Signature,
): SignatureCheck =>
  checkSignature({ keys }, COMMAND_PURPOSE, commandPayload(command.gameId, command.commandId, command.command), signature);

/** A key's id: the RFC 7638 thumbprint of its public JWK (as `keyIdOf` makes the service's), so the same key always has the same id. */
export const playerKeyId = (x: string): string =>
  createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');

/** Why `jwk` is no Ed25519 public key a player may register, as a sentence; null when it is one. */
export const playerKeyProblem = (jwk: { readonly kty: string; readonly crv: string; readonly x: string }): string | null => {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519')
    return `Only Ed25519 keys can be registered ({"kty": "OKP", "crv": "Ed25519", "x": …}), not ${jwk.kty} ${jwk.crv}.`;
  if (!/^[A-Za-z0-9_-]+$/.test(jwk.x) || Buffer.from(jwk.x, 'base64url').length !== 32)
    return 'The key\'s "x" must be its 32 bytes in base64url without padding (43 characters).';
  try {
    createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  } catch {
    return 'That "x" is not an Ed25519 public key.';
  }
  return null;
};

/** A player's key as it is kept and published: its JWK, its id, made at `created`. */
export const playerKey = (x: string, created: string): PublishedKey => {
  const jwk: PublicJwk = { kty: 'OKP', crv: 'Ed25519', x };
  return { ...jwk, kid: playerKeyId(x), alg: 'EdDSA', use: 'sig', created };
};
