/**
 * The tournaments' routes' handlers (CLUB-2..CLUB-5), one per route of operations.ts (the
 * compiler holds them to it), thin over the use cases in app/. Adding a route: its declaration
 * and answers in operations.ts, its handler here, its use case in app/ (functions/http/route.ts
 * says why apart).
 */

import { receiptFor } from '../../games/app/receipts.ts';
import { rateLimited } from '../../http/rate-limited.ts';
import { json, ndjsonDownload, withEtag } from '../../http/respond.ts';
import type { Handlers } from '../../http/route.ts';
import type { Request } from '../../http/router.ts';
import type { Deps } from '../../kernel/deps.ts';
import { createTournament, giveTournamentCommand } from '../app/organise.ts';
import { exportTournament } from '../app/tournament-export.ts';
import { tournamentRounds, tournamentStandings, tournamentView } from '../app/tournament-queries.ts';
import type { TournamentResult } from '../app/tournaments.ts';
import type { TournamentRoute } from './operations.ts';

const id = (request: Request) => request.params.id ?? '';

/** A tournament command's answer: its events and (TRUST-2) their signed receipt, the same for a retry. */
const answer = async (deps: Deps, tournamentId: string, result: TournamentResult) => {
  const receipt = await receiptFor(deps, result.events);
  return {
    tournamentId,
    version: result.version,
    replayed: result.replayed,
    events: result.events,
    ...(receipt === null ? {} : { receipt }),
  };
};

export const tournamentHandlers = (deps: () => Deps): Handlers<TournamentRoute> => ({
  createTournament: async (_request, { playerId, body }) => {
    const { commandId, ...fields } = body;
    const refused = await rateLimited(deps(), 'games', playerId);
    if (refused) return refused;
    const { tournamentId, result } = await createTournament(deps(), playerId, commandId, fields);
    return json(result.replayed ? 200 : 201, await answer(deps(), tournamentId, result), { location: `/tournaments/${tournamentId}` });
  },
  getTournament: async (request, { playerId }) => withEtag(request, await tournamentView(deps(), id(request), playerId)),
  giveTournamentCommand: async (request, { playerId, body }) =>
    json(200, await answer(deps(), id(request), await giveTournamentCommand(deps(), id(request), playerId, body))),
  listTournamentRounds: async (request, { playerId }) => withEtag(request, await tournamentRounds(deps(), id(request), playerId)),
  getTournamentStandings: async (request, { playerId }) => withEtag(request, await tournamentStandings(deps(), id(request), playerId)),
  exportTournament: async (request, { playerId }) =>
    ndjsonDownload(request, await exportTournament(deps(), id(request), playerId), `${id(request)}.ndjson`),
});
