/**
 * CLUB-5: a tournament's export, one NDJSON file: its header, the tournament's log, then each
 * game log it references as `GET /games/{id}/log` gives it to the caller (docs/tournaments.md).
 * `arbiter verify-tournament` checks it with no server.
 */
import { serializeTournamentExport, TOURNAMENT_EXPORT_FORMAT } from '../../domain/verify/tournament-export.ts';
import type { Deps } from './deps.ts';
import { exportLog } from './export.ts';
import { notFound } from './problems.ts';
import { foldStream } from './tournaments.ts';

export const exportTournament = async (deps: Deps, tournamentId: string, playerId: string): Promise<string> => {
  const events = await deps.tournaments.readAfter(tournamentId, 0);
  const state = foldStream(events);
  if (state.status === 'empty') throw notFound(`tournament ${tournamentId}`);
  const games = state.status === 'open' ? [] : state.history.flatMap((r) => r.pairings.map((p) => p.gameId));
  const logs = await Promise.all(games.map((gameId) => exportLog(deps, gameId, playerId)));
  return serializeTournamentExport({ format: TOURNAMENT_EXPORT_FORMAT, tournamentId, games }, events, logs);
};
