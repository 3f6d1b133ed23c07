import { describe, expect, it } from 'vitest';
import { abilityEffect } from '../../domain/post-galactica/abilities.ts';
import type { Faction } from '../../domain/post-galactica/datasheets.ts';
import type { Placed } from '../../domain/post-galactica/units.ts';
import { type Game, seat } from '../support/decider-spec.ts';
import {
  arena,
  eventData,
  must,
  passTo,
  rules,
  type Spot,
  TROOPERS,
  toPhase,
  unit,
  withBuilding,
  withUnit,
} from '../support/post-galactica.ts';
import { ACTION_FACTIONS, acting, CARBON, inPhase, NONE, PLASMA_TUNING, RESEARCH, toAction } from '../support/post-galactica-setups.ts';

// The example factions, with a Command Center that may Research, Engineers that may Salvage,
// and Vanguard Troopers with three abilities.
const research = withBuilding('vanguard', 'command-center', (cc) => ({
  ...cc,
  actions: [...cc.actions, 'Research'],
  research: { 'plasma-tuning': PLASMA_TUNING, 'armor-plating': { ...PLASMA_TUNING, name: 'Armor Plating' } },
}));
const salvaging = withUnit('vanguard', 'engineer', (e) => ({ ...e, actions: [...e.actions, 'Salvage'] }), research);
// Vanguard gains 1 faction resource in each Command Phase (the example's commandIncome, PG-6).
const factions: Record<string, Faction> = withUnit(
  'vanguard',
  'vanguard-troopers',
  (t) => ({
    ...t,
    actions: [...t.actions, 'Activate Ability'],
    abilities: [
      { name: 'Stim Packs', cost: NONE, recharge: 2, status: { name: 'Regenerating', duration: 1 } },
      { name: 'Requisition', cost: { carbon: 0, crystal: 10, faction: 0 }, gain: { carbon: 25, crystal: 0, faction: 0 } },
      { name: 'Overcharge', cost: NONE, requires: 'plasma-tuning' },
    ],
  }),
  salvaging,
);

const inAction = () => inPhase('action', [], { factions });

const ORBITAL_STRIKE = { name: 'Orbital Strike', cost: { carbon: 900, crystal: 0, faction: 0 }, counters: 1 };

type Factions = Record<string, Faction>;
type BuildingSheet = Faction['buildings'][string];

/** A building that may also Research two items invented here (the example lists none). */
const researcher = (b: BuildingSheet): BuildingSheet => ({
  ...b,
  actions: [...b.actions, 'Research'],
  research: { 'plasma-tuning': PLASMA_TUNING, 'orbital-strike': ORBITAL_STRIKE },
});

// Red's Command Center researches; the Supply Depot researches too and carries 2 models
// (`Transport 2`); Engineers may Salvage.
const CC_RESEARCHES = withBuilding('vanguard', 'command-center', researcher);
const depotFactions = (change: (b: BuildingSheet) => BuildingSheet = (b) => b, base: Factions = CC_RESEARCHES): Factions =>
  withUnit(
    'vanguard',
    'engineer',
    (e) => ({ ...e, actions: [...e.actions, 'Salvage'] }),
    withBuilding(
      'vanguard',
      'supply-depot',
      (d) => change({ ...researcher(d), actions: [...researcher(d).actions, 'Load'], keywords: [...d.keywords, 'Transport 2'] }),
      base,
    ),
  );
const DEPOT_FACTIONS = depotFactions();

const DEPOT = 'red-supply-depot-1';
const salvageBy = (unitId: string, targetId = DEPOT) => ({ type: 'Salvage', unitId, targetId }) as const;

/** The arena, playing the depot factions by default, in red's first Action Phase. */
const depotActing = (at: Spot[] = [], factions: Factions = DEPOT_FACTIONS): Game => inPhase('action', at, { factions });

/**
 * Red's Supply Depot at (8, 26) (1.5" radius), begun by red-worker-1 in turn 1 and complete
 * in red's next Command Phase (1 construction counter, PG-7); red's Action Phase of turn 3.
 */
const depotReady = (at: Spot[] = [], factions: Factions = DEPOT_FACTIONS): Game => {
  const game = depotActing(at, factions);
  game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
  passTo(game, 'red');
  toPhase(game, 'action');
  return game;
};

describe('Research', () => {
  it('PG-10 Research places research counters and pays the cost; none come off the turn they are placed (PG-7)', () => {
    const game = inAction();
    expect(game.run(RESEARCH, seat('red'))).toEqual([
      {
        type: 'ResearchStarted',
        data: {
          seat: 'red',
          countdownId: 'cd-1',
          buildingId: 'red-cc',
          research: 'plasma-tuning',
          name: 'Plasma Tuning',
          cost: PLASMA_TUNING.cost,
          counters: 2,
          placedTurn: 1,
          rule: 'PG-10',
        },
      },
    ]);
    expect(rules(game).players.red?.resources.carbon).toBe(150);
    expect(rules(game).countdowns.map((c) => [c.kind, c.item, c.counters])).toEqual([['research', 'plasma-tuning', 2]]);
  });
  it('PG-10 research completes in the Command Phase its last counter comes off, and is recorded for the player (PG-7)', () => {
    const game = inAction();
    game.run(RESEARCH, seat('red'));
    expect(eventData(passTo(game, 'red'), 'CountersRemoved').removed).toMatchObject([{ kind: 'research', remaining: 1 }]);
    expect(rules(game).players.red?.researched).toEqual([]);
    expect(eventData(passTo(game, 'red'), 'CountdownCompleted')).toMatchObject({ kind: 'research', unitId: 'red-cc', rule: 'PG-7' });
    expect(rules(game).players.red?.researched).toEqual(['plasma-tuning']);
    toPhase(game, 'action');
    game.when(RESEARCH, seat('red')).thenRejects('PG-10', 'ALREADY_RESEARCHED');
  });
  it('PG-10 a building researches only what its datasheet lists', () => {
    const v = inAction()
      .when({ ...RESEARCH, research: 'warp-drive' }, seat('red'))
      .thenRejects('PG-10', 'UNKNOWN_RESEARCH');
    expect(v.message).toBe('Command Center (red-cc) researches plasma-tuning, armor-plating, not "warp-drive".');
  });
  it('PG-10 a building may only Research if its datasheet allows it (the example Command Center does not)', () => {
    const game = arena();
    toPhase(game, 'action');
    game.when(RESEARCH, seat('red')).thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
  });
  it('PG-18 a building researching has no capacity for more: one countdown at a time', () => {
    const game = inAction();
    game.run(RESEARCH, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    const v = game.when({ ...RESEARCH, research: 'armor-plating' }, seat('red')).thenRejects('PG-18', 'NO_PRODUCTION_CAPACITY');
    expect(v.message).toBe('Command Center (red-cc) is busy (Plasma Tuning at red-cc, 1 counters left).');
  });
  it('RUL-9 PG-10 an item already being researched by another of your buildings is refused', () => {
    const game = depotReady();
    game.run(RESEARCH, seat('red'));
    game.when({ ...RESEARCH, buildingId: DEPOT }, seat('red')).thenRejects('PG-10', 'ALREADY_RESEARCHING');
  });
  it('RUL-9 PG-10 the same item researched again by the same building is already being researched (not just busy)', () => {
    const game = depotActing();
    game.run(RESEARCH, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    const v = game.when(RESEARCH, seat('red')).thenRejects('PG-10', 'ALREADY_RESEARCHING');
    expect(v.message).toBe('"plasma-tuning" is already being researched (1 counters left).');
  });
  it("RUL-9 PG-10 the opponent researching the same item does not stop yours, nor take your building's capacity", () => {
    const both = withBuilding('scrap-horde', 'command-center', researcher, DEPOT_FACTIONS);
    const game = arena([], { factions: both });
    toPhase(game, 'action', 'blue');
    game.run({ ...RESEARCH, buildingId: 'blue-cc' }, seat('blue'));
    toPhase(game, 'action', 'red');
    expect(game.run(RESEARCH, seat('red')).map((e) => e.type)).toEqual(['ResearchStarted']);
  });
  it('RUL-9 PG-10 an ability recharging under the name of a research item is not that research', () => {
    // Vanguard Troopers' ability is named like the item; its recharge counters carry that name.
    const named = withUnit(
      'vanguard',
      'vanguard-troopers',
      (t) => ({
        ...t,
        actions: [...t.actions, 'Activate Ability'],
        abilities: [{ name: 'plasma-tuning', cost: NONE, recharge: 2 }],
      }),
      DEPOT_FACTIONS,
    );
    const game = depotActing([], named);
    game.run({ type: 'ActivateAbility', unitId: TROOPERS, ability: 'plasma-tuning' }, seat('red'));
    expect(rules(game).countdowns.map((c) => [c.kind, c.item])).toEqual([['recharge', 'plasma-tuning']]);
    expect(game.run(RESEARCH, seat('red')).map((e) => e.type)).toEqual(['ResearchStarted']);
  });
  it('RUL-9 PG-18 a construction under way elsewhere leaves the researching building free', () => {
    const game = depotActing();
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    expect(game.run(RESEARCH, seat('red')).map((e) => e.type)).toEqual(['ResearchStarted']);
  });
  it('RUL-9 PG-10 research that cannot be paid for is refused', () => {
    const v = depotActing()
      .when({ ...RESEARCH, research: 'orbital-strike' }, seat('red'))
      .thenRejects('PG-10', 'NOT_ENOUGH_RESOURCES');
    expect(v.message).toBe('Orbital Strike costs 900 Carbon, 0 Crystal; you have 200 Carbon, 50 Crystal, 1 faction resources.');
  });
  it('RUL-9 PG-10 a building that may Research but lists no item says it researches nothing', () => {
    const none = withBuilding('vanguard', 'command-center', (cc) => ({ ...cc, actions: [...cc.actions, 'Research'] }));
    const v = depotActing([], none).when(RESEARCH, seat('red')).thenRejects('PG-10', 'UNKNOWN_RESEARCH');
    expect(v.message).toBe('Command Center (red-cc) researches nothing, not "plasma-tuning".');
  });
});

describe('Salvage', () => {
  const depotBuilt = () => {
    const game = inAction();
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    return game;
  };
  it('PG-10 a Worker begins salvaging a friendly building within 1", placing salvage counters (PG-7)', () => {
    const game = depotBuilt();
    expect(unit(game, 'red-supply-depot-1')?.complete).toBe(true);
    const events = game.run({ type: 'Salvage', unitId: 'red-worker-1', targetId: 'red-supply-depot-1' }, seat('red'));
    expect(events).toEqual([
      {
        type: 'SalvageStarted',
        data: {
          seat: 'red',
          countdownId: 'cd-2',
          unitId: 'red-worker-1',
          targetId: 'red-supply-depot-1',
          counters: 1,
          placedTurn: 3,
          rule: 'PG-10',
        },
      },
    ]);
  });
  it('PG-10 when the salvage counters are gone the building leaves, not to the Destroyed Zone, and half its cost comes back', () => {
    const game = depotBuilt();
    game.run({ type: 'Salvage', unitId: 'red-worker-1', targetId: 'red-supply-depot-1' }, seat('red'));
    const carbon = rules(game).players.red?.resources.carbon ?? 0;
    const done = eventData(passTo(game, 'red'), 'CountdownCompleted');
    expect(done).toMatchObject({ kind: 'salvage', unitId: 'red-supply-depot-1', gained: { carbon: 50, crystal: 0, faction: 0 } });
    expect(unit(game, 'red-supply-depot-1')).toBeUndefined();
    expect(rules(game).players.red?.resources.carbon).toBe(carbon + 50);
    expect(rules(game).players.red?.destroyedZone.units).toEqual([]);
  });
  it('PG-15 a Command Center cannot be salvaged', () => {
    const game = arena([{ unitId: 'red-worker-1', x: 6, y: 21.6 }], { factions });
    toPhase(game, 'action');
    const v = game
      .when({ type: 'Salvage', unitId: 'red-worker-1', targetId: 'red-cc' }, seat('red'))
      .thenRejects('PG-10', 'NOT_SALVAGEABLE');
    expect(v.message).toBe('Command Center (red-cc) cannot be salvaged: only your complete buildings other than a Command Center can.');
  });
  it('PG-10 a building out of reach is not salvaged', () => {
    const game = depotBuilt();
    game
      .when({ type: 'Salvage', unitId: 'red-worker-3', targetId: 'red-supply-depot-1' }, seat('red'))
      .thenRejects('PG-10', 'OUT_OF_REACH');
  });
  it('RUL-9 PG-10 only a unit allowed to Salvage may salvage', () => {
    depotActing().when(salvageBy(TROOPERS, 'red-cc'), seat('red')).thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
  });
  it('RUL-9 PG-10 a target that does not exist is refused under PG-10', () => {
    depotActing().when(salvageBy('red-worker-1', 'red-nothing'), seat('red')).thenRejects('PG-10', 'UNKNOWN_UNIT');
  });
  it('RUL-9 PG-10 a unit that is not a building cannot be salvaged, even within 1"', () => {
    // red-worker-2 stands 0.97" from red-worker-1, edge to edge.
    const v = depotActing().when(salvageBy('red-worker-1', 'red-worker-2'), seat('red')).thenRejects('PG-10', 'NOT_SALVAGEABLE');
    expect(v.message).toBe('Engineer (red-worker-2) cannot be salvaged: only your complete buildings other than a Command Center can.');
  });
  it('RUL-9 PG-10 a building still under construction cannot be salvaged', () => {
    const game = depotActing([{ unitId: 'red-worker-4', x: 10.5, y: 26 }]);
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    game.when(salvageBy('red-worker-4'), seat('red')).thenRejects('PG-10', 'NOT_SALVAGEABLE');
  });
  it('RUL-9 PG-10 a building already being salvaged is not salvaged twice', () => {
    const game = depotReady([{ unitId: 'red-worker-4', x: 10.5, y: 26 }]);
    game.run(salvageBy('red-worker-1'), seat('red'));
    const v = game.when(salvageBy('red-worker-4'), seat('red')).thenRejects('PG-10', 'ALREADY_SALVAGING');
    expect(v.message).toBe('Supply Depot (red-supply-depot-1) is already being salvaged.');
  });
  it('RUL-9 PG-10 salvaging one building does not stop the salvage of another', () => {
    // A second Supply Depot at (12, 30), begun by red-worker-3 (0.6" away).
    const game = depotActing();
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    game.run({ type: 'Construct', unitId: 'red-worker-3', datasheet: 'supply-depot', x: 12, y: 30 }, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    game.run(salvageBy('red-worker-1'), seat('red'));
    expect(game.run(salvageBy('red-worker-3', 'red-supply-depot-2'), seat('red')).map((e) => e.type)).toEqual(['SalvageStarted']);
  });
  it('RUL-9 PG-10 a building busy researching may still be salvaged: research is not salvage', () => {
    const game = depotReady();
    game.run({ ...RESEARCH, buildingId: DEPOT }, seat('red'));
    expect(rules(game).countdowns.map((c) => [c.kind, c.unitId])).toEqual([['research', DEPOT]]);
    expect(game.run(salvageBy('red-worker-1'), seat('red')).map((e) => e.type)).toEqual(['SalvageStarted']);
  });
  it('RUL-9 PG-10 a building carrying units is unloaded before it is salvaged', () => {
    const game = depotReady([{ unitId: 'red-worker-4', x: 10.5, y: 26 }]);
    game.run({ type: 'Load', unitId: DEPOT, passengerIds: ['red-worker-1'] }, seat('red'));
    const v = game.when(salvageBy('red-worker-4'), seat('red')).thenRejects('PG-10', 'NOT_EMPTY');
    expect(v.message).toBe('Unload Supply Depot (red-supply-depot-1) before salvaging it.');
  });
  it('RUL-9 PG-10 a unit whose edge is exactly 1" from the building may salvage it', () => {
    // Engineer (0.5" radius) at (8, 29): 3" from the centre of the 1.5" Supply Depot.
    const game = depotReady([{ unitId: 'red-worker-1', x: 8, y: 29 }]);
    expect(game.run(salvageBy('red-worker-1'), seat('red')).map((e) => e.type)).toEqual(['SalvageStarted']);
  });
  it('RUL-9 PG-10 salvage recovers half of each resource of the cost, rounded down', () => {
    // A Supply Depot costing 100 Carbon, 30 Crystal and 1 faction resource (red has 1 from its
    // first Command Phase) returns 50, 15 and 0.
    const dear = depotFactions((d) => ({ ...d, cost: { carbon: 100, crystal: 30, faction: 1 } }));
    const game = depotReady([], dear);
    game.run(salvageBy('red-worker-1'), seat('red'));
    const done = eventData(passTo(game, 'red'), 'CountdownCompleted');
    expect(done).toMatchObject({ kind: 'salvage', unitId: DEPOT, gained: { carbon: 50, crystal: 15, faction: 0 } });
  });
  it("RUL-9 PG-10 PG-7 salvaging a building places its datasheet's number of salvage counters", () => {
    const salvaging = withUnit('vanguard', 'engineer', (e) => ({ ...e, actions: [...e.actions, 'Salvage'] }));
    const factions = withBuilding('vanguard', 'supply-depot', (d) => ({ ...d, salvageCounters: 3 }), salvaging);
    const game = toAction(arena([], { factions }));
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    const events = game.run({ type: 'Salvage', unitId: 'red-worker-1', targetId: 'red-supply-depot-1' }, seat('red'));
    expect(eventData(events, 'SalvageStarted').counters).toBe(3);
  });
});

describe('Activate Ability', () => {
  const STIM = { type: 'ActivateAbility', unitId: TROOPERS, ability: 'Stim Packs' } as const;
  it('PG-10 an ability applies its status and places its recharge counters', () => {
    const game = inAction();
    expect(eventData(game.run(STIM, seat('red')), 'AbilityActivated')).toEqual({
      seat: 'red',
      unitId: TROOPERS,
      ability: 'Stim Packs',
      cost: NONE,
      gained: NONE,
      resources: { carbon: 200, crystal: 50, faction: 1 },
      statusApplied: { name: 'Regenerating', remaining: 1 },
      recharge: { countdownId: 'cd-1', counters: 2, placedTurn: 1 },
      rule: 'PG-10',
    });
    expect(unit(game, TROOPERS)?.statuses).toEqual([{ name: 'Regenerating', remaining: 1 }]);
  });
  it('PG-7 PG-10 a recharging ability cannot be used until its last recharge counter is removed', () => {
    const game = inAction();
    game.run(STIM, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    const v = game.when(STIM, seat('red')).thenRejects('PG-10', 'RECHARGING');
    expect(v.message).toBe('Stim Packs of Vanguard Troopers (red-vanguard-troopers-1) is recharging (1 recharge counters left).');
    expect(eventData(passTo(game, 'red'), 'CountdownCompleted')).toMatchObject({ kind: 'recharge', unitId: TROOPERS });
    toPhase(game, 'action');
    expect(game.run(STIM, seat('red'))[0]?.type).toBe('AbilityActivated');
  });
  it('PG-10 an ability pays its cost and gains its resources at once', () => {
    const game = inAction();
    game.run({ type: 'ActivateAbility', unitId: TROOPERS, ability: 'Requisition' }, seat('red'));
    expect(rules(game).players.red?.resources).toEqual({ carbon: 225, crystal: 40, faction: 1 });
  });
  it('PG-10 an ability that requires research is refused until the research is done', () => {
    const v = inAction()
      .when({ type: 'ActivateAbility', unitId: TROOPERS, ability: 'Overcharge' }, seat('red'))
      .thenRejects('PG-10', 'RESEARCH_NEEDED');
    expect(v.message).toBe('Overcharge needs the research "plasma-tuning", which you have not completed.');
  });
  it('PG-10 a unit activates only abilities its datasheet has, and only if it may Activate Ability', () => {
    const game = inAction();
    game.when({ type: 'ActivateAbility', unitId: TROOPERS, ability: 'Teleport' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_ABILITY');
    game
      .when({ type: 'ActivateAbility', unitId: 'red-sentinel-walker-1', ability: 'Stim Packs' }, seat('red'))
      .thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
  });
  // The Troopers also have Smoke Screen, which does not recharge.
  const smoke = withUnit(
    'vanguard',
    'vanguard-troopers',
    (t) => ({ ...t, abilities: [...t.abilities, { name: 'Smoke Screen', cost: NONE, status: { name: 'Shielded', duration: 1 } }] }),
    ACTION_FACTIONS,
  );
  it("RUL-9 PG-10 PG-7 one unit's recharging ability does not stop another unit using the same ability", () => {
    const game = acting();
    game.run(STIM, seat('red'));
    const events = game.run({ ...STIM, unitId: 'red-vanguard-troopers-2' }, seat('red'));
    expect(eventData(events, 'AbilityActivated').recharge).toEqual({ countdownId: 'cd-2', counters: 2, placedTurn: 1 });
  });
  it("RUL-9 PG-10 PG-7 one recharging ability does not stop the unit's other abilities", () => {
    const game = acting([], smoke);
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
      ACTION_FACTIONS,
    );
    const game = acting([], overcharge);
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
      ACTION_FACTIONS,
    );
    acting([], dear).when(STIM, seat('red')).thenRejects('PG-10', 'NOT_ENOUGH_RESOURCES');
  });
  it("RUL-9 PG-10 an unknown ability is refused with the list of the unit's abilities", () => {
    const v = acting([], smoke)
      .when({ ...STIM, ability: 'Warp' }, seat('red'))
      .thenRejects('PG-10', 'UNKNOWN_ABILITY');
    expect(v.message).toBe(`Vanguard Troopers (${TROOPERS}) has no ability "Warp"; its abilities: Stim Packs, Smoke Screen.`);
  });
  it('RUL-9 PG-10 a unit that may Activate Ability but has no ability says it has none', () => {
    const walker = withUnit('vanguard', 'sentinel-walker', (w) => ({ ...w, actions: [...w.actions, 'Activate Ability'] }), ACTION_FACTIONS);
    const v = acting([], walker)
      .when({ ...STIM, unitId: 'red-sentinel-walker-1' }, seat('red'))
      .thenRejects('PG-10', 'UNKNOWN_ABILITY');
    expect(v.message).toBe('Sentinel Walker (red-sentinel-walker-1) has no ability "Stim Packs"; its abilities: none.');
  });
  it("RUL-9 PG-10 an ability's effect for a seat with no player record starts from no resources", () => {
    // No command reaches this (the decider reads the seat's datasheets first); abilityEffect is called directly.
    const state = rules(acting());
    const { red: _, ...others } = state.players;
    const trooper = must(state.units.find((u): u is Placed => u.id === TROOPERS && u.position !== null));
    const stim = must(must(ACTION_FACTIONS.vanguard).units['vanguard-troopers']?.abilities[0]);
    expect(abilityEffect({ ...state, players: others }, trooper, stim).resources).toEqual(NONE);
  });
});
