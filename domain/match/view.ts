/**
 * What one seat may see. Every path that shows state or events (API responses, listings,
 * exports, notifications) goes through these two functions, so a secret has one gate.
 */

import type { Rulesets } from '../catalogue.ts';
import type { EventEnvelope } from '../kernel/envelope.ts';
import type { AgreedFork, Correction, ForkProposal, GameState, Match, Pause, Proposal, Step, TakebackProposal, Voided } from './state.ts';

/** The seats whose action the game waits for now. */
export const awaitingSeats = (rulesets: Rulesets, state: GameState): readonly string[] => {
  switch (state.status) {
    case 'empty':
    case 'ended':
      return [];
    case 'lobby':
      return [];
    case 'choosing':
      return state.rollOff ? [state.rollOff.winner] : [];
    case 'playing':
      return rulesets.getFold(state.ruleset).awaiting(state.rules);
  }
};

export interface GameView {
  readonly gameId: string;
  readonly ruleset: string;
  readonly rulesVersion: string;
  readonly status: 'lobby' | 'choosing' | 'playing' | 'ended';
  readonly version: number;
  readonly you: string | null;
  readonly seats: readonly { readonly name: string; readonly playerId: string | null }[];
  readonly awaiting: readonly string[];
  /** The step the game waits in and its deadline: the lobby's expiry, the first player's choice, or play. */
  readonly step: Step | null;
  /** PBM-11: deadlines each seat has missed in a row; only in games with `options.absence`. */
  readonly missed?: Readonly<Record<string, number>>;
  /** PBM-12, PBM-13: only while the game is paused, by whom, and the time left of the step's deadline. */
  readonly paused?: Pause;
  /** PBM-13: only while a draw offer, or a seat's request for a pause, is open: who proposed it, and who agrees. */
  readonly drawOffer?: Proposal;
  readonly pauseRequest?: Proposal;
  /** TB-2: only while a seat's proposal to take the game back is open: where to, exactly what it undoes (rolls included), who accepts. */
  readonly takebackProposal?: TakebackProposal;
  /** TB-3: the organiser's latest correction: the version it went back to, at which event, and its reason; only once there was one. */
  readonly correction?: Correction;
  /** TB-1: the runs of events takebacks voided (they stay in the log), each with the takeback's seq; only once one happened. */
  readonly voided?: readonly Voided[];
  /** TB-6: only in a fork: the game, version and chain hash it came from, and its kind. */
  readonly fork?: Match['fork'];
  /** TB-6: only while a continuation is proposed: from which version, by whom (null: the organiser), who accepts. */
  readonly forkProposal?: ForkProposal;
  /** TB-6: the continuations agreed on this game, each with the id of the game it started; only once one is. */
  readonly forks?: readonly AgreedFork[];
  readonly options: unknown;
  readonly seedCommitment: string;
  readonly rollOff: unknown;
  readonly firstSeat: string | null;
  readonly result: { readonly winner: string | null; readonly reason: string } | null;
  readonly seed: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The ruleset's state as this seat may see it; null before play begins. */
  readonly game: unknown;
}

export const viewGame = (rulesets: Rulesets, state: GameState, seat: string | null): GameView | null => {
  if (state.status === 'empty') return null;
  const ruleset = rulesets.getFold(state.ruleset);
  const playing = state.status === 'playing' || state.status === 'ended';
  return {
    gameId: state.gameId,
    ruleset: state.ruleset,
    rulesVersion: state.rulesVersion,
    status: state.status,
    version: state.version,
    you: seat,
    seats: state.seats.map((s) => ({ name: s.name, playerId: s.playerId })),
    awaiting: awaitingSeats(rulesets, state),
    step: state.step,
    ...(state.options.absence ? { missed: state.missed ?? {} } : {}),
    ...(state.paused ? { paused: state.paused } : {}),
    ...(state.drawOffer ? { drawOffer: state.drawOffer } : {}),
    ...(state.pauseRequest ? { pauseRequest: state.pauseRequest } : {}),
    ...(state.takebackProposal ? { takebackProposal: state.takebackProposal } : {}),
    ...(state.correction ? { correction: state.correction } : {}),
    ...(state.voided ? { voided: state.voided } : {}),
    ...(state.fork ? { fork: state.fork } : {}),
    ...(state.forkProposal ? { forkProposal: state.forkProposal } : {}),
    ...(state.forks ? { forks: state.forks } : {}),
    options: state.options,
    seedCommitment: state.seedCommitment,
    rollOff: state.rollOff,
    firstSeat: playing ? state.firstSeat : null,
    result: state.status === 'ended' ? state.result : null,
    seed: state.status === 'ended' ? state.seed : null,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    game: playing && state.rules !== null ? ruleset.view(state.rules, seat) : null,
  };
};

/** What a redacted event shows in place of its client-chosen command id. */
export const SEALED_COMMAND_ID = 'sealed';

const sealedFrom = (event: EventEnvelope, seat: string | null): boolean => event.visibleTo !== undefined && event.visibleTo !== seat;

/**
 * An event as one seat may see it: sealed events of other seats keep only their place in
 * the chain, with no client-chosen text (REL-11: a command id named after the choice
 * would give it away). `previous`, the event before it, matters for the public commitment
 * that follows each sealed event in the same command (ActionsCommitted, OrdersSubmitted):
 * it carries the same command id, so that is hidden too.
 */
export const redactEvent = (event: EventEnvelope, seat: string | null, previous?: EventEnvelope): EventEnvelope => {
  if (sealedFrom(event, seat)) {
    // TRUST-6: the signature goes with the command: anyone could test a guessed command against it.
    const { command: _command, signature: _signature, ...rest } = event;
    return { ...rest, type: 'Sealed', data: null, commandId: SEALED_COMMAND_ID };
  }
  if (previous && sealedFrom(previous, seat) && previous.commandId === event.commandId) {
    return { ...event, commandId: SEALED_COMMAND_ID };
  }
  return event;
};

/** A run of consecutive events as one seat may see them; `before` is the event before the first, if any. */
export const redactEvents = (events: readonly EventEnvelope[], seat: string | null, before?: EventEnvelope): EventEnvelope[] =>
  events.map((event, i) => redactEvent(event, seat, i === 0 ? before : events[i - 1]));
