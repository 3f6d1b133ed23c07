/**
 * GSC-23 "then victory is determined". The sheet does not say how; our default: a side
 * with no ship left in the battle (destroyed or captured) loses; at the scenario's turn
 * limit the side with more hull left on its active ships wins; anything else is a draw.
 */
import type { GameEnded } from '../match/events.ts';
import { activeShips } from './ships.ts';
import type { GscState } from './state.ts';

const hullLeft = (state: GscState, seat: string): number => activeShips(state, seat).reduce((sum, s) => sum + Math.max(0, s.hull), 0);

const ended = (winner: string | null, reason: string): GameEnded => ({ type: 'GameEnded', data: { winner, reason, rule: 'GSC-23' } });

export const fleetGone = (state: GscState): boolean => state.seats.some((seat) => activeShips(state, seat).length === 0);

export const victory = (state: GscState): GameEnded | null => {
  const standing = state.seats.filter((seat) => activeShips(state, seat).length > 0);
  if (standing.length === 0) return ended(null, 'both fleets are out of the battle');
  if (standing.length < state.seats.length)
    return ended(standing[0] ?? null, `${standing[0]} holds the field: every enemy ship is destroyed or captured`);
  if (state.turn < state.turnLimit) return null;
  const [a, b] = state.seats.map((seat) => ({ seat, hull: hullLeft(state, seat) }));
  if (!a || !b || a.hull === b.hull) return ended(null, `turn limit ${state.turnLimit} reached with equal hull left`);
  const winner = a.hull > b.hull ? a : b;
  const loser = winner === a ? b : a;
  return ended(
    winner.seat,
    `turn limit ${state.turnLimit} reached: ${winner.seat} has ${winner.hull} hull left to ${loser.seat}'s ${loser.hull}`,
  );
};
