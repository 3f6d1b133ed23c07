/**
 * Folding events into a match (RUL-1): `evolveEvent` folds a domain event (match events
 * here, every other through the ruleset's own evolve); `evolveGame` folds a logged
 * envelope, adding what only the envelope records: its place in the chain, time and actor.
 */

import type { Rulesets } from '../catalogue.ts';
import type { DomainEvent, EventEnvelope } from '../kernel/envelope.ts';
import { GENESIS_HASH } from '../kernel/envelope.ts';
import { assertNever } from '../kernel/violation.ts';
import { evolveControl, lapse } from './controls.ts';
import type { GameCreated, MatchEvent, TakenBack } from './events.ts';
import { isMatchEvent } from './events.ts';
import { evolveFork, forkedMatch } from './fork.ts';
import { emptyGame, type GameState, type Match } from './state.ts';
import { nextRulesStep, nextStep } from './steps.ts';
import { setWindow, windowAfter, windowBefore } from './undo.ts';

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
    case 'ForkProposed':
    case 'ForkAccepted':
    case 'ForkDeclined':
    case 'ForkAgreed':
      // The seq is the envelope's; a decision folding its own events takes the next one.
      return evolveFork(state, e, 'seq' in origin ? (origin as { seq: number }).seq : state.version + 1);
    case 'TakenBack':
      // TB-1: the rewind needs the envelope's place in the chain; `evolveGame` folds it (rewind).
      throw new Error('a takeback is folded from its logged event, never inside a decision');
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

/** Fold one logged event: the domain event, then what the envelope records (its place in the chain, its time, its actor). */
export const evolveGame = (rulesets: Rulesets, state: GameState, envelope: EventEnvelope): GameState => {
  const event = eventOf(envelope);
  try {
    if (event.type === 'TakenBack') return rewind(rulesets, state, envelope as EventEnvelope<TakenBack>);
    // TB-1: the window is decided before the event (its checkpoint is the state before a seat's command).
    const window = windowBefore(state, envelope, rulesets);
    const next =
      (state.status === 'playing' || state.status === 'ended') && !isMatchEvent(event)
        ? evolvePlay(state, event, envelope, rulesets)
        : evolveLifecycle(evolveEvent(state, event, envelope, rulesets), event, envelope, rulesets);
    // Both paths return a match they made, so it takes its window in place.
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

/** Whether `envelope` is a ruleset's event on a game in play with no control open: all `evolvePlay` has to do. */
const isPlainPlay = (state: GameState, envelope: EventEnvelope): state is InPlay =>
  (state.status === 'playing' || state.status === 'ended') &&
  !isMatchEvent(envelope) &&
  state.paused === undefined &&
  state.drawOffer === undefined &&
  state.pauseRequest === undefined &&
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
): GameState => {
  let current = state;
  let owned = false;
  for (let i = from; i < to; i += 1) {
    const envelope = events[i] as EventEnvelope;
    if (owned && current.status === 'playing' && isPlainPlay(current, envelope)) {
      // The window's checkpoint is a copy of the match taken before it changes in place.
      const window = windowBefore(current, envelope, rulesets);
      evolveInPlace(current as Draft, envelope, rulesets);
      setWindow(current, windowAfter(window, envelope, current, rulesets));
      continue;
    }
    current = evolveGame(rulesets, current, envelope);
    owned = true;
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
 * TB-1: a takeback. The state is the state after `toVersion`: the seat's checkpoint folded
 * with its own events up to it (the window keeps both, so a snapshot or a read model
 * rewinds without the log before it). The voided events stay in the log and are listed in
 * `voided`. A takeback that returns to an earlier step opens it again with a fresh full
 * step duration (docs/design.md §8); within the same step the deadline stands.
 */
const rewind = (rulesets: Rulesets, state: GameState, envelope: EventEnvelope<TakenBack>): GameState => {
  const { seat, toVersion, voids } = envelope.data;
  const window = state.status === 'playing' ? state.undo : undefined;
  if (state.status !== 'playing' || window?.kind !== 'open' || window.seat !== seat) {
    throw new Error(`TakenBack: ${seat} has nothing to take back here`);
  }
  if (toVersion < window.checkpoint.version) throw new Error(`TakenBack: event ${toVersion} is before what ${seat} may take back`);
  const kept = window.events.filter((e) => e.seq <= toVersion);
  const restored = foldEvents(rulesets, window.checkpoint, kept);
  if (restored.status !== 'playing') throw new Error(`TakenBack: the game was not in play at event ${toVersion}`);
  const same = restored.step?.key === state.step?.key;
  const step = same
    ? restored.step
    : nextRulesStep(rulesets.getFold(restored.ruleset), restored.rules, restored.options, null, envelope.at);
  const voided = [...(state.voided ?? []), ...voids.map((range) => ({ ...range, by: envelope.seq }))];
  const next: Match = {
    ...restored,
    step,
    voided,
    // Everything taken back: the seat's window stays open at its checkpoint, with nothing left in it.
    undo: restored.undo ?? { ...window, events: [] },
    version: envelope.seq,
    lastHash: envelope.hash,
    updatedAt: envelope.at,
  };
  return lapse(next.options.absence ? { ...next, missed: countMissed(next, envelope, envelope.actor) } : next);
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

/**
 * The state after `events`, folded onto `from` with the folds `rulesets` holds (PERF-3: runs
 * of ruleset events update one new match in place).
 */
export const foldGame = (rulesets: Rulesets, events: Iterable<EventEnvelope>, from: GameState = emptyGame): GameState =>
  foldEvents(rulesets, from, Array.isArray(events) ? (events as readonly EventEnvelope[]) : [...events]);
