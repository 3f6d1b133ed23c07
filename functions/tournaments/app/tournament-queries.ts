/**
 * CLUB-5: reading a tournament: its summary, its rounds with their pairings and results, and
 * its standings (docs/tournaments.md). Anyone reads these three, with no key (CLUB-7: the tournament
 * page), unless the tournament is in a private club (CLUB-1: tournament-access.ts).
 */
import { MAX_PLAYERS } from '../../../domain/tournament/decide.ts';
import { currentStandings, type Running } from '../../../domain/tournament/rounds.ts';
import type { Round } from '../../../domain/tournament/state.ts';
import type { Deps } from '../../kernel/deps.ts';
import { readableTournament, type StartedTournament as Started } from './tournament-access.ts';

const load = async (deps: Deps, tournamentId: string, playerId: string | null): Promise<Started> =>
  (await readableTournament(deps, tournamentId, playerId)).state;

const historyOf = (state: Started): readonly Round[] => (state.status === 'open' ? [] : state.history);

/** The names of the organiser and the players, by id. */
const namesOf = async (deps: Deps, state: Started): Promise<Map<string, string>> => {
  const ids = [...new Set([state.tournament.organiser, ...state.players])];
  const names = new Map<string, string>();
  // A batch read takes at most 100 keys (as clubMembers reads them); a field of 1,024 is eleven.
  for (let i = 0; i < ids.length; i += 100)
    for (const [id, name] of await deps.games.playerNames(ids.slice(i, i + 100))) names.set(id, name);
  return names;
};

/** INV-10: the order the standings rows are ranked in, as the standings answer states it (standings.ts). */
export const TIE_BREAKS = ['points', 'buchholz', 'headToHead', 'seed'] as const;

export const tournamentView = async (deps: Deps, tournamentId: string, playerId: string | null) => {
  const state = await load(deps, tournamentId, playerId);
  const t = state.tournament;
  const names = await namesOf(deps, state);
  return {
    tournamentId,
    version: state.version,
    status: state.status,
    name: t.name,
    organiser: t.organiser,
    clubId: t.clubId,
    format: t.format,
    ruleset: t.ruleset,
    rounds: state.status === 'open' ? t.rounds : state.rounds,
    maxPlayers: t.maxPlayers ?? MAX_PLAYERS,
    round: historyOf(state).length,
    players: [...state.players],
    withdrawn: [...state.withdrawn],
    // CLUB-7: the page names the players without reading each profile (which takes a key).
    names: Object.fromEntries([...names].sort(([a], [b]) => (a < b ? -1 : 1))),
    seedCommitment: t.seedCommitment,
    seed: state.status === 'ended' ? state.seed : null,
    pairing: t.pairing,
  };
};

export const tournamentRounds = async (deps: Deps, tournamentId: string, playerId: string | null) => ({
  tournamentId,
  rounds: historyOf(await load(deps, tournamentId, playerId)),
});

/**
 * Before the end the seed is secret: a provisional table breaks the ties head-to-head leaves
 * with an empty seed, so it tells nothing of the seed's order (and of the pairings it will break).
 */
export const tournamentStandings = async (deps: Deps, tournamentId: string, playerId: string | null) => {
  const state = await load(deps, tournamentId, playerId);
  const running: Running =
    state.status === 'open' ? { ...state, status: 'running', rounds: 0, history: [] } : { ...state, status: 'running' };
  const seed = state.status === 'ended' ? (state.seed ?? '') : '';
  const names = await namesOf(deps, state);
  // Points are kept in halves (standings.ts); the answer gives them as points.
  const rows = currentStandings(running, seed).map(({ halfPoints, buchholz, headToHead, ...row }) => ({
    ...row,
    name: names.get(row.playerId) ?? null,
    points: halfPoints / 2,
    buchholz: buchholz / 2,
    headToHead: headToHead / 2,
  }));
  return { tournamentId, final: state.status === 'ended', tieBreaks: [...TIE_BREAKS], rows };
};
