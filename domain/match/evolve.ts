/**
 * Folding events into a match (RUL-1): `evolveEvent` folds a domain event (match events
 * here, every other through the ruleset's own evolve); `evolveGame` folds a logged
 * envelope, adding what only the envelope records: its place in the chain, time and actor.
 */
import type { DomainEvent, EventEnvelope } from '../kernel/envelope.ts';
import { GENESIS_HASH } from '../kernel/envelope.ts';
import { assertNever } from '../kernel/violation.ts';
import { getRuleset } from '../rulesets.ts';
import { evolveControl, lapse } from './controls.ts';
import type { GameCreated, MatchEvent } from './events.ts';
import { isMatchEvent } from './events.ts';
import type { GameState, Match } from './state.ts';
import { nextStep } from './steps.ts';

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
