/**
 * HALL-5: the tournament routes' use cases that write, one a route: creating a tournament
 * (with its club's check and listing) and giving one a command. A route parses, calls one of
 * these and shapes the answer.
 */
import { sha256Hex } from '../../../domain/kernel/digest.ts';
import type { TournamentCommand } from '../../../domain/tournament/decide.ts';
import { checkClubTournament } from '../../clubs/app/clubs.ts';
import { systemCommandId } from '../../games/app/commands.ts';
import type { Deps } from '../../kernel/deps.ts';
import { readableTournament } from './tournament-access.ts';
import { executeTournamentCommand, type TournamentResult } from './tournaments.ts';

type CreateTournament = Extract<TournamentCommand, { type: 'CreateTournament' }>;

/**
 * `POST /tournaments`. CLUB-1: a club's tournament is created by a member of it, and listed by
 * the club (once, however often retried); a private club's tournament plays private games.
 * As a game's, a retried creation carries its command id, and the id derived from it finds
 * the same tournament.
 */
export const createTournament = async (
  deps: Deps,
  playerId: string,
  commandId: string | undefined,
  fields: Omit<CreateTournament, 'type' | 'tournamentId'>,
): Promise<{ readonly tournamentId: string; readonly result: TournamentResult }> => {
  const club = fields.clubId === undefined ? null : await checkClubTournament(deps, fields.clubId, playerId);
  // Put in the command, so its log records it and verify-tournament decides it again the same; a client cannot give it.
  const hidden = club?.visibility === 'private' ? { gameOptions: { ...fields.gameOptions, visibility: 'private' as const } } : {};
  const tournamentId = `t_${commandId ? sha256Hex(`${playerId}:tournament:${commandId}`).slice(0, 20) : deps.randomHex(10)}`;
  const result = await executeTournamentCommand(deps, {
    tournamentId,
    commandId: commandId ?? systemCommandId('create', tournamentId),
    command: { type: 'CreateTournament', tournamentId, ...fields, ...hidden },
    caller: { kind: 'player', playerId },
  });
  if (fields.clubId !== undefined) {
    await deps.clubs.addTournament(fields.clubId, {
      tournamentId,
      name: fields.name,
      format: fields.format,
      ruleset: fields.ruleset,
      createdBy: playerId,
      createdAt: result.events[0]?.at ?? deps.clock().toISOString(),
    });
  }
  return { tournamentId, result };
};

/**
 * `POST /tournaments/{id}/commands`. CLUB-1: a private club's tournament takes no command (a
 * join among them) from one who may not see it: it does not exist to them.
 */
export const giveTournamentCommand = async (
  deps: Deps,
  tournamentId: string,
  playerId: string,
  given: { readonly commandId: string; readonly expectedVersion?: number | undefined; readonly command: TournamentCommand },
): Promise<TournamentResult> => {
  await readableTournament(deps, tournamentId, playerId);
  return executeTournamentCommand(deps, {
    tournamentId,
    commandId: given.commandId,
    expectedVersion: given.expectedVersion,
    command: given.command,
    caller: { kind: 'player', playerId },
  });
};
