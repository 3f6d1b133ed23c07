/**
 * TRUST-6: a command a player sends is checked against their signing keys before it is decided
 * (docs/design.md §22): a signature must be a current key's over `{ gameId, commandId, command }`,
 * and a player who requires signatures has an unsigned command refused. Nothing is written for a
 * refused command.
 *
 * COST-1: the keys and the setting live on the player's profile, which the request's
 * authentication has just read; the command path takes that read (`rememberPlayer`) instead of
 * reading the profile again, and reads it only when it was not authenticated in this process.
 */
import { checkCommandSignature } from '../../../domain/kernel/player-signature.ts';
import type { Signature } from '../../../domain/kernel/signature.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { Player } from '../../kernel/ports.ts';
import { notFound, Problem } from '../../kernel/problems.ts';

/** The profiles authentication read, by games port, then by player id: the newest revision of each. */
const authenticated = new WeakMap<object, Map<string, Player>>();

/** Enough for every player with a request in flight in one process; the oldest is dropped first. */
const REMEMBERED = 1000;

/** Keep the profile an authentication read, unless a newer revision of its signing keys is kept already. */
export const rememberPlayer = (deps: Deps, player: Player): void => {
  const players = authenticated.get(deps.games) ?? new Map<string, Player>();
  authenticated.set(deps.games, players);
  const kept = players.get(player.playerId);
  if (kept && (kept.signing?.revision ?? 0) > (player.signing?.revision ?? 0)) return;
  players.delete(player.playerId);
  players.set(player.playerId, player);
  if (players.size > REMEMBERED) players.delete(players.keys().next().value as string);
};

const playerFor = async (deps: Deps, playerId: string): Promise<Player> => {
  const player = authenticated.get(deps.games)?.get(playerId) ?? (await deps.games.player(playerId));
  if (!player) throw notFound(`player ${playerId}`);
  return player;
};

const refused = (detail: string) => new Problem(403, 'not-allowed', 'Not signed as required', detail);

export interface SentCommand {
  readonly gameId: string;
  /** The id the player sent (before INV-9 scopes it). */
  readonly commandId: string;
  readonly command: unknown;
  readonly playerId: string;
  /** Null: sent unsigned. */
  readonly signature: Signature | null;
}

/** Refuse (403) a command its player's keys do not sign as they require. */
export const refuseBadSignature = async (deps: Deps, sent: SentCommand): Promise<void> => {
  const { signature } = sent;
  const signing = (await playerFor(deps, sent.playerId)).signing;
  if (signature === null) {
    if (signing?.requireSignatures)
      throw refused(
        `Player ${sent.playerId} requires a signature on every command they send, and this one has none: sign it (\`arbiter sign\`) and send it with its \`signature\`, or stop requiring signatures (PATCH /players/me/signing-keys).`,
      );
    return;
  }
  const key = signing?.keys.find((k) => k.kid === signature.kid);
  if (!key)
    throw refused(`The command is signed with key ${signature.kid}, which is not one of your signing keys (GET /players/me/signing-keys).`);
  if (key.retired !== undefined) throw refused(`The command is signed with key ${key.kid}, which you retired on ${key.retired}.`);
  const check = checkCommandSignature([key], sent, signature);
  if (!check.ok)
    throw refused(
      `The signature does not hold: ${check.reason}. Sign exactly {gameId, commandId, command} as sent, for purpose arbiter-command/1 (\`arbiter sign\` does).`,
    );
};
