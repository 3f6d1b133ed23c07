/**
 * RUL-9 (issue 26): tests that kill the mutants StrykerJS left alive in Post Galactica's
 * economy (research.ts, resources.ts, workers.ts, victory.ts, turns.ts, phases.ts), each
 * asserting what the rules text (or the project's stated default) requires.
 */
import { describe, expect, it } from 'vitest';
import type { Faction } from '../../domain/post-galactica/datasheets.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { PHASE_TITLES } from '../../domain/post-galactica/phases.ts';
import { gather, gatherFrom } from '../../domain/post-galactica/resources.ts';
import type { Countdown, PgState } from '../../domain/post-galactica/state.ts';
import { checkVictory, endPhaseEvents } from '../../domain/post-galactica/victory.ts';
import { destroyUnit, workerLimit, workerLimitSentence, workersInProduction } from '../../domain/post-galactica/workers.ts';
import { Game, player, seat, startedPostGalactica } from '../support/decider-spec.ts';
import { ageLog } from '../support/older-rules.ts';
import {
  arena,
  eventData,
  given,
  type Mission,
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

const EXAMPLE = exampleScenario();
const NONE = { carbon: 0, crystal: 0, faction: 0 };
const PLASMA_TUNING = { name: 'Plasma Tuning', cost: { carbon: 50, crystal: 0, faction: 0 }, counters: 2 };
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
const FACTIONS = depotFactions();

const DEPOT = 'red-supply-depot-1';
const RESEARCH = { type: 'Research', buildingId: 'red-cc', research: 'plasma-tuning' } as const;
const salvageBy = (unitId: string, targetId = DEPOT) => ({ type: 'Salvage', unitId, targetId }) as const;

/** The arena in red's first Action Phase. */
const inAction = (at: Spot[] = [], factions: Factions = FACTIONS): Game => {
  const game = arena(at, { factions });
  toPhase(game, 'action');
  return game;
};

/**
 * Red's Supply Depot at (8, 26) (1.5" radius), begun by red-worker-1 in turn 1 and complete
 * in red's next Command Phase (1 construction counter, PG-7); red's Action Phase of turn 3.
 */
const depotBuilt = (at: Spot[] = [], factions: Factions = FACTIONS): Game => {
  const game = inAction(at, factions);
  game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
  passTo(game, 'red');
  toPhase(game, 'action');
  return game;
};

describe('RUL-9 Research (PG-10, PG-18)', () => {
  it('RUL-9 PG-10 an item already being researched by another of your buildings is refused', () => {
    const game = depotBuilt();
    game.run(RESEARCH, seat('red'));
    game.when({ ...RESEARCH, buildingId: DEPOT }, seat('red')).thenRejects('PG-10', 'ALREADY_RESEARCHING');
  });
  it('RUL-9 PG-10 the same item researched again by the same building is already being researched (not just busy)', () => {
    const game = inAction();
    game.run(RESEARCH, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    const v = game.when(RESEARCH, seat('red')).thenRejects('PG-10', 'ALREADY_RESEARCHING');
    expect(v.message).toBe('"plasma-tuning" is already being researched (1 counters left).');
  });
  it("RUL-9 PG-10 the opponent researching the same item does not stop yours, nor take your building's capacity", () => {
    const both = withBuilding('scrap-horde', 'command-center', researcher, FACTIONS);
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
      FACTIONS,
    );
    const game = inAction([], named);
    game.run({ type: 'ActivateAbility', unitId: TROOPERS, ability: 'plasma-tuning' }, seat('red'));
    expect(rules(game).countdowns.map((c) => [c.kind, c.item])).toEqual([['recharge', 'plasma-tuning']]);
    expect(game.run(RESEARCH, seat('red')).map((e) => e.type)).toEqual(['ResearchStarted']);
  });
  it('RUL-9 PG-18 a construction under way elsewhere leaves the researching building free', () => {
    const game = inAction();
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    expect(game.run(RESEARCH, seat('red')).map((e) => e.type)).toEqual(['ResearchStarted']);
  });
  it('RUL-9 PG-10 research that cannot be paid for is refused', () => {
    const v = inAction()
      .when({ ...RESEARCH, research: 'orbital-strike' }, seat('red'))
      .thenRejects('PG-10', 'NOT_ENOUGH_RESOURCES');
    expect(v.message).toBe('Orbital Strike costs 900 Carbon, 0 Crystal; you have 200 Carbon, 50 Crystal, 1 faction resources.');
  });
  it('RUL-9 PG-10 a building that may Research but lists no item says it researches nothing', () => {
    const none = withBuilding('vanguard', 'command-center', (cc) => ({ ...cc, actions: [...cc.actions, 'Research'] }));
    const v = inAction([], none).when(RESEARCH, seat('red')).thenRejects('PG-10', 'UNKNOWN_RESEARCH');
    expect(v.message).toBe('Command Center (red-cc) researches nothing, not "plasma-tuning".');
  });
});

describe('RUL-9 Salvage (PG-10, PG-15)', () => {
  it('RUL-9 PG-10 only a unit allowed to Salvage may salvage', () => {
    inAction().when(salvageBy(TROOPERS, 'red-cc'), seat('red')).thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
  });
  it('RUL-9 PG-10 a target that does not exist is refused under PG-10', () => {
    inAction().when(salvageBy('red-worker-1', 'red-nothing'), seat('red')).thenRejects('PG-10', 'UNKNOWN_UNIT');
  });
  it('RUL-9 PG-10 a unit that is not a building cannot be salvaged, even within 1"', () => {
    // red-worker-2 stands 0.97" from red-worker-1, edge to edge.
    const v = inAction().when(salvageBy('red-worker-1', 'red-worker-2'), seat('red')).thenRejects('PG-10', 'NOT_SALVAGEABLE');
    expect(v.message).toBe('Engineer (red-worker-2) cannot be salvaged: only your complete buildings other than a Command Center can.');
  });
  it('RUL-9 PG-10 a building still under construction cannot be salvaged', () => {
    const game = inAction([{ unitId: 'red-worker-4', x: 10.5, y: 26 }]);
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    game.when(salvageBy('red-worker-4'), seat('red')).thenRejects('PG-10', 'NOT_SALVAGEABLE');
  });
  it('RUL-9 PG-10 a building already being salvaged is not salvaged twice', () => {
    const game = depotBuilt([{ unitId: 'red-worker-4', x: 10.5, y: 26 }]);
    game.run(salvageBy('red-worker-1'), seat('red'));
    const v = game.when(salvageBy('red-worker-4'), seat('red')).thenRejects('PG-10', 'ALREADY_SALVAGING');
    expect(v.message).toBe('Supply Depot (red-supply-depot-1) is already being salvaged.');
  });
  it('RUL-9 PG-10 salvaging one building does not stop the salvage of another', () => {
    // A second Supply Depot at (12, 30), begun by red-worker-3 (0.6" away).
    const game = inAction();
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    game.run({ type: 'Construct', unitId: 'red-worker-3', datasheet: 'supply-depot', x: 12, y: 30 }, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    game.run(salvageBy('red-worker-1'), seat('red'));
    expect(game.run(salvageBy('red-worker-3', 'red-supply-depot-2'), seat('red')).map((e) => e.type)).toEqual(['SalvageStarted']);
  });
  it('RUL-9 PG-10 a building busy researching may still be salvaged: research is not salvage', () => {
    const game = depotBuilt();
    game.run({ ...RESEARCH, buildingId: DEPOT }, seat('red'));
    expect(rules(game).countdowns.map((c) => [c.kind, c.unitId])).toEqual([['research', DEPOT]]);
    expect(game.run(salvageBy('red-worker-1'), seat('red')).map((e) => e.type)).toEqual(['SalvageStarted']);
  });
  it('RUL-9 PG-10 a building carrying units is unloaded before it is salvaged', () => {
    const game = depotBuilt([{ unitId: 'red-worker-4', x: 10.5, y: 26 }]);
    game.run({ type: 'Load', unitId: DEPOT, passengerIds: ['red-worker-1'] }, seat('red'));
    const v = game.when(salvageBy('red-worker-4'), seat('red')).thenRejects('PG-10', 'NOT_EMPTY');
    expect(v.message).toBe('Unload Supply Depot (red-supply-depot-1) before salvaging it.');
  });
  it('RUL-9 PG-10 a unit whose edge is exactly 1" from the building may salvage it', () => {
    // Engineer (0.5" radius) at (8, 29): 3" from the centre of the 1.5" Supply Depot.
    const game = depotBuilt([{ unitId: 'red-worker-1', x: 8, y: 29 }]);
    expect(game.run(salvageBy('red-worker-1'), seat('red')).map((e) => e.type)).toEqual(['SalvageStarted']);
  });
  it('RUL-9 PG-10 salvage recovers half of each resource of the cost, rounded down', () => {
    // A Supply Depot costing 100 Carbon, 30 Crystal and 1 faction resource (red has 1 from its
    // first Command Phase) returns 50, 15 and 0.
    const dear = depotFactions((d) => ({ ...d, cost: { carbon: 100, crystal: 30, faction: 1 } }));
    const game = depotBuilt([], dear);
    game.run(salvageBy('red-worker-1'), seat('red'));
    const done = eventData(passTo(game, 'red'), 'CountdownCompleted');
    expect(done).toMatchObject({ kind: 'salvage', unitId: DEPOT, gained: { carbon: 50, crystal: 15, faction: 0 } });
  });
});

describe('RUL-9 the phases of a turn (PG-4)', () => {
  it('RUL-9 PG-4 each phase is named as the rules text names it', () => {
    expect(PHASE_TITLES).toEqual({
      command: 'Command Phase',
      resource: 'Resource Phase',
      movement: 'Movement Phase',
      action: 'Action Phase',
      ranged: 'Ranged Phase',
      melee: 'Melee Phase',
      status: 'Status Phase',
      end: 'End Phase',
    });
  });
  it('RUL-9 PG-4 a game without a scenario has nobody to deploy: choosing the first player opens turn 1 at its Command Phase', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' }, player('p_red'));
    game.run({ type: 'JoinGame' }, player('p_blue'));
    const state = game.state;
    if (state.status !== 'choosing' || !state.rollOff) throw new Error('expected a roll-off');
    const events = game.run({ type: 'ChooseFirstPlayer', seat: 'red' }, seat(state.rollOff.winner));
    expect(events.map((e) => e.type)).toEqual(['FirstPlayerChosen', 'TurnStarted', 'PhaseStarted']);
    expect(eventData(events, 'TurnStarted')).toEqual({ seat: 'red', round: 1, turn: 1 });
  });
});

/** given: the unit is destroyed (as an attack would leave it). */
const destroyed = (game: Game, ...unitIds: string[]): void => {
  for (const id of unitIds) given(game, destroyUnit(rules(game), must(unit(game, id)), 'given'));
};
const TRAIN = { type: 'Produce', buildingId: 'red-cc', datasheet: 'engineer' } as const;
/** Red with 3 free Workers and no purchased capacity, one of them lost: room to train exactly 1 Worker. */
const roomForOne = (factions: Factions = EXAMPLE.factions): Game => {
  const game = arena([], { factions, red: { purchasedWorkers: 0 } });
  destroyed(game, 'red-worker-1');
  return game;
};

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
    const shared: Factions = {
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
});

const WEST_CRYSTAL = (total: number): Partial<Mission> => ({
  resourceNodes: EXAMPLE.mission.resourceNodes.map((n) => (n.id === 'crystal-west' ? { ...n, total } : n)),
});
/**
 * A Crystal Extractor begun on the Crystal Node at (10, 4) in turn 1 (the Sentinel Walker
 * moved out of its way); red's Resource Phase of turn 3.
 */
const extractorBegun = (mission: Partial<Mission> = {}, factions: Factions = EXAMPLE.factions): Game => {
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

describe('RUL-9 gathering (PG-8)', () => {
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
});

/** A victory condition list for the arena mission. */
const victory = (...conditions: Mission['victory']): Partial<Mission> => ({ victory: conditions });
const endOfRedTurn = (g: Game) => {
  toPhase(g, 'end', 'red');
  return g.run({ type: 'EndPhase' }, seat('red'));
};
const scored = (s: 'red' | 'blue', total: number) =>
  ({ type: 'ObjectivesScored', data: { seat: s, objectives: ['relay'], points: total, total, rule: 'PG-14' } }) as const;

describe('RUL-9 victory (PG-14)', () => {
  it('RUL-9 PG-14 annihilation: a seat with nothing left on the battlefield loses', () => {
    const game = arena([], { mission: victory({ type: 'annihilation' }) });
    destroyed(game, ...rules(game).units.flatMap((u) => (u.seat === 'blue' ? [u.id] : [])));
    expect(endOfRedTurn(game)[0]).toEqual({
      type: 'GameEnded',
      data: { winner: 'red', reason: 'blue has nothing left on the battlefield', rule: 'PG-14' },
    });
  });
  it('RUL-9 PG-14 annihilation decides nothing while both seats have units', () => {
    const game = arena([], { mission: victory({ type: 'annihilation' }) });
    destroyed(game, 'blue-raiders-1');
    expect(endOfRedTurn(game).map((e) => e.type)).toEqual(['TotalsConfirmed', 'TurnStarted', 'PhaseStarted']);
  });
  it('RUL-9 PG-14 both seats at the Victory Points needed is a draw, though the first condition listed decided nothing', () => {
    // The example mission checks the original Command Centers first, then 10 Victory Points.
    const game = arena();
    // given: both seats at 10 Victory Points, as earlier End Phases' scoring would have left them.
    given(game, scored('red', 10), scored('blue', 10));
    expect(endOfRedTurn(game)[0]).toEqual({
      type: 'GameEnded',
      data: { winner: null, reason: 'red and blue reached 10 Victory Points', rule: 'PG-14' },
    });
  });
  it('RUL-9 PG-14 an objective held scores again each End Phase, adding to the Victory Points', () => {
    const game = arena([{ unitId: TROOPERS, x: 22, y: 32 }]);
    toPhase(game, 'action');
    game.run({ type: 'Interact', unitId: TROOPERS, objectiveId: 'relay' }, seat('red'));
    expect(eventData(endOfRedTurn(game), 'ObjectivesScored').total).toBe(1);
    expect(eventData(endOfRedTurn(game), 'ObjectivesScored')).toEqual({
      seat: 'red',
      objectives: ['relay'],
      points: 1,
      total: 2,
      rule: 'PG-14',
    });
  });
});

// Post Galactica seats exactly red and blue, each with a player record and an army once a
// scenario is given (options.armies names both), and the mission comes with them. No command
// or event builds the states below: they are made by hand, and the exported functions called
// directly, to pin what the rules code does with a seat, node or datasheet it does not know.
describe('RUL-9 states no command builds (PG-8, PG-14, PG-18)', () => {
  const inResource = (mission: Partial<Mission> = {}): PgState => {
    const game = arena([], { mission });
    toPhase(game, 'resource');
    return rules(game);
  };
  /** A third seat, green, in the turn order (with `record`, a player record too, copied from blue's). */
  const withGreen = (state: PgState, record: boolean): PgState => {
    const blue = must(state.players.blue);
    return {
      ...state,
      turnOrder: ['red', 'blue', 'green'],
      players: record ? { ...state.players, green: { ...blue, seat: 'green' } } : state.players,
    };
  };
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
  it("RUL-9 PG-18 a production countdown of a datasheet the seat's faction lacks, or of a seat with no player record, is no Worker in training", () => {
    const state = inResource();
    expect(workersInProduction({ ...state, countdowns: [production('red', 'warp-drone')] }, 'red')).toBe(0);
    const { red: _, ...others } = state.players;
    expect(workersInProduction({ ...state, players: others, countdowns: [production('red', 'engineer')] }, 'red')).toBe(0);
  });
  it('RUL-9 PG-22 with three seats one losing its original Command Center leaves no single winner', () => {
    const state = withGreen(inResource(), true);
    const lost = { ...state, players: { ...state.players, blue: { ...must(state.players.blue), originalCommandCenterDestroyed: true } } };
    expect(checkVictory(lost)).toEqual({ winner: null, reason: 'blue lost the original Command Center', rule: 'PG-22' });
  });
  it('RUL-9 PG-14 a seat in the turn order with no player record is not annihilated', () => {
    expect(checkVictory(withGreen(inResource(victory({ type: 'annihilation' })), false))).toBeNull();
  });
  it('RUL-9 PG-14 after the last round the last seat in the turn order ends the game, one with no player record scoring from 0', () => {
    const state = withGreen(inResource(victory({ type: 'roundLimit', rounds: 1 })), false);
    const events = endPhaseEvents({ ...state, activeSeat: 'green', phase: 'end', objectives: { relay: 'green' } });
    expect(events).toEqual([
      { type: 'ObjectivesScored', data: { seat: 'green', objectives: ['relay'], points: 1, total: 1, rule: 'PG-14' } },
      { type: 'GameEnded', data: { winner: null, reason: '1 rounds played; Victory Points red 0, blue 0, green 0', rule: 'PG-14' } },
    ]);
  });
});
