/**
 * The state of a match: the shared lifecycle (lobby, choosing the first player, playing,
 * ended) around the ruleset's own state, folded from the log by `evolve`.
 */

import { addDuration } from '../kernel/duration.ts';
import type { DomainEvent, EventEnvelope } from '../kernel/envelope.ts';
import { GENESIS_HASH } from '../kernel/envelope.ts';
import { assertNever } from '../kernel/violation.ts';
import { getRuleset } from '../rulesets.ts';
import { evolveControl, lapse } from './controls.ts';
import type { DeadlineOptions, GameCreated, MatchEvent, MatchOptions, RolledOff } from './events.ts';
import { isMatchEvent } from './events.ts';

/** PBM-10: a game waits this long for its seats unless its creator set `options.openFor`. */
export const DEFAULT_OPEN_FOR = 'P7D';
/** PBM-10: the step of a game waiting for players; its deadline is the game's expiry. */
export const LOBBY_STEP = { key: 'lobby', phase: 'lobby' } as const;
/** PBM-9: the roll-off winner's step; `options.deadlines.phases` may name its phase. */
export const CHOOSE_FIRST_STEP = { key: 'choose-first', phase: 'choose-first-player' } as const;
/** Phase names of the match lifecycle that `options.deadlines.phases` accepts besides the ruleset's. */
export const MATCH_PHASE_NAMES: readonly string[] = [CHOOSE_FIRST_STEP.phase];

/** The step the game waits in, when it opened, and when its deadline passes (if it has one). */
export interface Step {
  readonly key: string;
  readonly phase: string;
  readonly openedAt: string;
  readonly deadline: string | null;
}

/** PBM-13: a draw or a pause a seat proposed in the step `phaseKey`, and the seats that agree (the proposer first). */
export interface Proposal {
  readonly by: string;
  readonly phaseKey: string;
  readonly agreed: readonly string[];
}

/** PBM-12, PBM-13: a paused game, by whom, and what was left of its step's deadline (null without one). */
export interface Pause {
  readonly by: 'organiser' | 'seats';
  readonly phaseKey: string;
  readonly remainingMs: number | null;
}

export interface Seat {
  readonly name: string;
  readonly playerId: string | null;
  readonly seedContribution: string | null;
}

interface MatchBase {
  readonly gameId: string;
  readonly ruleset: string;
  readonly rulesVersion: string;
  readonly seats: readonly Seat[];
  readonly options: MatchOptions;
  readonly seedCommitment: string;
  readonly createdBy: string;
  readonly createdAt: string;
  /** seq and hash of the last event folded: where the next command's events chain on. */
  readonly version: number;
  readonly lastHash: string;
  readonly updatedAt: string;
  readonly rollOff: RolledOff['data'] | null;
  /** The lobby (PBM-10), the first player's choice (PBM-9), or the ruleset's `step` while playing; null once ended. */
  readonly step: Step | null;
  /** PBM-11: deadlines each seat has missed in a row; kept only when `options.absence` is set. */
  readonly missed?: Readonly<Record<string, number>>;
  /** PBM-12, PBM-13: present only while the game is paused. */
  readonly paused?: Pause;
  /** PBM-13: present only while a draw offer is open. */
  readonly drawOffer?: Proposal;
  /** PBM-13: present only while a seat's request for a pause is open. */
  readonly pauseRequest?: Proposal;
}

export type GameState =
  | { readonly status: 'empty'; readonly version: 0; readonly lastHash: string }
  | (MatchBase & { readonly status: 'lobby' })
  | (MatchBase & { readonly status: 'choosing' })
  | (MatchBase & { readonly status: 'playing'; readonly firstSeat: string; readonly rules: unknown })
  | (MatchBase & {
      readonly status: 'ended';
      readonly firstSeat: string | null;
      readonly rules: unknown;
      readonly result: { readonly winner: string | null; readonly reason: string };
      readonly seed: string | null;
    });

export type Match = Exclude<GameState, { status: 'empty' }>;

export const emptyGame: GameState = { status: 'empty', version: 0, lastHash: GENESIS_HASH };

/** Where a game was founded: the id and the time its `GameCreated` is recorded with. */
export interface Origin {
  readonly gameId: string;
  readonly at: string;
}

const created = (data: GameCreated['data'], origin: Origin): Match => ({
  status: 'lobby',
  gameId: origin.gameId,
  ruleset: data.ruleset,
  rulesVersion: data.rulesVersion,
  seats: data.seats.map((name) => ({ name, playerId: null, seedContribution: null })),
  options: data.options,
  seedCommitment: data.seedCommitment,
  createdBy: data.createdBy,
  createdAt: origin.at,
  version: 0,
  lastHash: GENESIS_HASH,
  updatedAt: origin.at,
  rollOff: null,
  step: null,
});

const evolveMatch = (state: GameState, e: MatchEvent, origin: Origin): Match => {
  if (e.type === 'GameCreated') return created(e.data, origin);
  if (state.status === 'empty') throw new Error(`${e.type} before GameCreated`);
  switch (e.type) {
    case 'SeatJoined':
      return {
        ...state,
        seats: state.seats.map((s) =>
          s.name === e.data.seat ? { ...s, playerId: e.data.playerId, seedContribution: e.data.seedContribution } : s,
        ),
      };
    case 'RolledOff':
      return { ...state, status: 'choosing', rollOff: e.data };
    case 'FirstPlayerChosen': {
      const ruleset = getRuleset(state.ruleset);
      const rules = ruleset.initialState({
        seats: state.seats.map((s) => s.name),
        firstSeat: e.data.seat,
        options: state.options.rules,
      });
      return { ...state, status: 'playing', firstSeat: e.data.seat, rules };
    }
    case 'PlayerConceded':
    case 'DeadlinePassed':
      return state;
    case 'GameEnded':
      return {
        ...state,
        status: 'ended',
        firstSeat: 'firstSeat' in state ? state.firstSeat : null,
        rules: 'rules' in state ? state.rules : null,
        result: { winner: e.data.winner, reason: e.data.reason },
        seed: null,
        step: null,
      };
    case 'SeedRevealed':
      return state.status === 'ended' ? { ...state, seed: e.data.seed } : state;
    case 'RulesVersionAdopted':
      // PBM-14: from here on the game is decided, and its envelopes recorded, under `to`.
      return { ...state, rulesVersion: e.data.to };
    case 'DeadlineExtended':
    case 'GamePaused':
    case 'GameResumed':
    case 'DrawOffered':
    case 'DrawAccepted':
    case 'DrawDeclined':
    case 'PauseRequested':
    case 'PauseAgreed':
    case 'PauseDeclined':
      return evolveControl(state, e);
    default:
      return assertNever(e);
  }
};

/**
 * Fold one domain event (RUL-1): match events here, every other through the ruleset's own
 * evolve, which gets the event and nothing of an envelope. A decision folds the events it
 * is about to emit with this; the log is folded by `evolveGame`.
 */
export const evolveEvent = (state: GameState, event: DomainEvent, origin: Origin): Match => {
  if (isMatchEvent(event)) return evolveMatch(state, event, origin);
  if (state.status === 'playing' || state.status === 'ended') {
    return { ...state, rules: getRuleset(state.ruleset).evolve(state.rules, event) };
  }
  throw new Error(`${event.type} arrived while the game is ${state.status}`);
};

/** The domain event a stored envelope carries. */
const eventOf = (envelope: EventEnvelope): DomainEvent => ({
  type: envelope.type,
  data: envelope.data,
  ...(envelope.visibleTo === undefined ? {} : { visibleTo: envelope.visibleTo }),
});

/** Fold one logged event: the domain event, then what the envelope records (its place in the chain, its time, its actor). */
export const evolveGame = (state: GameState, envelope: EventEnvelope): GameState => {
  const event = eventOf(envelope);
  let next: Match;
  try {
    next = evolveEvent(state, event, envelope);
  } catch (error) {
    throw new Error(`event ${envelope.seq}: ${(error as Error).message}`);
  }
  // The step as the event left it: a new one when its key changed, else with any deadline a control moved (PBM-12).
  const step = nextStep(next, next.step, envelope.at);
  const missed = next.options.absence ? { missed: countMissed(next, event, envelope.actor) } : {};
  return lapse({ ...next, step, ...missed, version: envelope.seq, lastHash: envelope.hash, updatedAt: envelope.at });
};

const currentStep = (state: Match): { readonly key: string; readonly phase: string } | null => {
  switch (state.status) {
    case 'lobby':
      return LOBBY_STEP;
    case 'choosing':
      return CHOOSE_FIRST_STEP;
    case 'playing':
      return getRuleset(state.ruleset).step(state.rules);
    case 'ended':
      return null;
  }
};

/**
 * A step keeps its opening time until a new key opens. The lobby opens with the game and
 * expires after `openFor` (PBM-10); every other step takes its phase's deadline, if any.
 */
const nextStep = (state: Match, previous: Step | null, at: string): Step | null => {
  const current = currentStep(state);
  if (!current) return null;
  if (previous && previous.key === current.key) return previous;
  if (state.status === 'lobby') {
    return { ...current, openedAt: state.createdAt, deadline: addDuration(state.createdAt, state.options.openFor ?? DEFAULT_OPEN_FOR) };
  }
  return { ...current, openedAt: at, deadline: deadlineFor(state.options.deadlines, current.phase, at) };
};

/** PBM-11: a missed deadline counts against each seat it awaited; any event a seat acts in sets its count back to 0. */
const countMissed = (state: Match, event: DomainEvent, actor: string): Readonly<Record<string, number>> => {
  const missed = { ...state.missed };
  if (isMatchEvent(event) && event.type === 'DeadlinePassed') {
    for (const seat of event.data.awaiting) missed[seat] = (missed[seat] ?? 0) + 1;
  } else if (state.seats.some((s) => s.name === actor)) {
    missed[actor] = 0;
  }
  return missed;
};

export const deadlineFor = (deadlines: DeadlineOptions | undefined, phase: string, openedAt: string): string | null => {
  const duration = deadlines?.phases?.[phase] ?? deadlines?.default;
  return duration === undefined ? null : addDuration(openedAt, duration);
};

export const foldGame = (events: Iterable<EventEnvelope>, from: GameState = emptyGame): GameState => {
  let state = from;
  for (const event of events) state = evolveGame(state, event);
  return state;
};

export const seatOf = (state: GameState, playerId: string): string | null =>
  state.status === 'empty' ? null : (state.seats.find((s) => s.playerId === playerId)?.name ?? null);
