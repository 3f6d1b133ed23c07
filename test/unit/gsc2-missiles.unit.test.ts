import { describe, expect, it } from 'vitest';
import { fold } from '../../domain/gsc2/evolve.ts';
import { EXAMPLE_DESIGNS } from '../../domain/gsc2/examples.ts';
import { checkMissileOrders, type MissileOrders, resolveMissiles } from '../../domain/gsc2/missiles.ts';
import type { GscState, Missile, ShipState } from '../../domain/gsc2/state.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { battle, of, place, types } from '../support/gsc2.ts';
import { battleWith, noDice } from '../support/gsc2-setups.ts';

const launch = (...launches: MissileOrders['launches']): MissileOrders => ({ step: 'missiles', launches });

/** The missiles step of `from` (the example battle): Valiant at (0,0) facing north, Tyrant `range` inches north facing south (or as `tyrant` says); the destroyers far away. */
const setup = (range: number, tyrant: Partial<ShipState> = {}, turn = 1, from: GscState = battle()): GscState => {
  let state: GscState = { ...from, turn, step: 'missiles' };
  state = place(state, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 6 });
  state = place(state, 'tyrant', { at: { x: 0, y: range }, facing: 4, moved: 6, ...tyrant });
  state = place(state, 'lance', { at: { x: 60, y: -60 }, moved: 6 });
  return place(state, 'viper', { at: { x: -60, y: 90 }, moved: 6 });
};
const red = (orders: MissileOrders) => [{ seat: 'red', orders }];

/** The state with one of Valiant's missiles in flight. */
const withMissile = (state: GscState, missile: Partial<Missile>): GscState => {
  const m: Missile = { id: 'm1', seat: 'red', ship: 'valiant', target: 'tyrant', at: { x: 0, y: 0 }, damage: 2, tested: null, ...missile };
  return { ...state, missiles: { [m.id]: m } };
};

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
  it('RUL-9 GSC-7 a seat that orders no launch and has no missile flying rolls no initiative', () => {
    const orders = [
      { seat: 'red', orders: launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' }) },
      { seat: 'blue', orders: launch() },
    ];
    // the dice would make blue first if initiative were rolled
    const events = resolveMissiles(setup(30), orders, scriptedDice([3, 7]));
    expect(types(events)).toEqual(['MissilesLaunched', 'MissileMoved', 'MissileMoved']);
  });

  it('RUL-9 GSC-7 a missile whose target is no ship of the battle is lost, with no roll', () => {
    const state = withMissile(setup(30), { target: 'nobody' });
    expect(resolveMissiles(state, [], noDice())).toEqual([
      { type: 'MissileLost', data: { missile: 'm1', reason: 'its target is out of the battle', rule: 'GSC-7' } },
    ]);
  });

  it('RUL-9 GSC-7 a missile that stops exactly the comparison slack (a millionth of an inch) short has not reached its target', () => {
    // 12.0002" to go: the 12" move rounds to (0, 12), 0.000001" from Tyrant; its MDS are spent
    const state = withMissile(setup(30, { at: { x: 0.000001, y: 12 }, mdsUsed: 2 }), { at: { x: 0, y: -0.0002 } });
    expect(resolveMissiles(state, [], noDice())).toEqual([
      { type: 'MissileMoved', data: { missile: 'm1', from: { x: 0, y: -0.0002 }, to: { x: 0, y: 12 }, reached: false, rule: 'GSC-7' } },
    ]);
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
  it('RUL-9 GSC-10 a missile moving through a dust cloud keeps tracking only on a d10 of 5 or less', () => {
    // the example's dust cloud "nebula" is at (42, 24), radius 5; the missiles fly (42, 14) to (42, 26)
    let state = setup(30, { at: { x: 42, y: 40 }, mdsUsed: 2 });
    state = place(state, 'valiant', { at: { x: 42, y: 14 } });
    const events = resolveMissiles(
      state,
      [{ seat: 'red', orders: launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' }) }],
      scriptedDice([6, 5]),
    );
    const tested = (missile: string, value: number, lost: boolean) => ({
      type: 'TrackingTested',
      data: {
        missile,
        terrain: 'nebula',
        roll: expect.objectContaining({
          sides: 10,
          value,
          target: 5,
          effectiveTarget: 5,
          compare: 'atMost',
          success: !lost,
          rule: 'GSC-10',
        }),
        lost,
        rule: 'GSC-10',
      },
    });
    expect(of(events, 'TrackingTested')).toEqual([tested('t1-valiant-M1-1', 6, true), tested('t1-valiant-M1-2', 5, false)]);
    expect(of(events, 'MissileMoved').map((e) => e.data.missile)).toEqual(['t1-valiant-M1-2']);
  });

  it('RUL-9 GSC-10 a missile tested this turn is not tested again; one tested last turn is', () => {
    // over the asteroid belt at (8, 24), radius 4. In play a missile moves once a turn: this pins the guard itself
    const over = (tested: number) =>
      withMissile({ ...setup(30, { at: { x: 8, y: 40 }, mdsUsed: 2 }), turn: 2 }, { at: { x: 8, y: 14 }, tested });
    expect(resolveMissiles(over(2), [], scriptedDice([6]))).toEqual([
      { type: 'MissileMoved', data: { missile: 'm1', from: { x: 8, y: 14 }, to: { x: 8, y: 26 }, reached: false, rule: 'GSC-7' } },
    ]);
    expect(types(resolveMissiles(over(1), [], scriptedDice([6])))).toEqual(['TrackingTested']);
  });
});

describe('RUL-9 GSC-6 launching missiles', () => {
  // a cruiser with two missile batteries: M1 of 2 missiles of damage 2, M2 of 1 missile of damage 3
  const twoBatteries = () =>
    setup(
      30,
      {},
      1,
      battleWith({
        designs: {
          ...EXAMPLE_DESIGNS,
          cruiser: {
            ...EXAMPLE_DESIGNS.cruiser,
            missileBatteries: [
              { id: 'M1', missiles: 2, damage: 2 },
              { id: 'M2', missiles: 1, damage: 3 },
            ],
          },
        },
      }),
    );

  it('RUL-9 GSC-6 a ship with two missile batteries may order either', () => {
    for (const battery of ['M1', 'M2'])
      expect(checkMissileOrders(twoBatteries(), 'red', launch({ ship: 'valiant', battery, target: 'tyrant' }))).toBeNull();
  });

  it("RUL-9 GSC-6 the battery ordered launches, with its own missiles and damage, not the ship's first battery", () => {
    const events = resolveMissiles(
      twoBatteries(),
      [{ seat: 'red', orders: launch({ ship: 'valiant', battery: 'M2', target: 'tyrant' }) }],
      noDice(),
    );
    expect(events).toEqual([
      {
        type: 'MissilesLaunched',
        data: {
          ...{ ship: 'valiant', battery: 'M2', target: 'tyrant', missiles: ['t1-valiant-M2-1'] },
          ...{ at: { x: 0, y: 0 }, damage: 3, rule: 'GSC-6' },
        },
      },
      {
        type: 'MissileMoved',
        data: { missile: 't1-valiant-M2-1', from: { x: 0, y: 0 }, to: { x: 0, y: 12 }, reached: false, rule: 'GSC-7' },
      },
    ]);
  });

  it("RUL-9 GSC-6 at resolution an order for a battery the ship lacks, for another seat's ship or for no ship launches nothing", () => {
    // the sealing check refuses these; resolution must not launch them either
    const orders = launch(
      { ship: 'valiant', battery: 'M9', target: 'tyrant' },
      { ship: 'tyrant', battery: 'M1', target: 'valiant' },
      { ship: 'nobody', battery: 'M1', target: 'tyrant' },
    );
    expect(resolveMissiles(setup(30), [{ seat: 'red', orders }], noDice())).toEqual([]);
  });
});
