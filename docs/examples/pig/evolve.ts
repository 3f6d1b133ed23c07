/** Pig: fold one event into the state. It reads the event only, never its envelope. */
import { assertNever } from '../../../domain/kernel/violation.ts';
import type { PigEvent } from './events.ts';
import type { PigState } from './state.ts';

export const evolve = (state: PigState, event: PigEvent): PigState => {
  switch (event.type) {
    case 'TurnStarted':
      return { ...state, turn: event.data.turn, active: event.data.seat, turnTotal: 0 };
    case 'DieRolled':
      return { ...state, turnTotal: event.data.turnTotal };
    case 'PiggedOut':
      return { ...state, turnTotal: 0 };
    case 'Held':
      return { ...state, scores: { ...state.scores, [event.data.seat]: event.data.score }, turnTotal: 0 };
    case 'GameEnded':
      return { ...state, status: 'ended' };
    default:
      return assertNever(event);
  }
};
