/**
 * RUL-9: the Action Phase's own actions (PG-10, PG-19): who may act, Construct, Produce,
 * Repair and Interact, and what an action leaves in the state (the unit has acted, a
 * countdown placed). Driven through the real decider on the example armies in the arena.
 */
import { describe, expect, it } from 'vitest';
import { seat } from '../support/decider-spec.ts';
import { arena, eventData, given, passTo, rules, TROOPERS, toPhase, unit, withBuilding } from '../support/post-galactica.ts';
import {
  ACTION_FACTIONS,
  acting,
  BUILD_BARRACKS,
  NONE,
  PRODUCE,
  RESEARCH,
  STIM,
  standing,
  TRAINING_FACTIONS,
  toAction,
  training,
} from '../support/post-galactica-setups.ts';

describe('RUL-9 actor (PG-10)', () => {
  it('RUL-9 PG-10 an action by a unit that does not exist is refused under PG-10', () => {
    const game = acting();
    game.when({ ...PRODUCE, buildingId: 'red-nothing' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_UNIT');
    game.when({ type: 'Aim', unitId: 'red-nothing' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_UNIT');
  });
  it('RUL-9 PG-10 a unit whose datasheet allows no actions is told so', () => {
    // The Flame Brute's datasheet lists no actions.
    const game = arena();
    toPhase(game, 'action', 'blue');
    const v = game.when({ type: 'Aim', unitId: 'blue-flame-brute-1' }, seat('blue')).thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
    expect(v.message).toBe('Flame Brute (blue-flame-brute-1) cannot Aim; its datasheet allows no actions.');
  });
  it('RUL-9 PG-10 a unit whose datasheet allows some actions is told which', () => {
    const v = acting().when({ type: 'Aim', unitId: 'red-cc' }, seat('red')).thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
    expect(v.message).toBe('Command Center (red-cc) cannot Aim; its datasheet allows only Produce, Research.');
  });
});

describe('RUL-9 Construct (PG-10, PG-19)', () => {
  it('RUL-9 PG-10 only a building of your faction can be constructed', () => {
    const game = acting();
    const base = { type: 'Construct', unitId: 'red-worker-1', x: 8, y: 26 } as const;
    game.when({ ...base, datasheet: 'warp-gate' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_BUILDING');
    game.when({ ...base, datasheet: 'engineer' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_BUILDING');
  });
  it('RUL-9 PG-10 a building cannot be placed where placement is illegal, even next to its Worker', () => {
    // Overlapping the Command Center (6, 18; 3" radius), 1" from the Worker at (6, 21.6).
    const game = acting([{ unitId: 'red-worker-1', x: 6, y: 21.6 }]);
    game
      .when({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 6, y: 19 }, seat('red'))
      .thenRejects('PG-10', 'ILLEGAL_PLACEMENT');
  });
  it('RUL-9 PG-10 a building that is not a Command Center is refused under PG-10 when it cannot be paid for', () => {
    const poor = withBuilding(
      'vanguard',
      'supply-depot',
      (d) => ({ ...d, cost: { carbon: 900, crystal: 0, faction: 0 } }),
      ACTION_FACTIONS,
    );
    acting([], poor)
      .when({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'))
      .thenRejects('PG-10', 'NOT_ENOUGH_RESOURCES');
  });
  // The Crystal Extractor (1" radius) at (10, 6): its edge is exactly 1" from the Crystal Node at (10, 4).
  const nearNode = [
    { unitId: 'red-worker-1', x: 11.5, y: 7.5 },
    { unitId: 'red-sentinel-walker-1', x: 20, y: 30 },
    { unitId: 'red-worker-2', x: 7.6, y: 29.4 },
  ];
  it('RUL-9 PG-19 an Extractor whose edge is exactly 1" from a Crystal Node may be built', () => {
    const events = acting(nearNode).run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'extractor', x: 10, y: 6 }, seat('red'));
    expect(events.map((e) => e.type)).toEqual(['ConstructionStarted']);
  });
  it('RUL-9 PG-19 an Extractor next to a Carbon Node only is refused: it needs a Crystal Node', () => {
    // The Carbon Node at (8, 30); the Extractor (1" radius) at (8, 32) has its edge exactly 1" from it.
    const game = acting([
      { unitId: 'red-worker-4', x: 9.8, y: 33 },
      { unitId: 'red-worker-3', x: 12, y: 30 },
    ]);
    game
      .when({ type: 'Construct', unitId: 'red-worker-4', datasheet: 'extractor', x: 8, y: 32 }, seat('red'))
      .thenRejects('PG-19', 'NOT_ON_NODE');
  });
  const costing = (cost: { carbon: number; crystal: number; faction: number }) => {
    const game = toAction(arena([], { factions: withBuilding('vanguard', 'supply-depot', (d) => ({ ...d, cost })) }));
    return game.when({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
  };
  // Red has 200 Carbon and 50 Crystal from the mission, and 1 faction resource from its first Command Phase (PG-6).
  it('RUL-9 PG-10 a building costing 1 Crystal more than red has is not begun', () => {
    const v = costing({ carbon: 0, crystal: 51, faction: 0 }).thenRejects('PG-10', 'NOT_ENOUGH_RESOURCES');
    expect(v.message).toBe('Supply Depot costs 0 Carbon, 51 Crystal; you have 200 Carbon, 50 Crystal, 1 faction resources.');
  });
  it('RUL-9 PG-10 a building costing 1 faction resource more than red has is not begun', () => {
    costing({ carbon: 0, crystal: 0, faction: 2 }).thenRejects('PG-10', 'NOT_ENOUGH_RESOURCES');
  });
});

describe('RUL-9 Produce (PG-10, PG-18)', () => {
  // The Command Center may also produce Vanguard Troopers (the Worker Limit of 4 is reached at the start).
  const both = withBuilding(
    'vanguard',
    'command-center',
    (cc) => ({ ...cc, produces: ['engineer', 'vanguard-troopers'] }),
    ACTION_FACTIONS,
  );
  const TRAIN = { ...PRODUCE, datasheet: 'vanguard-troopers' } as const;
  it('RUL-9 PG-18 a Produce command starts production with its own countdown id', () => {
    expect(acting([], both).run(TRAIN, seat('red'))).toEqual([
      {
        type: 'ProductionStarted',
        data: {
          seat: 'red',
          countdownId: 'cd-1',
          buildingId: 'red-cc',
          unitId: 'red-vanguard-troopers-3',
          datasheet: 'vanguard-troopers',
          cost: { carbon: 100, crystal: 0, faction: 0 },
          counters: 2,
          placedTurn: 1,
          rule: 'PG-18',
        },
      },
    ]);
  });
  it("RUL-9 PG-18 a countdown that is not this building's own does not take its capacity", () => {
    const game = acting([], both);
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    expect(game.run(TRAIN, seat('red')).map((e) => e.type)).toEqual(['ProductionStarted']);
  });
  it('RUL-9 PG-10 a building refusing an unknown datasheet lists what it produces', () => {
    const v = acting([], both)
      .when({ ...PRODUCE, datasheet: 'warp-drive' }, seat('red'))
      .thenRejects('PG-10', 'CANNOT_PRODUCE');
    expect(v.message).toBe('Command Center (red-cc) produces Engineer, Vanguard Troopers, not "warp-drive".');
  });
});

describe('RUL-9 Repair (PG-10, PG-19)', () => {
  const REPAIR = { type: 'Repair', unitId: 'red-worker-1', targetId: 'red-cc' } as const;
  // The Command Center has 20 Cohesion; it is recorded at 15 (a fact given, as damage would leave it).
  const damaged = (x = 6, y = 21.6) => {
    const game = acting([{ unitId: 'red-worker-1', x, y }]);
    given(game, { type: 'UnitRepaired', data: { unitId: 'red-cc', by: 'red-worker-4', restored: 0, cohesion: 15, rule: 'PG-10' } });
    return game;
  };
  it('RUL-9 PG-10 a Worker within 1" repairs a damaged building by its Repair value', () => {
    expect(damaged().run(REPAIR, seat('red'))).toEqual([
      { type: 'UnitRepaired', data: { unitId: 'red-cc', by: 'red-worker-1', restored: 2, cohesion: 17, rule: 'PG-10' } },
    ]);
  });
  it('RUL-9 PG-10 a Worker whose edge is exactly 1" from the building may repair it', () => {
    // Worker (0.5" radius) at (6, 22.5): 4.5" from the centre of the 3" Command Center.
    expect(eventData(damaged(6, 22.5).run(REPAIR, seat('red')), 'UnitRepaired').cohesion).toBe(17);
  });
  it('RUL-9 PG-10 a Worker more than 1" away cannot repair', () => {
    damaged(6, 22.6).when(REPAIR, seat('red')).thenRejects('PG-10', 'OUT_OF_REACH');
  });
  it('RUL-9 PG-10 a building that lost no Cohesion has nothing to repair', () => {
    acting([{ unitId: 'red-worker-1', x: 6, y: 21.6 }])
      .when(REPAIR, seat('red'))
      .thenRejects('PG-10', 'NOTHING_TO_REPAIR');
  });
  it('RUL-9 PG-10 repair restores no more than the Cohesion lost', () => {
    const game = acting([{ unitId: 'red-worker-1', x: 6, y: 21.6 }]);
    given(game, { type: 'UnitRepaired', data: { unitId: 'red-cc', by: 'red-worker-4', restored: 0, cohesion: 19, rule: 'PG-10' } });
    // 1 Cohesion lost, 1 restored (the Repair value is 2); the event's other fields are pinned above.
    expect(eventData(game.run(REPAIR, seat('red')), 'UnitRepaired')).toMatchObject({ restored: 1, cohesion: 20 });
  });
  it('RUL-9 PG-10 the repairing Worker and the target must exist', () => {
    const game = damaged();
    game.when({ ...REPAIR, unitId: 'red-nothing' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_UNIT');
    game.when({ ...REPAIR, targetId: 'red-nothing' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_UNIT');
  });
  it('RUL-9 PG-19 Repair mends only completed buildings: not a unit, not a building under construction', () => {
    // Refused before reach is measured.
    const game = acting();
    game
      .when({ type: 'Repair', unitId: 'red-worker-3', targetId: 'red-vanguard-troopers-2' }, seat('red'))
      .thenRejects('PG-19', 'NOT_REPAIRABLE');
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    game
      .when({ type: 'Repair', unitId: 'red-worker-2', targetId: 'red-supply-depot-1' }, seat('red'))
      .thenRejects('PG-19', 'NOT_REPAIRABLE');
  });
});

describe('RUL-9 Interact (PG-10)', () => {
  // The Comms Relay at (24, 32); the Troopers stand 1" from it.
  const atRelay = () => acting([{ unitId: TROOPERS, x: 23, y: 32 }]);
  it('RUL-9 PG-10 a unit within 1" of an objective interacts with it', () => {
    expect(atRelay().run({ type: 'Interact', unitId: TROOPERS, objectiveId: 'relay' }, seat('red'))).toEqual([
      { type: 'ObjectiveInteracted', data: { unitId: TROOPERS, seat: 'red', objectiveId: 'relay', rule: 'PG-10' } },
    ]);
  });
  it('RUL-9 PG-10 an objective the mission does not have is refused', () => {
    atRelay().when({ type: 'Interact', unitId: TROOPERS, objectiveId: 'nowhere' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_OBJECTIVE');
  });
  it('RUL-9 PG-10 the unit must exist', () => {
    atRelay().when({ type: 'Interact', unitId: 'red-nothing', objectiveId: 'relay' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_UNIT');
  });
  it('RUL-9 PG-10 an objective you already control cannot be interacted with again', () => {
    const game = atRelay();
    game.run({ type: 'Interact', unitId: TROOPERS, objectiveId: 'relay' }, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    game.when({ type: 'Interact', unitId: TROOPERS, objectiveId: 'relay' }, seat('red')).thenRejects('PG-10', 'ALREADY_CONTROLLED');
  });
});

describe('RUL-9 what an action leaves in the state (PG-10, PG-7)', () => {
  it("RUL-9 PG-10 research places a countdown and is the building's action; the next countdown has the next id", () => {
    const game = acting();
    game.run(RESEARCH, seat('red'));
    expect(rules(game).countdowns).toEqual([
      {
        id: 'cd-1',
        seat: 'red',
        kind: 'research',
        label: 'Plasma Tuning at red-cc',
        counters: 2,
        placedTurn: 1,
        unitId: 'red-cc',
        buildingId: 'red-cc',
        datasheet: 'command-center',
        item: 'plasma-tuning',
      },
    ]);
    game.when(PRODUCE, seat('red')).thenRejects('PG-10', 'ALREADY_ACTED');
    const built = game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    expect(eventData(built, 'ConstructionStarted').countdownId).toBe('cd-2');
  });
  it("RUL-9 PG-10 an activated ability is the unit's action and places a recharge countdown", () => {
    const game = acting();
    game.run(STIM, seat('red'));
    expect(rules(game).countdowns).toEqual([
      {
        id: 'cd-1',
        seat: 'red',
        kind: 'recharge',
        label: `Stim Packs (${TROOPERS})`,
        counters: 2,
        placedTurn: 1,
        unitId: TROOPERS,
        buildingId: null,
        datasheet: 'vanguard-troopers',
        item: 'Stim Packs',
      },
    ]);
    game.when({ type: 'Aim', unitId: TROOPERS }, seat('red')).thenRejects('PG-10', 'ALREADY_ACTED');
  });
  it('RUL-9 PG-7 a completed recharge is not recorded as research', () => {
    const game = acting();
    game.run(STIM, seat('red'));
    passTo(game, 'red');
    passTo(game, 'red');
    expect(rules(game).countdowns).toEqual([]);
    expect(rules(game).players.red?.researched).toEqual([]);
  });
  it('RUL-9 PG-10 a status applied again replaces the one of its name and keeps the others', () => {
    const game = acting();
    const applied = (name: string, remaining: number) =>
      ({
        type: 'AbilityTriggered',
        data: {
          seat: 'red',
          unitId: TROOPERS,
          ability: 'Stim Packs',
          cost: NONE,
          gained: NONE,
          resources: { carbon: 200, crystal: 50, faction: 1 },
          statusApplied: { name, remaining },
          recharge: null,
          trigger: 'startOfTurn',
          rule: 'PG-6',
        },
      }) as const;
    given(game, applied('Burning', 2), applied('Regenerating', 1), applied('Regenerating', 3));
    expect(unit(game, TROOPERS)?.statuses).toEqual([
      { name: 'Burning', remaining: 2 },
      { name: 'Regenerating', remaining: 3 },
    ]);
    // A triggered ability is not the unit's action.
    expect(unit(game, TROOPERS)?.acted).toBe(false);
  });
  it("RUL-9 PG-10 a stance is the unit's action", () => {
    const game = acting();
    game.run({ type: 'Dodge', unitId: TROOPERS }, seat('red'));
    game.when({ type: 'Aim', unitId: TROOPERS }, seat('red')).thenRejects('PG-10', 'ALREADY_ACTED');
  });
  it('RUL-9 PG-10 a salvage countdown names its target; when it completes only that building leaves, recorded as destroyed', () => {
    const game = acting();
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    game.run({ type: 'Salvage', unitId: 'red-worker-1', targetId: 'red-supply-depot-1' }, seat('red'));
    expect(rules(game).countdowns).toEqual([
      {
        id: 'cd-2',
        seat: 'red',
        kind: 'salvage',
        label: 'salvaging red-supply-depot-1',
        counters: 1,
        placedTurn: 3,
        unitId: 'red-supply-depot-1',
        buildingId: null,
        datasheet: 'supply-depot',
        item: null,
      },
    ]);
    const before = rules(game).units.length;
    passTo(game, 'red');
    expect(rules(game).units.length).toBe(before - 1);
    expect(unit(game, 'red-cc')).toBeDefined();
    expect(rules(game).destroyed).toEqual(['red-supply-depot-1']);
  });
  it('RUL-9 PG-10 the Worker that starts a construction has performed its action', () => {
    const game = training();
    game.run(BUILD_BARRACKS, seat('red'));
    game.when({ ...BUILD_BARRACKS, x: 8, y: 25.3 }, seat('red')).thenRejects('PG-10', 'ALREADY_ACTED');
  });
  it('RUL-9 PG-10 a unit that interacts with an objective has performed its action', () => {
    const game = training(TRAINING_FACTIONS, [{ unitId: TROOPERS, x: 23, y: 32 }]);
    game.run({ type: 'Interact', unitId: TROOPERS, objectiveId: 'relay' }, seat('red'));
    game.when({ type: 'Aim', unitId: TROOPERS }, seat('red')).thenRejects('PG-10', 'ALREADY_ACTED');
  });
  it('RUL-9 PG-10 a repair restores the building’s Cohesion and is the Worker’s action', () => {
    // The Command Center (20 Cohesion) stands at 15; red-worker-1 is within 1" of it.
    const game = training(TRAINING_FACTIONS, [{ unitId: 'red-worker-1', x: 6, y: 21.6 }]);
    given(game, standing('red-cc', 15));
    const REPAIR = { type: 'Repair', unitId: 'red-worker-1', targetId: 'red-cc' } as const;
    game.run(REPAIR, seat('red'));
    expect(unit(game, 'red-cc')).toMatchObject({ cohesion: 17, datasheet: 'command-center' });
    game.when(REPAIR, seat('red')).thenRejects('PG-10', 'ALREADY_ACTED');
  });
});
