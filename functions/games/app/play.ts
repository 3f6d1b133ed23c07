/**
 * HALL-5: the game routes' use cases, one a route: creating a game, joining one and giving it a
 * command. Each is one pass of the command path (commands.ts) with the steps around it that the
 * request implies; a route parses, calls one of these and shapes the answer.
 */
import { canonicalJson, sha256Hex } from '../../../domain/kernel/hash.ts';
import type { CreateGame, JoinGame } from '../../../domain/match/commands.ts';
import { checkClubGame } from '../../clubs/app/clubs.ts';
import type { Deps } from '../../kernel/deps.ts';
import { checkInvite, inviteCode } from './access.ts';
import { type CommandRequest, type CommandResult, executeCommand, systemCommandId } from './commands.ts';
import { startAgreed } from './forks.ts';

export interface CreatedGame {
  readonly gameId: string;
  readonly result: CommandResult;
  /** API-8: a private game's invite code, for its creator to pass on; null for a public game. */
  readonly inviteCode: string | null;
}

/**
 * `POST /games`. CLUB-1: only a member creates a game in a club, and a private club's games are
 * private (INV-10). A retried creation carries its command id; the game id is derived from it,
 * so the retry finds the same game.
 */
export const createGame = async (
  deps: Deps,
  playerId: string,
  commandId: string | undefined,
  given: Omit<CreateGame, 'type'>,
): Promise<CreatedGame> => {
  const club = given.options?.club;
  const visibility = club ? await checkClubGame(deps, club.clubId, playerId, given.options?.visibility) : undefined;
  const command = visibility === undefined ? given : { ...given, options: { ...given.options, visibility } };
  const gameId = `g_${commandId ? sha256Hex(`${playerId}:${commandId}`).slice(0, 20) : deps.randomHex(10)}`;
  const result = await executeCommand(deps, {
    gameId,
    commandId: commandId ?? systemCommandId('create', gameId),
    command: { type: 'CreateGame', ...command },
    caller: { kind: 'player', playerId },
  });
  const invite = command.options?.visibility === 'private' ? await inviteCode(deps, gameId) : null;
  return { gameId, result, inviteCode: invite };
};

/**
 * `POST /games/{id}/join`. A private game takes its invite code first (API-8); without a
 * command id, joining twice the same way is one join.
 */
export const joinGame = async (
  deps: Deps,
  gameId: string,
  playerId: string,
  commandId: string | undefined,
  invite: string | undefined,
  given: Omit<JoinGame, 'type'>,
): Promise<CommandResult> => {
  await checkInvite(deps, gameId, playerId, invite);
  return executeCommand(deps, {
    gameId,
    commandId: commandId ?? systemCommandId('join', `${playerId}-${sha256Hex(canonicalJson(given)).slice(0, 16)}`),
    command: { type: 'JoinGame', ...given },
    caller: { kind: 'player', playerId },
  });
};

/**
 * `POST /games/{id}/commands`: the command's own pass, then what its events start. TB-6: the
 * last acceptance of a continuation starts it, under an id and command id derived from the
 * agreement, so a retry of the accepting command starts one a failure left unstarted.
 */
export const giveCommand = async (deps: Deps, request: CommandRequest): Promise<CommandResult> => {
  const result = await executeCommand(deps, request);
  await startAgreed(deps, request.gameId, result.events);
  return result;
};
