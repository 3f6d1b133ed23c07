/**
 * CLUB-2..CLUB-4: the tournament decider, one small function per command (docs/tournaments.md
 * "Commands"). Pure: the clock, the actor and the secret seed come in through `TournamentCtx`.
 */
import { seedCommitment } from '../kernel/dice.ts';
import { isWithinMaxDuration, parseDuration } from '../kernel/duration.ts';
import { accept, type Decision, reject } from '../kernel/violation.ts';
import { eliminationRounds, type Format, PAIRING_LIBRARY, roundRobinRounds } from './pairing.ts';
import { closeRound, type Running, roundPaired } from './rounds.ts';
import type { GameOptions, TournamentEvent, TournamentState } from './state.ts';

export interface TournamentCtx {
  readonly now: string;
  /** A player by id, or the server (a game's end, a round's deadline). */
  readonly actor: { readonly kind: 'player'; readonly playerId: string } | { readonly kind: 'system' };
  /** The tournament's secret seed: pairs and breaks ties; revealed at the end. */
  readonly seed: string;
}

export type TournamentCommand =
  | {
      readonly type: 'CreateTournament';
      readonly tournamentId: string;
      readonly name: string;
      readonly format: Format;
      readonly rounds?: number | undefined;
      readonly maxPlayers?: number | undefined;
      readonly ruleset: string;
      readonly gameOptions?: { readonly [K in keyof GameOptions]?: GameOptions[K] | undefined } | undefined;
      readonly roundDeadline?: string | undefined;
      readonly clubId?: string | undefined;
    }
  | { readonly type: 'JoinTournament' }
  | { readonly type: 'WithdrawFromTournament' }
  | { readonly type: 'StartTournament' }
  | { readonly type: 'ChangeRounds'; readonly rounds: number }
  | { readonly type: 'CancelTournament' }
  | { readonly type: 'RecordGameResult'; readonly gameId: string; readonly winner: 'red' | 'blue' | null }
  | { readonly type: 'DecideGame'; readonly gameId: string; readonly winner: 'red' | 'blue' | null }
  | { readonly type: 'RoundDeadlineReached'; readonly round: number };

export const MAX_PLAYERS = 1024;

/** The most rounds a Swiss tournament names (the route's bound too). */
export const MAX_SWISS_ROUNDS = 64;

/**
 * INV-8, CLUB-3: the most Swiss rounds a field of `players` allows: half of it, rounded down.
 * Each player has then met fewer than half the others before any round, so by Dirac's theorem
 * a pairing without a rematch always exists (docs/tournaments.md "Pairing").
 */
export const mostSwissRounds = (players: number) => Math.floor(players / 2);

type Open = Extract<TournamentState, { status: 'open' }>;

const roundsRefusal = (rounds: number | undefined, maxPlayers: number | undefined) => {
  if (!(Number.isInteger(rounds) && (rounds ?? 0) >= 1 && (rounds ?? 0) <= MAX_SWISS_ROUNDS))
    return reject('ROUNDS_REQUIRED', 'CLUB-3', `a Swiss tournament names its number of rounds (1 to ${MAX_SWISS_ROUNDS})`);
  const most = mostSwissRounds(maxPlayers ?? MAX_PLAYERS);
  if ((rounds ?? 0) > most)
    return reject(
      'TOO_MANY_ROUNDS',
      'INV-8',
      `a Swiss tournament of at most ${maxPlayers} players can have at most ${most} rounds (half its field); a round robin plays everyone`,
    );
  return null;
};

const definedOnly = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const playerOf = (ctx: TournamentCtx) => (ctx.actor.kind === 'player' ? ctx.actor.playerId : null);

const create = (state: TournamentState, command: Extract<TournamentCommand, { type: 'CreateTournament' }>, ctx: TournamentCtx) => {
  if (state.status !== 'empty') return reject('TOURNAMENT_EXISTS', 'CLUB-2', 'this tournament exists already', 409);
  const organiser = playerOf(ctx);
  if (organiser === null) return reject('NOT_A_PLAYER', 'CLUB-2', 'a tournament is created by a player', 403);
  const cap = command.maxPlayers;
  if (cap !== undefined && !(Number.isInteger(cap) && cap >= 2 && cap <= MAX_PLAYERS))
    return reject('BAD_MAX_PLAYERS', 'INV-8', `maxPlayers is a whole number from 2 to ${MAX_PLAYERS}`);
  const badRounds = command.format === 'swiss' ? roundsRefusal(command.rounds, cap) : null;
  if (badRounds) return badRounds;
  if (command.format !== 'swiss' && command.rounds !== undefined)
    return reject('ROUNDS_DERIVED', 'CLUB-3', `a ${command.format} tournament's rounds follow from its field`);
  const deadline = command.roundDeadline;
  if (deadline !== undefined && (parseDuration(deadline) === null || !isWithinMaxDuration(deadline)))
    return reject('BAD_DEADLINE', 'CLUB-4', 'roundDeadline is an ISO 8601 duration of at most 365 days');
  return accept<TournamentEvent>({
    type: 'TournamentCreated',
    data: {
      tournamentId: command.tournamentId,
      name: command.name,
      organiser,
      clubId: command.clubId ?? null,
      format: command.format,
      rounds: command.format === 'swiss' ? (command.rounds ?? null) : null,
      // Only when given: a tournament without a cap logs exactly what it did before the cap.
      ...(cap === undefined ? {} : { maxPlayers: cap }),
      ruleset: command.ruleset,
      // Only the options given: an absent one is absent from the log, not a null its hash would carry.
      gameOptions: { ...definedOnly(command.gameOptions ?? {}), takebacks: command.gameOptions?.takebacks ?? 'none' },
      roundDeadline: deadline ?? null,
      seedCommitment: seedCommitment(ctx.seed),
      pairing: PAIRING_LIBRARY,
    },
  });
};

/** Late joins: Swiss only, before the last round is paired, entering with no points (docs/tournaments.md). */
const join = (state: TournamentState, ctx: TournamentCtx) => {
  const player = playerOf(ctx);
  if (player === null) return reject('NOT_A_PLAYER', 'CLUB-4', 'only a player joins', 403);
  if (state.status === 'empty') return reject('NO_TOURNAMENT', 'CLUB-2', 'no such tournament', 409);
  if (state.status === 'ended') return reject('TOURNAMENT_ENDED', 'CLUB-4', 'the tournament has ended', 409);
  if (state.status === 'cancelled') return reject('TOURNAMENT_CANCELLED', 'INV-8', 'the tournament was cancelled', 409);
  if (state.players.includes(player)) return reject('ALREADY_JOINED', 'CLUB-4', 'you have joined already', 409);
  const cap = state.tournament.maxPlayers ?? MAX_PLAYERS;
  if (state.players.length >= cap) return reject('TOURNAMENT_FULL', 'CLUB-8', `this tournament takes at most ${cap} players`, 409);
  if (state.status === 'running') {
    if (state.tournament.format !== 'swiss')
      return reject('LATE_JOIN_REFUSED', 'CLUB-4', 'only a Swiss tournament takes players after its start', 409);
    if (state.history.length >= state.rounds) return reject('LATE_JOIN_REFUSED', 'CLUB-4', 'the last round is paired already', 409);
  }
  const round = state.status === 'running' ? state.history.length + 1 : 1;
  return accept<TournamentEvent>({ type: 'PlayerJoined', data: { playerId: player, round } });
};

/** Withdrawals: never paired again; a game already paired is played or decided as any other (docs/tournaments.md). */
const withdraw = (state: TournamentState, ctx: TournamentCtx) => {
  const player = playerOf(ctx);
  if (state.status === 'empty' || state.status === 'ended' || state.status === 'cancelled')
    return reject('NOT_RUNNING', 'CLUB-4', 'the tournament is not open', 409);
  if (player === null || !state.players.includes(player)) return reject('NOT_ENTERED', 'CLUB-4', 'you have not joined', 403);
  if (state.withdrawn.includes(player)) return reject('ALREADY_WITHDRAWN', 'CLUB-4', 'you have withdrawn already', 409);
  const round = state.status === 'running' ? state.history.length : 0;
  return accept<TournamentEvent>({ type: 'PlayerWithdrew', data: { playerId: player, round } });
};

const roundsFor = (state: Open, field: number): number | null => {
  switch (state.tournament.format) {
    case 'swiss':
      return state.tournament.rounds;
    case 'round-robin':
      return roundRobinRounds(field);
    case 'single-elimination':
      return eliminationRounds(field);
  }
};

const start = (state: TournamentState, ctx: TournamentCtx) => {
  if (state.status !== 'open') return reject('NOT_OPEN', 'CLUB-4', 'only an open tournament starts', 409);
  if (playerOf(ctx) !== state.tournament.organiser) return reject('NOT_ORGANISER', 'CLUB-4', 'only the organiser starts it', 403);
  const field = state.players.filter((p) => !state.withdrawn.includes(p));
  if (field.length < 2) return reject('TOO_FEW_PLAYERS', 'CLUB-3', 'a tournament needs two players or more');
  const rounds = roundsFor(state, field.length) ?? 1;
  const most = mostSwissRounds(field.length);
  if (state.tournament.format === 'swiss' && rounds > most)
    return reject(
      'TOO_MANY_ROUNDS',
      'CLUB-3',
      `${field.length} players allow at most ${most} Swiss rounds: change the rounds (ChangeRounds), wait for more players, or cancel (CancelTournament)`,
    );
  const started: TournamentEvent = { type: 'TournamentStarted', data: { players: field, rounds } };
  const running: Running = { ...state, players: field, withdrawn: [], status: 'running', rounds, history: [] };
  return accept(started, roundPaired(running, ctx.seed, ctx.now));
};

/** INV-8: the organiser changes a Swiss tournament's rounds before its start, within what its cap allows. */
const changeRounds = (state: TournamentState, rounds: number, ctx: TournamentCtx) => {
  if (state.status !== 'open') return reject('NOT_OPEN', 'INV-8', 'the rounds change only before the start', 409);
  if (playerOf(ctx) !== state.tournament.organiser) return reject('NOT_ORGANISER', 'INV-8', 'only the organiser changes the rounds', 403);
  if (state.tournament.format !== 'swiss')
    return reject('ROUNDS_DERIVED', 'CLUB-3', `a ${state.tournament.format} tournament's rounds follow from its field`);
  const refused = roundsRefusal(rounds, state.tournament.maxPlayers);
  if (refused) return refused;
  if (rounds === state.tournament.rounds) return reject('SAME_ROUNDS', 'INV-8', `the tournament has ${rounds} rounds already`, 409);
  return accept<TournamentEvent>({ type: 'RoundsChanged', data: { rounds } });
};

/** INV-8: the organiser cancels a tournament before its start; nothing was paired, so its seed is revealed at once. */
const cancel = (state: TournamentState, ctx: TournamentCtx) => {
  if (state.status !== 'open') return reject('NOT_OPEN', 'INV-8', 'only a tournament not yet started is cancelled', 409);
  if (playerOf(ctx) !== state.tournament.organiser) return reject('NOT_ORGANISER', 'INV-8', 'only the organiser cancels it', 403);
  return accept<TournamentEvent>(
    { type: 'TournamentCancelled', data: { players: state.players.length } },
    { type: 'TournamentSeedRevealed', data: { seed: ctx.seed } },
  );
};

const recordResult = (
  state: TournamentState,
  gameId: string,
  winner: 'red' | 'blue' | null,
  by: 'game' | 'organiser',
  ctx: TournamentCtx,
): Decision<TournamentEvent> => {
  if (state.status !== 'running') return reject('NOT_RUNNING', 'CLUB-4', 'the tournament is not running', 409);
  const current = state.history.at(-1);
  const pairing = current?.pairings.find((p) => p.gameId === gameId);
  if (!current || !pairing) return reject('NOT_IN_ROUND', 'CLUB-4', `game ${gameId} is not a game of the current round`, 409);
  if (current.results.some((r) => r.table === pairing.table))
    return reject('RESULT_RECORDED', 'CLUB-4', 'that game has its result already', 409);
  const data = { round: current.round, table: pairing.table, gameId, winner, by };
  const recorded: TournamentEvent = { type: 'ResultRecorded', data };
  // COST-4: the round with this result is built only when it closes the round, not for every result.
  if (current.results.length + 1 !== current.pairings.length) return accept(recorded);
  const after: Running = { ...state, history: state.history.map((r) => (r === current ? { ...r, results: [...r.results, data] } : r)) };
  return accept(recorded, ...closeRound(after, ctx.seed, ctx.now));
};

/** The organiser decides a game still running once its round's deadline has passed (or the round has none). */
const decideGame = (state: TournamentState, command: Extract<TournamentCommand, { type: 'DecideGame' }>, ctx: TournamentCtx) => {
  if (state.status !== 'running') return reject('NOT_RUNNING', 'CLUB-4', 'the tournament is not running', 409);
  if (playerOf(ctx) !== state.tournament.organiser) return reject('NOT_ORGANISER', 'CLUB-4', 'only the organiser decides a game', 403);
  const deadline = state.history.at(-1)?.deadline ?? null;
  if (deadline !== null && ctx.now < deadline) return reject('BEFORE_DEADLINE', 'CLUB-4', `the round runs until ${deadline}`, 409);
  return recordResult(state, command.gameId, command.winner, 'organiser', ctx);
};

/** The documented default at a round's deadline: every game still running is scored a draw (docs/tournaments.md). */
const deadlineReached = (state: TournamentState, round: number, ctx: TournamentCtx): Decision<TournamentEvent> => {
  if (ctx.actor.kind !== 'system') return reject('SYSTEM_ONLY', 'CLUB-4', 'the server sends the deadline', 403);
  if (state.status !== 'running' || state.history.length !== round || state.history.at(-1)?.ended)
    return reject('ROUND_CLOSED', 'CLUB-4', `round ${round} is not running`, 409);
  const current = state.history.at(-1) as Running['history'][number];
  const pending = current.pairings.filter((p) => !current.results.some((r) => r.table === p.table));
  const results = pending.map((p) => ({ round, table: p.table, gameId: p.gameId, winner: null, by: 'default' as const }));
  const after: Running = {
    ...state,
    history: state.history.map((r) => (r === current ? { ...r, results: [...r.results, ...results] } : r)),
  };
  return accept<TournamentEvent>(
    ...results.map((data) => ({ type: 'ResultRecorded' as const, data })),
    ...closeRound(after, ctx.seed, ctx.now),
  );
};

export const decideTournament = (state: TournamentState, command: TournamentCommand, ctx: TournamentCtx): Decision<TournamentEvent> => {
  switch (command.type) {
    case 'CreateTournament':
      return create(state, command, ctx);
    case 'JoinTournament':
      return join(state, ctx);
    case 'WithdrawFromTournament':
      return withdraw(state, ctx);
    case 'StartTournament':
      return start(state, ctx);
    case 'ChangeRounds':
      return changeRounds(state, command.rounds, ctx);
    case 'CancelTournament':
      return cancel(state, ctx);
    case 'RecordGameResult':
      if (ctx.actor.kind !== 'system') return reject('SYSTEM_ONLY', 'CLUB-4', "a game's result reaches its tournament from the game", 403);
      return recordResult(state, command.gameId, command.winner, 'game', ctx);
    case 'DecideGame':
      return decideGame(state, command, ctx);
    case 'RoundDeadlineReached':
      return deadlineReached(state, command.round, ctx);
  }
};

/** The version of these rules a tournament's batches are decided under (`rulesVersion` of its envelopes). */
export const TOURNAMENT_RULES_VERSION = 'club-1.0.0';
