import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { deploymentCost, type Faction } from '../../domain/post-galactica/datasheets.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { gatherersAt } from '../../domain/post-galactica/resources.ts';
import type { Countdown } from '../../domain/post-galactica/state.ts';
import {
  destroyUnit,
  supplyUsed,
  workerLimit,
  workerLimitSentence,
  workersInProduction,
  workersOnBattlefield,
} from '../../domain/post-galactica/workers.ts';
import { type Game, seat, startedPostGalactica } from '../support/decider-spec.ts';
import { ageLog } from '../support/older-rules.ts';
import { arena, eventData, given, must, passTo, rules, toPhase, unit, withUnit } from '../support/post-galactica.ts';
import { destroyed, inResource, NONE } from '../support/post-galactica-setups.ts';

const EXAMPLE = exampleScenario();

const TRAIN = { type: 'Produce', buildingId: 'red-cc', datasheet: 'engineer' } as const;

describe("with 4 Workers and a Worker Limit of 4 (the text's example)", () => {
  const twoKilled = () => {
    const game = arena(
      [
        { unitId: 'red-worker-1', x: 23.5, y: 14 },
        { unitId: 'red-worker-2', x: 23.5, y: 22 },
        { unitId: 'blue-raiders-1', x: 25.2, y: 14 },
        { unitId: 'blue-raiders-2', x: 25.2, y: 22 },
      ],
      { first: 'blue' },
    );
    toPhase(game, 'melee');
    const first = game.run(
      { type: 'MeleeAttack', unitId: 'blue-raiders-1', targetId: 'red-worker-1' },
      seat('blue'),
      scriptedDice([3, 3, 1, 1, 1, 1, 1, 1, 1, 1]),
    );
    const second = game.run(
      { type: 'MeleeAttack', unitId: 'blue-raiders-2', targetId: 'red-worker-2' },
      seat('blue'),
      scriptedDice([3, 3, 1, 1, 1, 1, 1, 1, 1, 1]),
    );
    return { game, first: first[1], second: second[1] };
  };
  it('PG-17 the first Worker lost (4 before) moves a purchased capacity to the Destroyed Zone; the second (3 before) is Free Worker Allowance', () => {
    const { first, second } = twoKilled();
    expect(first).toEqual({
      type: 'UnitDestroyed',
      data: {
        unitId: 'red-worker-1',
        seat: 'red',
        datasheet: 'engineer',
        cause: 'Scrap Blades (Raiders (blue-raiders-1))',
        worker: { before: 4, allowance: 'purchased', workerLimit: 3 },
        destroyedZone: true,
        commandCenter: null,
        rule: 'PG-17',
      },
    });
    expect(second?.data).toMatchObject({
      unitId: 'red-worker-2',
      worker: { before: 3, allowance: 'free', workerLimit: 3 },
      destroyedZone: false,
    });
  });
  it('PG-17 2 Workers destroyed leave 2 Workers and a Worker Limit of 3', () => {
    const state = rules(twoKilled().game);
    expect([workersOnBattlefield(state, 'red'), workerLimit(state, 'red')]).toEqual([2, 3]);
    expect(state.players.red?.destroyedZone).toEqual({ units: [], purchasedWorkerCapacity: 1 });
  });
  it('PG-17 they may train back up to 3 Workers, but not 4', () => {
    const { game } = twoKilled();
    toPhase(game, 'action', 'red');
    expect(game.run(TRAIN, seat('red'))[0]?.data).toMatchObject({ unitId: 'red-worker-5', counters: 1, rule: 'PG-18' });
    passTo(game, 'red');
    expect(workersOnBattlefield(rules(game), 'red')).toBe(3);
    toPhase(game, 'action');
    const v = game.when(TRAIN, seat('red')).thenRejects('PG-17', 'WORKER_LIMIT');
    expect(v.message).toBe('Workers: limit 3 reached; 1 purchased capacity is in the Destroyed Zone.');
  });
});

describe('with a Worker datasheet listed among the units of the Deployment List (PG-16: a purchase)', () => {
  const ENGINEER = 'red-engineer-1';
  const listed = () =>
    arena([{ unitId: ENGINEER, x: 3, y: 3 }], {
      red: { units: [...EXAMPLE.armies.red.units, { datasheet: 'engineer' }], purchasedWorkers: 0 },
    });
  it("PG-16 the listed Worker is purchased Worker capacity: 4 Workers and a Worker Limit of 4, paid at the Worker's points", () => {
    const state = rules(listed());
    expect([workersOnBattlefield(state, 'red'), workerLimit(state, 'red')]).toEqual([4, 4]);
    const cost = deploymentCost(
      { ...EXAMPLE.armies.red, units: [{ datasheet: 'engineer' }], purchasedWorkers: 0 },
      EXAMPLE.factions.vanguard,
    );
    expect(cost.lines.at(-1)).toEqual({ item: 'Engineer (purchased Worker capacity)', points: 10 });
  });
  it('PG-16 listed and counted purchases add up: 2 listed and 1 counted make 6 Workers and a limit of 6', () => {
    const game = arena(
      [
        { unitId: ENGINEER, x: 3, y: 3 },
        { unitId: 'red-engineer-2', x: 3, y: 6 },
      ],
      { red: { units: [{ datasheet: 'engineer' }, { datasheet: 'engineer' }], purchasedWorkers: 1 } },
    );
    expect([workersOnBattlefield(rules(game), 'red'), workerLimit(rules(game), 'red')]).toEqual([6, 6]);
  });
  it('PG-17 the listed Worker lost first (4 before) moves its purchased capacity to the Destroyed Zone; a free one lost next leaves nothing there', () => {
    const game = listed();
    const first = destroyUnit(rules(game), must(unit(game, ENGINEER)), 'given');
    expect(first.data).toMatchObject({ worker: { before: 4, allowance: 'purchased', workerLimit: 3 }, destroyedZone: true });
    given(game, first);
    expect(rules(game).players.red?.destroyedZone).toEqual({ units: [], purchasedWorkerCapacity: 1 });
    const second = destroyUnit(rules(game), must(unit(game, 'red-worker-1')), 'given');
    expect(second.data).toMatchObject({ worker: { before: 3, allowance: 'free', workerLimit: 3 }, destroyedZone: false });
    given(game, second);
    const state = rules(game);
    expect(state.players.red?.destroyedZone).toEqual({ units: [], purchasedWorkerCapacity: 1 });
    expect([workersOnBattlefield(state, 'red'), workerLimit(state, 'red')]).toEqual([2, 3]);
  });
  it('PG-17 whichever Worker is lost with 4 before, a free one by id included, the purchased capacity goes first', () => {
    const game = listed();
    const first = destroyUnit(rules(game), must(unit(game, 'red-worker-1')), 'given');
    expect(first.data).toMatchObject({ worker: { before: 4, allowance: 'purchased', workerLimit: 3 }, destroyedZone: true });
  });
});

describe('with 3 Workers and no purchased capacity', () => {
  it('PG-17 a Worker destroyed with 3 or fewer Workers does not enter the Destroyed Zone and the limit stays 3', () => {
    const game = arena([], { red: { purchasedWorkers: 0 } });
    const event = destroyUnit(rules(game), must(unit(game, 'red-worker-1')), 'given');
    expect(event.data).toMatchObject({ worker: { before: 3, allowance: 'free', workerLimit: 3 }, destroyedZone: false, rule: 'PG-17' });
    given(game, event);
    expect(rules(game).players.red?.destroyedZone).toEqual({ units: [], purchasedWorkerCapacity: 0 });
    expect(workerLimit(rules(game), 'red')).toBe(3);
  });
  it('PG-18 training a Worker back needs resources', () => {
    const game = arena([], { red: { purchasedWorkers: 0 }, mission: { startingResources: { carbon: 20, crystal: 0, faction: 0 } } });
    destroyed(game, 'red-worker-1');
    toPhase(game, 'action');
    const v = game.when(TRAIN, seat('red')).thenRejects('PG-18', 'NOT_ENOUGH_RESOURCES');
    expect(v.message).toBe('Engineer costs 50 Carbon, 0 Crystal; you have 20 Carbon, 0 Crystal, 1 faction resources.');
  });
  it('PG-18 training a Worker back needs Supply', () => {
    const v = EXAMPLE.factions.vanguard;
    const factions = {
      ...EXAMPLE.factions,
      vanguard: { ...v, buildings: { ...v.buildings, 'command-center': { ...must(v.buildings['command-center']), supplyProvided: 2 } } },
    };
    const game = arena([], { red: { purchasedWorkers: 0 }, factions });
    destroyed(game, 'red-worker-1');
    toPhase(game, 'action');
    const violation = game.when(TRAIN, seat('red')).thenRejects('PG-18', 'NOT_ENOUGH_SUPPLY');
    expect(violation.message).toBe('Supply: 2 of 2 used; Engineer needs 1.');
  });
  it('PG-18 training a Worker back needs production capacity: one production at a time per building', () => {
    const game = arena([], { red: { purchasedWorkers: 0 } });
    destroyed(game, 'red-worker-1');
    destroyed(game, 'red-worker-2');
    toPhase(game, 'action');
    game.run(TRAIN, seat('red'));
    const v = game.when(TRAIN, seat('red')).thenRejects('PG-18', 'NO_PRODUCTION_CAPACITY');
    expect(v.message).toBe('Command Center (red-cc) is already producing (Engineer at red-cc, 1 counters left).');
  });
});

describe('Worker functions', () => {
  it('PG-19 Workers count against Supply, also while in training; other units do not unless their datasheet says so', () => {
    expect(supplyUsed(rules(arena()), 'red')).toBe(4);
    const game = arena([], { red: { purchasedWorkers: 0 } });
    expect(supplyUsed(rules(game), 'red')).toBe(3);
    destroyed(game, 'red-worker-1');
    expect(supplyUsed(rules(game), 'red')).toBe(2);
    toPhase(game, 'action');
    game.run(TRAIN, seat('red'));
    expect(supplyUsed(rules(game), 'red')).toBe(3);
  });
  it('PG-19 Workers mine Carbon; a Trooper standing at the node does not', () => {
    const game = arena([
      { unitId: 'red-worker-4', x: 3, y: 33 },
      { unitId: 'red-vanguard-troopers-1', x: 8, y: 31.9 },
    ]);
    const node = must(EXAMPLE.mission.resourceNodes[0]);
    expect(gatherersAt(rules(game), 'red', node).map((u) => u.id)).toEqual(['red-worker-1', 'red-worker-2', 'red-worker-3']);
  });
  it('PG-19 a Worker datasheet that lists no actions Constructs, Repairs and Interacts, as Workers normally do; actions: [] says otherwise', () => {
    const building = (actions?: []) => {
      const factions = withUnit('vanguard', 'engineer', (e) => {
        const { actions: _, ...rest } = e;
        return (actions ? { ...rest, actions } : rest) as typeof e;
      });
      const game = arena([], { factions });
      toPhase(game, 'action');
      return game;
    };
    const game = building();
    const created = game.log[0]?.data as { options: { rules: { factions: Record<string, Faction> } } };
    expect(created.options.rules.factions.vanguard?.units.engineer?.actions).toEqual(['Construct', 'Repair', 'Interact']);
    expect(created.options.rules.factions.vanguard?.units['vanguard-troopers']?.actions).toEqual(['Interact', 'Aim', 'Dodge']);
    const BARRACKS = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'barracks', x: 8, y: 25.5 } as const;
    expect(game.run(BARRACKS, seat('red')).map((e) => e.type)).toEqual(['ConstructionStarted']);
    building([]).when(BARRACKS, seat('red')).thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
  });
  it('PG-19 Workers place extraction structures, on a Crystal Node only', () => {
    const game = arena();
    toPhase(game, 'action');
    const v = game
      .when({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'extractor', x: 8, y: 26.6 }, seat('red'))
      .thenRejects('PG-19', 'NOT_ON_NODE');
    expect(v.message).toBe('A Crystal Extractor is an extraction structure and must be placed within 1" of a Crystal Node.');
  });
});

describe('Command Centers', () => {
  const REBUILD = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'command-center', x: 5, y: 25.5 } as const;
  const rich = { startingResources: { carbon: 1000, crystal: 0, faction: 0 } };
  it('PG-15 a destroyed Command Center never enters the Destroyed Zone', () => {
    const game = arena();
    const event = destroyUnit(rules(game), must(unit(game, 'red-cc')), 'given');
    expect(event.data).toMatchObject({ destroyedZone: false, worker: null, commandCenter: { original: true }, rule: 'PG-15' });
    given(game, event);
    expect(rules(game).players.red).toMatchObject({
      destroyedZone: { units: [], purchasedWorkerCapacity: 0 },
      originalCommandCenterDestroyed: true,
    });
  });
  it('PG-15 a player has at most 1 active Command Center unless a rule says otherwise', () => {
    const game = arena([], { mission: rich });
    toPhase(game, 'action');
    const v = game.when(REBUILD, seat('red')).thenRejects('PG-21', 'COMMAND_CENTER_LIMIT');
    expect(v.message).toBe('You control 1 active Command Center; the limit is 1, so no new one may be begun.');
  });
  it('PG-21 an eligible Worker rebuilds a destroyed Command Center when its cost is paid', () => {
    const game = arena([], { mission: rich });
    destroyed(game, 'red-cc');
    toPhase(game, 'action');
    expect(game.run(REBUILD, seat('red'))[0]?.data).toMatchObject({
      unitId: 'red-command-center-1',
      counters: 4,
      cost: { carbon: 400 },
      rule: 'PG-21',
    });
    expect(rules(game).players.red?.resources.carbon).toBe(600);
  });
  it('PG-21 a rebuild whose cost cannot be paid is refused', () => {
    const game = arena();
    destroyed(game, 'red-cc');
    toPhase(game, 'action');
    const v = game.when(REBUILD, seat('red')).thenRejects('PG-21', 'NOT_ENOUGH_RESOURCES');
    expect(v.message).toBe('Command Center costs 400 Carbon, 0 Crystal; you have 200 Carbon, 50 Crystal, 1 faction resources.');
  });
  it('PG-21 no second Command Center may be begun while one is under construction at the limit of 1', () => {
    const game = arena([], { mission: rich });
    destroyed(game, 'red-cc');
    toPhase(game, 'action');
    game.run(REBUILD, seat('red'));
    game.when({ ...REBUILD, unitId: 'red-worker-3', x: 12, y: 30 }, seat('red')).thenRejects('PG-21', 'COMMAND_CENTER_LIMIT');
  });
  it('PG-21 only an eligible Worker rebuilds a Command Center, even if another unit may Construct', () => {
    const v = EXAMPLE.factions.vanguard;
    const builders = must(v.units['vanguard-troopers']);
    const factions = {
      ...EXAMPLE.factions,
      vanguard: { ...v, units: { ...v.units, 'vanguard-troopers': { ...builders, actions: [...builders.actions, 'Construct' as const] } } },
    };
    const game = arena(
      [
        { unitId: 'red-vanguard-troopers-2', x: 10, y: 29 },
        { unitId: 'red-worker-3', x: 12, y: 33 },
      ],
      { mission: rich, factions },
    );
    destroyed(game, 'red-cc');
    toPhase(game, 'action');
    const violation = game
      .when({ ...REBUILD, unitId: 'red-vanguard-troopers-2', x: 10, y: 24.9 }, seat('red'))
      .thenRejects('PG-21', 'NOT_A_WORKER');
    expect(violation.message).toBe('Only a Worker may rebuild a Command Center; Vanguard Troopers (red-vanguard-troopers-2) is not one.');
  });
  describe('with no Command Center left (a rebuild, 7.8 "meet all placement requirements")', () => {
    const FAR = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'command-center', x: 20, y: 33 } as const;
    const worker = { unitId: 'red-worker-1', x: 20, y: 28.6 };
    const rebuilding = (enemy: { unitId: string; x: number; y: number }) => {
      const game = arena([worker, enemy], { mission: rich });
      destroyed(game, 'red-cc');
      toPhase(game, 'action');
      return game;
    };
    it('PG-21 a rebuilt Command Center may not be placed within 4" of an enemy unit', () => {
      const v = rebuilding({ unitId: 'blue-raiders-1', x: 25.5, y: 33 }).when(FAR, seat('red')).thenRejects('PG-21', 'TOO_CLOSE_TO_ENEMY');
      expect(v.message).toBe(
        'A rebuilt Command Center may not be placed within 4" of the enemy unit Raiders (blue-raiders-1) (1.5" away).',
      );
      const clear = rebuilding({ unitId: 'blue-raiders-1', x: 30, y: 33 });
      expect(clear.run(FAR, seat('red'))[0]?.type).toBe('ConstructionStarted');
    });
    it('PG-21 a rebuilt Command Center must be at least 6" from an enemy one', () => {
      const v = rebuilding({ unitId: 'blue-cc', x: 28, y: 31 }).when(FAR, seat('red')).thenRejects('PG-21', 'TOO_CLOSE_TO_ENEMY_CC');
      expect(v.message).toBe(
        'A rebuilt Command Center must be at least 6" from the enemy Command Center (blue-cc); this spot is 2.25" away.',
      );
    });
  });
  describe('when a rule raises the limit to 2', () => {
    const two = { ...rich, commandCenterLimit: 2 };
    const FAR = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'command-center', x: 20, y: 33 } as const;
    const worker = { unitId: 'red-worker-1', x: 20, y: 28.6 };
    it('PG-21 an additional Command Center must be at least 12" from a friendly one', () => {
      const game = arena([], { mission: two });
      toPhase(game, 'action');
      const v = game.when(REBUILD, seat('red')).thenRejects('PG-21', 'TOO_CLOSE_TO_FRIENDLY_CC');
      expect(v.message).toBe('An additional Command Center must be at least 12" from Command Center (red-cc); this spot is 1.57" away.');
      const far = arena([worker], { mission: two });
      toPhase(far, 'action');
      expect(far.run(FAR, seat('red'))[0]?.type).toBe('ConstructionStarted');
    });
    it('PG-21 an additional Command Center must be at least 6" from an enemy one', () => {
      const game = arena([worker, { unitId: 'blue-cc', x: 28, y: 31 }], { mission: two });
      toPhase(game, 'action');
      const v = game.when(FAR, seat('red')).thenRejects('PG-21', 'TOO_CLOSE_TO_ENEMY_CC');
      expect(v.message).toBe(
        'An additional Command Center must be at least 6" from the enemy Command Center (blue-cc); this spot is 2.25" away.',
      );
    });
    it('PG-21 an additional Command Center may not be placed within 4" of an enemy unit', () => {
      const game = arena([worker, { unitId: 'blue-raiders-1', x: 25.5, y: 33 }], { mission: two });
      toPhase(game, 'action');
      const v = game.when(FAR, seat('red')).thenRejects('PG-21', 'TOO_CLOSE_TO_ENEMY');
      expect(v.message).toBe(
        'An additional Command Center may not be placed within 4" of the enemy unit Raiders (blue-raiders-1) (1.5" away).',
      );
    });
  });
});

/** Red with 3 free Workers and no purchased capacity, one of them lost: room to train exactly 1 Worker. */
const roomForOne = (factions: Record<string, Faction> = EXAMPLE.factions): Game => {
  const game = arena([], { factions, red: { purchasedWorkers: 0 } });
  destroyed(game, 'red-worker-1');
  return game;
};
/** A production countdown of `s` for `datasheet`, given. */
const production = (s: string, datasheet: string): Countdown => ({
  id: 'cd-9',
  seat: s,
  kind: 'production',
  label: 'given',
  counters: 1,
  placedTurn: 1,
  unitId: `${s}-worker-9`,
  buildingId: `${s}-cc`,
  datasheet,
  item: null,
});

describe('RUL-9 the Worker Limit (PG-16, PG-17, PG-18)', () => {
  it('RUL-9 PG-16 a seat with no army (the bare turn sequence) has the Free Worker Allowance of 3 and nothing lost', () => {
    // Reached by no command (nothing trains Workers without an army): read directly.
    const state = rules(startedPostGalactica());
    expect(workerLimit(state, 'red')).toBe(3);
    expect(workerLimitSentence(state, 'red')).toBe('Workers: limit 3 reached.');
  });
  it('RUL-9 PG-18 a building under construction is not a Worker in training', () => {
    const game = roomForOne();
    toPhase(game, 'action');
    game.run({ type: 'Construct', unitId: 'red-worker-2', datasheet: 'supply-depot', x: 4.2, y: 29 }, seat('red'));
    expect(game.run(TRAIN, seat('red')).map((e) => e.type)).toEqual(['ProductionStarted']);
    expect(workersInProduction(rules(game), 'red')).toBe(1);
  });
  it("RUL-9 PG-18 the opponent's Worker in training does not count against your Worker Limit", () => {
    // Both factions' Workers use the datasheet id `engineer`, so only the seat tells them apart.
    const sh = EXAMPLE.factions['scrap-horde'];
    const cc = must(sh.buildings['command-center']);
    const shared: Record<string, Faction> = {
      ...EXAMPLE.factions,
      'scrap-horde': {
        ...sh,
        worker: 'engineer',
        units: { ...sh.units, engineer: must(sh.units.scrapper) },
        buildings: { ...sh.buildings, 'command-center': { ...cc, produces: ['engineer'] } },
      },
    };
    const game = roomForOne(shared);
    destroyed(game, 'blue-worker-1', 'blue-worker-2');
    toPhase(game, 'action', 'blue');
    game.run({ type: 'Produce', buildingId: 'blue-cc', datasheet: 'engineer' }, seat('blue'));
    toPhase(game, 'action', 'red');
    expect([workersInProduction(rules(game), 'red'), workersInProduction(rules(game), 'blue')]).toEqual([0, 1]);
    expect(game.run(TRAIN, seat('red')).map((e) => e.type)).toEqual(['ProductionStarted']);
  });
  it("RUL-9 PG-18 PG-19 an Engineer's recharging ability is neither a Worker in training nor Supply in production", () => {
    const overclock = withUnit('vanguard', 'engineer', (e) => ({
      ...e,
      actions: [...e.actions, 'Activate Ability'],
      abilities: [{ name: 'Overclock', cost: NONE, recharge: 2 }],
    }));
    const game = roomForOne(overclock);
    toPhase(game, 'action');
    game.run({ type: 'ActivateAbility', unitId: 'red-worker-2', ability: 'Overclock' }, seat('red'));
    expect(rules(game).countdowns.map((c) => [c.kind, c.datasheet])).toEqual([['recharge', 'engineer']]);
    expect(game.run(TRAIN, seat('red')).map((e) => e.type)).toEqual(['ProductionStarted']);
    toPhase(game, 'end');
    // 2 Engineers on the battlefield and 1 in training use 3 Supply.
    expect(eventData(game.run({ type: 'EndPhase' }, seat('red')), 'TotalsConfirmed').supply).toEqual({ used: 3, max: 5 });
  });
  it('RUL-9 PG-17 two purchased capacities in the Destroyed Zone are named in the plural', () => {
    // 5 Workers (2 purchased): the first two lost (5 and 4 before) take both capacities.
    const game = arena([{ unitId: 'red-worker-5', x: 3, y: 3 }], { red: { purchasedWorkers: 2 } });
    destroyed(game, 'red-worker-1', 'red-worker-2');
    toPhase(game, 'action');
    const v = game.when(TRAIN, seat('red')).thenRejects('PG-17', 'WORKER_LIMIT');
    expect(v.message).toBe('Workers: limit 3 reached; 2 purchased capacity are in the Destroyed Zone.');
  });
  it('RUL-9 RUL-10 PG-17 under pg-0.5.0 a listed Worker is no purchased capacity: one of 4 Workers lost with a limit of 3 is free', () => {
    // Before pg-0.6.0 only `purchasedWorkers` was capacity, so a listed Engineer made 4 Workers under a limit of 3.
    const game = arena([{ unitId: 'red-engineer-1', x: 3, y: 3 }], {
      red: { units: [...EXAMPLE.armies.red.units, { datasheet: 'engineer' }], purchasedWorkers: 0 },
    });
    game.log = ageLog(game.log, 'pg-0.5.0');
    expect(workerLimit(rules(game), 'red')).toBe(3);
    const lost = destroyUnit(rules(game), must(unit(game, 'red-worker-1')), 'given');
    expect(lost.data).toMatchObject({ worker: { before: 4, allowance: 'free', workerLimit: 3 }, destroyedZone: false });
  });
  it("RUL-9 PG-18 a production countdown of a datasheet the seat's faction lacks, or of a seat with no player record, is no Worker in training", () => {
    const state = inResource();
    expect(workersInProduction({ ...state, countdowns: [production('red', 'warp-drone')] }, 'red')).toBe(0);
    const { red: _, ...others } = state.players;
    expect(workersInProduction({ ...state, players: others, countdowns: [production('red', 'engineer')] }, 'red')).toBe(0);
  });
});
