/**
 * RUL-9: GSC-3's alternation and GSC-4's deferred moves as the pure functions that decide them
 * (domain/gsc2/alternation.ts): who opens a turn, who equalizes, who moves a free group and who
 * matches it, when the deferred ships go, and whether the same seat goes on after a ship
 * moved. The mutation run left most of these conditions unasserted at the other seat's side or
 * at zero. States are the example battle (`battle()`: red's Valiant and Lance, blue's Tyrant
 * and Viper), with ships marked moved or deferred.
 */
import { describe, expect, it } from 'vitest';
import { afterGroup, handover, openAlternation, openDeferred } from '../../domain/gsc2/alternation.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { battleAt, moving, place } from '../support/gsc2.ts';
import { moved, refusal } from '../support/gsc2-setups.ts';

const deferred = (state: GscState, ...ids: string[]) => ids.reduce((s, id) => place(s, id, { deferred: true }), state);
const reading = (state: GscState, deferredMoves: 'endOfTurn' | 'endOfMovement'): GscState => ({
  ...state,
  readings: { ...state.readings, deferredMoves },
});
const change = (seat: string, mode: string, quota: number, leader: string) => ({
  type: 'MoverChanged',
  data: { seat, mode, quota, leader, rule: mode === 'deferred' ? 'GSC-4' : 'GSC-3' },
});

describe('RUL-9 GSC-3 who opens the turn', () => {
  it("RUL-9 GSC-3 on equal fleets the match's first player leads and the other seat moves a free group first", () => {
    expect(openAlternation(battleAt())).toEqual(change('blue', 'free', 0, 'red'));
    expect(openAlternation(battleAt({ firstSeat: 'blue' }))).toEqual(change('red', 'free', 0, 'blue'));
  });
  it('RUL-9 GSC-3 the seat with more unmoved ships leads, whichever it is, and equalizes first', () => {
    expect(openAlternation(deferred(battleAt(), 'viper'))).toEqual(change('red', 'equalize', 1, 'red'));
    expect(openAlternation(deferred(battleAt(), 'lance'))).toEqual(change('blue', 'equalize', 1, 'blue'));
  });
  it('RUL-9 GSC-3 with one side out of ships to move, the other moves them all; with none, nobody', () => {
    expect(openAlternation(moved(battleAt(), 'valiant', 'lance', 'tyrant'))).toEqual(change('blue', 'equalize', 1, 'blue'));
    expect(openAlternation(reading(moved(battleAt(), 'valiant', 'lance', 'tyrant', 'viper'), 'endOfTurn'))).toBeNull();
  });
  it('RUL-9 GSC-3 a battle of one seat has no alternation', () => {
    expect(openAlternation(battleAt({ seats: ['red'] }))).toBeNull();
  });
});

describe('RUL-9 GSC-3 GSC-4 after a group, and the deferred ships', () => {
  it('RUL-9 GSC-3 the first player matches a free group with as many of its unmoved ships as it has', () => {
    const state = moving(moved(battleAt(), 'tyrant'), { mover: 'blue', mode: 'free', quota: 0 });
    expect(afterGroup(state, 1)).toEqual(change('red', 'match', 1, 'red'));
    expect(afterGroup(state, 5)).toEqual(change('red', 'match', 2, 'red'));
  });
  it('RUL-9 GSC-3 a first player with nothing left to match hands over afresh: the other seat equalizes', () => {
    const state = moving(moved(battleAt(), 'valiant', 'lance', 'tyrant'), { mover: 'blue', mode: 'free' });
    expect(afterGroup(state, 1)).toEqual(change('blue', 'equalize', 1, 'red'));
  });
  it("RUL-9 GSC-4 after Boarding the deferred ships move, the first player's first, by default; at the end of Movement, not then", () => {
    const waiting = deferred(moved(battleAt(), 'lance', 'tyrant', 'viper'), 'valiant');
    expect(openDeferred(moving(reading(waiting, 'endOfTurn'), { leader: 'blue', mover: null }))).toEqual(
      change('red', 'deferred', 1, 'blue'),
    );
    expect(openDeferred(moving(reading(waiting, 'endOfMovement'), { leader: 'blue', mover: null }))).toBeNull();
  });
});

describe('RUL-9 GSC-3 GSC-4 whether the same seat goes on', () => {
  it("RUL-9 GSC-4 a seat moving its deferred ships goes on while it has one left, then the other seat's go", () => {
    const both = deferred(moved(battleAt(), 'lance', 'viper'), 'valiant', 'tyrant');
    expect(handover(moving(both, { mode: 'deferred', mover: 'red', quota: 1 }))).toEqual({ next: 'same' });
    const redDone = place(both, 'valiant', { deferred: false, moved: 2 });
    expect(handover(moving(redDone, { mode: 'deferred', mover: 'red', quota: 1 }))).toEqual({
      next: 'seat',
      event: change('blue', 'deferred', 1, 'red'),
    });
  });
  it('RUL-9 GSC-3 an equalizing seat goes on while its quota and its unmoved ships last', () => {
    const state = moved(battleAt(), 'tyrant');
    expect(handover(moving(state, { mode: 'equalize', mover: 'red', quota: 1 }))).toEqual({ next: 'same' });
    expect(handover(moving(state, { mode: 'equalize', mover: 'red', quota: 0 }))).toEqual({
      next: 'seat',
      event: change('red', 'equalize', 1, 'red'),
    });
  });
});

describe('RUL-9 GSC-3 GSC-4 the alternation', () => {
  it('RUL-9 GSC-3 an equalizing seat with no ship left to move hands over, whatever its quota says', () => {
    const state = moving(moved(battleAt(), 'valiant', 'lance'), { mode: 'equalize', mover: 'red', quota: 1 });
    expect(handover(state)).toEqual({
      next: 'seat',
      event: { type: 'MoverChanged', data: { seat: 'blue', mode: 'equalize', quota: 2, leader: 'red', rule: 'GSC-3' } },
    });
  });
  it("RUL-9 GSC-4 the deferred ships move the first player's first: after the second player's, the stage is over", () => {
    // blue (second) has moved its deferred ships; a ship of red's still marked deferred does not reopen the stage
    const state = place(moved(battleAt(), 'lance', 'tyrant', 'viper'), 'valiant', { deferred: true });
    expect(handover(moving(state, { mode: 'deferred', mover: 'blue', leader: 'red', quota: 0, late: true }))).toEqual({ next: 'done' });
  });
  it('RUL-9 GSC-3 a battle without a second seat has no alternation, even with ships of a seat not playing', () => {
    expect(openAlternation(battleAt({ seats: ['red'] }))).toBeNull();
    expect(openAlternation(battleAt({ seats: [] }))).toBeNull();
  });
  it('RUL-9 GSC-3 a seat equalizing ends no group: it moves its quota', () => {
    const state = moving(battleAt(), { mode: 'equalize', mover: 'red', quota: 1 });
    expect(refusal(state, { type: 'EndMoves' }, 'red')).toEqual({
      code: 'NOT_YOUR_GROUP',
      rule: 'GSC-3',
      message: 'Only the second player ends a group of moves; now red moves (equalize).',
      status: 403,
    });
  });
});
