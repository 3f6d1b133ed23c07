/**
 * RUL-9: what a seat sees of a battle (domain/gsc2/view.ts): who the battle waits for at each
 * step, the step's key, and only the seat's own sealed orders (docs/design.md §7). The mutation
 * run of domain/gsc2 left each of these unasserted; and how the battle is won (victory.ts),
 * which it left unasserted on the side that wins at the turn limit.
 */
import { describe, expect, it } from 'vitest';
import type { GscState } from '../../domain/gsc2/state.ts';
import { victory } from '../../domain/gsc2/victory.ts';
import { awaiting, step, view } from '../../domain/gsc2/view.ts';
import { battleAt, moving, place } from '../support/gsc2.ts';

const inMovement = (mover: string | null) => moving(battleAt(), { mover, segment: 2 });
const orders = { red: { step: 'beams', fire: [] }, blue: { step: 'beams', fire: [] } } as unknown as GscState['sealed'];

describe('RUL-9 GSC-1 GSC-3 who a battle waits for, and the key of its step', () => {
  it('RUL-9 GSC-3 in Movement, the seat whose turn it is to move, or no one between groups', () => {
    expect(awaiting(inMovement('blue'))).toEqual(['blue']);
    expect(awaiting(inMovement(null))).toEqual([]);
    expect(step(inMovement('blue'))).toEqual({ key: 't1-movement-2', phase: 'movement' });
  });
  it('RUL-9 GSC-1 in a sealed step, the seats awaited that have not sealed their orders; in Repairs, those awaited', () => {
    const beams = battleAt({
      step: 'beams',
      sealedStep: 'beams',
      awaited: ['red', 'blue'],
      sealed: { blue: orders.blue } as GscState['sealed'],
    });
    expect(awaiting(beams)).toEqual(['red']);
    expect(step(beams)).toEqual({ key: 't1-beams', phase: 'beams' });
    const repairs = battleAt({ step: 'repairs', awaited: ['blue'] });
    expect(awaiting(repairs)).toEqual(['blue']);
    expect(step(repairs)).toEqual({ key: 't1-repairs', phase: 'repairs' });
  });
  it('RUL-9 GSC-23 a battle that is over waits for no one and has no step', () => {
    const over = battleAt({ status: 'ended', step: 'beams', sealedStep: 'beams', awaited: ['red'] });
    expect(awaiting(over)).toEqual([]);
    expect(awaiting({ ...inMovement('red'), status: 'ended' })).toEqual([]);
    expect(step(over)).toBeNull();
  });
});

describe('RUL-9 GSC-1 sealed orders stay hidden from the other seat and from spectators', () => {
  const beams = battleAt({ step: 'beams', sealedStep: 'beams', awaited: ['red', 'blue'], sealed: orders });
  it('RUL-9 GSC-1 a seat sees its own orders and only who else has submitted', () => {
    const red = view(beams, 'red');
    expect(red.sealed).toStrictEqual({ red: orders.red });
    expect(red.submitted).toEqual(['red', 'blue']);
    expect(red.awaiting).toEqual([]);
  });
  it('RUL-9 GSC-1 a seat that has sealed nothing, and a spectator, see no orders at all', () => {
    const onlyBlue = { ...beams, sealed: { blue: orders.blue } as GscState['sealed'] };
    expect(view(onlyBlue, 'red').sealed).toStrictEqual({});
    expect(view(onlyBlue, 'red').awaiting).toEqual(['red']);
    expect(view(beams, null).sealed).toStrictEqual({});
    expect(view(beams, null).submitted).toEqual(['red', 'blue']);
  });
});

describe('RUL-9 GSC-23 how the battle is won', () => {
  const gone = (state: GscState, ...ids: string[]) => ids.reduce((s, id) => place(s, id, { status: 'destroyed' }), state);
  const hulls = (state: GscState, hull: Record<string, number>) =>
    Object.entries(hull).reduce((s, [id, h]) => place(s, id, { hull: h }), state);
  it('RUL-9 GSC-23 with no ship left on either side, nobody wins', () => {
    expect(victory(gone(battleAt({}), 'valiant', 'lance', 'tyrant', 'viper'))).toEqual({
      type: 'GameEnded',
      data: { winner: null, reason: 'both fleets are out of the battle', rule: 'GSC-23' },
    });
  });
  it('RUL-9 GSC-23 at the turn limit the side with more hull left wins, whichever seat it is; equal hull is a draw', () => {
    const last = battleAt({ turn: 8, turnLimit: 8 });
    expect(victory(hulls(last, { valiant: 5, lance: 5, tyrant: 9, viper: 4 }))?.data).toEqual({
      winner: 'blue',
      reason: "turn limit 8 reached: blue has 13 hull left to red's 10",
      rule: 'GSC-23',
    });
    expect(victory(hulls(last, { valiant: 9, lance: 4, tyrant: 5, viper: 5 }))?.data).toEqual({
      winner: 'red',
      reason: "turn limit 8 reached: red has 13 hull left to blue's 10",
      rule: 'GSC-23',
    });
    expect(victory(hulls(last, { valiant: 6, lance: 4, tyrant: 5, viper: 5 }))?.data).toEqual({
      winner: null,
      reason: 'turn limit 8 reached with equal hull left',
      rule: 'GSC-23',
    });
    expect(victory(hulls({ ...last, turn: 7 }, { valiant: 9, lance: 4, tyrant: 5, viper: 5 }))).toBeNull();
  });
});
