/**
 * RUL-9: what a missed deadline does in GSC2 (`onDeadline`, domain/gsc2/decide.ts; defaults, as
 * the sheet has no clock): in Movement the awaited seat's remaining ships stay, its deferred ones
 * when the deferred ships are moving; in Repairs a seat that sent no Repair repairs nothing; a
 * battle that is over, or a Movement step between groups, gets nothing. The mutation run left
 * these unasserted.
 */
import { describe, expect, it } from 'vitest';
import { onDeadline } from '../../domain/gsc2/decide.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { battle, battleAt, moving, place, rcFor } from '../support/gsc2.ts';

const events = (state: GscState) => {
  const decision = onDeadline(state, rcFor('red', []));
  if (!decision.ok) throw new Error(decision.violation.message);
  return decision.events;
};

describe('RUL-9 GSC-3 GSC-23 a missed deadline', () => {
  it('RUL-9 GSC-23 a battle that is over, and a Movement step between groups, get nothing', () => {
    expect(events(battleAt({ status: 'ended' }))).toEqual([]);
    expect(events(moving(battleAt(), { mover: null }))).toEqual([]);
  });
  it("RUL-9 GSC-3 in Movement the mover's unmoved ships stay; GSC-4 when the deferred ships move, those stay", () => {
    const stayed = (state: GscState) => events(state).flatMap((e) => (e.type === 'ShipStayed' ? [e.data] : []));
    const reason = 'the movement deadline passed';
    expect(stayed(moving(battleAt(), { mode: 'equalize', quota: 2 }))).toEqual([
      { ship: 'valiant', reason, rule: 'GSC-3' },
      { ship: 'lance', reason, rule: 'GSC-3' },
    ]);
    const waiting = place(battleAt(), 'valiant', { deferred: true });
    expect(stayed(moving(waiting, { mode: 'deferred', quota: 1, late: true }))).toEqual([{ ship: 'valiant', reason, rule: 'GSC-3' }]);
  });
  it('RUL-9 GSC-23 in Repairs every seat still awaited is done, and the turn goes on', () => {
    const after = events(battleAt({ step: 'repairs', awaited: ['red', 'blue'] }));
    expect(after.slice(0, 2)).toEqual([
      { type: 'RepairsDone', data: { seat: 'red', rule: 'GSC-23' } },
      { type: 'RepairsDone', data: { seat: 'blue', rule: 'GSC-23' } },
    ]);
    expect(after.some((e) => e.type === 'TurnStarted')).toBe(true);
  });
  it('RUL-9 GSC-23 a deadline after the battle is over does nothing, even with a seat still to move', () => {
    const state = moving(battleAt({ status: 'ended' }), { mode: 'equalize', mover: 'red', quota: 2 });
    expect(onDeadline(state, rcFor('red', []))).toEqual({ ok: true, events: [] });
  });
  it('RUL-9 GSC-3 a deadline before the first turn opens, with nobody to move, does nothing', () => {
    expect(onDeadline(battle(), rcFor('red', []))).toEqual({ ok: true, events: [] });
  });
});
