/**
 * The tournaments' routes' handlers (CLUB-2..CLUB-5), one per route of operations.ts (the
 * compiler holds them to it), thin over the use cases in app/. Adding a route: its declaration
 * and answers in operations.ts, its handler here, its use case in app/ (functions/http/route.ts
 * says why apart).
 */

import { sha256Hex } from '../../../domain/kernel/digest.ts';
import { checkClubTournament } from '../../clubs/app/clubs.ts';
import { systemCommandId } from '../../games/app/commands.ts';
import { rateLimited } from '../../http/rate-limited.ts';
import { json, ndjsonDownload, withEtag } from '../../http/respond.ts';
import type { Handlers } from '../../http/route.ts';
import type { Request } from '../../http/router.ts';
import type { Deps } from '../../kernel/deps.ts';
import { readableTournament } from '../app/tournament-access.ts';
import { exportTournament } from '../app/tournament-export.ts';
import { tournamentRounds, tournamentStandings, tournamentView } from '../app/tournament-queries.ts';
import { executeTournamentCommand, type TournamentResult } from '../app/tournaments.ts';
import type { TournamentRoute } from './operations.ts';

const id = (request: Request) => request.params.id ?? '';

const answer = (tournamentId: string, result: TournamentResult) => ({
  tournamentId,
  version: result.version,
  replayed: result.replayed,
  events: result.events,
});

export const tournamentHandlers = (deps: () => Deps): Handlers<TournamentRoute> => ({
  createTournament: async (_request, { playerId, body }) => {
    const { commandId, ...fields } = body;
    const refused = await rateLimited(deps(), 'games', playerId);
    if (refused) return refused;
    // CLUB-1: a club's tournament is created by a member of it, and listed by the club (once, however often retried).
    const club = fields.clubId === undefined ? null : await checkClubTournament(deps(), fields.clubId, playerId);
    // CLUB-1: a private club's tournament plays private games. Put in the command, so its log
    // records it and verify-tournament decides it again the same; a client cannot give it.
    const hidden = club?.visibility === 'private' ? { gameOptions: { ...fields.gameOptions, visibility: 'private' as const } } : {};
    // As a game's: a retried creation carries its commandId, and the id derived from it finds the same tournament.
    const tournamentId = `t_${commandId ? sha256Hex(`${playerId}:tournament:${commandId}`).slice(0, 20) : deps().randomHex(10)}`;
    const result = await executeTournamentCommand(deps(), {
      tournamentId,
      commandId: commandId ?? systemCommandId('create', tournamentId),
      command: { type: 'CreateTournament', tournamentId, ...fields, ...hidden },
      caller: { kind: 'player', playerId },
    });
    if (fields.clubId !== undefined) {
      const created = result.events[0];
      await deps().clubs.addTournament(fields.clubId, {
        tournamentId,
        name: fields.name,
        format: fields.format,
        ruleset: fields.ruleset,
        createdBy: playerId,
        createdAt: created?.at ?? deps().clock().toISOString(),
      });
    }
    return json(result.replayed ? 200 : 201, answer(tournamentId, result), { location: `/tournaments/${tournamentId}` });
  },
  getTournament: async (request, { playerId }) => withEtag(request, await tournamentView(deps(), id(request), playerId)),
  giveTournamentCommand: async (request, { playerId, body }) => {
    // CLUB-1: a private club's tournament takes no command (a join among them) from one who may not see it: it does not exist to them.
    await readableTournament(deps(), id(request), playerId);
    const result = await executeTournamentCommand(deps(), {
      tournamentId: id(request),
      commandId: body.commandId,
      expectedVersion: body.expectedVersion,
      command: body.command,
      caller: { kind: 'player', playerId },
    });
    return json(200, answer(id(request), result));
  },
  listTournamentRounds: async (request, { playerId }) => withEtag(request, await tournamentRounds(deps(), id(request), playerId)),
  getTournamentStandings: async (request, { playerId }) => withEtag(request, await tournamentStandings(deps(), id(request), playerId)),
  exportTournament: async (request, { playerId }) =>
    ndjsonDownload(request, await exportTournament(deps(), id(request), playerId), `${id(request)}.ndjson`),
});
