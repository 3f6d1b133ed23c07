/** Post Galactica: events, state and `evolve`. */
import type { DomainEvent, EventEnvelope } from '../kernel/envelope.ts';
import { assertNever } from '../kernel/violation.ts';
import type { GameEnded } from '../match/events.ts';
import type { Phase } from './phases.ts';

export type TurnStarted = DomainEvent<'TurnStarted', { readonly seat: string; readonly round: number; readonly turn: number }>;
export type PhaseStarted = DomainEvent<'PhaseStarted', { readonly phase: Phase; readonly seat: string }>;
export type RoundCompleted = DomainEvent<'RoundCompleted', { readonly round: number }>;

export type PgEvent = TurnStarted | PhaseStarted | RoundCompleted | GameEnded;

export const PG_EVENT_TYPES: readonly PgEvent['type'][] = ['TurnStarted', 'PhaseStarted', 'RoundCompleted', 'GameEnded'];

export interface PgState {
  /** PG-4: turn order, the first player first; a round ends when each has had a turn. */
  readonly turnOrder: readonly string[];
  readonly activeSeat: string;
  readonly phase: Phase;
  /** 1-based round number; rounds completed = round - 1 while a round is under way. */
  readonly round: number;
  /** 1-based count of turns taken in the game. */
  readonly turn: number;
}

export const evolve = (state: PgState, event: EventEnvelope<PgEvent>): PgState => {
  const e = event as PgEvent;
  switch (e.type) {
    case 'TurnStarted':
      return { ...state, activeSeat: e.data.seat, round: e.data.round, turn: e.data.turn, phase: 'command' };
    case 'PhaseStarted':
      return { ...state, phase: e.data.phase };
    case 'RoundCompleted':
    case 'GameEnded':
      return state;
    default:
      return assertNever(e);
  }
};
