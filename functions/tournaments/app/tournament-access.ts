/**
 * CLUB-1: who may see a tournament. One in no club, or in a public club, is anyone's (the
 * tournament page reads it with no key, CLUB-7). One created in a private club is seen only by
 * that club's members, the tournament's organiser and its players (who may have left the club
 * since, and still play or withdraw); to anyone else it answers exactly as a tournament that
 * does not exist, as a private club does (docs/clubs.md) and a private game (API-8).
 */
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import type { TournamentState } from '../../../domain/tournament/state.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { Club } from '../../kernel/ports.ts';
import { notFound } from '../../kernel/problems.ts';
import { loadTournament } from './tournament-fold.ts';

export type StartedTournament = Exclude<TournamentState, { status: 'empty' }>;

export interface TournamentAudience {
  readonly clubId: string | null;
  readonly organiser: string;
  readonly players: readonly string[];
}

/**
 * The decision, pure. `club` is the tournament's club (null when it names one that cannot be
 * found: then it is hidden as a private one's, so a lost record never opens it), `member`
 * whether the caller is a member of it, `playerId` null for a caller without a key.
 */
export const mayReadTournament = (
  tournament: TournamentAudience,
  club: Pick<Club, 'visibility'> | null,
  member: boolean,
  playerId: string | null,
): boolean => {
  if (tournament.clubId === null || club?.visibility === 'public') return true;
  if (playerId === null) return false;
  return member || tournament.organiser === playerId || tournament.players.includes(playerId);
};

/** The tournament's log and state, or the 404 of a tournament that does not exist to one who may not see it. */
export const readableTournament = async (
  deps: Deps,
  tournamentId: string,
  playerId: string | null,
): Promise<{ events: readonly EventEnvelope[]; state: StartedTournament }> => {
  const { events, state } = await loadTournament(deps, tournamentId);
  if (state.status === 'empty') throw notFound(`tournament ${tournamentId}`);
  const { clubId, organiser } = state.tournament;
  if (clubId !== null) {
    const [club, member] = await Promise.all([
      deps.clubs.club(clubId),
      playerId === null ? Promise.resolve(null) : deps.clubs.member(clubId, playerId),
    ]);
    if (!mayReadTournament({ clubId, organiser, players: state.players }, club, member !== null, playerId)) {
      throw notFound(`tournament ${tournamentId}`);
    }
  }
  return { events, state };
};
