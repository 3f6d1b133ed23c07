import { describe, expect, it } from 'vitest';
import { type BoardingOrders, checkBoardingOrders, resolveBoarding } from '../../domain/gsc2/boarding.ts';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import { fold } from '../../domain/gsc2/evolve.ts';
import { checkPodDirections, podDirectionSchema, resolvePods } from '../../domain/gsc2/pods.ts';
import type { GscState, Pod } from '../../domain/gsc2/state.ts';
import { awaitedFor } from '../../domain/gsc2/steps.ts';
import { view } from '../../domain/gsc2/view.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { seat } from '../support/decider-spec.ts';
import { battle, levels, of, place, rulesOf, startBattle } from '../support/gsc2.ts';
import { noDice } from '../support/gsc2-setups.ts';

const RULESETS = everyRuleset();

const boarding = (patch: Partial<BoardingOrders> = {}): BoardingOrders => ({ step: 'boarding', actions: [], sabotage: [], ...patch });
const launchAt = (target: string): BoardingOrders =>
  boarding({ actions: [{ ship: 'valiant', target, method: 'pods', assault: 0, heavy: 1 }] });

/** Valiant (red cruiser, one pod, one heavy squad) at the origin; Tyrant 15" ahead, facing it, not moving this turn. */
const apart = (): GscState => {
  let state: GscState = { ...battle(), turn: 1, step: 'boarding' };
  state = place(state, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 0 });
  return place(state, 'tyrant', { at: { x: 0, y: 15 }, facing: 4, moved: 0 });
};

/** One Boarding step: resolve the seats' orders with `faces`, then the next turn. */
const step = (state: GscState, red: BoardingOrders, faces: number[] = []) => {
  const events = resolveBoarding(state, [{ seat: 'red', orders: red }], scriptedDice(faces));
  const after = fold(state, events);
  return { events, after: { ...after, turn: after.turn + 1 } };
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

describe('GSC-20 assault pods', () => {
  it('GSC-20 pods may be launched at a ship more than 6" away', () => {
    expect(checkBoardingOrders(apart(), 'red', launchAt('tyrant'))).toBeNull();
  });
  it('GSC-20 a pod moves 6" a turn towards its target over several turns and rams when it gets there', () => {
    const t1 = step(apart(), launchAt('tyrant'));
    expect(of(t1.events, 'PodsLaunched')[0]?.data.pods).toEqual([{ id: 'valiant-pod-1', squad: 'heavy' }]);
    expect(of(t1.events, 'PodMoved').map((e) => [e.data.to, e.data.reached])).toEqual([[{ x: 0, y: 6 }, false]]);
    expect(of(t1.events, 'PodRammed')).toEqual([]);
    // the squad and the pod left the ship at launch
    expect(t1.after.ships.valiant).toMatchObject({ pods: 0, systems: { heavyAssaultSquads: { level: 0 } } });
    const t2 = step(t1.after, boarding());
    expect(of(t2.events, 'PodMoved').map((e) => e.data.to)).toEqual([{ x: 0, y: 12 }]);
    expect(of(t2.events, 'PodRammed')).toEqual([]);
    // turn 3: 3" left; targeting 5 + Tyrant's bow 1, one deflector -1, did not move +2 = 7
    const t3 = step(t2.after, boarding(), [7, ...Array(20).fill(10)]);
    expect(of(t3.events, 'PodMoved').map((e) => [e.data.to, e.data.reached])).toEqual([[{ x: 0, y: 15 }, true]]);
    const ram = of(t3.events, 'PodRammed')[0]?.data;
    expect(ram).toMatchObject({ pod: 'valiant-pod-1', target: 'tyrant', aspect: 'bow', hit: true });
    expect(ram?.roll).toMatchObject({ target: 6, effectiveTarget: 7, value: 7, rule: 'GSC-20' });
    expect(t3.after.podsInFlight).toEqual({});
    // the squad is aboard and boarding combat follows; a ram does no structure damage
    expect(of(t3.events, 'BoardingFought')).toHaveLength(1);
    expect(of(t3.events, 'DamageInflicted')).toEqual([]);
    expect(t3.after.ships.tyrant?.hull).toBe(apart().ships.tyrant?.hull);
  });
  it('GSC-20 the owner directs each pod every turn: to a point, then at another ship', () => {
    const t1 = step(apart(), launchAt('tyrant'));
    const t2 = step(t1.after, boarding({ pods: [{ pod: 'valiant-pod-1', to: { x: 6, y: 6 } }] }));
    expect(of(t2.events, 'PodMoved').map((e) => [e.data.to, e.data.heading])).toEqual([[{ x: 6, y: 6 }, { point: { x: 6, y: 6 } }]]);
    // undirected, it holds the point
    expect(step(t2.after, boarding()).events).toEqual([]);
    const near = place(t2.after, 'viper', { at: { x: 6, y: 10 }, facing: 4, moved: 0 });
    const t3 = step(near, boarding({ pods: [{ pod: 'valiant-pod-1', target: 'viper' }] }), [1, ...Array(20).fill(10)]);
    expect(of(t3.events, 'PodRammed')[0]?.data).toMatchObject({ target: 'viper', hit: true });
  });
  it('GSC-20 a ramming pod that misses is lost with its squad', () => {
    const close = place(apart(), 'tyrant', { at: { x: 0, y: 5 } });
    const { events, after } = step(close, launchAt('tyrant'), [8]);
    expect(of(events, 'PodRammed')[0]?.data).toMatchObject({ hit: false });
    expect(after.podsInFlight).toEqual({});
    expect(after.ships.tyrant?.boarders).toEqual({ assault: 0, heavy: 0 });
    expect(after.ships.valiant?.systems.heavyAssaultSquads?.level).toBe(0);
  });
  it('GSC-20 only the owner directs a pod, once a turn, at an enemy ship', () => {
    const { after } = step(apart(), launchAt('tyrant'));
    const direct = (seat: string, pods: BoardingOrders['pods']) => checkBoardingOrders(after, seat, boarding({ pods }));
    expect(direct('blue', [{ pod: 'valiant-pod-1', to: { x: 0, y: 0 } }])).toMatchObject({ violation: { code: 'NOT_YOUR_POD' } });
    expect(direct('red', [{ pod: 'valiant-pod-1', target: 'lance' }])).toMatchObject({ violation: { code: 'BAD_TARGET' } });
    const twice = [
      { pod: 'valiant-pod-1', target: 'tyrant' },
      { pod: 'valiant-pod-1', target: 'viper' },
    ];
    expect(direct('red', twice)).toMatchObject({ violation: { code: 'POD_TWICE', rule: 'GSC-20' } });
  });
  it("GSC-20 pods in flight show in every seat's view, and their owner is awaited in Boarding to direct them", () => {
    const { after } = step(apart(), launchAt('tyrant'));
    // red's only ship has no squads left to send, but it has a pod to direct
    const emptied = place(after, 'valiant', levels(after, 'valiant', { assaultSquads: { level: 0 }, transporters: { level: 0 } }));
    expect(awaitedFor(emptied, 'boarding')).toContain('red');
    for (const seat of ['red', 'blue', null]) {
      expect(view(emptied, seat).podsInFlight['valiant-pod-1']).toMatchObject({
        seat: 'red',
        at: { x: 0, y: 6 },
        heading: { target: 'tyrant' },
      });
    }
  });
});

describe('GSC-20 assault pods in a match', () => {
  // a carrier with one pod and one squad, 15" from a scout; nothing else to fire, board or repair
  const bare = { size: 4, drive: 6, turnDistance: 3, targeting: 5, aspect: { bow: 0, broadside: 0, stern: 0 }, deflectors: 0, shields: 0 };
  const chart = Array(10).fill(['drive']);
  const rules = {
    designs: {
      carrier: { ...bare, armor: 0, hull: 5, crew: 1, assaultPods: 1, assaultSquads: 1, damageChart: chart },
      scout: { ...bare, armor: 0, hull: 5, crew: 1, damageChart: chart },
    },
    fleets: {
      red: [{ id: 'carrier', design: 'carrier', x: 0, y: 0, facing: 0 }],
      blue: [{ id: 'scout', design: 'scout', x: 0, y: 15, facing: 4 }],
    },
    terrain: [],
  };
  const sitStill = (game: ReturnType<typeof startBattle>) => {
    game.run({ type: 'MoveShip', ship: 'scout', path: [] }, seat('blue'));
    game.run({ type: 'MoveShip', ship: 'carrier', path: [] }, seat('red'));
  };
  it('GSC-20 launched in turn 1, the pod is seen in flight, directed in turn 2 and rams in turn 3', () => {
    const game = startBattle(rules);
    sitStill(game);
    expect(rulesOf(game)).toMatchObject({ step: 'boarding', awaited: ['red'] });
    const launch = {
      step: 'boarding',
      actions: [{ ship: 'carrier', target: 'scout', method: 'pods', assault: 1, heavy: 0 }],
      sabotage: [],
    };
    game.run({ type: 'SubmitOrders', orders: launch }, seat('red'));
    // turn 2: the pod is 6" out, and the other seat sees it too
    const blueSees = viewGame(RULESETS, game.state, 'blue')?.game as { podsInFlight: Record<string, { at: unknown }> };
    expect(blueSees.podsInFlight['carrier-pod-1']?.at).toEqual({ x: 0, y: 6 });
    sitStill(game);
    // red has no squad left aboard, but a pod to direct
    expect(rulesOf(game)).toMatchObject({ turn: 2, step: 'boarding', awaited: ['red'] });
    const direct = { step: 'boarding', actions: [], sabotage: [], pods: [{ pod: 'carrier-pod-1', target: 'scout' }] };
    game.run({ type: 'SubmitOrders', orders: direct }, seat('red'));
    expect(rulesOf(game).podsInFlight['carrier-pod-1']?.at).toEqual({ x: 0, y: 12 });
    sitStill(game);
    // turn 3: 3" to go; a 1 rams home, then the squad fights the scout's crew (both miss on 10s)
    const events = game.run(
      { type: 'SubmitOrders', orders: { step: 'boarding', actions: [], sabotage: [] } },
      seat('red'),
      scriptedDice([1, 10, 10]),
    );
    expect(of(events as readonly GscEvent[], 'PodRammed').map((e) => e.data)).toMatchObject([
      { pod: 'carrier-pod-1', target: 'scout', hit: true },
    ]);
    expect(of(events as readonly GscEvent[], 'BoardingFought')).toHaveLength(1);
    expect(rulesOf(game).podsInFlight).toEqual({});
    expect(rulesOf(game).ships.scout?.boarders).toEqual({ assault: 1, heavy: 0 });
  });
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
