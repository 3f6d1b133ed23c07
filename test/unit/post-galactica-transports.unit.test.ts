import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { type Faction, unitSheetSchema } from '../../domain/post-galactica/datasheets.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { supplyUsed, workersOnBattlefield } from '../../domain/post-galactica/workers.ts';
import { seat } from '../support/decider-spec.ts';
import { arena, eventData, passTo, rules, toPhase, unit } from '../support/post-galactica.ts';

const EXAMPLE = exampleScenario();

// A Vanguard Carrier (keyword `Transport 4`, 1 Cohesion so one hit destroys it) joins red's list,
// beside the second squad of Troopers (3 models) and the fourth Engineer.
const CARRIER = 'red-carrier-1';
const SQUAD = 'red-vanguard-troopers-2';
const carrier = unitSheetSchema.parse({
  name: 'Carrier',
  movement: 8,
  cohesion: 1,
  bodyValue: 1,
  rangedSkill: 0,
  meleeSkill: 0,
  keywords: ['Vehicle', 'Transport 4'],
  actions: ['Load', 'Unload'],
  baseRadius: 1.5,
});
const vanguard = EXAMPLE.factions.vanguard;
const factions: Record<string, Faction> = { ...EXAMPLE.factions, vanguard: { ...vanguard, units: { ...vanguard.units, carrier } } };
const red = { units: [...EXAMPLE.armies.red.units, { datasheet: 'carrier' }] };
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
});
