import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { RulesContext } from '../../domain/kernel/ruleset.ts';
import { ACTION_EVENT_TYPES, type ActionEvent } from '../../domain/post-galactica/action-events.ts';
import type { PgCommand } from '../../domain/post-galactica/commands.ts';
import { deploymentListSchema, type Faction } from '../../domain/post-galactica/datasheets.ts';
import { decide } from '../../domain/post-galactica/decide.ts';
import type { PgEvent } from '../../domain/post-galactica/events.ts';
import { evolve } from '../../domain/post-galactica/evolve.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { postGalacticaFold } from '../../domain/post-galactica/fold.ts';
import { armyUnits, initialState, type PgState } from '../../domain/post-galactica/state.ts';
import type { StatusState } from '../../domain/post-galactica/terms.ts';
import { view } from '../../domain/post-galactica/view.ts';
import { destroyUnit } from '../../domain/post-galactica/workers.ts';
import { ctxFor, Game, player, seat } from '../support/decider-spec.ts';
import {
  ARENA,
  arena,
  given,
  must,
  passTo,
  RAIDERS,
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
const misses = (n: number) => scriptedDice(Array(n).fill(1));

/** The example armies, created and joined: red deploys first and nobody has deployed yet. */
const deploying = (): Game => {
  const game = new Game();
  const options = { firstPlayer: 'red', rules: { ...EXAMPLE, mission: ARENA } };
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options }, player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'));
  return game;
};

/** The context `decide` gets; `seat: null` is the system (RulesContext), never a player's command. */
const contextOf = (who: string | null): RulesContext => ({
  ctx: ctxFor(who === null ? { kind: 'system' } : seat(who)),
  dice: misses(0),
  seat: who,
  salt: (label) => label,
  rulesVersion: postGalacticaFold.rulesVersion,
});

/** given: a unit stands at `cohesion` with these statuses, as a status source or damage would have left it. */
const standing = (unitId: string, cohesion: number, statuses: StatusState[] = []): PgEvent => ({
  type: 'StatusesResolved',
  data: { seat: 'blue', chosenBy: 'default', results: [{ unitId, status: 'given', effect: 'given', cohesion, statuses }], rule: 'PG-13' },
});

const destroyed = (game: Game, unitId: string) => given(game, destroyUnit(rules(game), must(unit(game, unitId)), 'given'));

// The Command Center may also train Vanguard Troopers, which take 1 production counter (the Barracks
// keeps its 2 construction counters), and carbon enough to build and train at once.
const TRAINING = withUnit(
  'vanguard',
  'vanguard-troopers',
  (t) => ({ ...t, productionCounters: 1 }),
  withBuilding('vanguard', 'command-center', (cc) => ({ ...cc, produces: ['engineer', 'vanguard-troopers'] })),
);
const RICH = { startingResources: { carbon: 1000, crystal: 50, faction: 0 } };
const TRAIN = { type: 'Produce', buildingId: 'red-cc', datasheet: 'vanguard-troopers' } as const;
// The Barracks (2" radius) at (8, 25.2): its edge is 0.9" from red-worker-1 at (8, 28.6).
const BARRACKS = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'barracks', x: 8, y: 25.2 } as const;

const inAction = (factions: Record<string, Faction> = TRAINING, at: Spot[] = []): Game => {
  const game = arena(at, { factions, mission: RICH });
  toPhase(game, 'action');
  return game;
};

describe('RUL-9 what the fold publishes (RUL-2, PG-4)', () => {
  it('RUL-9 RUL-2 the fold lists every event type a Post Galactica log may hold, each once', () => {
    // A record keyed by the event union (the action events are listed by action-events.ts): the type
    // checker fails this file if a type is missing or extra.
    const every: Record<Exclude<PgEvent['type'], ActionEvent['type']>, true> = {
      TurnStarted: true,
      PhaseStarted: true,
      RoundCompleted: true,
      DeploymentStarted: true,
      UnitsDeployed: true,
      FactionResourcesGained: true,
      CountersRemoved: true,
      CountdownCompleted: true,
      ResourcesGathered: true,
      UnitMoved: true,
      ConstructionStarted: true,
      ProductionStarted: true,
      UnitRepaired: true,
      ObjectiveInteracted: true,
      UnitAimed: true,
      AttackResolved: true,
      UnitDestroyed: true,
      StatusesResolved: true,
      ObjectivesScored: true,
      TotalsConfirmed: true,
      GameEnded: true,
    };
    expect([...postGalacticaFold.eventTypes].sort()).toEqual([...Object.keys(every), ...ACTION_EVENT_TYPES].sort());
  });

  it('RUL-9 PG-4 deadlines may be set for deployment and for each of the eight phases, in the order of a turn', () => {
    expect(postGalacticaFold.phaseNames).toEqual([
      'deployment',
      'command',
      'resource',
      'movement',
      'action',
      'ranged',
      'melee',
      'status',
      'end',
    ]);
  });

  it('RUL-9 PG-4 the fold says what the game is: alternating full turns through eight phases', () => {
    expect(postGalacticaFold.summary).toMatch(/^Alternating full turns through eight phases/);
  });
});

describe('RUL-9 who may act, and when (PG-4)', () => {
  it('RUL-9 PG-4 while the armies deploy, a phase command of the deploying seat is refused as deployment, not as the wrong phase', () => {
    const v = deploying().when({ type: 'Gather' }, seat('red')).thenRejects('PG-4', 'DEPLOYING');
    expect(v.message).toBe('The armies are still deploying; red places units with Deploy.');
  });

  it('RUL-9 PG-4 a seat that is not deploying is told that it is the other seat’s deployment', () => {
    const v = deploying().when({ type: 'Gather' }, seat('blue')).thenRejects('PG-4', 'NOT_YOUR_TURN');
    expect(v.message).toBe("It is red's turn (deployment); blue must wait.");
  });

  it('RUL-9 PG-4 the system (no seat) acts for the active player', () => {
    // The match refuses a seatless player (NOT_SEATED) before the ruleset is asked, so only a direct call reaches this.
    const game = arena();
    const decision = decide(rules(game), { type: 'EndPhase' }, contextOf(null));
    expect(decision).toEqual({ ok: true, events: [{ type: 'PhaseStarted', data: { phase: 'resource', seat: 'red' } }] });
  });

  it('RUL-9 PG-4 EndPhase naming the phase that is open ends it', () => {
    expect(arena().run({ type: 'EndPhase', phase: 'command' }, seat('red'))).toEqual([
      { type: 'PhaseStarted', data: { phase: 'resource', seat: 'red' } },
    ]);
  });

  it('RUL-9 PG-4 PG-14 ending the End Phase passes the turn to the next player', () => {
    const game = arena();
    toPhase(game, 'end');
    const events = game.run({ type: 'EndPhase' }, seat('red'));
    expect(events.filter((e) => e.type === 'PhaseStarted' || e.type === 'TurnStarted')).toEqual([
      { type: 'TurnStarted', data: { seat: 'blue', round: 1, turn: 2 } },
      { type: 'PhaseStarted', data: { phase: 'command', seat: 'blue' } },
    ]);
  });

  // Each command belongs to one phase; a player who sends it in the Command Phase is told which.
  it.each([
    ['Gathering resources happens in the Resource Phase', { type: 'Gather' }],
    ['Construct happens in the Action Phase', BARRACKS],
    ['Produce happens in the Action Phase', TRAIN],
    ['Repair happens in the Action Phase', { type: 'Repair', unitId: 'red-worker-1', targetId: 'red-cc' }],
    ['Interact happens in the Action Phase', { type: 'Interact', unitId: TROOPERS, objectiveId: 'relay' }],
    ['Aim happens in the Action Phase', { type: 'Aim', unitId: TROOPERS }],
    ['Research happens in the Action Phase', { type: 'Research', buildingId: 'red-cc', research: 'plasma-tuning' }],
    ['Salvage happens in the Action Phase', { type: 'Salvage', unitId: 'red-worker-1', targetId: 'red-cc' }],
    ['Load happens in the Action Phase', { type: 'Load', unitId: 'red-sentinel-walker-1', passengerIds: [TROOPERS] }],
    ['Unload happens in the Action Phase', { type: 'Unload', unitId: 'red-sentinel-walker-1', units: [{ unitId: TROOPERS, x: 9, y: 12 }] }],
    ['Activate Ability happens in the Action Phase', { type: 'ActivateAbility', unitId: TROOPERS, ability: 'Stim Packs' }],
    ['Using a faction ability happens in the Action Phase', { type: 'UseFactionAbility', ability: 'Orbital Drop' }],
    ['A melee attack happens in the Melee Phase', { type: 'MeleeAttack', unitId: TROOPERS, targetId: RAIDERS }],
    ['Resolving statuses happens in the Status Phase', { type: 'ResolveStatuses', order: [{ unitId: TROOPERS, status: 'Burning' }] }],
  ] as const)('RUL-9 PG-4 sent in the Command Phase, it is refused: "%s; it is the Command Phase."', (says, command) => {
    const v = arena().when(command, seat('red')).thenRejects('PG-4', 'WRONG_PHASE');
    expect(v.message).toBe(`${says}; it is the Command Phase.`);
  });

  it('RUL-9 PG-4 a command the decider does not know is a programming error, not a silent no-op', () => {
    // The command schema refuses an unknown type before decide; only a direct call reaches the never check.
    const unknown = { type: 'Teleport' } as unknown as PgCommand;
    expect(() => decide(rules(arena()), unknown, contextOf('red'))).toThrow('unhandled case');
  });
});

describe('RUL-9 a new turn (PG-4, PG-10)', () => {
  it('RUL-9 PG-4 a unit that did nothing is kept as it is when a turn starts, not copied (PERF-3)', () => {
    const game = arena();
    const before = unit(game, RAIDERS);
    passTo(game, 'blue');
    expect(unit(game, RAIDERS)).toBe(before);
  });

  it('RUL-9 PG-4 a turn opens at its Command Phase', () => {
    // The decider always follows TurnStarted with PhaseStarted in one decision; TurnStarted alone already means it.
    const game = arena();
    toPhase(game, 'end');
    const next = evolve(rules(game), { type: 'TurnStarted', data: { seat: 'blue', round: 1, turn: 2 } });
    expect(next).toMatchObject({ activeSeat: 'blue', phase: 'command', turn: 2 });
  });

  it('RUL-9 PG-10 a stance outlasts the unit’s own attacks: only an Overwatch reaction spends it', () => {
    const game = inAction(TRAINING, [
      { unitId: TROOPERS, x: 20, y: 14 },
      { unitId: RAIDERS, x: 30, y: 14 },
    ]);
    game.run({ type: 'Dodge', unitId: TROOPERS }, seat('red'));
    toPhase(game, 'ranged');
    game.run({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), misses(6));
    expect(unit(game, TROOPERS)?.stance).toBe('Dodge');
  });
});

describe('RUL-9 countdowns (PG-7, PG-18)', () => {
  it('RUL-9 PG-7 each countdown loses one counter of its own, and a second countdown of the turn gets the next id', () => {
    const game = inAction();
    game.run(TRAIN, seat('red'));
    game.run(BARRACKS, seat('red'));
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
    const game = inAction();
    game.run(BARRACKS, seat('red'));
    game.run(TRAIN, seat('red'));
    passTo(game, 'red');
    expect(unit(game, 'red-vanguard-troopers-3')).toMatchObject({ datasheet: 'vanguard-troopers', cohesion: 6, complete: true });
    expect(rules(game).countdowns.map((c) => [c.id, c.counters])).toEqual([['cd-1', 1]]);
    // A unit trained in the Command Phase has done nothing yet: it may act in this turn's Action Phase.
    toPhase(game, 'action');
    expect(game.run({ type: 'Aim', unitId: 'red-vanguard-troopers-3' }, seat('red')).map((e) => e.type)).toEqual(['UnitAimed']);
  });

  it('RUL-9 PG-18 two units in training at once get different ids', () => {
    const quick = withBuilding('vanguard', 'barracks', (b) => ({ ...b, constructionCounters: 1 }), TRAINING);
    const game = inAction(quick);
    game.run(BARRACKS, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    game.run(TRAIN, seat('red'));
    game.run({ ...TRAIN, buildingId: 'red-barracks-1' }, seat('red'));
    expect(rules(game).countdowns.map((c) => c.unitId)).toEqual(['red-vanguard-troopers-3', 'red-vanguard-troopers-4']);
  });

  it('RUL-9 PG-7 a completion for a countdown that is no longer there changes nothing', () => {
    // The decider completes only countdowns it holds; a log that names a lost one still folds.
    const game = inAction();
    const before = rules(game);
    given(game, {
      type: 'CountdownCompleted',
      data: { seat: 'red', countdownId: 'cd-9', kind: 'production', label: 'gone', unitId: 'red-gone-1', position: null, rule: 'PG-7' },
    });
    expect(rules(game).units).toEqual(before.units);
    expect(rules(game).countdowns).toEqual([]);
  });

  it('RUL-9 PG-7 PG-15 a destroyed building takes its countdowns with it: its construction, and what it was training', () => {
    const game = inAction();
    game.run(BARRACKS, seat('red'));
    game.run(TRAIN, seat('red'));
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
    const state = rules(inAction());
    const built = evolve(state, construction(who, datasheet));
    expect(built.countdowns.map((c) => c.label)).toEqual([`${datasheet} (x-1)`]);
    expect(built.units.find((u) => u.id === 'x-1')?.cohesion).toBe(1);
    expect(evolve(state, production(who, datasheet)).countdowns.map((c) => c.label)).toEqual([`${datasheet} at red-cc`]);
  });
});

describe('RUL-9 what a unit did this turn (PG-8, PG-10)', () => {
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

  it('RUL-9 PG-10 the Worker that starts a construction has performed its action', () => {
    const game = inAction();
    game.run(BARRACKS, seat('red'));
    game.when({ ...BARRACKS, x: 8, y: 25.3 }, seat('red')).thenRejects('PG-10', 'ALREADY_ACTED');
  });

  it('RUL-9 PG-10 a unit that interacts with an objective has performed its action', () => {
    const game = inAction(TRAINING, [{ unitId: TROOPERS, x: 23, y: 32 }]);
    game.run({ type: 'Interact', unitId: TROOPERS, objectiveId: 'relay' }, seat('red'));
    game.when({ type: 'Aim', unitId: TROOPERS }, seat('red')).thenRejects('PG-10', 'ALREADY_ACTED');
  });

  it('RUL-9 PG-10 a repair restores the building’s Cohesion and is the Worker’s action', () => {
    // The Command Center (20 Cohesion) stands at 15; red-worker-1 is within 1" of it.
    const game = inAction(TRAINING, [{ unitId: 'red-worker-1', x: 6, y: 21.6 }]);
    given(game, standing('red-cc', 15));
    const REPAIR = { type: 'Repair', unitId: 'red-worker-1', targetId: 'red-cc' } as const;
    game.run(REPAIR, seat('red'));
    expect(unit(game, 'red-cc')).toMatchObject({ cohesion: 17, datasheet: 'command-center' });
    game.when(REPAIR, seat('red')).thenRejects('PG-10', 'ALREADY_ACTED');
  });

  it('RUL-9 PG-13 a status a weapon applies again is refreshed, once; the target’s other statuses stay', () => {
    // The Flamer (Burning for 2) hits the Troopers, already Burning (1 left) and Regenerating.
    const game = arena(
      [
        { unitId: TROOPERS, x: 20, y: 30 },
        { unitId: 'blue-flame-brute-1', x: 25.5, y: 30 },
      ],
      { first: 'blue' },
    );
    given(
      game,
      standing(TROOPERS, 6, [
        { name: 'Burning', remaining: 1 },
        { name: 'Regenerating', remaining: 1 },
      ]),
    );
    toPhase(game, 'ranged');
    game.run({ type: 'RangedAttack', unitId: 'blue-flame-brute-1', targetId: TROOPERS }, seat('blue'), scriptedDice([6, 1, 1]));
    expect(unit(game, TROOPERS)?.statuses).toEqual([
      { name: 'Regenerating', remaining: 1 },
      { name: 'Burning', remaining: 2 },
    ]);
  });
});

describe('RUL-9 events the fold takes as they are (RUL-1)', () => {
  it('RUL-9 RUL-1 GameEnded changes nothing of the Post Galactica state', () => {
    // The match folds GameEnded itself; a log replayed through the ruleset's evolve alone passes it too.
    const state = rules(arena());
    expect(evolve(state, { type: 'GameEnded', data: { winner: 'red', reason: 'given' } })).toBe(state);
  });

  it('RUL-9 RUL-1 an event type evolve does not know is a programming error, not silently skipped', () => {
    const unknown = { type: 'Teleported', data: {} } as unknown as PgEvent;
    expect(() => evolve(rules(arena()), unknown)).toThrow('unhandled case');
  });
});

describe('RUL-9 the state a game starts from (PG-15, PG-16, PG-20)', () => {
  it('RUL-9 PG-4 without a scenario the game is the bare turn sequence: turn 1 of round 1 at the Command Phase, nothing on the table', () => {
    // Observable only until the first turn opens (in the same decision as the first player is chosen).
    expect(initialState({ seats: ['red', 'blue'], firstSeat: 'blue', options: {} })).toEqual({
      turnOrder: ['blue', 'red'],
      activeSeat: 'blue',
      phase: 'command',
      round: 1,
      turn: 1,
      deploying: null,
      mission: null,
      factions: {},
      catalog: {},
      players: {},
      units: [],
      nodes: [],
      countdowns: [],
      objectives: {},
      gathered: false,
      statusesResolved: false,
      destroyed: [],
      nextId: 1,
    });
  });

  it('RUL-9 PG-20 PG-16 an army starts with its original Command Center and Workers that have done nothing and stand nowhere yet', () => {
    const state = rules(deploying());
    const fresh = {
      position: null,
      complete: true,
      statuses: [],
      moved: false,
      usedWeapons: [],
      acted: false,
      aiming: false,
      stance: null,
    };
    expect(state.units.find((u) => u.id === 'red-cc')).toEqual({
      ...fresh,
      id: 'red-cc',
      seat: 'red',
      datasheet: 'command-center',
      cohesion: 20,
      original: true,
      embarkedIn: null,
    });
    expect(state.units.find((u) => u.id === 'red-worker-1')).toEqual({
      ...fresh,
      id: 'red-worker-1',
      seat: 'red',
      datasheet: 'engineer',
      cohesion: 2,
      original: false,
      embarkedIn: null,
    });
    expect(state).toMatchObject({ gathered: false, statusesResolved: false, destroyed: [] });
  });

  it('RUL-9 PG-6 a faction’s own starting resources are added to the mission’s', () => {
    const horde = must(EXAMPLE.factions['scrap-horde']);
    const game = arena([], {
      factions: { ...EXAMPLE.factions, 'scrap-horde': { ...horde, startingResources: { carbon: 25, crystal: 0, faction: 3 } } },
    });
    // Blue has not had a turn yet: the mission's 200 carbon and 50 crystals, and the faction's own.
    expect(rules(game).players.blue?.resources).toEqual({ carbon: 225, crystal: 50, faction: 3 });
  });

  it('RUL-9 PG-20 a seat whose Deployment List names no faction of the scenario gets no army', () => {
    // Options validation refuses such a list (the faction must be among the factions); only a direct call gets here.
    const armies = { red: EXAMPLE.armies.red, blue: { ...EXAMPLE.armies.blue, faction: 'nobody' } };
    const state = initialState({ seats: ['red', 'blue'], firstSeat: 'red', options: { ...EXAMPLE, armies } });
    expect(Object.keys(state.players)).toEqual(['red']);
    expect(state.units.map((u) => u.id)).toEqual(
      rules(deploying())
        .units.filter((u) => u.seat === 'red')
        .map((u) => u.id),
    );
  });

  it('RUL-9 PG-16 a listed datasheet the faction lacks comes with 1 Cohesion', () => {
    // Options validation refuses a list naming a datasheet the faction lacks; only a direct call gets here.
    const list = deploymentListSchema.parse({ faction: 'vanguard', units: [{ datasheet: 'ghost' }] });
    expect(armyUnits('red', list, EXAMPLE.factions.vanguard).at(-1)).toMatchObject({ id: 'red-ghost-1', cohesion: 1 });
  });
});

describe('RUL-9 what every seat sees (PG-10, PG-13)', () => {
  it('RUL-9 PG-4 a unit not yet deployed is shown standing nowhere', () => {
    const seen = view(rules(deploying()), 'blue').units.find((u) => u.id === 'red-cc');
    expect(seen).toMatchObject({ x: null, y: null, original: true });
  });

  it('RUL-9 PG-10 each seat sees its faction abilities, their uses a turn and the uses spent', () => {
    const vanguard = EXAMPLE.factions.vanguard;
    const rally = { name: 'Rally', usesPerTurn: 2, cost: NONE, gain: { carbon: 1, crystal: 0, faction: 0 } };
    const game = inAction({ ...EXAMPLE.factions, vanguard: { ...vanguard, abilities: [rally] } });
    const abilities = () => view(rules(game), null).players.red?.factionAbilities;
    expect(abilities()).toEqual([{ name: 'Rally', usesPerTurn: 2, used: 0 }]);
    game.run({ type: 'UseFactionAbility', ability: 'Rally' }, seat('red'));
    expect(abilities()).toEqual([{ name: 'Rally', usesPerTurn: 2, used: 1 }]);
  });

  describe('with the Troopers Burning', () => {
    const burning = (): Game => {
      const game = arena();
      toPhase(game, 'command', 'blue');
      given(game, standing(TROOPERS, 6, [{ name: 'Burning', remaining: 2 }]));
      passTo(game, 'red');
      return game;
    };
    const pending = (state: PgState) => view(state, 'red').pendingStatuses;

    it('RUL-9 PG-13 the Status Phase shows the statuses waiting to resolve', () => {
      const game = burning();
      toPhase(game, 'status');
      expect(pending(rules(game))).toEqual([{ unitId: TROOPERS, status: 'Burning' }]);
    });

    it('RUL-9 PG-13 no other phase shows statuses waiting: they resolve in the Status Phase', () => {
      const game = burning();
      toPhase(game, 'action');
      expect(pending(rules(game))).toEqual([]);
    });

    it('RUL-9 PG-13 once resolved, nothing waits', () => {
      const game = burning();
      toPhase(game, 'status');
      game.run({ type: 'ResolveStatuses', order: [{ unitId: TROOPERS, status: 'Burning' }] }, seat('red'));
      expect(pending(rules(game))).toEqual([]);
    });

    it('RUL-9 PG-4 PG-13 while a seat deploys nothing waits to resolve', () => {
      // Deployment ends before the first turn, so no legal game is in the Status Phase while deploying.
      const game = burning();
      toPhase(game, 'status');
      expect(pending({ ...rules(game), deploying: 'red' })).toEqual([]);
    });
  });
});
