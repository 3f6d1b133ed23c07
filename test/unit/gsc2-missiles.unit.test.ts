import { describe, expect, it } from 'vitest';
import { fold } from '../../domain/gsc2/evolve.ts';
import { checkMissileOrders, type MissileOrders, resolveMissiles } from '../../domain/gsc2/missiles.ts';
import type { GscState, ShipState } from '../../domain/gsc2/state.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { battle, of, place } from '../support/gsc2.ts';

const launch = (...launches: MissileOrders['launches']): MissileOrders => ({ step: 'missiles', launches });

/** Valiant at (0,0) facing north, Tyrant `range` inches north facing south; the destroyers far away. */
const setup = (range: number, tyrant: Partial<ShipState> = {}, turn = 1): GscState => {
  let state: GscState = { ...battle(), turn, step: 'missiles' };
  state = place(state, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 6 });
  state = place(state, 'tyrant', { at: { x: 0, y: range }, facing: 4, moved: 6, ...tyrant });
  state = place(state, 'lance', { at: { x: 60, y: -60 }, moved: 6 });
  return place(state, 'viper', { at: { x: -60, y: 90 }, moved: 6 });
};
const red = (orders: MissileOrders) => [{ seat: 'red', orders }];

describe('GSC-6 reloading', () => {
  it('GSC-6 a missile battery that fired the previous turn may not launch', () => {
    const state = place(setup(30, {}, 3), 'valiant', { launched: { M1: 2 } });
    const refused = checkMissileOrders(state, 'red', launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' }));
    expect(refused).toMatchObject({ ok: false, violation: { code: 'RELOADING', rule: 'GSC-6' } });
  });
  it('GSC-6 a battery that rested a turn may launch again', () => {
    const state = place(setup(30, {}, 3), 'valiant', { launched: { M1: 1 } });
    expect(checkMissileOrders(state, 'red', launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' }))).toBeNull();
  });
  it('GSC-6 launching records the turn, so next turn the battery reloads', () => {
    const after = fold(
      setup(30),
      resolveMissiles(setup(30), red(launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' })), scriptedDice([])),
    );
    expect(after.ships.valiant?.launched).toEqual({ M1: 1 });
    expect(checkMissileOrders({ ...after, turn: 2 }, 'red', launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' }))).toMatchObject({
      violation: { rule: 'GSC-6' },
    });
  });
});

describe('GSC-7 missile movement', () => {
  it('GSC-7 missiles move 12" a turn straight at their target', () => {
    const events = resolveMissiles(setup(30), red(launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' })), scriptedDice([]));
    expect(of(events, 'MissilesLaunched')[0]?.data).toMatchObject({
      missiles: ['t1-valiant-M1-1', 't1-valiant-M1-2'],
      damage: 2,
      rule: 'GSC-6',
    });
    expect(of(events, 'MissileMoved').map((e) => [e.data.to, e.data.reached])).toEqual([
      [{ x: 0, y: 12 }, false],
      [{ x: 0, y: 12 }, false],
    ]);
  });
  it('GSC-7 next turn they turn towards wherever the target has gone', () => {
    const first = fold(
      setup(30),
      resolveMissiles(setup(30), red(launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' })), scriptedDice([])),
    );
    const moved = place({ ...first, turn: 2 }, 'tyrant', { at: { x: -5, y: 24 } });
    const [m] = of(resolveMissiles(moved, [], scriptedDice([])), 'MissileMoved');
    expect(m?.data).toMatchObject({ from: { x: 0, y: 12 }, to: { x: -4.615, y: 23.077 }, reached: false });
  });
  it('GSC-7 players roll initiative when both launch; the winner launches and moves first', () => {
    const orders = [
      { seat: 'red', orders: launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' }) },
      { seat: 'blue', orders: launch({ ship: 'tyrant', battery: 'M1', target: 'valiant' }) },
    ];
    const events = resolveMissiles(setup(40), orders, scriptedDice([4, 4, 2, 9]));
    expect(events[0]).toMatchObject({ type: 'InitiativeRolled', data: { order: ['blue', 'red'], rule: 'GSC-7' } });
    expect(of(events, 'MissilesLaunched').map((e) => e.data.ship)).toEqual(['tyrant', 'valiant']);
  });
  it('GSC-7 missile attacks are simultaneous: every missile moves before any attack is rolled', () => {
    const state = place(setup(10, { mdsUsed: 2 }), 'valiant', { mdsUsed: 2 });
    const orders = [
      { seat: 'red', orders: launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' }) },
      { seat: 'blue', orders: launch({ ship: 'tyrant', battery: 'M1', target: 'valiant' }) },
    ];
    const kinds = resolveMissiles(state, orders, scriptedDice([9, 1, 10, 10, 10, 10])).map((e) => e.type);
    expect(kinds.lastIndexOf('MissileMoved')).toBeLessThan(kinds.indexOf('MissileAttacked'));
  });
});

describe('GSC-7 a missile whose target has left the battle', () => {
  const inFlight = (tyrant: Partial<ShipState>) => {
    const launched = setup(40);
    const state = fold(
      launched,
      resolveMissiles(launched, red(launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' })), scriptedDice([])),
    );
    return place({ ...state, turn: 2 }, 'tyrant', tyrant);
  };
  it.each(['destroyed', 'captured'] as const)('GSC-7 a missile whose target was %s is lost, with no roll', (status) => {
    const state = inFlight({ status });
    expect(Object.keys(state.missiles)).toEqual(['t1-valiant-M1-1', 't1-valiant-M1-2']);
    const events = resolveMissiles(state, [], scriptedDice([]));
    expect(events).toEqual(
      ['t1-valiant-M1-1', 't1-valiant-M1-2'].map((missile) => ({
        type: 'MissileLost',
        data: { missile, reason: 'its target is out of the battle', rule: 'GSC-7' },
      })),
    );
    expect(fold(state, events).missiles).toEqual({});
  });
  it('GSC-7 a missile whose target is still in the battle flies on', () => {
    expect(of(resolveMissiles(inFlight({}), [], scriptedDice([])), 'MissileMoved')).toHaveLength(2);
  });
});

describe('GSC-8 Missile Defense Systems', () => {
  it('GSC-8 a missile passing within 1" of an enemy ship is fired at by its MDS; each needs a 6 and each success kills a missile', () => {
    const state = setup(10, {}, 1);
    const events = resolveMissiles(
      place(state, 'valiant', { launched: {} }),
      red(launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' })),
      scriptedDice([7, 6, 10, 10, 10]),
    );
    const shots = of(events, 'MdsFired');
    expect(shots.map((s) => [s.data.missile, s.data.roll.value, s.data.roll.target, s.data.killed])).toEqual([
      ['t1-valiant-M1-1', 7, 6, false],
      ['t1-valiant-M1-1', 6, 6, true],
    ]);
    // Tyrant's 2 MDS are spent on the first missile; the second gets through and attacks
    expect(of(events, 'MissileAttacked').map((e) => e.data.missile)).toEqual(['t1-valiant-M1-2']);
  });
});

describe('GSC-9 missile attacks', () => {
  it('GSC-9 a missile that reaches its target hits with targeting 4, the normal modifiers and no range modifier', () => {
    const events = resolveMissiles(
      setup(10, { mdsUsed: 2 }),
      red(launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' })),
      scriptedDice([4, 6, 10, 10]),
    );
    const [first, second] = of(events, 'MissileAttacked');
    // targeting 4 + bow aspect 1 = 5; one deflector level -1; no range modifier
    expect(first?.data).toMatchObject({ aspect: 'bow', hit: true, roll: { value: 4, target: 5, effectiveTarget: 4, rule: 'GSC-9' } });
    expect(first?.data.roll.modifiers).toEqual([
      { applies: 'target', value: -1, rule: 'GSC-15', reason: '1 deflector level on the target' },
    ]);
    expect(second?.data.hit).toBe(false);
    expect(of(events, 'DamageInflicted')[0]?.data).toMatchObject({ source: 'missile t1-valiant-M1-1', damage: 2, absorbed: 2 });
  });
});

describe('GSC-10 tracking', () => {
  // the asteroid belt of the example scenario is at (8, 24), radius 4
  const overBelt = () => place(place(setup(0), 'valiant', { at: { x: 8, y: 14 } }), 'tyrant', { at: { x: 8, y: 40 }, mdsUsed: 2 });
  it('GSC-10 a missile moving over asteroids keeps tracking only on 5 or less', () => {
    const events = resolveMissiles(overBelt(), red(launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' })), scriptedDice([6, 5]));
    expect(of(events, 'TrackingTested').map((e) => [e.data.terrain, e.data.roll.value, e.data.roll.target, e.data.lost])).toEqual([
      ['belt', 6, 5, true],
      ['belt', 5, 5, false],
    ]);
    expect(of(events, 'MissileMoved')).toHaveLength(1);
  });
  it('GSC-10 only one test per missile per turn', () => {
    const state = overBelt();
    const after = fold(
      state,
      resolveMissiles(state, red(launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' })), scriptedDice([5, 5])),
    );
    const tested = Object.values(after.missiles);
    expect(tested.map((m) => m.tested)).toEqual([1, 1]);
  });
});
