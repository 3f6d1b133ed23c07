/**
 * CLUB-5: a tournament's export, one NDJSON file: its header, the tournament's log, then each
 * game log it references as `GET /games/{id}/log` gives it to the caller (docs/tournaments.md).
 * `arbiter verify-tournament` checks it with no server, and its signature against the service's keys (TRUST-3).
 */
import { EXPORT_PURPOSE, exportPayload } from '../../../domain/verify/log.ts';
import {
  serializeTournamentExport,
  TOURNAMENT_EXPORT_FORMAT,
  type TournamentExportHeader,
} from '../../../domain/verify/tournament-export.ts';
import { exportLog } from '../../games/app/export.ts';
import type { Deps } from '../../kernel/deps.ts';
import { Problem } from '../../kernel/problems.ts';
import { readableTournament } from './tournament-access.ts';

const notOpenedYet = (error: unknown): null => {
  if (error instanceof Problem && error.status === 404) return null;
  throw error;
};

export const exportTournament = async (deps: Deps, tournamentId: string, playerId: string): Promise<string> => {
  // CLUB-1: a private club's tournament is exported to whom may see it; to anyone else it does not exist.
  const { events, state } = await readableTournament(deps, tournamentId, playerId);
  // Its games are private (API-8): only their organiser, the tournament's, reads every one of them.
  // The caller sees the tournament already, so a refusal tells nothing a 404 would hide.
  if (state.tournament.gameOptions.visibility === 'private' && state.tournament.organiser !== playerId) {
    throw new Problem(
      403,
      'not-allowed',
      'You may not do that',
      `The games of tournament ${tournamentId} are private: only its organiser reads every one of them, and so exports it.`,
    );
  }
  const paired = state.status === 'open' ? [] : state.history.flatMap((r) => r.pairings.map((p) => p.gameId));
  const logs = await Promise.all(paired.map((gameId) => exportLog(deps, gameId, playerId).catch(notOpenedYet)));
  // INV-8: a paired game the stream has not opened yet has no log: it is listed as pending, never a 404 of the export.
  const games = paired.filter((_, i) => logs[i] !== null);
  const pending = paired.filter((_, i) => logs[i] === null);
  const header: TournamentExportHeader = {
    format: TOURNAMENT_EXPORT_FORMAT,
    tournamentId,
    games,
    ...(pending.length > 0 ? { pending } : {}),
  };
  // TRUST-3: the tournament's header and chain head are signed here; each game log is signed by exportLog.
  const signature = await deps.signer.sign(EXPORT_PURPOSE, exportPayload(header, events));
  return serializeTournamentExport(
    { ...header, signature },
    events,
    logs.filter((log) => log !== null),
  );
};
