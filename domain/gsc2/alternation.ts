/**
 * GSC-3: who moves how many ships. The player with more unmoved ships (the "first
 * player") moves until both have as many unmoved; then the second player moves as many
 * as they like and the first matches that number; repeat. GSC-4: ships that deferred
 * their move go at the end of the turn, after the Boarding step (`deferredMoves: 'endOfTurn'`,
 * the default), or at the end of the Movement phase (`'endOfMovement'`), the first player's first.
 */
import type { MoverChanged, TerrainMoved } from './events.ts';
import { round3 } from './geometry.ts';
import { activeShips, otherSeat } from './ships.ts';
import type { GscState, ShipState } from './state.ts';

export const unmoved = (state: GscState, seat: string): ShipState[] =>
  activeShips(state, seat).filter((s) => s.moved === null && !s.deferred);
export const deferredShips = (state: GscState, seat: string): ShipState[] => activeShips(state, seat).filter((s) => s.deferred);

/** GSC-2: satellites, asteroids and mines drift before any ship moves. */
export const moveTerrain = (state: GscState): TerrainMoved[] =>
  state.terrain
    .filter((t) => t.drift.x !== 0 || t.drift.y !== 0)
    .map((t) => ({
      type: 'TerrainMoved',
      data: { terrain: t.id, from: { x: t.x, y: t.y }, to: { x: round3(t.x + t.drift.x), y: round3(t.y + t.drift.y) }, rule: 'GSC-2' },
    }));

const changed = (seat: string, mode: MoverChanged['data']['mode'], quota: number, leader: string): MoverChanged => ({
  type: 'MoverChanged',
  data: { seat, mode, quota, leader, rule: mode === 'deferred' ? 'GSC-4' : 'GSC-3' },
});

/** GSC-3: the first handover of a turn; on equal fleets the match's first player is the "first player". */
export const openAlternation = (state: GscState): MoverChanged | null => {
  const [a, b] = state.seats;
  if (a === undefined || b === undefined) return null;
  const ua = unmoved(state, a).length;
  const ub = unmoved(state, b).length;
  const leader = ua === ub ? state.firstSeat : ua > ub ? a : b;
  return fresh(state, leader);
};

/** With no group pending: equalize, else the second player's free group, else the deferred moves. */
const fresh = (state: GscState, leader: string): MoverChanged | null => {
  const second = otherSeat(state, leader);
  const uL = unmoved(state, leader).length;
  const uS = unmoved(state, second).length;
  // GSC-4 `deferredMoves: 'endOfTurn'`: the deferred ships wait until after Boarding (`lateMoves`)
  if (uL === 0 && uS === 0) return state.readings.deferredMoves === 'endOfTurn' ? null : deferredStage(state, leader, null);
  if (uL !== uS) return changed(uL > uS ? leader : second, 'equalize', Math.abs(uL - uS), leader);
  return changed(second, 'free', 0, leader);
};

const deferredStage = (state: GscState, leader: string, after: string | null): MoverChanged | null => {
  const order = [leader, otherSeat(state, leader)];
  const from = after === null ? 0 : order.indexOf(after) + 1;
  for (const seat of order.slice(from)) {
    const waiting = deferredShips(state, seat).length;
    if (waiting > 0) return changed(seat, 'deferred', waiting, leader);
  }
  return null;
};

/** GSC-4 `deferredMoves: 'endOfTurn'`: after Boarding, the deferred ships' move, the first player's first. */
export const openDeferred = (state: GscState): MoverChanged | null =>
  state.readings.deferredMoves === 'endOfTurn' ? deferredStage(state, state.movement.leader, null) : null;

/** GSC-3: the second player ended a group of `count` ships; the first player matches it. */
export const afterGroup = (state: GscState, count: number): MoverChanged | null => {
  const { leader } = state.movement;
  const left = unmoved(state, leader).length;
  return left > 0 ? changed(leader, 'match', Math.min(count, left), leader) : fresh(state, leader);
};

export type Handover = { readonly next: 'same' } | { readonly next: 'seat'; readonly event: MoverChanged } | { readonly next: 'done' };

const to = (event: MoverChanged | null): Handover => (event ? { next: 'seat', event } : { next: 'done' });

/** After a ship moved, stayed or deferred: does the same seat go on, who moves next, or is movement over? */
export const handover = (state: GscState): Handover => {
  const m = state.movement;
  const mover = m.mover ?? m.leader;
  if (m.mode === 'deferred') return deferredShips(state, mover).length > 0 ? { next: 'same' } : to(deferredStage(state, m.leader, mover));
  if (m.mode === 'free') return unmoved(state, mover).length > 0 ? { next: 'same' } : to(afterGroup(state, m.quota));
  if (m.quota > 0 && unmoved(state, mover).length > 0) return { next: 'same' };
  return to(fresh(state, m.leader));
};
