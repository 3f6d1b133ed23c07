/**
 * CLUB-3, CLUB-4: pairing the next round from the state, and closing a round. One function
 * (`nextRound`) serves the decider and the verifier, so what `arbiter verify-tournament`
 * recomputes is exactly what the server decided (docs/tournaments.md "Verifying").
 */
import { sha256Hex } from '../kernel/digest.ts';
import { addDuration } from '../kernel/duration.ts';
import {
  firstSlots,
  NoSecondBye,
  type Pairing,
  pairElimination,
  pairRoundRobin,
  pairSwiss,
  type SwissHistory,
  seedKey,
} from './pairing.ts';
import { standings } from './standings.ts';
import { playedGames, type Round, type TournamentEvent, type TournamentState } from './state.ts';

export type Running = Extract<TournamentState, { status: 'running' }>;

/** A tournament game's id: derived, so the pairing event names it before the game exists and a retry creates the same game. */
export const tournamentGameId = (tournamentId: string, round: number, table: number) =>
  `g_${sha256Hex(`arbiter-tournament-game:${tournamentId}:${round}:${table}`).slice(0, 20)}`;

export const activePlayers = (state: Running): string[] => {
  const out = new Set(state.withdrawn);
  return state.players.filter((p) => !out.has(p));
};

const byesOf = (history: readonly Round[]) => history.flatMap((r) => (r.bye === null ? [] : [r.bye]));

export const currentStandings = (state: Running, seed: string) => {
  const byes = state.tournament.format === 'single-elimination' ? eliminationReplay(state, seed).walkovers : byesOf(state.history);
  return standings({ seed, players: state.players, games: playedGames(state.history), byes, withdrawn: new Set(state.withdrawn) });
};

const swissHistory = (history: readonly Round[]): SwissHistory => {
  const opponents = new Map<string, Set<string>>();
  const redBalance = new Map<string, number>();
  const meet = (a: string, b: string) => opponents.set(a, (opponents.get(a) ?? new Set()).add(b));
  for (const r of history)
    for (const p of r.pairings) {
      meet(p.red, p.blue);
      meet(p.blue, p.red);
      redBalance.set(p.red, (redBalance.get(p.red) ?? 0) + 1);
      redBalance.set(p.blue, (redBalance.get(p.blue) ?? 0) - 1);
    }
  return { opponents, byes: new Set(byesOf(history)), redBalance };
};

/** The winner of a finished table: the seat's player, or on a draw the better seed (docs/tournaments.md: elimination has no draws). */
const winnerOf = (r: Round, p: Pairing, seed: string): string => {
  const result = r.results.find((x) => x.table === p.table);
  if (result?.winner) return p[result.winner];
  return seedKey(seed, p.red) < seedKey(seed, p.blue) ? p.red : p.blue;
};

/**
 * The elimination bracket replayed from round 1: the slots of the round after the last (a
 * withdrawn player's slot empty) and every walk-over so far, which scores as a bye, so the
 * champion's points are the rounds of the bracket and a player's points the rounds survived.
 */
const eliminationReplay = (state: Running, seed: string): { slots: (string | null)[]; walkovers: string[] } => {
  let slots = firstSlots(seed, state.players);
  const walkovers: string[] = [];
  for (const r of state.history) {
    const { advance } = pairElimination(slots);
    for (const s of advance) if (s !== null) walkovers.push(s);
    const winners = r.pairings.map((p) => winnerOf(r, p, seed));
    let w = 0;
    slots = advance.map((s) => (s === null ? (winners[w++] ?? null) : s));
  }
  return { slots: slots.map((s) => (s !== null && state.withdrawn.includes(s) ? null : s)), walkovers };
};

/** The pairing of the round after the last, as the format says. */
export const pairNext = (state: Running, seed: string): { pairings: Pairing[]; bye: string | null } => {
  const round = state.history.length + 1;
  switch (state.tournament.format) {
    case 'swiss': {
      const active = new Set(activePlayers(state));
      const ranked = currentStandings(state, seed)
        .map((row) => row.playerId)
        .filter((p) => active.has(p));
      const { pairings, bye } = pairSwiss(seed, round, ranked, swissHistory(state.history));
      return { pairings: [...pairings], bye };
    }
    case 'round-robin': {
      const { pairings, bye } = pairRoundRobin(seed, round, state.players);
      // A withdrawn player's games are not created: the opponent scores the round as a bye (docs/tournaments.md).
      const out = new Set(state.withdrawn);
      const kept = pairings.filter((p) => !out.has(p.red) && !out.has(p.blue)).map((p, i) => ({ ...p, table: i + 1 }));
      return { pairings: kept, bye: bye !== null && out.has(bye) ? null : bye };
    }
    case 'single-elimination': {
      const { pairings } = pairElimination(eliminationReplay(state, seed).slots);
      return { pairings, bye: null };
    }
  }
};

/** RoundPaired for the next round, the game ids derived and the deadline counted from `now`. */
export const roundPaired = (state: Running, seed: string, now: string): TournamentEvent => {
  const round = state.history.length + 1;
  const { pairings, bye } = pairNext(state, seed);
  const { roundDeadline, tournamentId } = state.tournament;
  return {
    type: 'RoundPaired',
    data: {
      round,
      pairings: pairings.map((p) => ({ ...p, gameId: tournamentGameId(tournamentId, round, p.table) })),
      bye,
      deadline: roundDeadline === null ? null : addDuration(now, roundDeadline),
    },
  };
};

/**
 * The next round, or null when withdrawals left nothing to pair: no table, or only players who
 * have all had their bye (a second bye is never given, CLUB-3); the tournament then ends.
 */
const pairableRound = (state: Running, seed: string, now: string): TournamentEvent | null => {
  try {
    const next = roundPaired(state, seed, now);
    return next.type === 'RoundPaired' && next.data.pairings.length > 0 ? next : null;
  } catch (error) {
    if (error instanceof NoSecondBye) return null;
    throw error;
  }
};

/** The field is down to one: single elimination ends early only so (its rounds are fixed at the start). */
const isLastRound = (state: Running) => state.history.length >= state.rounds;

/**
 * After a round's last result: RoundEnded, then the next round's pairing, or the end with the
 * final standings and the revealed seed.
 */
export const closeRound = (state: Running, seed: string, now: string): TournamentEvent[] => {
  const round = state.history.length;
  const ended: TournamentEvent = { type: 'RoundEnded', data: { round } };
  const closed: Running = { ...state, history: state.history.map((r, i) => (i === round - 1 ? { ...r, ended: true } : r)) };
  if (!isLastRound(closed)) {
    const next = pairableRound(closed, seed, now);
    if (next) return [ended, next];
  }
  const final = currentStandings(closed, seed).map(({ playerId, halfPoints }) => ({ playerId, halfPoints }));
  return [ended, { type: 'TournamentEnded', data: { standings: final } }, { type: 'TournamentSeedRevealed', data: { seed } }];
};
