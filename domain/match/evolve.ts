/**
 * Folding events into a match (RUL-1): `evolveEvent` folds a domain event (match events
 * here, every other through the ruleset's own evolve); `evolveGame` folds a logged
 * envelope, adding what only the envelope records: its place in the chain, time and actor.
 */

import type { Rulesets } from '../catalogue.ts';
import type { DomainEvent, EventEnvelope } from '../kernel/envelope.ts';
import { GENESIS_HASH } from '../kernel/envelope.ts';
import { rulesSince } from '../kernel/rules-version.ts';
import { assertNever } from '../kernel/violation.ts';
import { evolveControl, lapse } from './controls.ts';
import type { GameCreated, GameEnded, MatchEvent, TakenBack } from './events.ts';
import { isMatchEvent } from './events.ts';
import { isFar } from './far-takeback.ts';
import { evolveFork, forkedMatch } from './fork.ts';
import { countMissed, type History, rewind, rewindFar } from './rewind.ts';
import { emptyGame, type GameState, type Match, type TakebackProposal } from './state.ts';
import { nextRulesStep, nextStep } from './steps.ts';
import { grownWindow, type OpenWindow, setWindow, windowAfter, windowBefore } from './undo.ts';

export type { History } from './rewind.ts';

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

/**
 * INV-10: the ruleset's own state ends with its match. `GameEnded` is the match's event, so a
 * ruleset's fold never saw it, and a Sol'una or GSC2 state said `playing` after a concession, a
 * missed deadline or its own victory alike. From a ruleset's `matchBoundsSince` (a ruleset without
 * one: always) the ruleset folds it too, where its events include it; an older game's state
 * stays as its snapshots, read models and exports hold it (RUL-10).
 */
const endedRules = (state: Extract<Match, { rules: unknown }>, e: GameEnded, rulesets: Rulesets): unknown => {
  const fold = rulesets.getFold(state.ruleset);
  const since = fold.matchBoundsSince;
  const ends =
    state.rules !== null && fold.eventTypes.includes('GameEnded') && (since === undefined || rulesSince(state.rulesVersion, since));
  return ends ? fold.evolve(state.rules, e) : state.rules;
};

const evolveMatch = (state: GameState, e: MatchEvent, origin: Origin, rulesets: Rulesets): Match => {
  if (e.type === 'GameCreated') return created(e.data, origin);
  if (e.type === 'GameForked') return forkedMatch(e.data, origin.gameId, origin.at);
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
      const ruleset = rulesets.getFold(state.ruleset);
      const rules = ruleset.initialState({
        seats: state.seats.map((s) => s.name),
        firstSeat: e.data.seat,
        options: state.options.rules,
        rulesVersion: state.rulesVersion,
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
        rules: 'rules' in state ? endedRules(state, e, rulesets) : null,
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
    case 'ForkProposed':
    case 'ForkAccepted':
    case 'ForkDeclined':
    case 'ForkAgreed':
      // The seq is the envelope's; a decision folding its own events takes the next one.
      return evolveFork(state, e, 'seq' in origin ? (origin as { seq: number }).seq : state.version + 1);
    case 'TakenBack':
      // TB-1: the rewind needs the envelope's place in the chain; `evolveGame` folds it (rewind).
      throw new Error('a takeback is folded from its logged event, never inside a decision');
    case 'TakebackProposed': {
      const { seat, phaseKey, toVersion, toHash, undoes, reason } = e.data;
      const proposal: TakebackProposal = {
        by: seat,
        phaseKey,
        agreed: [seat],
        toVersion,
        toHash,
        undoes,
        ...(reason === undefined ? {} : { reason }),
      };
      return { ...state, takebackProposal: proposal };
    }
    case 'TakebackAccepted': {
      const proposal = state.takebackProposal;
      return proposal ? { ...state, takebackProposal: { ...proposal, agreed: [...proposal.agreed, e.data.seat] } } : state;
    }
    case 'TakebackDeclined': {
      const { takebackProposal: _declined, ...rest } = state;
      return rest as Match;
    }
    default:
      return assertNever(e);
  }
};

/**
 * Fold one domain event (RUL-1): match events here, every other through the ruleset's own
 * evolve, which gets the event and nothing of an envelope. A decision folds the events it
 * is about to emit with this; the log is folded by `evolveGame`.
 */
export const evolveEvent = (state: GameState, event: DomainEvent, origin: Origin, rulesets: Rulesets): Match => {
  if (isMatchEvent(event)) return evolveMatch(state, event, origin, rulesets);
  if (state.status === 'playing' || state.status === 'ended') {
    return { ...state, rules: rulesets.getFold(state.ruleset).evolve(state.rules, event) };
  }
  throw new Error(`${event.type} arrived while the game is ${state.status}`);
};

/** The domain event a stored envelope carries. */
const eventOf = (envelope: EventEnvelope): DomainEvent =>
  envelope.visibleTo === undefined
    ? { type: envelope.type, data: envelope.data }
    : { type: envelope.type, data: envelope.data, visibleTo: envelope.visibleTo };

/** TB-2: the events an open takeback proposal survives; anything else recorded would change what it undoes, so it lapses. */
const KEEPS_PROPOSAL: ReadonlySet<string> = new Set(['TakebackProposed', 'TakebackAccepted']);

/**
 * Fold one logged event: the domain event, then what the envelope records (its place in the
 * chain, its time, its actor). `history` gives the state at an earlier version, which only a
 * far takeback (TB-2, TB-3) needs.
 */
export const evolveGame = (rulesets: Rulesets, state: GameState, envelope: EventEnvelope, history?: History): GameState => {
  const event = eventOf(envelope);
  try {
    if (event.type === 'TakenBack') {
      const takeback = envelope as EventEnvelope<TakenBack>;
      return isFar(takeback.data) ? rewindFar(rulesets, state, takeback, history) : rewind(rulesets, state, takeback, foldEvents);
    }
    // TB-1: the window is decided before the event (its checkpoint is the state before a seat's command).
    const window = windowBefore(state, envelope, rulesets);
    const next =
      (state.status === 'playing' || state.status === 'ended') && !isMatchEvent(event)
        ? evolvePlay(state, event, envelope, rulesets)
        : evolveLifecycle(evolveEvent(state, event, envelope, rulesets), event, envelope, rulesets);
    // Both paths return a match they made, so they take their window and the lapse of a proposal in place.
    if (next.status !== 'empty' && next.takebackProposal && (!KEEPS_PROPOSAL.has(event.type) || next.status !== 'playing')) {
      delete (next as { takebackProposal?: TakebackProposal }).takebackProposal;
    }
    return setWindow(next, windowAfter(window, envelope, next, rulesets));
  } catch (error) {
    throw new Error(`event ${envelope.seq}: ${(error as Error).message}`);
  }
};

/** A match event: fold it, then the envelope. */
const evolveLifecycle = (next: Match, event: DomainEvent, envelope: EventEnvelope, rulesets: Rulesets): GameState => {
  // The step as the event left it: a new one when its key changed, else with any deadline a control moved (PBM-12).
  const step = nextStep(next, next.step, envelope.at, rulesets);
  const missed = next.options.absence ? { missed: countMissed(next, event, envelope.actor) } : {};
  return lapse({ ...next, step, ...missed, version: envelope.seq, lastHash: envelope.hash, updatedAt: envelope.at });
};

type InPlay = Extract<Match, { status: 'playing' | 'ended' }>;

/** Whether `envelope` is a ruleset's event on a game being played with no control open: one the fold may take in place. */
const isPlainPlay = (state: GameState, envelope: EventEnvelope): state is Playing =>
  state.status === 'playing' &&
  !isMatchEvent(envelope) &&
  state.paused === undefined &&
  state.drawOffer === undefined &&
  state.pauseRequest === undefined &&
  state.takebackProposal === undefined &&
  state.forkProposal === undefined;

/** The new rules, step and (PBM-11) missed counts a ruleset's event gives a game in play. */
const playFields = (state: InPlay, event: DomainEvent, envelope: EventEnvelope, rulesets: Rulesets) => {
  const ruleset = rulesets.getFold(state.ruleset);
  const rules = ruleset.evolve(state.rules, event);
  const step = state.status === 'playing' ? nextRulesStep(ruleset, rules, state.options, state.step, envelope.at) : null;
  return { rules, step, missed: state.options.absence ? countMissed(state, event, envelope.actor) : undefined };
};

/**
 * PERF-3: a ruleset's event, the bulk of every log, folded into one new match (not a copy
 * for the rules and another for the envelope). It changes neither the status nor the
 * options, so the step is the ruleset's (none once ended), and lapse has work only while
 * a control is open. The result equals `evolveLifecycle(evolveEvent(…))` field by field.
 */
const evolvePlay = (state: InPlay, event: DomainEvent, envelope: EventEnvelope, rulesets: Rulesets): GameState => {
  const { rules, step, missed } = playFields(state, event, envelope, rulesets);
  const next: InPlay =
    missed === undefined
      ? { ...state, rules, step, version: envelope.seq, lastHash: envelope.hash, updatedAt: envelope.at }
      : { ...state, rules, step, missed, version: envelope.seq, lastHash: envelope.hash, updatedAt: envelope.at };
  return next.status === 'ended' || next.paused || next.drawOffer || next.pauseRequest || next.forkProposal ? lapse(next) : next;
};

/** A match this fold made itself and nobody else holds, so it may take the next event in place. */
type Draft = { -readonly [K in keyof Playing]: Playing[K] };
type Playing = Extract<Match, { status: 'playing' }>;

/**
 * PERF-3: fold `events[from..to)` onto `state`: exactly `evolveGame` event by event, but a
 * run of plain ruleset events (no control open) updates one match the fold made itself in
 * place instead of copying the whole match for each. `state` itself is never changed: the
 * first event folds through `evolveGame`, which returns a new match.
 */
export const foldEvents = (
  rulesets: Rulesets,
  state: GameState,
  events: readonly EventEnvelope[],
  from = 0,
  to = events.length,
  history?: History,
): GameState => {
  let current = state;
  let owned = false;
  // COST-3: the open window this call made (grownWindow): its run grows in place, while no state outside the fold holds it.
  let grown: OpenWindow | null = null;
  // TB-2, TB-3: a far takeback folds onto the state at its version: re-folded from these events when they hold it.
  const at: History = (version) => {
    if (version === state.version) return state;
    const end = events.findIndex((e) => e.seq === version);
    if (end >= from && version > state.version) return foldEvents(rulesets, state, events, from, end + 1, history);
    if (end >= 0 && events[0]?.seq === 1) return foldEvents(rulesets, emptyGame, events, 0, end + 1, history);
    return history?.(version);
  };
  for (let i = from; i < to; i += 1) {
    const envelope = events[i] as EventEnvelope;
    if (owned && isPlainPlay(current, envelope)) {
      // The window's checkpoint is a copy of the match taken before it changes in place.
      const window = windowBefore(current, envelope, rulesets);
      evolveInPlace(current as Draft, envelope, rulesets);
      const after = grownWindow(window, envelope, current, rulesets, grown);
      setWindow(current, after);
      grown = after?.kind === 'open' ? after : null;
      continue;
    }
    current = evolveGame(rulesets, current, envelope, at);
    owned = true;
    grown = null;
  }
  return current;
};

const evolveInPlace = (draft: Draft, envelope: EventEnvelope, rulesets: Rulesets): void => {
  let fields: ReturnType<typeof playFields>;
  try {
    fields = playFields(draft as Playing, eventOf(envelope), envelope, rulesets);
  } catch (error) {
    throw new Error(`event ${envelope.seq}: ${(error as Error).message}`);
  }
  draft.rules = fields.rules;
  draft.step = fields.step;
  if (fields.missed !== undefined) draft.missed = fields.missed;
  draft.version = envelope.seq;
  draft.lastHash = envelope.hash;
  draft.updatedAt = envelope.at;
};
/**
 * The state after `events`, folded onto `from` with the folds `rulesets` holds (PERF-3: runs
 * of ruleset events update one new match in place).
 */
export const foldGame = (
  rulesets: Rulesets,
  events: Iterable<EventEnvelope>,
  from: GameState = emptyGame,
  history?: History,
): GameState => {
  const list = Array.isArray(events) ? (events as readonly EventEnvelope[]) : [...events];
  return foldEvents(rulesets, from, list, 0, list.length, history);
};
