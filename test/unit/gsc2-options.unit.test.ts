/** The readings of open points of the sheet are options of the match; each alternative changes what happens. */
import { describe, expect, it } from 'vitest';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import { checkBeamOrders } from '../../domain/gsc2/firing.ts';
import { mdsRoll } from '../../domain/gsc2/interrupts.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import { type GscState, initialState, type ShipState } from '../../domain/gsc2/state.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { seat } from '../support/decider-spec.ts';
import { place, rulesOf, startBattle } from '../support/gsc2.ts';

const battleWith = (rules: Record<string, unknown>): GscState =>
  initialState({ seats: ['red', 'blue'], firstSeat: 'red', options: gscOptionsSchema.parse(rules) });

describe('GSC-4 "may make a move at the end of the turn" (deferredMoves)', () => {
  // ships with nothing to fire, board or repair, so every step but Movement resolves at once
  const bare = { size: 4, turnDistance: 3, targeting: 4, aspect: { bow: 0, broadside: 0, stern: 0 }, deflectors: 0, shields: 0 };
  const rules = (deferredMoves?: string) => ({
    designs: {
      hulk: { ...bare, drive: 2, armor: 0, hull: 5, damageChart: Array(10).fill(['drive']) },
      scout: { ...bare, drive: 6, armor: 0, hull: 5, damageChart: Array(10).fill(['drive']) },
    },
    fleets: {
      red: [{ id: 'hulk', design: 'hulk', x: 0, y: 0, facing: 0 }],
      blue: [{ id: 'scout', design: 'scout', x: 0, y: 40, facing: 4 }],
    },
    terrain: [],
    ...(deferredMoves ? { deferredMoves } : {}),
  });
  /** Turn 1: blue's scout stays, red's hulk (drive 2 < turn distance 3) defers, then moves 2" when its time comes. */
  const playTurn = (deferredMoves?: string) => {
    const game = startBattle(rules(deferredMoves));
    const seen: DomainEvent[] = [];
    seen.push(...game.run({ type: 'MoveShip', ship: 'scout', path: [] }, seat('blue')));
    seen.push(...game.run({ type: 'DeferMove', ship: 'hulk' }, seat('red')));
    const waitingIn = rulesOf(game).step;
    seen.push(...game.run({ type: 'MoveShip', ship: 'hulk', path: [{ type: 'forward', inches: 2 }] }, seat('red')));
    const order = (seen as GscEvent[]).flatMap((e) =>
      e.type === 'StepStarted' ? [`${e.data.step}`] : e.type === 'ShipMoved' && e.data.ship === 'hulk' ? ['hulk moves'] : [],
    );
    return { waitingIn, order };
  };
  it('GSC-4 by default a deferred ship moves at the end of the Movement step', () => {
    const { waitingIn, order } = playTurn();
    expect(waitingIn).toBe('movement');
    expect(order).toEqual(['hulk moves', 'missiles', 'beams', 'boarding', 'repairs', 'movement']);
  });
  it("GSC-4 with deferredMoves 'endOfTurn' it moves after Boarding, before Repairs", () => {
    const { waitingIn, order } = playTurn('endOfTurn');
    expect(waitingIn).toBe('movement');
    expect(order).toEqual(['missiles', 'beams', 'boarding', 'movement', 'hulk moves', 'repairs', 'movement']);
  });
  it('GSC-4 deferredMoves takes only its two readings', () => {
    expect(() => gscOptionsSchema.parse({ deferredMoves: 'whenever' })).toThrow();
  });
});

describe('GSC-8 "each MDS needs a 6" (mdsHit)', () => {
  const shot = (rules: Record<string, unknown>, face: number) => {
    const state = battleWith(rules);
    return mdsRoll(state, state.ships.tyrant as ShipState, 'm1', scriptedDice([face])).data;
  };
  it('GSC-8 by default a d10 of 6 or less kills the missile', () => {
    expect([3, 6, 7, 9].map((face) => shot({}, face).killed)).toEqual([true, true, false, false]);
    expect(shot({}, 6).roll).toMatchObject({ target: 6, compare: 'atMost', rule: 'GSC-8' });
  });
  it("GSC-8 with mdsHit 'sixOrMore' a d10 of 6 or more kills it", () => {
    expect([3, 5, 6, 9].map((face) => shot({ mdsHit: 'sixOrMore' }, face).killed)).toEqual([false, false, true, true]);
    expect(shot({ mdsHit: 'sixOrMore' }, 6).roll).toMatchObject({ target: 6, compare: 'atLeast', rule: 'GSC-8' });
  });
});

describe("GSC-12 the heavy beam's maximum range (heavyLongRangeBands)", () => {
  /** Valiant's heavy battery A (forward sponson) and medium battery B (turret) at Tyrant, `range` inches ahead. */
  const at = (range: number, rules: Record<string, unknown>, battery: string) => {
    let state = place(battleWith(rules), 'valiant', { at: { x: 0, y: 0 }, facing: 0 });
    state = place(state, 'tyrant', { at: { x: 0, y: range }, facing: 4 });
    return checkBeamOrders(state, 'red', { step: 'beams', fire: [{ ship: 'valiant', battery, target: 'tyrant' }] });
  };
  it('GSC-12 by default a heavy beam has as many long-range bands as the others: 72" (-3) is in range', () => {
    expect(at(70, {}, 'A')).toBeNull();
    expect(at(73, {}, 'A')).toMatchObject({ violation: { rule: 'GSC-12' } });
  });
  it('GSC-12 heavyLongRangeBands 2 stops the heavy beam at 60", as far as its row of the table goes; other beams keep theirs', () => {
    expect(at(60, { heavyLongRangeBands: 2 }, 'A')).toBeNull();
    expect(at(61, { heavyLongRangeBands: 2 }, 'A')).toMatchObject({ violation: { code: 'CANNOT_FIRE', rule: 'GSC-12' } });
    expect(at(41, { heavyLongRangeBands: 2 }, 'B')).toBeNull();
  });
});
