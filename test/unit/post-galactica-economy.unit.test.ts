import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { commandPhaseEvents, removeCounters } from '../../domain/post-galactica/counters.ts';
import type { Faction } from '../../domain/post-galactica/datasheets.ts';
import type { PgEvent } from '../../domain/post-galactica/events.ts';
import { evolve } from '../../domain/post-galactica/evolve.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { gather, gatherFrom } from '../../domain/post-galactica/resources.ts';
import { type Game, seat, startedPostGalactica } from '../support/decider-spec.ts';
import {
  arena,
  eventData,
  given,
  type Mission,
  passTo,
  rules,
  type ArenaSetup as Setup,
  type Spot,
  toPhase,
  unit,
  withBuilding,
  withUnit,
} from '../support/post-galactica.ts';
import {
  ACTION_FACTIONS,
  acting,
  BUILD_BARRACKS,
  CARBON,
  completions,
  destroyed,
  inResource,
  NONE,
  PLASMA_TUNING,
  RESEARCH,
  TRAIN_TROOPERS,
  TRAINING_FACTIONS,
  training,
  vanguardWith,
} from '../support/post-galactica-setups.ts';

const EXAMPLE = exampleScenario();

const BARRACKS = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'barracks', x: 8, y: 25.5 } as const;
const rich = { mission: { startingResources: { carbon: 1000, crystal: 200, faction: 0 } } };

const WEST_CRYSTAL = (total: number): Partial<Mission> => ({
  resourceNodes: EXAMPLE.mission.resourceNodes.map((n) => (n.id === 'crystal-west' ? { ...n, total } : n)),
});
/**
 * A Crystal Extractor begun on the Crystal Node at (10, 4) in turn 1 (the Sentinel Walker
 * moved out of its way); red's Resource Phase of turn 3.
 */
const extractorBegun = (mission: Partial<Mission> = {}, factions: Record<string, Faction> = EXAMPLE.factions): Game => {
  const at = [
    { unitId: 'red-worker-1', x: 10, y: 6.5 },
    { unitId: 'red-sentinel-walker-1', x: 4, y: 8 },
  ];
  const game = arena(at, { mission, factions });
  toPhase(game, 'action');
  game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'extractor', x: 10, y: 4 }, seat('red'));
  passTo(game, 'red');
  toPhase(game, 'resource');
  return game;
};
const GATHER_WEST_CRYSTAL = { type: 'Gather', nodes: ['crystal-west'] } as const;

describe('countdown counters', () => {
  const barracksStarted = (setup: Setup = {}) => {
    const game = arena([], setup);
    toPhase(game, 'action');
    game.run(BARRACKS, seat('red'));
    return game;
  };
  it('PG-7 the Barracks example: 2 construction counters placed in the Action Phase are not removed that turn', () => {
    const game = arena();
    toPhase(game, 'action');
    expect(game.run(BARRACKS, seat('red'))).toEqual([
      {
        type: 'ConstructionStarted',
        data: {
          seat: 'red',
          countdownId: 'cd-1',
          unitId: 'red-barracks-1',
          datasheet: 'barracks',
          builderId: 'red-worker-1',
          x: 8,
          y: 25.5,
          cost: { carbon: 150, crystal: 0, faction: 0 },
          counters: 2,
          placedTurn: 1,
          rule: 'PG-7',
        },
      },
    ]);
    expect(rules(game).players.red?.resources.carbon).toBe(50);
    passTo(game, 'blue');
    expect(rules(game).countdowns[0]?.counters).toBe(2);
  });
  it("PG-7 the Barracks example: in that player's next Command Phase 1 construction counter is removed", () => {
    const game = barracksStarted();
    const events = passTo(game, 'red');
    expect(events.find((e) => e.type === 'CountersRemoved')?.data).toEqual({
      seat: 'red',
      removed: [{ countdownId: 'cd-1', kind: 'construction', label: 'Barracks (red-barracks-1)', remaining: 1 }],
      rule: 'PG-7',
    });
    expect(unit(game, 'red-barracks-1')?.complete).toBe(false);
  });
  it("PG-7 counters placed during the current turn are not removed until the controller's next Command Phase", () => {
    const game = barracksStarted();
    expect(removeCounters(rules(game), 'red')).toBeNull();
    expect(removeCounters(rules(game), 'blue')).toBeNull();
    passTo(game, 'blue');
    expect(removeCounters(rules(game), 'blue')).toBeNull();
  });
  it('PG-7 when the last counter is removed the effect completes at once: the Barracks can produce that turn', () => {
    const game = barracksStarted(rich);
    passTo(game, 'red');
    game
      .when({ type: 'Produce', buildingId: 'red-barracks-1', datasheet: 'vanguard-troopers' }, seat('red'))
      .thenRejects('PG-4', 'WRONG_PHASE');
    const events = passTo(game, 'red');
    expect(events.find((e) => e.type === 'CountdownCompleted')?.data).toEqual({
      seat: 'red',
      countdownId: 'cd-1',
      kind: 'construction',
      label: 'Barracks (red-barracks-1)',
      unitId: 'red-barracks-1',
      position: { x: 8, y: 25.5 },
      rule: 'PG-7',
    });
    expect(unit(game, 'red-barracks-1')?.complete).toBe(true);
    toPhase(game, 'action');
    expect(game.run({ type: 'Produce', buildingId: 'red-barracks-1', datasheet: 'vanguard-troopers' }, seat('red'))[0]?.type).toBe(
      'ProductionStarted',
    );
  });
  it('PG-7 a produced unit is placed next to its building when its last production counter goes', () => {
    const game = barracksStarted(rich);
    passTo(game, 'red');
    passTo(game, 'red');
    toPhase(game, 'action');
    game.run({ type: 'Produce', buildingId: 'red-barracks-1', datasheet: 'vanguard-troopers' }, seat('red'));
    passTo(game, 'red');
    const events = passTo(game, 'red');
    expect(events.find((e) => e.type === 'CountdownCompleted')?.data).toMatchObject({
      kind: 'production',
      unitId: 'red-vanguard-troopers-3',
      position: { x: 11.1, y: 25.5 },
    });
    expect(unit(game, 'red-vanguard-troopers-3')).toMatchObject({ cohesion: 6, complete: true, position: { x: 11.1, y: 25.5 } });
  });
  it('RUL-9 PG-7 each countdown loses one counter of its own, and a second countdown of the turn gets the next id', () => {
    const game = training();
    game.run(TRAIN_TROOPERS, seat('red'));
    game.run(BUILD_BARRACKS, seat('red'));
    passTo(game, 'red');
    // The Troopers (1 counter) were trained; the Barracks (2 counters) has 1 left.
    expect(unit(game, 'red-vanguard-troopers-3')?.datasheet).toBe('vanguard-troopers');
    expect(rules(game).countdowns).toEqual([
      {
        id: 'cd-2',
        seat: 'red',
        kind: 'construction',
        label: 'Barracks (red-barracks-1)',
        counters: 1,
        placedTurn: 1,
        unitId: 'red-barracks-1',
        buildingId: null,
        datasheet: 'barracks',
        item: null,
      },
    ]);
  });

  it('RUL-9 PG-7 PG-18 a unit trained while an older countdown runs is the unit trained, and the older countdown goes on', () => {
    const game = training();
    game.run(BUILD_BARRACKS, seat('red'));
    game.run(TRAIN_TROOPERS, seat('red'));
    passTo(game, 'red');
    expect(unit(game, 'red-vanguard-troopers-3')).toMatchObject({ datasheet: 'vanguard-troopers', cohesion: 6, complete: true });
    expect(rules(game).countdowns.map((c) => [c.id, c.counters])).toEqual([['cd-1', 1]]);
    // A unit trained in the Command Phase has done nothing yet: it may act in this turn's Action Phase.
    toPhase(game, 'action');
    expect(game.run({ type: 'Aim', unitId: 'red-vanguard-troopers-3' }, seat('red')).map((e) => e.type)).toEqual(['UnitAimed']);
  });

  it('RUL-9 PG-18 two units in training at once get different ids', () => {
    const quick = withBuilding('vanguard', 'barracks', (b) => ({ ...b, constructionCounters: 1 }), TRAINING_FACTIONS);
    const game = training(quick);
    game.run(BUILD_BARRACKS, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    game.run(TRAIN_TROOPERS, seat('red'));
    game.run({ ...TRAIN_TROOPERS, buildingId: 'red-barracks-1' }, seat('red'));
    expect(rules(game).countdowns.map((c) => c.unitId)).toEqual(['red-vanguard-troopers-3', 'red-vanguard-troopers-4']);
  });

  it('RUL-9 PG-7 a completion for a countdown that is no longer there changes nothing', () => {
    // The decider completes only countdowns it holds; a log that names a lost one still folds.
    const game = training();
    const before = rules(game);
    given(game, {
      type: 'CountdownCompleted',
      data: { seat: 'red', countdownId: 'cd-9', kind: 'production', label: 'gone', unitId: 'red-gone-1', position: null, rule: 'PG-7' },
    });
    expect(rules(game).units).toEqual(before.units);
    expect(rules(game).countdowns).toEqual([]);
  });

  it('RUL-9 PG-7 PG-15 a destroyed building takes its countdowns with it: its construction, and what it was training', () => {
    const game = training();
    game.run(BUILD_BARRACKS, seat('red'));
    game.run(TRAIN_TROOPERS, seat('red'));
    destroyed(game, 'red-cc');
    expect(rules(game).countdowns.map((c) => c.id)).toEqual(['cd-1']);
    destroyed(game, 'red-barracks-1');
    expect(rules(game).countdowns).toEqual([]);
  });

  // No legal command starts a countdown for a datasheet outside the catalog or for a seat without an
  // army; a log that holds one still folds: the label falls back to the datasheet id, Cohesion to 1.
  const construction = (who: string, datasheet: string): PgEvent => ({
    type: 'ConstructionStarted',
    data: {
      seat: who,
      countdownId: 'cd-9',
      unitId: 'x-1',
      datasheet,
      builderId: 'x-0',
      x: 1,
      y: 1,
      cost: NONE,
      counters: 1,
      placedTurn: 1,
      rule: 'PG-7',
    },
  });
  const production = (who: string, datasheet: string): PgEvent => ({
    type: 'ProductionStarted',
    data: {
      seat: who,
      countdownId: 'cd-9',
      buildingId: 'red-cc',
      unitId: 'x-1',
      datasheet,
      cost: NONE,
      counters: 1,
      placedTurn: 1,
      rule: 'PG-18',
    },
  });
  it.each([
    ['red', 'warp-gate'],
    ['green', 'barracks'],
  ])('RUL-9 PG-7 a countdown of %s for %s, outside the catalog, is labelled by its datasheet id', (who, datasheet) => {
    const state = rules(training());
    const built = evolve(state, construction(who, datasheet));
    expect(built.countdowns.map((c) => c.label)).toEqual([`${datasheet} (x-1)`]);
    expect(built.units.find((u) => u.id === 'x-1')?.cohesion).toBe(1);
    expect(evolve(state, production(who, datasheet)).countdowns.map((c) => c.label)).toEqual([`${datasheet} at red-cc`]);
  });
  // Turn 1: research (2 counters, cd-1), then a Supply Depot (1 construction counter, cd-2).
  const researchAndDepot = () => {
    const game = acting();
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

describe('the Command Phase', () => {
  it('PG-6 faction resources are gained, then counters removed, then completed effects resolved, in that order', () => {
    const game = arena();
    toPhase(game, 'action');
    game.run(BARRACKS, seat('red'));
    passTo(game, 'red');
    const events = passTo(game, 'red');
    expect(events.map((e) => e.type)).toEqual([
      'TotalsConfirmed',
      'RoundCompleted',
      'TurnStarted',
      'PhaseStarted',
      'FactionResourcesGained',
      'CountersRemoved',
      'CountdownCompleted',
    ]);
    expect(events[4]?.data).toEqual({
      seat: 'red',
      gained: { carbon: 0, crystal: 0, faction: 1 },
      resources: { carbon: 50, crystal: 50, faction: 3 },
      rule: 'PG-6',
    });
  });
  it('PG-6 the Command Phase is resolved for the active player only', () => {
    const game = arena();
    const events = passTo(game, 'blue');
    expect(events.map((e) => e.type)).toEqual(['TotalsConfirmed', 'TurnStarted', 'PhaseStarted']);
  });
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

describe('the Resource Phase', () => {
  const WEST_CRYSTAL_3 = { resourceNodes: EXAMPLE.mission.resourceNodes.map((n) => (n.id === 'crystal-west' ? { ...n, total: 3 } : n)) };
  const extractorFirst = () => {
    const game = arena(
      [
        { unitId: 'red-worker-1', x: 10, y: 6.5 },
        { unitId: 'red-sentinel-walker-1', x: 4, y: 8 },
      ],
      { mission: WEST_CRYSTAL_3 },
    );
    toPhase(game, 'action');
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'extractor', x: 10, y: 4 }, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'resource');
    return game;
  };
  it('PG-8 Carbon is gathered from an eligible Carbon Node by the Workers at it', () => {
    const game = arena();
    toPhase(game, 'resource');
    expect(game.run({ type: 'Gather' }, seat('red'))).toEqual([
      {
        type: 'ResourcesGathered',
        data: {
          seat: 'red',
          nodes: [
            {
              nodeId: 'carbon-west',
              kind: 'carbon',
              amount: 20,
              remaining: 'infinite',
              gatherers: ['red-worker-1', 'red-worker-2', 'red-worker-3', 'red-worker-4'],
            },
          ],
          faction: 0,
          resources: { carbon: 220, crystal: 50, faction: 1 },
          rule: 'PG-8',
        },
      },
    ]);
  });
  it('PG-8 a finite node goes down by what was gathered and never below zero', () => {
    const game = extractorFirst();
    const first = game.run({ type: 'Gather', nodes: ['crystal-west'] }, seat('red'))[0]?.data as {
      nodes: unknown[];
      resources: { crystal: number };
    };
    expect(first.nodes).toEqual([{ nodeId: 'crystal-west', kind: 'crystal', amount: 3, remaining: 0, gatherers: ['red-extractor-1'] }]);
    expect(first.resources.crystal).toBe(53);
    passTo(game, 'red');
    toPhase(game, 'resource');
    const second = game.run({ type: 'Gather', nodes: ['crystal-west'] }, seat('red'))[0]?.data as {
      nodes: unknown[];
      resources: { crystal: number };
    };
    expect(second.nodes).toEqual([{ nodeId: 'crystal-west', kind: 'crystal', amount: 0, remaining: 0, gatherers: ['red-extractor-1'] }]);
    expect(second.resources.crystal).toBe(53);
    expect(rules(game).nodes.find((n) => n.id === 'crystal-west')?.remaining).toBe(0);
  });
  it('PG-8 faction resources are gathered by faction rules (the Scrap Horde gains 2)', () => {
    const game = arena([], { first: 'blue' });
    toPhase(game, 'resource');
    const data = game.run({ type: 'Gather' }, seat('blue'))[0]?.data as { faction: number; resources: { faction: number } };
    expect([data.faction, data.resources.faction]).toEqual([2, 2]);
  });
  it('PG-8 a node without an eligible gatherer is refused when named', () => {
    const game = arena();
    toPhase(game, 'resource');
    const v = game.when({ type: 'Gather', nodes: ['carbon-east'] }, seat('red')).thenRejects('PG-8', 'NODE_NOT_ELIGIBLE');
    expect(v.message).toBe('No Worker of yours is within 1" of the Carbon Node carbon-east.');
  });
  it('PG-8 resources are gathered once per Resource Phase, and only in it', () => {
    const game = arena();
    game.when({ type: 'Gather' }, seat('red')).thenRejects('PG-4', 'WRONG_PHASE');
    toPhase(game, 'resource');
    game.run({ type: 'Gather' }, seat('red'));
    game.when({ type: 'Gather' }, seat('red')).thenRejects('PG-8', 'ALREADY_GATHERED');
  });
  it('RUL-9 PG-8 a game without a scenario has nothing to gather', () => {
    const game = startedPostGalactica();
    toPhase(game, 'resource');
    game.when({ type: 'Gather' }, seat('red')).thenRejects('PG-8', 'NOTHING_TO_GATHER');
  });
  it('RUL-9 PG-8 a node the mission does not have is refused by name', () => {
    const game = arena();
    toPhase(game, 'resource');
    const v = game.when({ type: 'Gather', nodes: ['carbon-west', 'crystal-north'] }, seat('red')).thenRejects('PG-8', 'UNKNOWN_NODE');
    expect(v.message).toBe('This mission has no resource node "crystal-north".');
  });
  it('RUL-9 PG-8 PG-19 a Worker whose datasheet gathers no Carbon is no gatherer', () => {
    const idle = withUnit('vanguard', 'engineer', (e) => ({ ...e, gather: NONE }));
    const game = arena([], { factions: idle });
    toPhase(game, 'resource');
    game.when({ type: 'Gather', nodes: ['carbon-west'] }, seat('red')).thenRejects('PG-8', 'NODE_NOT_ELIGIBLE');
  });
  it('RUL-9 PG-8 an extraction structure still under construction gathers nothing', () => {
    const slow = withBuilding('vanguard', 'extractor', (e) => ({ ...e, constructionCounters: 2 }));
    const game = extractorBegun({}, slow);
    expect(unit(game, 'red-extractor-1')?.complete).toBe(false);
    const v = game.when(GATHER_WEST_CRYSTAL, seat('red')).thenRejects('PG-8', 'NODE_NOT_ELIGIBLE');
    expect(v.message).toBe('No extraction structure of yours is within 1" of the Crystal Node crystal-west.');
  });
  it('RUL-9 PG-8 Carbon and Crystals gathered together are added each to its own total', () => {
    // 3 Engineers at the Carbon Node (5 each) and the Extractor (5): 200 - 75 + 15 Carbon, 50 + 5 Crystal.
    const game = extractorBegun();
    const data = eventData(game.run({ type: 'Gather' }, seat('red')), 'ResourcesGathered');
    expect(data.nodes.map((n) => [n.nodeId, n.amount])).toEqual([
      ['carbon-west', 15],
      ['crystal-west', 5],
    ]);
    expect(data.resources).toEqual({ carbon: 140, crystal: 55, faction: 2 });
  });
  it('RUL-9 PG-8 a finite node goes down turn by turn: 7, then 2 left, then empty', () => {
    const game = extractorBegun(WEST_CRYSTAL(7));
    expect(eventData(game.run(GATHER_WEST_CRYSTAL, seat('red')), 'ResourcesGathered').nodes[0]).toMatchObject({ amount: 5, remaining: 2 });
    passTo(game, 'red');
    toPhase(game, 'resource');
    expect(eventData(game.run(GATHER_WEST_CRYSTAL, seat('red')), 'ResourcesGathered').nodes[0]).toMatchObject({ amount: 2, remaining: 0 });
  });
  // No command builds the states below (every game has its mission with its armies, and the
  // faction of each): they are made by hand and the rules functions called directly.
  it('RUL-9 PG-8 a game with armies but no mission has nothing to gather', () => {
    expect(gather({ ...inResource(), mission: null }, 'red', { type: 'Gather' })).toMatchObject({
      ok: false,
      violation: { code: 'NOTHING_TO_GATHER', rule: 'PG-8' },
    });
  });
  it('RUL-9 PG-8 a faction the game has no record of gathers no faction resources', () => {
    const decision = gather({ ...inResource(), factions: {} }, 'red', { type: 'Gather' });
    expect(decision.ok && decision.events[0]?.data).toMatchObject({ faction: 0, resources: { carbon: 220, crystal: 50, faction: 1 } });
  });
  it('RUL-9 PG-8 a node the game does not track yet yields from its full total', () => {
    const node = { id: 'carbon-south', kind: 'carbon', x: 8, y: 30, total: 12 } as const;
    expect(gatherFrom(inResource(), 'red', node)).toMatchObject({ nodeId: 'carbon-south', amount: 12, remaining: 0 });
  });
  it('RUL-9 PG-8 gathering from one node leaves every other node’s remaining total as it was', () => {
    const game = arena();
    toPhase(game, 'resource');
    game.run({ type: 'Gather' }, seat('red'));
    expect(rules(game).nodes).toEqual([
      { id: 'carbon-west', remaining: 'infinite' },
      { id: 'carbon-east', remaining: 'infinite' },
      { id: 'crystal-west', remaining: 40 },
      { id: 'crystal-east', remaining: 40 },
      { id: 'crystal-center', remaining: 60 },
    ]);
  });
});

describe('the Action Phase', () => {
  const acting = (at: Spot[] = [], setup: Setup = {}) => {
    const game = arena(at, setup);
    toPhase(game, 'action');
    return game;
  };
  it('PG-10 a unit performs only the actions its datasheet allows', () => {
    const v = acting()
      .when({ ...BARRACKS, unitId: 'red-vanguard-troopers-1' }, seat('red'))
      .thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) cannot Construct; its datasheet allows only Interact, Aim, Dodge.');
  });
  it('PG-10 a building performs only the actions it is allowed: a Command Center produces Workers, not Troopers', () => {
    const v = acting()
      .when({ type: 'Produce', buildingId: 'red-cc', datasheet: 'vanguard-troopers' }, seat('red'))
      .thenRejects('PG-10', 'CANNOT_PRODUCE');
    expect(v.message).toBe('Command Center (red-cc) produces Engineer, not "vanguard-troopers".');
  });
  it('PG-10 a building under construction performs no action', () => {
    const game = acting([], rich);
    game.run(BARRACKS, seat('red'));
    game
      .when({ type: 'Produce', buildingId: 'red-barracks-1', datasheet: 'vanguard-troopers' }, seat('red'))
      .thenRejects('PG-10', 'UNDER_CONSTRUCTION');
  });
  it('PG-10 one action per unit in an Action Phase (default)', () => {
    const game = acting();
    game.run({ type: 'Aim', unitId: 'red-vanguard-troopers-1' }, seat('red'));
    game.when({ type: 'Aim', unitId: 'red-vanguard-troopers-1' }, seat('red')).thenRejects('PG-10', 'ALREADY_ACTED');
  });
  it('PG-10 Interact takes control of an objective within 1"', () => {
    const game = acting([{ unitId: 'red-vanguard-troopers-1', x: 22, y: 32 }]);
    expect(game.run({ type: 'Interact', unitId: 'red-vanguard-troopers-1', objectiveId: 'relay' }, seat('red'))).toEqual([
      { type: 'ObjectiveInteracted', data: { unitId: 'red-vanguard-troopers-1', seat: 'red', objectiveId: 'relay', rule: 'PG-10' } },
    ]);
    expect(rules(game).objectives).toEqual({ relay: 'red' });
    const v = game
      .when({ type: 'Interact', unitId: 'red-vanguard-troopers-2', objectiveId: 'beacon' }, seat('red'))
      .thenRejects('PG-10', 'OUT_OF_REACH');
    expect(v.message).toBe(
      'Vanguard Troopers (red-vanguard-troopers-2) must be within 1" of Nav Beacon to interact with it; it is 20.54" away.',
    );
  });
  it('PG-10 Repair restores Cohesion to a damaged friendly building', () => {
    const game = arena(
      [
        { unitId: 'red-cc', x: 21, y: 18 },
        { unitId: 'red-worker-1', x: 21, y: 21.6 },
        { unitId: 'blue-raiders-1', x: 25.5, y: 18 },
      ],
      { first: 'blue' },
    );
    toPhase(game, 'melee');
    game.run(
      { type: 'MeleeAttack', unitId: 'blue-raiders-1', targetId: 'red-cc' },
      seat('blue'),
      scriptedDice([3, 3, 3, 1, 1, 1, 1, 1, 1, 1]),
    );
    expect(unit(game, 'red-cc')?.cohesion).toBe(17);
    toPhase(game, 'action', 'red');
    expect(game.run({ type: 'Repair', unitId: 'red-worker-1', targetId: 'red-cc' }, seat('red'))).toEqual([
      { type: 'UnitRepaired', data: { unitId: 'red-cc', by: 'red-worker-1', restored: 2, cohesion: 19, rule: 'PG-10' } },
    ]);
  });
  it('PG-10 actions belong to the Action Phase', () => {
    arena().when({ type: 'Aim', unitId: 'red-vanguard-troopers-1' }, seat('red')).thenRejects('PG-4', 'WRONG_PHASE');
  });
});

describe('RUL-9 a Barracks built in the game: its ability, its research, what it trains (PG-6, PG-7, PG-10)', () => {
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
    withUnit('vanguard', 'vanguard-troopers', (t) => ({ ...t, productionCounters: 1 }), ACTION_FACTIONS),
  );
  const BARRACKS = 'red-barracks-1';
  /** Red builds the Barracks in turn 1; the events that open red's next turn, whose Action Phase is open. */
  const withBarracks = () => {
    const game = acting([], workshop);
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
