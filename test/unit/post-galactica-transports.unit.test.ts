import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import * as z from '../../domain/kernel/zod.ts';
import { pgCommandSchema } from '../../domain/post-galactica/commands.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { unitLost } from '../../domain/post-galactica/transports.ts';
import { supplyUsed, workersOnBattlefield } from '../../domain/post-galactica/workers.ts';
import { type Game, seat } from '../support/decider-spec.ts';
import { arena, eventData, must, passTo, rules, type Spot, toPhase, unit, withUnit } from '../support/post-galactica.ts';
import { carrierSheet, standing, toAction, toRedStatus, withCarriers } from '../support/post-galactica-setups.ts';

const EXAMPLE = exampleScenario();
const VANGUARD = EXAMPLE.factions.vanguard;

// A Vanguard Carrier (keyword `Transport 4`, 1 Cohesion so one hit destroys it) joins red's list,
// beside the second squad of Troopers (3 models) and the fourth Engineer.
const CARRIER = 'red-carrier-1';
const SQUAD = 'red-vanguard-troopers-2';
const { factions, red } = withCarriers(carrierSheet());
const beside = [
  { unitId: CARRIER, x: 12.5, y: 22 },
  { unitId: 'red-worker-4', x: 12.5, y: 24.5 },
];

const game = (at = beside) => {
  const g = arena(at, { factions, red });
  toPhase(g, 'action');
  return g;
};
const LOAD = { type: 'Load', unitId: CARRIER, passengerIds: [SQUAD, 'red-worker-4'] } as const;

describe('Load', () => {
  it('PG-10 a Transport 4 takes aboard 3 Troopers and a Worker within 1"; aboard they are off the board', () => {
    const g = game();
    expect(g.run(LOAD, seat('red'))).toEqual([
      {
        type: 'UnitsLoaded',
        data: { transportId: CARRIER, passengerIds: [SQUAD, 'red-worker-4'], models: 4, capacity: 4, rule: 'PG-10' },
      },
    ]);
    expect(unit(g, SQUAD)).toMatchObject({ position: null, embarkedIn: CARRIER });
  });
  it('PG-17 PG-19 a Worker aboard a transport still counts as a Worker and uses Supply', () => {
    const g = game();
    g.run(LOAD, seat('red'));
    expect(workersOnBattlefield(rules(g), 'red')).toBe(4);
    expect(supplyUsed(rules(g), 'red')).toBe(4);
  });
  it('PG-10 loading beyond the Transport capacity is refused', () => {
    const at = [...beside, { unitId: 'red-vanguard-troopers-1', x: 15, y: 22 }];
    const v = game(at)
      .when({ type: 'Load', unitId: CARRIER, passengerIds: [SQUAD, 'red-vanguard-troopers-1'] }, seat('red'))
      .thenRejects('PG-10', 'OVER_CAPACITY');
    expect(v.message).toBe('Carrier (red-carrier-1) carries 4 models; loading these would make 6.');
  });
  it('PG-10 a unit more than 1" away cannot board', () => {
    game()
      .when({ type: 'Load', unitId: CARRIER, passengerIds: ['red-worker-1'] }, seat('red'))
      .thenRejects('PG-10', 'OUT_OF_REACH');
  });
  it('PG-10 only a datasheet with a Transport capacity loads', () => {
    game()
      .when({ type: 'Load', unitId: 'red-sentinel-walker-1', passengerIds: [SQUAD] }, seat('red'))
      .thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
  });
  it('RUL-9 PG-10 PG-2 models already aboard count toward the capacity: 1 Engineer, then 3 Troopers, make 4', () => {
    expect(eventData(aboard([WORKER]).run(loadOf(SQUAD), seat('red')), 'UnitsLoaded')).toEqual({
      transportId: CARRIER,
      passengerIds: [SQUAD],
      models: 4,
      capacity: 4,
      rule: 'PG-10',
    });
  });
  it('RUL-9 PG-10 a transport cannot carry itself', () => {
    const v = carriersAt().when(loadOf(CARRIER), seat('red')).thenRejects('PG-10', 'CANNOT_LOAD');
    expect(v.message).toBe('Carrier (red-carrier-1) cannot carry itself.');
  });
  it('RUL-9 PG-10 a building within 1" cannot be carried', () => {
    // The Carrier touches the Command Center (6, 18; 3" radius).
    carriersAt([{ unitId: CARRIER, x: 10.5, y: 18 }])
      .when(loadOf('red-cc'), seat('red'))
      .thenRejects('PG-10', 'CANNOT_LOAD');
  });
  it('RUL-9 PG-10 a transport within 1" cannot be carried by another', () => {
    carriersAt([{ unitId: SECOND, x: 15.5, y: 22 }])
      .when(loadOf(SECOND), seat('red'))
      .thenRejects('PG-10', 'CANNOT_LOAD');
  });
  it('RUL-9 PG-10 a unit exactly 1" away (edge to edge) may board', () => {
    // Engineer (0.5" radius) 3" from the centre of the 1.5" Carrier.
    const events = carriersAt([{ unitId: WORKER, x: 12.5, y: 25 }]).run(loadOf(WORKER), seat('red'));
    expect(eventData(events, 'UnitsLoaded').models).toBe(1);
  });
  it('RUL-9 PG-10 a unit allowed to Load but with no Transport capacity carries nothing', () => {
    const loading = withUnit('vanguard', 'engineer', (e) => ({ ...e, actions: [...e.actions, 'Load'] }), FACTIONS);
    carriersAt([], loading)
      .when({ type: 'Load', unitId: WORKER, passengerIds: ['red-worker-3'] }, seat('red'))
      .thenRejects('PG-10', 'NOT_A_TRANSPORT');
  });
  it('RUL-9 PG-10 a passenger that does not exist, or is not yours, is refused under PG-10', () => {
    const g = carriersAt();
    g.when(loadOf('red-nothing'), seat('red')).thenRejects('PG-10', 'UNKNOWN_UNIT');
    g.when(loadOf('blue-raiders-1'), seat('red')).thenRejects('PG-10', 'NOT_YOUR_UNIT');
  });
});

describe('Unload', () => {
  const aboard = () => {
    const g = game();
    g.run(LOAD, seat('red'));
    passTo(g, 'red');
    toPhase(g, 'action');
    return g;
  };
  it('PG-10 passengers get out within 1" of the transport, on a legal spot', () => {
    const g = aboard();
    const out = { type: 'Unload', unitId: CARRIER, units: [{ unitId: SQUAD, x: 12.5, y: 19 }] } as const;
    expect(g.run(out, seat('red'))).toEqual([
      { type: 'UnitsUnloaded', data: { transportId: CARRIER, placements: [{ unitId: SQUAD, x: 12.5, y: 19 }], rule: 'PG-10' } },
    ]);
    expect(unit(g, SQUAD)).toMatchObject({ position: { x: 12.5, y: 19 }, embarkedIn: null });
    expect(unit(g, 'red-worker-4')?.embarkedIn).toBe(CARRIER);
  });
  it('PG-10 a passenger may not get out more than 1" from the transport', () => {
    const v = aboard()
      .when({ type: 'Unload', unitId: CARRIER, units: [{ unitId: SQUAD, x: 12.5, y: 17 }] }, seat('red'))
      .thenRejects('PG-10', 'OUT_OF_REACH');
    expect(v.message).toBe(
      'Vanguard Troopers (red-vanguard-troopers-2) must get out within 1" of Carrier (red-carrier-1); that spot is 2.5" away.',
    );
  });
  it("PG-10 a destroyed transport's passengers get out around where it stood", () => {
    const g = arena([...beside, { unitId: 'blue-raiders-1', x: 25, y: 22 }], { factions, red });
    toPhase(g, 'action');
    g.run(LOAD, seat('red'));
    toPhase(g, 'ranged', 'blue');
    const events = g.run(
      { type: 'RangedAttack', unitId: 'blue-raiders-1', targetId: CARRIER },
      seat('blue'),
      scriptedDice([6, 1, 1, 1, 1]),
    );
    expect(events.map((e) => e.type)).toEqual(['AttackResolved', 'UnitDestroyed', 'PassengersDisembarked']);
    const placements = eventData(events, 'PassengersDisembarked').placements;
    // In game order, each at the first free spot clockwise from east around the Carrier's base (12.5, 22), radius 1.5.
    expect(placements).toEqual([
      { unitId: 'red-worker-4', position: { x: 14.6, y: 22 } },
      { unitId: SQUAD, position: { x: 13.8, y: 24.25 } },
    ]);
    expect(unit(g, SQUAD)).toMatchObject({ position: { x: 13.8, y: 24.25 }, embarkedIn: null });
  });
  it('RUL-9 PG-10 the command schema takes each passenger as unitId, x and y, and nothing else', () => {
    const command = unloadOf({ unitId: SQUAD, x: 12.5, y: 19 });
    expect(z.safeParse(pgCommandSchema, command).data).toEqual(command);
    expect(z.safeParse(pgCommandSchema, unloadOf({ ...command.units[0], z: 1 } as Spot)).success).toBe(false);
  });
  it('RUL-9 PG-10 only a unit allowed to Unload unloads', () => {
    aboard()
      .when({ ...unloadOf({ unitId: SQUAD, x: 12.5, y: 19 }), unitId: 'red-sentinel-walker-1' }, seat('red'))
      .thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
  });
  it('RUL-9 PG-10 a unit on the battlefield, or one that does not exist, is not aboard', () => {
    const g = aboard();
    g.when(unloadOf({ unitId: 'red-worker-1', x: 12.5, y: 19 }), seat('red')).thenRejects('PG-10', 'NOT_ABOARD');
    const v = g.when(unloadOf({ unitId: 'red-nothing', x: 12.5, y: 19 }), seat('red')).thenRejects('PG-10', 'NOT_ABOARD');
    expect(v.message).toBe('"red-nothing" is not aboard Carrier (red-carrier-1).');
  });
  it('RUL-9 PG-10 a passenger cannot get out onto the transport itself, even within 1"', () => {
    aboard()
      .when(unloadOf({ unitId: WORKER, x: 12.5, y: 23.5 }), seat('red'))
      .thenRejects('PG-10', 'ILLEGAL_PLACEMENT');
  });
  it('RUL-9 PG-10 two passengers cannot get out onto the same spot', () => {
    aboard()
      .when(unloadOf({ unitId: SQUAD, x: 12.5, y: 19 }, { unitId: WORKER, x: 12.5, y: 19 }), seat('red'))
      .thenRejects('PG-10', 'ILLEGAL_PLACEMENT');
  });
  it('RUL-9 PG-10 a passenger may get out exactly 1" (edge to edge) from the transport', () => {
    // Troopers (1" radius) 3.5" from the centre of the 1.5" Carrier.
    const spot = { unitId: SQUAD, x: 12.5, y: 18.5 };
    expect(eventData(aboard().run(unloadOf(spot), seat('red')), 'UnitsUnloaded').placements).toEqual([spot]);
  });
});

// A Vanguard Carrier (keyword `Transport 4`) joins red's list twice: the first stands beside the
// second squad of Troopers (3 models, touching it) and the fourth Engineer (0.5" away).
const { factions: FACTIONS, red: RED } = withCarriers(
  carrierSheet({
    ...must(VANGUARD.units['vanguard-troopers']),
    name: 'Carrier',
    cohesion: 1,
    bodyValue: 1,
    keywords: ['Vehicle', 'Transport 4'],
    actions: ['Load', 'Unload'],
    baseRadius: 1.5,
    deploymentCost: 0,
  }),
  2,
);
const SECOND = 'red-carrier-2';
const WORKER = 'red-worker-4';
const BESIDE: Spot[] = [
  { unitId: CARRIER, x: 12.5, y: 22 },
  { unitId: SECOND, x: 18, y: 30 },
  { unitId: WORKER, x: 12.5, y: 24.5 },
];

/** The carriers deployed (`at` moves units from BESIDE), in red's first Action Phase. */
const carriersAt = (at: Spot[] = [], factions = FACTIONS): Game => {
  const g = arena([...at, ...BESIDE.filter((b) => !at.some((a) => a.unitId === b.unitId))], { factions, red: RED });
  toPhase(g, 'action');
  return g;
};
const loadOf = (...passengerIds: string[]) => ({ type: 'Load', unitId: CARRIER, passengerIds }) as const;
const unloadOf = (...units: Spot[]) => ({ type: 'Unload', unitId: CARRIER, units }) as const;
/** These passengers aboard the first carrier, in red's next Action Phase. */
const aboard = (passengerIds = [SQUAD, WORKER]): Game => {
  const g = carriersAt();
  g.run(loadOf(...passengerIds), seat('red'));
  passTo(g, 'red');
  toPhase(g, 'action');
  return g;
};

const END = { type: 'EndPhase' } as const;

describe('RUL-9 transports in the Status Phase (PG-10, PG-13)', () => {
  /** The Carrier, with the Troopers and the Engineer aboard, at `cohesion` and Burning; the Troopers Burning too. */
  const burningCarrier = (cohesion: number): Game => {
    const g = carriersAt();
    g.run(loadOf(SQUAD, WORKER), seat('red'));
    const burning = [{ name: 'Burning', remaining: 2 }];
    return toRedStatus(g, standing(CARRIER, cohesion, burning), standing(SQUAD, 6, burning));
  };
  it('RUL-9 PG-13 PG-10 a unit aboard a transport is off the battlefield: its statuses wait', () => {
    const g = burningCarrier(3);
    expect(eventData(g.run(END, seat('red')), 'StatusesResolved').results.map((r) => r.unitId)).toEqual([CARRIER]);
    expect(unit(g, SQUAD)).toMatchObject({ cohesion: 6, statuses: [{ name: 'Burning', remaining: 2 }] });
  });
  it('RUL-9 PG-10 PG-13 a transport burnt out in the Status Phase sets its passengers down around where it stood', () => {
    const events = burningCarrier(1).run(END, seat('red'));
    expect(events.map((e) => e.type)).toEqual(['StatusesResolved', 'UnitDestroyed', 'PassengersDisembarked', 'PhaseStarted']);
    expect(eventData(events, 'UnitDestroyed').cause).toBe('Burning');
    // The first free spots clockwise from east around the Carrier's base (12.5, 22), radius 1.5.
    expect(eventData(events, 'PassengersDisembarked')).toEqual({
      transportId: CARRIER,
      placements: [
        { unitId: WORKER, position: { x: 14.6, y: 22 } },
        { unitId: SQUAD, position: { x: 13.8, y: 24.25 } },
      ],
      rule: 'PG-10',
    });
  });
  it('RUL-9 PG-10 a transport lost while off the battlefield sets nobody down', () => {
    // No legal command reaches this (a transport cannot board another), so unitLost is called directly.
    const g = aboard();
    const state = rules(g);
    const carrier = { ...must(unit(g, CARRIER)), position: null };
    const offField = { ...state, units: state.units.map((u) => (u.id === CARRIER ? carrier : u)) };
    expect(unitLost(offField, carrier, 'test').map((e) => e.type)).toEqual(['UnitDestroyed']);
  });
});

describe('RUL-9 transports and units off the battlefield (PG-10)', () => {
  /** A Carrier beside the second squad of Troopers (3 models) and the fourth Engineer, in red's Action Phase: a Troopers datasheet made a Carrier with these keywords. */
  const carrying = (keywords: string[]) => {
    const troopers = must(VANGUARD.units['vanguard-troopers']);
    const sheet = carrierSheet({ ...troopers, name: 'Carrier', keywords, actions: ['Load', 'Unload'], deploymentCost: 0, baseRadius: 1.5 });
    return toAction(arena(beside, withCarriers(sheet)));
  };
  it('RUL-9 PG-10 a `Transport 12` keyword carries up to 12 models', () => {
    expect(eventData(carrying(['Vehicle', 'Transport 12']).run(LOAD, seat('red')), 'UnitsLoaded')).toMatchObject({
      models: 4,
      capacity: 12,
    });
  });
  it('RUL-9 PG-10 a keyword that only contains `Transport N` gives no Transport capacity', () => {
    const v = carrying(['Vehicle', 'Heavy Transport 4', 'Transport 4 Bays'])
      .when(LOAD, seat('red'))
      .thenRejects('PG-10', 'NOT_A_TRANSPORT');
    expect(v.message).toBe('Carrier (red-carrier-1) has no Transport capacity.');
  });
  it('RUL-9 PG-10 a passenger that does not exist is refused', () => {
    const v = carrying(['Transport 4'])
      .when({ ...LOAD, passengerIds: ['red-nobody'] }, seat('red'))
      .thenRejects('PG-10', 'UNKNOWN_UNIT');
    expect(v.message).toBe('There is no unit "red-nobody" in this game.');
  });
  it('RUL-9 PG-10 a unit aboard a transport is not on the battlefield and takes no action', () => {
    const game = carrying(['Transport 4']);
    game.run(LOAD, seat('red'));
    const v = game.when({ type: 'Aim', unitId: 'red-vanguard-troopers-2' }, seat('red')).thenRejects('PG-10', 'NOT_ON_BATTLEFIELD');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-2) is not on the battlefield.');
  });
});
