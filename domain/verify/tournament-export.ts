/**
 * CLUB-5: the tournament export's format, apart from its verifier so that the API, which writes
 * exports, does not bundle every rule system's checks (PERF-1). docs/tournaments.md "Verifying".
 */
import type { EventEnvelope } from '../kernel/envelope.ts';
import type { Signature } from '../kernel/signature.ts';

export const TOURNAMENT_EXPORT_FORMAT = 'arbiter-tournament/1';

export interface TournamentExportHeader {
  readonly format: typeof TOURNAMENT_EXPORT_FORMAT;
  readonly tournamentId: string;
  /** The game ids the log references, in the order their logs follow. */
  readonly games: readonly string[];
  /**
   * INV-8: the paired games not opened yet when the export was written (the stream opens a
   * round's games shortly after it is paired): listed, with no log. Absent when there is none.
   */
  readonly pending?: readonly string[];
  /**
   * TRUST-3: the service's signature over this header (without it) and the tournament log's chain
   * head and event count (log.ts `exportPayload`); each game log after it carries its own.
   */
  readonly signature?: Signature;
}

/** The export as `GET /tournaments/{id}/export` writes it: the header, the tournament's events, then each game log as exported. */
export const serializeTournamentExport = (
  header: TournamentExportHeader,
  events: readonly EventEnvelope[],
  gameLogs: readonly string[],
): string => `${[header, ...events].map((line) => JSON.stringify(line)).join('\n')}\n${gameLogs.join('')}`;
