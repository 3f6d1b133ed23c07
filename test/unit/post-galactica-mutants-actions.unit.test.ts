import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { abilityEffect } from '../../domain/post-galactica/abilities.ts';
import { ACTION_EVENT_TYPES, type ActionEvent } from '../../domain/post-galactica/action-events.ts';
import { commandPhaseEvents } from '../../domain/post-galactica/counters.ts';
import type { Faction, FactionAbility } from '../../domain/post-galactica/datasheets.ts';
import { evolveAction } from '../../domain/post-galactica/evolve-actions.ts';
import { factionAbilities } from '../../domain/post-galactica/faction-abilities.ts';
import { postGalacticaFold } from '../../domain/post-galactica/fold.ts';
import type { Placed } from '../../domain/post-galactica/units.ts';
import { seat } from '../support/decider-spec.ts';
import {
  arena,
  eventData,
  given,
  must,
  passTo,
  rules,
  TROOPERS,
  toPhase,
  unit,
  withBuilding,
  withUnit,
} from '../support/post-galactica.ts';

// The example factions, with a Command Center that may Research, Engineers that may Salvage and
// Vanguard Troopers with an activated ability that applies a status and recharges.
const NONE = { carbon: 0, crystal: 0, faction: 0 };
const PLASMA_TUNING = { name: 'Plasma Tuning', cost: { carbon: 50, crystal: 0, faction: 0 }, counters: 2 };
const research = withBuilding('vanguard', 'command-center', (cc) => ({
  ...cc,
  actions: [...cc.actions, 'Research'],
  research: { 'plasma-tuning': PLASMA_TUNING },
}));
const salvaging = withUnit('vanguard', 'engineer', (e) => ({ ...e, actions: [...e.actions, 'Salvage'] }), research);
const factions: Record<string, Faction> = withUnit(
  'vanguard',
  'vanguard-troopers',
  (t) => ({
    ...t,
    actions: [...t.actions, 'Activate Ability'],
    abilities: [{ name: 'Stim Packs', cost: NONE, recharge: 2, status: { name: 'Regenerating', duration: 1 } }],
  }),
  salvaging,
);
/** The example factions with the Vanguard faction's own fields changed (income, faction abilities). */
const vanguardWith = (change: Partial<Faction>, base: Record<string, Faction> = factions): Record<string, Faction> => ({
  ...base,
  vanguard: { ...must(base.vanguard), ...change },
});
const CARBON = (carbon: number) => ({ ...NONE, carbon });

/** The data of the countdowns a batch of events completed (PG-7). */
const completions = (events: readonly DomainEvent[]) => events.filter((e) => e.type === 'CountdownCompleted').map((e) => e.data);

const STIM = { type: 'ActivateAbility', unitId: TROOPERS, ability: 'Stim Packs' } as const;
const RESEARCH = { type: 'Research', buildingId: 'red-cc', research: 'plasma-tuning' } as const;
const PRODUCE = { type: 'Produce', buildingId: 'red-cc', datasheet: 'engineer' } as const;

const inAction = (at: Parameters<typeof arena>[0] = [], f: Record<string, Faction> = factions) => {
  const game = arena(at, { factions: f });
  toPhase(game, 'action');
  return game;
};

describe('RUL-9 actor (PG-10)', () => {
  it('RUL-9 PG-10 an action by a unit that does not exist is refused under PG-10', () => {
    const game = inAction();
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
    const v = inAction().when({ type: 'Aim', unitId: 'red-cc' }, seat('red')).thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
    expect(v.message).toBe('Command Center (red-cc) cannot Aim; its datasheet allows only Produce, Research.');
  });
});

describe('RUL-9 Construct (PG-10, PG-19)', () => {
  it('RUL-9 PG-10 only a building of your faction can be constructed', () => {
    const game = inAction();
    const base = { type: 'Construct', unitId: 'red-worker-1', x: 8, y: 26 } as const;
    game.when({ ...base, datasheet: 'warp-gate' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_BUILDING');
    game.when({ ...base, datasheet: 'engineer' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_BUILDING');
  });
  it('RUL-9 PG-10 a building cannot be placed where placement is illegal, even next to its Worker', () => {
    // Overlapping the Command Center (6, 18; 3" radius), 1" from the Worker at (6, 21.6).
    const game = inAction([{ unitId: 'red-worker-1', x: 6, y: 21.6 }]);
    game
      .when({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 6, y: 19 }, seat('red'))
      .thenRejects('PG-10', 'ILLEGAL_PLACEMENT');
  });
  it('RUL-9 PG-10 a building that is not a Command Center is refused under PG-10 when it cannot be paid for', () => {
    const poor = withBuilding('vanguard', 'supply-depot', (d) => ({ ...d, cost: { carbon: 900, crystal: 0, faction: 0 } }), factions);
    inAction([], poor)
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
    const events = inAction(nearNode).run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'extractor', x: 10, y: 6 }, seat('red'));
    expect(events.map((e) => e.type)).toEqual(['ConstructionStarted']);
  });
  it('RUL-9 PG-19 an Extractor next to a Carbon Node only is refused: it needs a Crystal Node', () => {
    // The Carbon Node at (8, 30); the Extractor (1" radius) at (8, 32) has its edge exactly 1" from it.
    const game = inAction([
      { unitId: 'red-worker-4', x: 9.8, y: 33 },
      { unitId: 'red-worker-3', x: 12, y: 30 },
    ]);
    game
      .when({ type: 'Construct', unitId: 'red-worker-4', datasheet: 'extractor', x: 8, y: 32 }, seat('red'))
      .thenRejects('PG-19', 'NOT_ON_NODE');
  });
});

describe('RUL-9 Produce (PG-10, PG-18)', () => {
  // The Command Center may also produce Vanguard Troopers (the Worker Limit of 4 is reached at the start).
  const both = withBuilding('vanguard', 'command-center', (cc) => ({ ...cc, produces: ['engineer', 'vanguard-troopers'] }), factions);
  const TRAIN = { ...PRODUCE, datasheet: 'vanguard-troopers' } as const;
  it('RUL-9 PG-18 a Produce command starts production with its own countdown id', () => {
    expect(inAction([], both).run(TRAIN, seat('red'))).toEqual([
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
    const game = inAction([], both);
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    expect(game.run(TRAIN, seat('red')).map((e) => e.type)).toEqual(['ProductionStarted']);
  });
  it('RUL-9 PG-10 a building refusing an unknown datasheet lists what it produces', () => {
    const v = inAction([], both)
      .when({ ...PRODUCE, datasheet: 'warp-drive' }, seat('red'))
      .thenRejects('PG-10', 'CANNOT_PRODUCE');
    expect(v.message).toBe('Command Center (red-cc) produces Engineer, Vanguard Troopers, not "warp-drive".');
  });
});

describe('RUL-9 Repair (PG-10, PG-19)', () => {
  const REPAIR = { type: 'Repair', unitId: 'red-worker-1', targetId: 'red-cc' } as const;
  // The Command Center has 20 Cohesion; it is recorded at 15 (a fact given, as damage would leave it).
  const damaged = (x = 6, y = 21.6) => {
    const game = inAction([{ unitId: 'red-worker-1', x, y }]);
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
    inAction([{ unitId: 'red-worker-1', x: 6, y: 21.6 }])
      .when(REPAIR, seat('red'))
      .thenRejects('PG-10', 'NOTHING_TO_REPAIR');
  });
  it('RUL-9 PG-10 repair restores no more than the Cohesion lost', () => {
    const game = inAction([{ unitId: 'red-worker-1', x: 6, y: 21.6 }]);
    given(game, { type: 'UnitRepaired', data: { unitId: 'red-cc', by: 'red-worker-4', restored: 0, cohesion: 19, rule: 'PG-10' } });
    expect(eventData(game.run(REPAIR, seat('red')), 'UnitRepaired')).toEqual({
      unitId: 'red-cc',
      by: 'red-worker-1',
      restored: 1,
      cohesion: 20,
      rule: 'PG-10',
    });
  });
  it('RUL-9 PG-10 the repairing Worker and the target must exist', () => {
    const game = damaged();
    game.when({ ...REPAIR, unitId: 'red-nothing' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_UNIT');
    game.when({ ...REPAIR, targetId: 'red-nothing' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_UNIT');
  });
  it('RUL-9 PG-19 Repair mends only completed buildings: not a unit, not a building under construction', () => {
    // Refused before reach is measured.
    const game = inAction();
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
  const atRelay = () => inAction([{ unitId: TROOPERS, x: 23, y: 32 }]);
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

describe('RUL-9 action events folded into state (PG-10, PG-7)', () => {
  it("RUL-9 PG-10 research places a countdown and is the building's action; the next countdown has the next id", () => {
    const game = inAction();
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
    const game = inAction();
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
    const game = inAction();
    game.run(STIM, seat('red'));
    passTo(game, 'red');
    passTo(game, 'red');
    expect(rules(game).countdowns).toEqual([]);
    expect(rules(game).players.red?.researched).toEqual([]);
  });
  it('RUL-9 PG-10 a status applied again replaces the one of its name and keeps the others', () => {
    const game = inAction();
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
    const game = inAction();
    game.run({ type: 'Dodge', unitId: TROOPERS }, seat('red'));
    game.when({ type: 'Aim', unitId: TROOPERS }, seat('red')).thenRejects('PG-10', 'ALREADY_ACTED');
  });
  it('RUL-9 PG-10 a salvage countdown names its target; when it completes only that building leaves, recorded as destroyed', () => {
    const game = inAction();
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
});

describe('RUL-9 Activate Ability (PG-10)', () => {
  // The Troopers also have Smoke Screen, which does not recharge.
  const smoke = withUnit(
    'vanguard',
    'vanguard-troopers',
    (t) => ({ ...t, abilities: [...t.abilities, { name: 'Smoke Screen', cost: NONE, status: { name: 'Shielded', duration: 1 } }] }),
    factions,
  );
  it("RUL-9 PG-10 PG-7 one unit's recharging ability does not stop another unit using the same ability", () => {
    const game = inAction();
    game.run(STIM, seat('red'));
    const events = game.run({ ...STIM, unitId: 'red-vanguard-troopers-2' }, seat('red'));
    expect(eventData(events, 'AbilityActivated').recharge).toEqual({ countdownId: 'cd-2', counters: 2, placedTurn: 1 });
  });
  it("RUL-9 PG-10 PG-7 one recharging ability does not stop the unit's other abilities", () => {
    const game = inAction([], smoke);
    game.run(STIM, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    game.when(STIM, seat('red')).thenRejects('PG-10', 'RECHARGING');
    const events = game.run({ ...STIM, ability: 'Smoke Screen' }, seat('red'));
    expect(eventData(events, 'AbilityActivated').statusApplied).toEqual({ name: 'Shielded', remaining: 1 });
  });
  it('RUL-9 PG-10 research under way at a building is not a recharge of its ability of the same name', () => {
    // The Command Center researches "overcharge" and has an ability named "overcharge".
    const overcharge = withBuilding(
      'vanguard',
      'command-center',
      (cc) => ({
        ...cc,
        actions: [...cc.actions, 'Research', 'Activate Ability'],
        research: { overcharge: { name: 'Overcharge', cost: NONE, counters: 2 } },
        abilities: [{ name: 'overcharge', cost: NONE, gain: CARBON(10) }],
      }),
      factions,
    );
    const game = inAction([], overcharge);
    game.run({ ...RESEARCH, research: 'overcharge' }, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    expect(rules(game).countdowns.map((c) => c.kind)).toEqual(['research']);
    const events = game.run({ type: 'ActivateAbility', unitId: 'red-cc', ability: 'overcharge' }, seat('red'));
    expect(eventData(events, 'AbilityActivated').gained).toEqual(CARBON(10));
  });
  it('RUL-9 PG-10 an ability costing more than the player has is refused under PG-10', () => {
    // Red has 50 Crystal.
    const dear = withUnit(
      'vanguard',
      'vanguard-troopers',
      (t) => ({ ...t, abilities: [{ name: 'Stim Packs', cost: { ...NONE, crystal: 51 } }] }),
      factions,
    );
    inAction([], dear).when(STIM, seat('red')).thenRejects('PG-10', 'NOT_ENOUGH_RESOURCES');
  });
  it("RUL-9 PG-10 an unknown ability is refused with the list of the unit's abilities", () => {
    const v = inAction([], smoke)
      .when({ ...STIM, ability: 'Warp' }, seat('red'))
      .thenRejects('PG-10', 'UNKNOWN_ABILITY');
    expect(v.message).toBe(`Vanguard Troopers (${TROOPERS}) has no ability "Warp"; its abilities: Stim Packs, Smoke Screen.`);
  });
  it('RUL-9 PG-10 a unit that may Activate Ability but has no ability says it has none', () => {
    const walker = withUnit('vanguard', 'sentinel-walker', (w) => ({ ...w, actions: [...w.actions, 'Activate Ability'] }), factions);
    const v = inAction([], walker)
      .when({ ...STIM, unitId: 'red-sentinel-walker-1' }, seat('red'))
      .thenRejects('PG-10', 'UNKNOWN_ABILITY');
    expect(v.message).toBe('Sentinel Walker (red-sentinel-walker-1) has no ability "Stim Packs"; its abilities: none.');
  });
  it("RUL-9 PG-10 an ability's effect for a seat with no player record starts from no resources", () => {
    // No command reaches this (the decider reads the seat's datasheets first); abilityEffect is called directly.
    const state = rules(inAction());
    const { red: _, ...others } = state.players;
    const trooper = must(state.units.find((u): u is Placed => u.id === TROOPERS && u.position !== null));
    const stim = must(must(factions.vanguard).units['vanguard-troopers']?.abilities[0]);
    expect(abilityEffect({ ...state, players: others }, trooper, stim).resources).toEqual(NONE);
  });
});

describe('RUL-9 faction abilities (PG-10, PG-6)', () => {
  const DROP = { type: 'UseFactionAbility', ability: 'Orbital Drop' } as const;
  const drop = (change: Partial<FactionAbility>) =>
    vanguardWith({
      abilities: [
        { name: 'Orbital Drop', cost: NONE, gain: CARBON(20), ...change },
        { name: 'Rally', cost: NONE },
      ],
    });
  it('RUL-9 PG-10 a faction ability that needs research is refused until the research is done', () => {
    const game = inAction([], drop({ requires: 'plasma-tuning' }));
    game.when(DROP, seat('red')).thenRejects('PG-10', 'RESEARCH_NEEDED');
    game.run(RESEARCH, seat('red'));
    passTo(game, 'red');
    passTo(game, 'red');
    toPhase(game, 'action');
    expect(rules(game).players.red?.researched).toEqual(['plasma-tuning']);
    expect(eventData(game.run(DROP, seat('red')), 'FactionAbilityUsed').gained).toEqual(CARBON(20));
  });
  it('RUL-9 PG-10 a faction ability costing more than the player has is refused under PG-10', () => {
    // Red has 50 Crystal.
    inAction([], drop({ cost: { ...NONE, crystal: 51 } }))
      .when(DROP, seat('red'))
      .thenRejects('PG-10', 'NOT_ENOUGH_RESOURCES');
  });
  it("RUL-9 PG-10 an unknown faction ability is refused with the list of the faction's abilities", () => {
    const v = inAction([], drop({}))
      .when({ ...DROP, ability: 'Warp' }, seat('red'))
      .thenRejects('PG-10', 'UNKNOWN_ABILITY');
    expect(v.message).toBe('Your faction has no ability "Warp"; its abilities: Orbital Drop, Rally.');
  });
  it('RUL-9 PG-10 a seat with no faction has no faction abilities', () => {
    // No seat of a game lacks a player; factionAbilities is called directly.
    expect(factionAbilities(rules(inAction([], drop({}))), 'green')).toEqual([]);
  });
});

describe('RUL-9 Command Phase: faction resources (PG-6)', () => {
  const income = (commandIncome: Faction['commandIncome']) => passTo(arena([], { factions: vanguardWith({ commandIncome }) }), 'red');
  it('RUL-9 PG-6 faction resources of every kind are gained in the Command Phase', () => {
    // Red starts with 200 Carbon and 50 Crystal and gained the same income in its first Command Phase.
    expect(eventData(income({ carbon: 0, crystal: 1, faction: 1 }), 'FactionResourcesGained')).toEqual({
      seat: 'red',
      gained: { carbon: 0, crystal: 1, faction: 1 },
      resources: { carbon: 200, crystal: 52, faction: 2 },
      rule: 'PG-6',
    });
  });
  it('RUL-9 PG-6 a faction whose income is nothing gains nothing and logs no gain', () => {
    expect(income(NONE).map((e) => e.type)).not.toContain('FactionResourcesGained');
  });
});

describe('RUL-9 countdowns completing (PG-7)', () => {
  // Turn 1: research (2 counters, cd-1), then a Supply Depot (1 construction counter, cd-2).
  const researchAndDepot = () => {
    const game = inAction();
    game.run(RESEARCH, seat('red'));
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    return game;
  };
  it('RUL-9 PG-7 only the countdown whose last counter went completes, not an earlier one with counters left', () => {
    const game = researchAndDepot();
    expect(completions(passTo(game, 'red'))).toMatchObject([{ countdownId: 'cd-2', kind: 'construction', unitId: 'red-supply-depot-1' }]);
    expect(unit(game, 'red-supply-depot-1')?.complete).toBe(true);
    expect(rules(game).players.red?.researched).toEqual([]);
  });
  it('RUL-9 PG-7 completed research is recorded and places nothing on the battlefield', () => {
    const game = researchAndDepot();
    passTo(game, 'red');
    expect(completions(passTo(game, 'red'))).toEqual([
      {
        seat: 'red',
        countdownId: 'cd-1',
        kind: 'research',
        label: 'Plasma Tuning at red-cc',
        unitId: 'red-cc',
        position: null,
        rule: 'PG-7',
      },
    ]);
    expect(rules(game).players.red?.researched).toEqual(['plasma-tuning']);
  });
  it('RUL-9 PG-7 a construction whose building is gone completes with no position', () => {
    // No command leaves a construction countdown without its building (UnitDestroyed takes both): called directly.
    const state = rules(researchAndDepot());
    const gone = { ...state, turn: state.turn + 2, units: state.units.filter((u) => u.id !== 'red-supply-depot-1') };
    expect(completions(commandPhaseEvents(gone, 'red'))).toEqual([
      {
        seat: 'red',
        countdownId: 'cd-2',
        kind: 'construction',
        label: 'Supply Depot (red-supply-depot-1)',
        unitId: 'red-supply-depot-1',
        position: null,
        rule: 'PG-7',
      },
    ]);
  });
});

describe('RUL-9 a Barracks of your own (PG-6, PG-7, PG-10)', () => {
  // A Barracks costing 50 Carbon, built with 1 counter, that may Research and has a start-of-turn
  // ability; Vanguard Troopers are trained with 1 counter.
  const workshop = withBuilding(
    'vanguard',
    'barracks',
    (b) => ({
      ...b,
      cost: CARBON(50),
      constructionCounters: 1,
      actions: [...b.actions, 'Research'],
      research: { 'plasma-tuning': PLASMA_TUNING },
      abilities: [{ name: 'Drill', trigger: 'startOfTurn', cost: NONE, gain: CARBON(5) }],
    }),
    withUnit('vanguard', 'vanguard-troopers', (t) => ({ ...t, productionCounters: 1 }), factions),
  );
  const BARRACKS = 'red-barracks-1';
  /** Red builds the Barracks in turn 1; the events that open red's next turn, whose Action Phase is open. */
  const withBarracks = () => {
    const game = inAction([], workshop);
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'barracks', x: 8, y: 25.6 }, seat('red'));
    const events = passTo(game, 'red');
    toPhase(game, 'action');
    return { game, events };
  };
  it('RUL-9 PG-6 a building still under construction does not resolve its start-of-turn ability; once complete it does', () => {
    // Start-of-turn abilities resolve before counters come off: the Barracks completes after them.
    const { game, events } = withBarracks();
    expect(events.filter((e) => e.type === 'AbilityTriggered')).toEqual([]);
    expect(unit(game, BARRACKS)?.complete).toBe(true);
    expect(eventData(passTo(game, 'red'), 'AbilityTriggered')).toMatchObject({ unitId: BARRACKS, ability: 'Drill', gained: CARBON(5) });
  });
  it('RUL-9 PG-10 a research countdown records the datasheet of the building researching', () => {
    const { game } = withBarracks();
    game.run({ ...RESEARCH, buildingId: BARRACKS }, seat('red'));
    expect(rules(game).countdowns).toMatchObject([{ kind: 'research', unitId: BARRACKS, buildingId: BARRACKS, datasheet: 'barracks' }]);
  });
  it('RUL-9 PG-7 a unit whose building was salvaged earlier in the same Command Phase is not placed beside it', () => {
    // The salvage (cd-2) and the training (cd-3) both complete in red's next Command Phase, salvage first.
    const { game } = withBarracks();
    game.run({ type: 'Salvage', unitId: 'red-worker-1', targetId: BARRACKS }, seat('red'));
    game.run({ type: 'Produce', buildingId: BARRACKS, datasheet: 'vanguard-troopers' }, seat('red'));
    expect(completions(passTo(game, 'red'))).toMatchObject([
      { countdownId: 'cd-2', kind: 'salvage', unitId: BARRACKS },
      { countdownId: 'cd-3', kind: 'production', unitId: 'red-vanguard-troopers-3', position: null },
    ]);
    expect(unit(game, BARRACKS)).toBeUndefined();
  });
});

describe('RUL-9 action events (PG-10, RUL-1)', () => {
  it('RUL-9 PG-10 every action event is among the event types the ruleset declares', () => {
    const every: Record<ActionEvent['type'], true> = {
      ResearchStarted: true,
      SalvageStarted: true,
      StanceTaken: true,
      UnitsLoaded: true,
      UnitsUnloaded: true,
      PassengersDisembarked: true,
      AbilityActivated: true,
      AbilityTriggered: true,
      FactionAbilitiesRefreshed: true,
      FactionAbilityUsed: true,
    };
    expect([...ACTION_EVENT_TYPES].sort()).toEqual(Object.keys(every).sort());
    expect(postGalacticaFold.eventTypes).toEqual(expect.arrayContaining(Object.keys(every)));
  });
  it('RUL-9 PG-7 a countdown placed for a unit the state does not hold has no datasheet', () => {
    // The decider writes these only for units in the state: evolveAction is called directly.
    const state = rules(inAction());
    const placed = { countdownId: 'cd-9', counters: 1, placedTurn: 1 };
    const gone = 'red-gone';
    const events: ActionEvent[] = [
      {
        type: 'ResearchStarted',
        data: { ...placed, seat: 'red', buildingId: gone, research: 'plasma-tuning', name: 'Plasma Tuning', cost: NONE, rule: 'PG-10' },
      },
      { type: 'SalvageStarted', data: { ...placed, seat: 'red', unitId: 'red-worker-1', targetId: gone, rule: 'PG-10' } },
      {
        type: 'AbilityActivated',
        data: {
          seat: 'red',
          unitId: gone,
          ability: 'Stim Packs',
          cost: NONE,
          gained: NONE,
          resources: NONE,
          statusApplied: null,
          recharge: placed,
          rule: 'PG-10',
        },
      },
    ];
    expect(events.map((e) => evolveAction(state, e).countdowns.map((c) => c.datasheet))).toEqual([[''], [''], ['']]);
  });
});
