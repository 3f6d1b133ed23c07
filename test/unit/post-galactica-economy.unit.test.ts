import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { removeCounters } from '../../domain/post-galactica/counters.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { seat } from '../support/decider-spec.ts';
import { arena, passTo, rules, type ArenaSetup as Setup, type Spot, toPhase, unit } from '../support/post-galactica.ts';

const EXAMPLE = exampleScenario();

const BARRACKS = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'barracks', x: 8, y: 25.5 } as const;
const rich = { mission: { startingResources: { carbon: 1000, crystal: 200, faction: 0 } } };

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
