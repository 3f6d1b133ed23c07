/**
 * CLUB-2: the tournament aggregate's events and state, folded from its own stream
 * (docs/tournaments.md). Like a game (docs/design.md §6) it commits to a secret seed in its
 * first event and reveals it in its last; the seed breaks every tie of pairing and standings.
 */
import { assertNever } from '../kernel/violation.ts';
import type { TAKEBACK_POLICIES } from '../match/events.ts';
import type { Format, Pairing } from './pairing.ts';
import type { PlayedGame } from './standings.ts';

type TakebackPolicy = (typeof TAKEBACK_POLICIES)[number];

/**
 * What every game of the tournament is created with: CreateGame's own options (docs/design.md
 * §8, §11), so a game of a tournament is refereed exactly as any other.
 */
export interface GameOptions {
  /** The ruleset's options, the scenario among them (e.g. `{ scenario: "…" }`). */
  readonly rules?: unknown;
  readonly deadlines?: { readonly default?: string | undefined; readonly phases?: Readonly<Record<string, string>> | undefined };
  readonly reminders?: unknown;
  /** PBM-11: a tournament's games may forfeit a seat that misses its deadlines, as any game (INV-8). */
  readonly absence?: { readonly maxMissed: number };
  /** Takebacks are off in tournament games unless the organiser says otherwise (CLUB-3). */
  readonly takebacks: TakebackPolicy;
  /**
   * CLUB-1: `private` when the tournament was created in a private club, set by the server (no
   * client gives it), so each game is a private game (API-8) created by the tournament's
   * organiser. Absent from every tournament created before it, whose games stay public.
   */
  readonly visibility?: 'private';
}

export interface TournamentCreated {
  readonly tournamentId: string;
  readonly name: string;
  readonly organiser: string;
  /** The club the tournament belongs to (CLUB-1), or null. */
  readonly clubId: string | null;
  readonly format: Format;
  /** Swiss: the rounds chosen; round robin and elimination: null, derived from the field at the start. */
  readonly rounds: number | null;
  /**
   * INV-8: the most players it takes, when the organiser caps it; absent (as in every
   * tournament created before the cap) for the service's own limit, MAX_PLAYERS.
   */
  readonly maxPlayers?: number;
  readonly ruleset: string;
  readonly gameOptions: GameOptions;
  /** How long a round runs before its deadline (an ISO 8601 duration), or null: no deadline. */
  readonly roundDeadline: string | null;
  readonly seedCommitment: string;
  /** The pairing code that paired this tournament: a recompute uses the version named here. */
  readonly pairing: { readonly name: string; readonly version: string };
}

export interface GameResult {
  readonly round: number;
  readonly table: number;
  readonly gameId: string;
  /** The winning seat, or null for a draw. */
  readonly winner: 'red' | 'blue' | null;
  /** `game`: the game ended so; `organiser`: decided at or after the deadline; `default`: the deadline's documented default (a draw). */
  readonly by: 'game' | 'organiser' | 'default';
}

export type TournamentEvent =
  | { readonly type: 'TournamentCreated'; readonly data: TournamentCreated }
  | { readonly type: 'PlayerJoined'; readonly data: { readonly playerId: string; readonly round: number } }
  | { readonly type: 'PlayerWithdrew'; readonly data: { readonly playerId: string; readonly round: number } }
  | { readonly type: 'TournamentStarted'; readonly data: { readonly players: readonly string[]; readonly rounds: number } }
  /** INV-8: the organiser changed a Swiss tournament's rounds before its start. */
  | { readonly type: 'RoundsChanged'; readonly data: { readonly rounds: number } }
  /** INV-8: the organiser cancelled it before its start; its seed is revealed next, as at an end. */
  | { readonly type: 'TournamentCancelled'; readonly data: { readonly players: number } }
  | {
      readonly type: 'RoundPaired';
      readonly data: {
        readonly round: number;
        readonly pairings: readonly (Pairing & { readonly gameId: string })[];
        readonly bye: string | null;
        /** When the round's deadline falls, or null. */
        readonly deadline: string | null;
      };
    }
  | { readonly type: 'ResultRecorded'; readonly data: GameResult }
  | { readonly type: 'RoundEnded'; readonly data: { readonly round: number } }
  | { readonly type: 'TournamentEnded'; readonly data: { readonly standings: readonly { playerId: string; halfPoints: number }[] } }
  | { readonly type: 'TournamentSeedRevealed'; readonly data: { readonly seed: string } };

export const TOURNAMENT_EVENT_TYPES = [
  'TournamentCreated',
  'PlayerJoined',
  'PlayerWithdrew',
  'TournamentStarted',
  'RoundsChanged',
  'TournamentCancelled',
  'RoundPaired',
  'ResultRecorded',
  'RoundEnded',
  'TournamentEnded',
  'TournamentSeedRevealed',
] as const satisfies readonly TournamentEvent['type'][];

export interface Round {
  readonly round: number;
  readonly pairings: readonly (Pairing & { readonly gameId: string })[];
  readonly bye: string | null;
  readonly deadline: string | null;
  readonly results: readonly GameResult[];
  readonly ended: boolean;
}

interface Common {
  readonly version: number;
  readonly tournament: TournamentCreated;
  /** Everyone who joined, in order of joining. */
  readonly players: readonly string[];
  readonly withdrawn: readonly string[];
}

export type TournamentState =
  | { readonly status: 'empty'; readonly version: number }
  | (Common & { readonly status: 'open' })
  | (Common & { readonly status: 'running'; readonly rounds: number; readonly history: readonly Round[] })
  | (Common & {
      readonly status: 'ended';
      readonly rounds: number;
      readonly history: readonly Round[];
      readonly seed: string | null;
      readonly final: readonly { playerId: string; halfPoints: number }[];
    })
  /** INV-8: cancelled before its start: never paired (no round, an empty history), its seed revealed. */
  | (Common & {
      readonly status: 'cancelled';
      readonly rounds: number;
      readonly history: readonly Round[];
      readonly seed: string | null;
    });

export const emptyTournament: TournamentState = { status: 'empty', version: 0 };

/** Every game played so far with its result, as the standings take them. */
export const playedGames = (history: readonly Round[]): PlayedGame[] => {
  const games: PlayedGame[] = [];
  for (const r of history) {
    // COST-4: the round's tables by number, once, not a scan of them for every result.
    const tables = new Map<number, Round['pairings'][number]>();
    for (const p of r.pairings) if (!tables.has(p.table)) tables.set(p.table, p);
    for (const result of r.results) {
      const pairing = tables.get(result.table);
      if (!pairing) continue;
      const winner = result.winner === null ? null : pairing[result.winner];
      games.push({ round: r.round, gameId: pairing.gameId, red: pairing.red, blue: pairing.blue, winner });
    }
  }
  return games;
};

const updateLastRound = (history: readonly Round[], change: (r: Round) => Round): Round[] =>
  history.map((r, i) => (i === history.length - 1 ? change(r) : r));

export const evolveTournament = (state: TournamentState, event: TournamentEvent): TournamentState => {
  const version = state.version + 1;
  if (event.type === 'TournamentCreated') return { status: 'open', version, tournament: event.data, players: [], withdrawn: [] };
  if (state.status === 'empty') return { ...state, version };
  switch (event.type) {
    case 'PlayerJoined':
      return { ...state, version, players: [...state.players, event.data.playerId] };
    case 'PlayerWithdrew':
      return { ...state, version, withdrawn: [...state.withdrawn, event.data.playerId] };
    case 'TournamentStarted':
      return { ...state, version, status: 'running', players: event.data.players, withdrawn: [], rounds: event.data.rounds, history: [] };
    case 'RoundsChanged':
      return state.status === 'open'
        ? { ...state, version, tournament: { ...state.tournament, rounds: event.data.rounds } }
        : { ...state, version };
    case 'TournamentCancelled':
      if (state.status !== 'open') return { ...state, version };
      return { ...state, version, status: 'cancelled', rounds: state.tournament.rounds ?? 0, history: [], seed: null };
    case 'RoundPaired':
      if (state.status !== 'running') return { ...state, version };
      return { ...state, version, history: [...state.history, { ...event.data, results: [], ended: false }] };
    case 'ResultRecorded':
      if (state.status !== 'running') return { ...state, version };
      return { ...state, version, history: updateLastRound(state.history, (r) => ({ ...r, results: [...r.results, event.data] })) };
    case 'RoundEnded':
      if (state.status !== 'running') return { ...state, version };
      return { ...state, version, history: updateLastRound(state.history, (r) => ({ ...r, ended: true })) };
    case 'TournamentEnded':
      if (state.status !== 'running') return { ...state, version };
      return { ...state, version, status: 'ended', seed: null, final: event.data.standings };
    case 'TournamentSeedRevealed':
      return state.status === 'ended' || state.status === 'cancelled'
        ? { ...state, version, seed: event.data.seed }
        : { ...state, version };
    default:
      return assertNever(event);
  }
};

export const foldTournament = (events: readonly TournamentEvent[], from: TournamentState = emptyTournament): TournamentState =>
  events.reduce(evolveTournament, from);
