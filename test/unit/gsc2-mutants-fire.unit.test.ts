/**
 * RUL-9: the survivors of the GSC2 mutation run in missiles, assault pods, beam fire, the
 * range table and damage. Each test pins what a rule decides (an event whole, a refusal's
 * code and rule, a roll's target and comparison) where no test did. Some states are built by
 * hand because the sealing checks keep them out of play (an order naming another seat's
 * ship, a pod that is not in flight): the resolvers are exported and must not act on them.
 * Ships are the example battle's (`battle()`: red's Valiant and Lance, blue's Tyrant and Viper).
 */
import { describe, expect, it } from 'vitest';
import { resolveHit } from '../../domain/gsc2/damage.ts';
import { fold } from '../../domain/gsc2/evolve.ts';
import { EXAMPLE_DESIGNS } from '../../domain/gsc2/examples.ts';
import { type BeamOrders, checkBeamOrders, resolveBeams, toHitModifiers } from '../../domain/gsc2/firing.ts';
import { EPSILON } from '../../domain/gsc2/geometry.ts';
import { checkMissileOrders, type MissileOrders, resolveMissiles } from '../../domain/gsc2/missiles.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import { checkPodDirections, podDirectionSchema, resolvePods } from '../../domain/gsc2/pods.ts';
import { bandOf, rangeModifier } from '../../domain/gsc2/ranges.ts';
import { type GscState, initialState, type Missile, type Pod, type ShipState } from '../../domain/gsc2/state.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { battle, levels, of, place, types } from '../support/gsc2.ts';

const battleWith = (rules: Record<string, unknown>): GscState =>
  initialState({ seats: ['red', 'blue'], firstSeat: 'red', options: gscOptionsSchema.parse(rules) });

/** No die may be rolled. */
const noDice = () => scriptedDice([]);

// ---------------------------------------------------------------------------------------------
// missiles

const launch = (...launches: MissileOrders['launches']): MissileOrders => ({ step: 'missiles', launches });

/** The missiles step of turn 1: Valiant at (0,0) facing north, Tyrant 30" north facing south (or as `tyrant` says); the destroyers far away. */
const missileStep = (tyrant: Partial<ShipState> = {}, from: GscState = battle()): GscState => {
  let state: GscState = { ...from, turn: 1, step: 'missiles' };
  state = place(state, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 6 });
  state = place(state, 'tyrant', { at: { x: 0, y: 30 }, facing: 4, moved: 6, ...tyrant });
  state = place(state, 'lance', { at: { x: 60, y: -60 }, moved: 6 });
  return place(state, 'viper', { at: { x: -60, y: 90 }, moved: 6 });
};

/** The state with one of Valiant's missiles in flight. */
const withMissile = (state: GscState, missile: Partial<Missile>): GscState => {
  const m: Missile = { id: 'm1', seat: 'red', ship: 'valiant', target: 'tyrant', at: { x: 0, y: 0 }, damage: 2, tested: null, ...missile };
  return { ...state, missiles: { [m.id]: m } };
};

describe('RUL-9 GSC-6 launching missiles', () => {
  // a cruiser with two missile batteries: M1 of 2 missiles of damage 2, M2 of 1 missile of damage 3
  const twoBatteries = () =>
    missileStep(
      {},
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
    expect(resolveMissiles(missileStep(), [{ seat: 'red', orders }], noDice())).toEqual([]);
  });
});

describe('RUL-9 GSC-7 missile movement', () => {
  it('RUL-9 GSC-7 a seat that orders no launch and has no missile flying rolls no initiative', () => {
    const orders = [
      { seat: 'red', orders: launch({ ship: 'valiant', battery: 'M1', target: 'tyrant' }) },
      { seat: 'blue', orders: launch() },
    ];
    // the dice would make blue first if initiative were rolled
    const events = resolveMissiles(missileStep(), orders, scriptedDice([3, 7]));
    expect(types(events)).toEqual(['MissilesLaunched', 'MissileMoved', 'MissileMoved']);
  });

  it('RUL-9 GSC-7 a missile whose target is no ship of the battle is lost, with no roll', () => {
    const state = withMissile(missileStep(), { target: 'nobody' });
    expect(resolveMissiles(state, [], noDice())).toEqual([
      { type: 'MissileLost', data: { missile: 'm1', reason: 'its target is out of the battle', rule: 'GSC-7' } },
    ]);
  });

  it('RUL-9 GSC-7 a missile that stops exactly the comparison slack (a millionth of an inch) short has not reached its target', () => {
    // 12.0002" to go: the 12" move rounds to (0, 12), 0.000001" from Tyrant; its MDS are spent
    const state = withMissile(missileStep({ at: { x: 0.000001, y: 12 }, mdsUsed: 2 }), { at: { x: 0, y: -0.0002 } });
    expect(resolveMissiles(state, [], noDice())).toEqual([
      { type: 'MissileMoved', data: { missile: 'm1', from: { x: 0, y: -0.0002 }, to: { x: 0, y: 12 }, reached: false, rule: 'GSC-7' } },
    ]);
  });
});

describe('RUL-9 GSC-10 tracking', () => {
  it('RUL-9 GSC-10 a missile moving through a dust cloud keeps tracking only on a d10 of 5 or less', () => {
    // the example's dust cloud "nebula" is at (42, 24), radius 5; the missiles fly (42, 14) to (42, 26)
    let state = missileStep({ at: { x: 42, y: 40 }, mdsUsed: 2 });
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
      withMissile({ ...missileStep({ at: { x: 8, y: 40 }, mdsUsed: 2 }), turn: 2 }, { at: { x: 8, y: 14 }, tested });
    expect(resolveMissiles(over(2), [], scriptedDice([6]))).toEqual([
      { type: 'MissileMoved', data: { missile: 'm1', from: { x: 8, y: 14 }, to: { x: 8, y: 26 }, reached: false, rule: 'GSC-7' } },
    ]);
    expect(types(resolveMissiles(over(1), [], scriptedDice([6])))).toEqual(['TrackingTested']);
  });
});

// ---------------------------------------------------------------------------------------------
// assault pods

/** The Boarding step: Valiant at the origin facing north, Tyrant 15" ahead facing it, neither moved this turn. */
const apart = (): GscState => {
  let state: GscState = { ...battle(), turn: 1, step: 'boarding' };
  state = place(state, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 0 });
  return place(state, 'tyrant', { at: { x: 0, y: 15 }, facing: 4, moved: 0 });
};

/** Valiant's heavy squad in a pod 6" out, flying at Tyrant (targeting 5, the cruiser's). */
const pod = (patch: Partial<Pod> = {}): Pod => ({
  ...{ id: 'valiant-pod-1', seat: 'red', ship: 'valiant', squad: 'heavy' },
  ...{ at: { x: 0, y: 6 }, targeting: 5, heading: { target: 'tyrant' } },
  ...patch,
});

const flying = (state: GscState, ...pods: Pod[]): GscState => ({ ...state, podsInFlight: Object.fromEntries(pods.map((p) => [p.id, p])) });

const podMoved = (from: Pod['at'], to: Pod['at'], heading: Pod['heading'], reached = false, id = 'valiant-pod-1') => ({
  type: 'PodMoved',
  data: { pod: id, from, to, heading, reached, rule: 'GSC-20' },
});

describe('RUL-9 GSC-20 directing assault pods', () => {
  it('RUL-9 GSC-20 a direction to a point of the table is a pod and an {x, y} point, nothing more', () => {
    expect(podDirectionSchema.safeParse({ pod: 'p', to: { x: 1, y: 2 } })).toMatchObject({
      success: true,
      data: { pod: 'p', to: { x: 1, y: 2 } },
    });
    expect(podDirectionSchema.safeParse({ pod: 'p', to: { x: 1 } }).success).toBe(false);
    expect(podDirectionSchema.safeParse({ pod: 'p', to: { x: 1, y: 2, z: 3 } }).success).toBe(false);
  });

  it('RUL-9 GSC-20 the owner may send a pod to a point; a target that is not an enemy ship is refused under GSC-20', () => {
    const state = flying(apart(), pod());
    expect(checkPodDirections(state, 'red', [{ pod: 'valiant-pod-1', to: { x: 3, y: 3 } }])).toBeNull();
    expect(checkPodDirections(state, 'red', [{ pod: 'valiant-pod-1', target: 'lance' }])).toMatchObject({
      ok: false,
      violation: { code: 'BAD_TARGET', rule: 'GSC-20' },
    });
  });

  it("RUL-9 GSC-20 at resolution directions for another seat's pod, or a pod not in flight, are ignored", () => {
    const directions = [
      {
        seat: 'blue',
        pods: [
          { pod: 'valiant-pod-1', to: { x: -6, y: 6 } },
          { pod: 'ghost', target: 'valiant' },
        ],
      },
    ];
    // Valiant's pod flies on at Tyrant as red last directed it
    expect(resolvePods(flying(apart(), pod()), [], directions, noDice())).toEqual([
      podMoved({ x: 0, y: 6 }, { x: 0, y: 12 }, { target: 'tyrant' }),
    ]);
  });

  it('RUL-9 GSC-20 a pod told to hold the point where it is records that heading, and no longer flies at its old target', () => {
    const state = flying(apart(), pod());
    const held = resolvePods(state, [], [{ seat: 'red', pods: [{ pod: 'valiant-pod-1', to: { x: 0, y: 6 } }] }], noDice());
    expect(held).toEqual([podMoved({ x: 0, y: 6 }, { x: 0, y: 6 }, { point: { x: 0, y: 6 } })]);
    // next turn, undirected, it stays
    expect(resolvePods(fold(state, held), [], [], noDice())).toEqual([]);
  });
});

describe('RUL-9 GSC-20 launching assault pods', () => {
  it('RUL-9 GSC-20 pods are numbered on from those the ship already launched, one squad each, and fly at once', () => {
    // a cruiser of 3 pods that has launched one: the next two are pods 2 and 3
    const design = { ...(battle().designs.cruiser as GscState['designs'][string]), assaultPods: 3 };
    const state = place({ ...apart(), designs: { ...apart().designs, cruiser: design } }, 'valiant', { pods: 2 });
    const events = resolvePods(state, [{ ship: 'valiant', target: 'tyrant', assault: 1, heavy: 1 }], [], noDice());
    expect(events).toEqual([
      {
        type: 'PodsLaunched',
        data: {
          ...{ ship: 'valiant', target: 'tyrant', at: { x: 0, y: 0 }, targeting: 5, rule: 'GSC-20' },
          pods: [
            { id: 'valiant-pod-2', squad: 'assault' },
            { id: 'valiant-pod-3', squad: 'heavy' },
          ],
        },
      },
      podMoved({ x: 0, y: 0 }, { x: 0, y: 6 }, { target: 'tyrant' }, false, 'valiant-pod-2'),
      podMoved({ x: 0, y: 0 }, { x: 0, y: 6 }, { target: 'tyrant' }, false, 'valiant-pod-3'),
    ]);
  });

  it('RUL-9 GSC-20 a ship out of the battle, or no ship at all, launches no pods', () => {
    const state = place(apart(), 'valiant', { status: 'destroyed' });
    const launches = [
      { ship: 'valiant', target: 'tyrant', assault: 0, heavy: 1 },
      { ship: 'nobody', target: 'tyrant', assault: 1, heavy: 0 },
    ];
    expect(resolvePods(state, launches, [], noDice())).toEqual([]);
  });
});

describe('RUL-9 GSC-20 pods in flight', () => {
  it('RUL-9 GSC-20 a pod whose target ship is out of the battle, or is no ship, waits where it is for a new direction', () => {
    const state = flying(
      place(apart(), 'tyrant', { status: 'destroyed' }),
      pod(),
      pod({ id: 'valiant-pod-2', heading: { target: 'nobody' } }),
    );
    expect(resolvePods(state, [], [], noDice())).toEqual([]);
  });

  it('RUL-9 GSC-20 a pod that stops exactly the comparison slack short of its target has not reached it, and does not ram', () => {
    // 6.0002" to go: the 6" move rounds to (0, 6), 0.000001" from Tyrant
    const state = flying(place(apart(), 'tyrant', { at: { x: 0.000001, y: 6 } }), pod({ at: { x: 0, y: -0.0002 } }));
    expect(resolvePods(state, [], [], noDice())).toEqual([podMoved({ x: 0, y: -0.0002 }, { x: 0, y: 6 }, { target: 'tyrant' })]);
  });

  it('RUL-9 GSC-20 an undirected pod covers even the last millionth of an inch to its point', () => {
    const heading = { point: { x: 0.000001, y: 0 } };
    const state = flying(apart(), pod({ at: { x: 0, y: 0 }, heading }));
    expect(resolvePods(state, [], [], noDice())).toEqual([podMoved({ x: 0, y: 0 }, { x: 0.000001, y: 0 }, heading)]);
  });

  it("RUL-9 GSC-20 a pod that reaches its target rams at once: the launcher's targeting + aspect, at most, with GSC-15's modifiers", () => {
    // from (0, 12), Tyrant's bow: 5 + 1 = 6; one deflector -1, did not move +2: 7 or less
    const events = resolvePods(flying(apart(), pod({ at: { x: 0, y: 12 } })), [], [], scriptedDice([7]));
    expect(events).toEqual([
      podMoved({ x: 0, y: 12 }, { x: 0, y: 15 }, { target: 'tyrant' }, true),
      {
        type: 'PodRammed',
        data: {
          ...{ pod: 'valiant-pod-1', target: 'tyrant', squad: 'heavy', aspect: 'bow', hit: true, rule: 'GSC-20' },
          roll: expect.objectContaining({
            sides: 10,
            value: 7,
            target: 6,
            effectiveTarget: 7,
            compare: 'atMost',
            success: true,
            rule: 'GSC-20',
          }),
        },
      },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// beam fire and the range table

/** Valiant at the origin facing north, having moved 6"; Tyrant placed by `tyrant`. */
const beamStep = (tyrant: Partial<ShipState>, from: GscState = battle()): GscState =>
  place(place(from, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 6 }), 'tyrant', tyrant);

/** Tyrant `range` inches to Valiant's port (light battery C's L arc), its bow towards Valiant. */
const toPort = (range: number, tyrant: Partial<ShipState> = {}, from?: GscState) =>
  beamStep({ at: { x: -range, y: 0 }, facing: 2, moved: 6, ...tyrant }, from);

const fire = (...orders: BeamOrders['fire']): BeamOrders => ({ step: 'beams', fire: orders });
const redFires = (state: GscState, orders: BeamOrders, faces: number[]) =>
  resolveBeams(state, [{ seat: 'red', orders }], scriptedDice(faces));
const deflector = { applies: 'target', value: -1, rule: 'GSC-15', reason: '1 deflector level on the target' };

describe('RUL-9 GSC-15 GSC-12 the modifiers logged with a shot', () => {
  it('RUL-9 GSC-15 the deflector modifier counts its levels: 1 level, 2 levels', () => {
    const tyrant = (level: number) => {
      const state = battle();
      return { ...(state.ships.tyrant as ShipState), ...levels(state, 'tyrant', { deflectors: { level, max: 2 } }), moved: 6 };
    };
    expect(toHitModifiers(tyrant(1))).toEqual([deflector]);
    expect(toHitModifiers(tyrant(2))).toEqual([{ ...deflector, value: -2, reason: '2 deflector levels on the target' }]);
  });

  it('RUL-9 GSC-12 a light beam at exactly 6" is at short range (+1); a medium one at 30" at long range (-1)', () => {
    const modifiers = (state: GscState, battery: string, face = 10) =>
      of(redFires(state, fire({ ship: 'valiant', battery, target: 'tyrant' }), [face]), 'BeamFired')[0]?.data.roll.modifiers;
    expect(modifiers(toPort(6), 'C')).toEqual([
      deflector,
      { applies: 'target', value: 1, rule: 'GSC-12', reason: 'light beam at 6", short range' },
    ]);
    expect(modifiers(beamStep({ at: { x: 0, y: 30 }, facing: 4, moved: 6 }), 'B')).toEqual([
      deflector,
      { applies: 'target', value: -1, rule: 'GSC-12', reason: 'medium beam at 30", long range' },
    ]);
  });
});

describe('RUL-9 GSC-12 how far beams reach', () => {
  it('RUL-9 GSC-12 within normal range a beam may fire even when no roll can hit: the reach limit is for long-range bands', () => {
    // 10" is normal range for a light beam; 5 + bow 1 - 6 deflector levels - 1 for 12" moved = -1
    const state = toPort(10, { ...levels(battle(), 'tyrant', { deflectors: { level: 6, max: 6 } }), moved: 12 });
    const orders = fire({ ship: 'valiant', battery: 'C', target: 'tyrant' });
    expect(checkBeamOrders(state, 'red', orders)).toBeNull();
    expect(of(redFires(state, orders, [1]), 'BeamFired')[0]?.data).toMatchObject({ hit: false, roll: { value: 1, effectiveTarget: -1 } });
  });

  it('RUL-9 GSC-12 capped, a light beam past its last band is out of range; printed, it is beyond the reach of a roll of 1', () => {
    const orders = fire({ ship: 'valiant', battery: 'C', target: 'tyrant' });
    const capped = toPort(18.01, {}, battleWith({ beamRanges: 'capped' }));
    expect(checkBeamOrders(capped, 'red', orders)).toMatchObject({
      ok: false,
      violation: {
        code: 'CANNOT_FIRE',
        rule: 'GSC-12',
        message: `Tyrant is 18.01" away, out of range of Valiant's light battery C (GSC-12).`,
      },
    });
    expect(checkBeamOrders(toPort(20.01), 'red', orders)).toMatchObject({
      ok: false,
      violation: { code: 'CANNOT_FIRE', rule: 'GSC-12', message: expect.stringContaining('beyond the reach of') },
    });
  });

  it('RUL-9 GSC-12 the slack at a band edge belongs to the nearer band', () => {
    expect([rangeModifier('light', 6 + EPSILON), rangeModifier('heavy', 12 + EPSILON)]).toEqual([1, -1]);
    const bands = [
      ['light', 6],
      ['light', 6 + EPSILON],
      ['light', 12],
      ['light', 12 + EPSILON],
      ['light', 12.001],
      ['medium', 24],
      ['medium', 24.001],
      ['heavy', 12],
      ['heavy', 36],
      ['heavy', 36.001],
    ] as const;
    expect(bands.map(([beam, inches]) => bandOf(beam, inches))).toEqual([
      'short',
      'short',
      'normal',
      'normal',
      'long',
      'normal',
      'long',
      'short',
      'normal',
      'long',
    ]);
  });
});

describe('RUL-9 GSC-14 beam orders', () => {
  it("RUL-9 GSC-14 a refusal's rule is the domain's, never read out of a battery name the player typed", () => {
    const refused = checkBeamOrders(
      beamStep({ at: { x: 0, y: 24 }, facing: 4 }),
      'red',
      fire({ ship: 'valiant', battery: '(GSC-13).', target: 'tyrant' }),
    );
    expect(refused).toMatchObject({ ok: false, violation: { code: 'CANNOT_FIRE', rule: 'GSC-14' } });
  });

  it('RUL-9 GSC-14 at resolution an order that cannot be aimed fires nothing, and the others still fire', () => {
    // the sealing check refuses these; B at Tyrant 24" ahead, bow on, unmoved: 5 + 1 - 1 + 2 = 7, and an 8 misses
    const state = beamStep({ at: { x: 0, y: 24 }, facing: 4, moved: 0 });
    const orders = fire(
      { ship: 'nobody', battery: 'A', target: 'tyrant' },
      { ship: 'valiant', battery: 'B', target: 'nobody' },
      { ship: 'valiant', battery: 'Z', target: 'tyrant' },
      { ship: 'valiant', battery: 'B', target: 'tyrant' },
    );
    expect(redFires(state, orders, [8])).toEqual([
      {
        type: 'BeamFired',
        data: {
          ...{ ship: 'valiant', battery: 'B', target: 'tyrant', range: 24, aspect: 'bow', hit: false, rule: 'GSC-14' },
          roll: expect.objectContaining({ value: 8, target: 6, effectiveTarget: 7, compare: 'atMost', success: false, rule: 'GSC-15' }),
        },
      },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// damage

describe('RUL-9 GSC-18 the system damage chart', () => {
  /** One point of damage on `ship` past its shields (spent this turn), the armor roll failed (10), then `chart`. */
  const penetrating = (state: GscState, ship: 'tyrant' | 'viper', chart: number) => {
    const spent = place(state, ship, { absorbed: state.ships[ship]?.systems.shields?.level ?? 0 });
    return resolveHit(spent, ship, { source: 'test', damage: 1, rule: 'GSC-14' }, scriptedDice([10, chart])).data;
  };
  const fresh = (level: number, max = level) => ({ level, max, hits: 0, destroyed: false });

  it('RUL-9 GSC-18 the chart passes over a system the ship was never fitted with', () => {
    // a destroyer has no thrusters (0 of 0); every row here reads thrusters, then drive
    const destroyer = { ...(battle().designs.destroyer as GscState['designs'][string]) };
    const state = {
      ...battle(),
      designs: { ...battle().designs, destroyer: { ...destroyer, damageChart: Array(10).fill(['thrusters', 'drive']) } },
    };
    expect(penetrating(state, 'viper', 1).system).toEqual({ ref: 'drive', before: fresh(12), after: { ...fresh(11, 12), hits: 1 } });
  });

  it('RUL-9 GSC-18 the chart passes over MDS with no level left, but not deflectors at 0 (they can still go below 0)', () => {
    // Tyrant's row 10: mds, drive, battery B; row 7: deflectors, scanners
    const state = place(battle(), 'tyrant', levels(battle(), 'tyrant', { mds: { level: 0 }, deflectors: { level: 0 } }));
    expect(penetrating(state, 'tyrant', 10).system).toEqual({ ref: 'drive', before: fresh(8), after: { ...fresh(7, 8), hits: 1 } });
    expect(penetrating(state, 'tyrant', 7).system).toMatchObject({ ref: 'deflectors', before: { level: 0 } });
  });

  it('RUL-9 GSC-18 a chart roll on a row whose systems are all destroyed damages no system', () => {
    // Tyrant's row 1: battery A, drive
    const state = place(battle(), 'tyrant', levels(battle(), 'tyrant', { 'battery:A': { destroyed: true }, drive: { destroyed: true } }));
    expect(penetrating(state, 'tyrant', 1)).toMatchObject({ chart: { value: 1 }, system: null });
  });

  it('RUL-9 GSC-16 a hit on a ship that is not in the battle, or has no design, is a programming error, named', () => {
    const hit = { source: 'test', damage: 1, rule: 'GSC-14' };
    expect(() => resolveHit(battle(), 'nobody', hit, noDice())).toThrow('no ship nobody');
    expect(() => resolveHit(place(battle(), 'tyrant', { design: 'ghost' }), 'tyrant', hit, noDice())).toThrow('no ship tyrant');
  });
});
