/**
 * The state of a match: the shared lifecycle (lobby, choosing the first player, playing,
 * ended) around the ruleset's own state, folded from the log (evolve.ts).
 */
import type { DomainEvent, EventEnvelope } from '../kernel/envelope.ts';
import { GENESIS_HASH } from '../kernel/envelope.ts';
import type { ForkKind, ForkSource, MatchOptions, RolledOff, Undoing, VoidedRange } from './events.ts';
import { isMatchEvent } from './events.ts';

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

/** TB-2: a takeback a seat proposed in the step `phaseKey`: where to, what it undoes, and the seats that accept (the proposer first). */
export interface TakebackProposal extends Proposal {
  readonly toVersion: number;
  readonly toHash: string;
  readonly undoes: Undoing;
  readonly reason?: string;
}

/** TB-3: the organiser's latest correction: back to `toVersion` by the takeback at event `seq`, and why. */
export interface Correction {
  readonly seq: number;
  readonly toVersion: number;
  readonly reason: string;
}

/** PBM-12, PBM-13: a paused game, by whom, and what was left of its step's deadline (null without one). */
export interface Pause {
  readonly by: 'organiser' | 'seats';
  readonly phaseKey: string;
  readonly remainingMs: number | null;
}

/**
 * TB-1: what a seat may take back. `open`: one seat's run of commands since `checkpoint`,
 * the state before them (kept without a window of its own), in which nothing became known
 * to anyone else; `events` are that run's events, none of them void. `closed`: the last
 * event at which something became known, and what (a roll, a reveal, another seat, ...).
 */
export type UndoWindow =
  | {
      readonly kind: 'open';
      readonly seat: string;
      readonly checkpoint: Match;
      /** The seats awaited at the checkpoint: the step changes hands when another becomes awaited. */
      readonly awaited: readonly string[];
      readonly events: readonly EventEnvelope[];
    }
  | { readonly kind: 'closed'; readonly seq: number; readonly why: string };

/** TB-6: a continuation proposed in the step `phaseKey` (by a seat, or null: the organiser), and the seats that accept. */
export interface ForkProposal {
  readonly by: string | null;
  readonly version: number;
  readonly phaseKey: string;
  readonly agreed: readonly string[];
}

/** TB-6: a continuation every seat accepted: the fork the service starts, from `version`, agreed at event `seq`. */
export interface AgreedFork {
  readonly version: number;
  readonly forkId: string;
  readonly seq: number;
}

/** TB-1: a run of events a takeback voided, and the seq of that takeback. */
export interface Voided extends VoidedRange {
  readonly by: number;
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
  /** TB-2: present only while a seat's proposal to take the game back is open. */
  readonly takebackProposal?: TakebackProposal;
  /** TB-3: the organiser's latest correction, kept so the view shows its reason; present once there was one. */
  readonly correction?: Correction;
  /** TB-1: what may be taken back; only while a game allowing takebacks is played. */
  readonly undo?: UndoWindow;
  /** TB-1: every run of events a takeback voided; present once a takeback happened. */
  readonly voided?: readonly Voided[];
  /** TB-6: present only in a fork: where it came from, and what kind it is. */
  readonly fork?: { readonly from: ForkSource; readonly kind: ForkKind };
  /** TB-6: present only while a continuation is proposed. */
  readonly forkProposal?: ForkProposal;
  /** TB-6: the continuations agreed on this game; present once one is. */
  readonly forks?: readonly AgreedFork[];
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
/**
 * RUL-3: the seat a player holds, the one lookup of it: in the state, or taken in `events`
 * not folded into it yet (a command's own `SeatJoined`).
 */
export const seatOf = (state: GameState, playerId: string, events: readonly DomainEvent[] = []): string | null => {
  const held = state.status === 'empty' ? undefined : state.seats.find((s) => s.playerId === playerId);
  if (held) return held.name;
  for (const event of events) {
    if (isMatchEvent(event) && event.type === 'SeatJoined' && event.data.playerId === playerId) return event.data.seat;
  }
  return null;
};
