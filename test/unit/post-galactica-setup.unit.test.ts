import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import { accept, reject } from '../../domain/kernel/violation.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { viewGame } from '../../domain/match/view.ts';
import { deploymentCost, deploymentListSchema, type Faction } from '../../domain/post-galactica/datasheets.ts';
import { deployOnDeadline } from '../../domain/post-galactica/deployment.ts';
import { EXAMPLE_DEPLOYMENT, exampleScenario } from '../../domain/post-galactica/examples.ts';
import { zoneOf } from '../../domain/post-galactica/mission.ts';
import { pgOptionsSchema } from '../../domain/post-galactica/options.ts';
import { placementProblem } from '../../domain/post-galactica/placement.ts';
import { armyUnits, initialState, type PgState } from '../../domain/post-galactica/state.ts';
import { factionSheet, isDecision, sheetOf } from '../../domain/post-galactica/units.ts';
import { view } from '../../domain/post-galactica/view.ts';
import { supplyMax, workerLimit } from '../../domain/post-galactica/workers.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { Game, player, seat, TEST_SEED } from '../support/decider-spec.ts';
import { ARENA, arena, eventData, given, must, passTo, rules, type Spot, TROOPERS, toPhase, unit } from '../support/post-galactica.ts';
import { bare, deploying, NONE, standing, toAction, training } from '../support/post-galactica-setups.ts';

const RULESETS = everyRuleset();

const EXAMPLE = exampleScenario();

const stepKey = (game: Game): string | null => {
  const s = game.state;
  return s.status === 'empty' ? null : (s.step?.key ?? null);
};

const created = (ruleOptions: unknown, extra: Record<string, unknown> = {}): Game => {
  const game = new Game();
  game.run(
    { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', rules: ruleOptions, ...extra } },
    player('p_red'),
  );
  game.run({ type: 'JoinGame' }, player('p_blue'));
  return game;
};

const example = (): Game => {
  const game = created({ scenario: 'example' });
  game.run({ type: 'Deploy', units: [...EXAMPLE_DEPLOYMENT.red] }, seat('red'));
  game.run({ type: 'Deploy', units: [...EXAMPLE_DEPLOYMENT.blue] }, seat('blue'));
  return game;
};

const vanguard = EXAMPLE.factions.vanguard;

describe('datasheets as options', () => {
  it('accepts no options (the bare turn sequence), the example scenario, and a full scenario', () => {
    expect(pgOptionsSchema.safeParse({}).success).toBe(true);
    expect(pgOptionsSchema.safeParse({ scenario: 'example' }).success).toBe(true);
    expect(pgOptionsSchema.safeParse({ mission: EXAMPLE.mission, factions: EXAMPLE.factions, armies: EXAMPLE.armies }).success).toBe(true);
  });
  it('refuses a mission without armies, and an army of an unknown faction', () => {
    expect(pgOptionsSchema.safeParse({ mission: EXAMPLE.mission }).success).toBe(false);
    const armies = { ...EXAMPLE.armies, blue: { ...EXAMPLE.armies.blue, faction: 'elves' } };
    const parsed = pgOptionsSchema.safeParse({ mission: EXAMPLE.mission, factions: EXAMPLE.factions, armies });
    expect(parsed.error?.issues[0]?.message).toBe(`blue's faction "elves" is not among the factions`);
  });
  it('refuses a datasheet that breaks the unit profile (Body Value 0)', () => {
    const bad = {
      ...vanguard,
      units: { ...vanguard.units, 'vanguard-troopers': { ...must(vanguard.units['vanguard-troopers']), bodyValue: 0 } },
    };
    const game = new Game();
    game
      .when(
        {
          type: 'CreateGame',
          ruleset: 'post-galactica',
          options: { rules: { mission: EXAMPLE.mission, factions: { ...EXAMPLE.factions, vanguard: bad }, armies: EXAMPLE.armies } },
        },
        player('p1'),
      )
      .thenRejects('MATCH', 'BAD_OPTIONS');
  });
});

describe('with no options', () => {
  it('PG-4 the game is the bare turn sequence: no units, no deployment step, phases still advance', () => {
    const game = created({});
    expect(stepKey(game)).toBe('t1-command');
    expect(rules(game).units).toEqual([]);
    expect(game.run({ type: 'EndPhase' }, seat('red'))).toEqual([{ type: 'PhaseStarted', data: { phase: 'resource', seat: 'red' } }]);
  });
});

describe('deployment', () => {
  it('PG-4 with armies each seat deploys in turn order (steps deploy-red, deploy-blue) before the first turn', () => {
    const game = created({ scenario: 'example' });
    expect(stepKey(game)).toBe('deploy-red');
    game.when({ type: 'EndPhase' }, seat('red')).thenRejects('PG-4', 'DEPLOYING');
    game.when({ type: 'Deploy', units: [] }, seat('blue')).thenRejects('PG-4', 'NOT_YOUR_TURN');
    game.run({ type: 'Deploy', units: [...EXAMPLE_DEPLOYMENT.red] }, seat('red'));
    expect(stepKey(game)).toBe('deploy-blue');
    const events = game.run({ type: 'Deploy', units: [...EXAMPLE_DEPLOYMENT.blue] }, seat('blue'));
    expect(events.map((e) => e.type)).toEqual(['UnitsDeployed', 'TurnStarted', 'PhaseStarted', 'FactionResourcesGained']);
    expect(stepKey(game)).toBe('t1-command');
    expect(rules(game)).toMatchObject({ activeSeat: 'red', phase: 'command', round: 1, turn: 1, deploying: null });
  });
  it('PG-5 the seat chosen after the roll-off deploys first and takes the first turn', () => {
    const game = created({ scenario: 'example' }, { firstPlayer: 'blue' });
    expect(stepKey(game)).toBe('deploy-blue');
    game.run({ type: 'Deploy', units: [], auto: true }, seat('blue'));
    game.run({ type: 'Deploy', units: [], auto: true }, seat('red'));
    expect(rules(game)).toMatchObject({ activeSeat: 'blue', turnOrder: ['blue', 'red'] });
  });
  it('PG-20 each player begins with one Command Center', () => {
    const state = rules(example());
    for (const s of ['red', 'blue']) {
      const centers = state.units.filter((u) => u.seat === s && u.datasheet === 'command-center');
      expect(centers).toHaveLength(1);
      expect(centers[0]).toMatchObject({ id: `${s}-cc`, original: true, complete: true });
    }
  });
  describe('with Command Center datasheets that give no Supply of their own', () => {
    // The datasheets give the Command Center no Supply: the 5 must come from the rule (7.7).
    const silent = (f: Faction, supplyProvided?: number) => {
      const { supplyProvided: _, ...sheet } = must(f.buildings[f.commandCenter]);
      const cc = { ...sheet, cohesion: 17, constructionCounters: 3, ...(supplyProvided === undefined ? {} : { supplyProvided }) };
      return { ...f, buildings: { ...f.buildings, [f.commandCenter]: cc } };
    };
    const armies = { red: { ...EXAMPLE.armies.red, purchasedWorkers: 0 }, blue: { ...EXAMPLE.armies.blue, purchasedWorkers: 0 } };
    const start = (redSupply?: number) => {
      const factions = { vanguard: silent(vanguard, redSupply), 'scrap-horde': silent(EXAMPLE.factions['scrap-horde']) };
      const game = created({ mission: EXAMPLE.mission, factions, armies });
      game.run({ type: 'Deploy', auto: true }, seat('red'));
      game.run({ type: 'Deploy', auto: true }, seat('blue'));
      return rules(game);
    };
    it('PG-20 the Command Center provides 5 maximum Supply', () => {
      const state = start();
      expect([supplyMax(state, 'red'), supplyMax(state, 'blue')]).toEqual([5, 5]);
    });
    it('PG-20 5 is what a Command Center normally provides: a datasheet may say otherwise', () => {
      const state = start(8);
      expect([supplyMax(state, 'red'), supplyMax(state, 'blue')]).toEqual([8, 5]);
    });
  });
  it('PG-20 a Deploy that leaves out the Command Center is refused', () => {
    const game = created({ scenario: 'example' });
    const v = game
      .when({ type: 'Deploy', units: EXAMPLE_DEPLOYMENT.red.filter((u) => u.unitId !== 'red-cc') }, seat('red'))
      .thenRejects('PG-20', 'INCOMPLETE_DEPLOYMENT');
    expect(v.message).toBe('Place every unit of your Deployment List (or send auto: true); not placed: Command Center (red-cc).');
  });
  it('PG-16 the 3 free Workers and each purchased one are placed at deployment', () => {
    const state = rules(example());
    expect(state.units.filter((u) => u.seat === 'red' && u.datasheet === 'engineer').map((u) => u.id)).toEqual([
      'red-worker-1',
      'red-worker-2',
      'red-worker-3',
      'red-worker-4',
    ]);
  });
  it('PG-4 a unit must be deployed wholly inside its zone and clear of impassable terrain', () => {
    const game = created({ scenario: 'example' });
    const outside = EXAMPLE_DEPLOYMENT.red.map((u) => (u.unitId === 'red-vanguard-troopers-1' ? { ...u, x: 11.5 } : u));
    const v = game.when({ type: 'Deploy', units: outside }, seat('red')).thenRejects('PG-4', 'OUTSIDE_ZONE');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) at (11.5, 14) is not wholly inside your deployment zone.');
    const stacked = EXAMPLE_DEPLOYMENT.red.map((u) => (u.unitId === 'red-vanguard-troopers-1' ? { ...u, x: 6, y: 19 } : u));
    game.when({ type: 'Deploy', units: stacked }, seat('red')).thenRejects('PG-9', 'ILLEGAL_PLACEMENT');
  });
  it('auto: true places the units not listed, and a missed deployment deadline does the same', () => {
    const game = created({ scenario: 'example' }, { deadlines: { default: 'PT1H' } });
    const system: Actor = { kind: 'system' };
    const decision = decideGame(
      game.state,
      { type: 'DeadlineReached', phaseKey: 'deploy-red' },
      { rulesets: RULESETS, now: '2026-01-01T01:00:00.000Z', actor: system, seed: TEST_SEED },
      'g_test',
    );
    if (!decision.ok) throw new Error(decision.violation.message);
    const deployed = decision.events[1] as { type: string; data: { automatic: boolean; placements: unknown[] } };
    expect(deployed.type).toBe('UnitsDeployed');
    expect(deployed.data.automatic).toBe(true);
    expect(deployed.data.placements).toHaveLength(8);
    expect(deployed.data.placements[0]).toEqual({ unitId: 'red-cc', x: 3, y: 3 });
  });
});

describe('Deployment Points', () => {
  it('PG-15 a Command Center costs no Deployment Points', () => {
    const cost = deploymentCost(EXAMPLE.armies.red, vanguard);
    expect(cost.lines[0]).toEqual({ item: 'Command Center', points: 0, rule: 'PG-15' });
    expect(cost.total).toBe(30 + 30 + 40 + 10);
  });
  it("PG-16 up to 3 Workers are free; each purchased Worker capacity costs the Worker's points", () => {
    expect(deploymentCost({ ...EXAMPLE.armies.red, purchasedWorkers: 0 }, vanguard).total).toBe(100);
    expect(deploymentCost({ ...EXAMPLE.armies.red, purchasedWorkers: 2 }, vanguard).total).toBe(120);
  });
  it("PG-16 a Deployment List over the mission's Deployment Points is refused at game creation", () => {
    const armies = { ...EXAMPLE.armies, red: { ...EXAMPLE.armies.red, purchasedWorkers: 3 } };
    const v = new Game()
      .when(
        {
          type: 'CreateGame',
          ruleset: 'post-galactica',
          options: { rules: { mission: EXAMPLE.mission, factions: EXAMPLE.factions, armies } },
        },
        player('p1'),
      )
      .thenRejects('MATCH', 'BAD_OPTIONS');
    expect(v.message).toContain("PG-16: red's Deployment List costs 130 Deployment Points");
    expect(v.message).toContain('but the mission allows 120');
  });
  it("PG-16 a purchased Worker raises the Worker Limit to 4 (the text's example)", () => {
    const state = rules(example());
    expect(workerLimit(state, 'red')).toBe(4);
    const bare = created({
      mission: EXAMPLE.mission,
      factions: EXAMPLE.factions,
      armies: { ...EXAMPLE.armies, red: { ...EXAMPLE.armies.red, purchasedWorkers: 0 } },
    });
    expect(workerLimit(rules(bare), 'red')).toBe(3);
  });
});

describe('the example scenario', () => {
  it('PG-14 plays out of the box: gathering every Resource Phase, it ends at its round limit of 6', () => {
    const game = example();
    for (let i = 0; i < 200 && game.state.status === 'playing'; i += 1) {
      const r = rules(game);
      if (r.phase === 'resource') game.run({ type: 'Gather' }, seat(r.activeSeat));
      game.run({ type: 'EndPhase' }, seat(r.activeSeat));
    }
    expect(game.state).toMatchObject({
      status: 'ended',
      result: { winner: null, reason: '6 rounds played; Victory Points red 0, blue 0' },
    });
    const state = rules(game);
    expect(state.players.red?.resources).toEqual({ carbon: 200 + 6 * 20, crystal: 50, faction: 6 });
    expect(state.players.blue?.resources).toEqual({ carbon: 200 + 6 * 20, crystal: 50, faction: 12 });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe('the view', () => {
  it("shows every seat the same board: units with models and position, each player's economy", () => {
    const game = example();
    const view = viewGame(RULESETS, game.state, 'blue')?.game as {
      activeSeat: string;
      phase: string;
      units: { id: string; models: number; x: number; cohesion: number }[];
      players: Record<
        string,
        { supply: { used: number; max: number }; workers: { count: number; limit: number }; resources: { carbon: number } }
      >;
    };
    expect(view.activeSeat).toBe('red');
    expect(view.units.find((u) => u.id === 'red-vanguard-troopers-1')).toMatchObject({ models: 3, cohesion: 6, x: 10 });
    expect(view.players.red).toMatchObject({ supply: { used: 4, max: 5 }, workers: { count: 4, limit: 4 }, resources: { carbon: 200 } });
  });
});

describe('the example scenario in the log', () => {
  it('is expanded into the GameCreated event, so the log alone holds every number the game is played with', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { rules: { scenario: 'example' } } }, player('p_red'));
    const rules = (must(game.log[0]).data as { options: { rules: Record<string, unknown> } }).options.rules;
    expect(Object.keys(rules).sort()).toEqual(['armies', 'factions', 'mission']);
    expect(rules.mission).toEqual(EXAMPLE.mission);
  });
});

/** Red's example deployment with some units added or moved, or some left out. */
const redWith = (...spots: Spot[]) => [...EXAMPLE_DEPLOYMENT.red.filter((d) => !spots.some((s) => s.unitId === d.unitId)), ...spots];
const redWithout = (...ids: string[]) => EXAMPLE_DEPLOYMENT.red.filter((d) => !ids.includes(d.unitId));

describe('RUL-9 Deploy (PG-4, PG-16, PG-20)', () => {
  it('RUL-9 PG-4 a unit that is not in your Deployment List is refused: an unknown id, or an enemy unit', () => {
    const game = deploying();
    // (18, 3) is a legal spot of red's zone for a Command Center, so only the owner can refuse blue's.
    for (const unitId of ['red-nobody', 'blue-cc']) {
      const v = game.when({ type: 'Deploy', units: redWith({ unitId, x: 18, y: 3 }) }, seat('red')).thenRejects('PG-4', 'UNKNOWN_UNIT');
      expect(v.message).toBe(`"${unitId}" is not a unit of your Deployment List.`);
    }
  });
  it('RUL-9 PG-4 a unit placed twice in one Deploy is refused, though both spots are legal', () => {
    const twice = [...EXAMPLE_DEPLOYMENT.red, { unitId: TROOPERS, x: 18, y: 3 }];
    const v = deploying().when({ type: 'Deploy', units: twice }, seat('red')).thenRejects('PG-4', 'ALREADY_DEPLOYED');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) is placed twice.');
  });
  it('RUL-9 PG-16 a Deploy that leaves out a Worker is refused under PG-16, naming every unit not placed', () => {
    const v = deploying()
      .when({ type: 'Deploy', units: redWithout('red-worker-2', TROOPERS) }, seat('red'))
      .thenRejects('PG-16', 'INCOMPLETE_DEPLOYMENT');
    expect(v.message).toBe(
      'Place every unit of your Deployment List (or send auto: true); not placed: Engineer (red-worker-2), Vanguard Troopers (red-vanguard-troopers-1).',
    );
  });
  it('RUL-9 PG-20 a Deploy that leaves out the Command Center is refused under PG-20, though a Worker is left out too', () => {
    deploying()
      .when({ type: 'Deploy', units: redWithout('red-cc', 'red-worker-1') }, seat('red'))
      .thenRejects('PG-20', 'INCOMPLETE_DEPLOYMENT');
  });
  it('RUL-9 PG-4 a Deploy that leaves out only other units is refused under PG-4', () => {
    deploying()
      .when({ type: 'Deploy', units: redWithout(TROOPERS) }, seat('red'))
      .thenRejects('PG-4', 'INCOMPLETE_DEPLOYMENT');
  });
  it('RUL-9 PG-4 a Deploy of nothing but `auto: true` places the whole Deployment List', () => {
    const placed = eventData(deploying().run({ type: 'Deploy', auto: true }, seat('red')), 'UnitsDeployed');
    expect(placed.placements.map((p) => p.unitId)).toEqual(EXAMPLE_DEPLOYMENT.red.map((d) => d.unitId));
    expect(placed.automatic).toBe(true);
  });
  it('RUL-9 PG-4 a Deploy once deployment is over is refused', () => {
    const v = arena().when({ type: 'Deploy', auto: true }, seat('red')).thenRejects('PG-4', 'NOT_DEPLOYING');
    expect(v.message).toBe('Deployment is over.');
  });
  it('RUL-9 PG-4 a missed deadline after deployment places nothing', () => {
    // The engine's deadline policy asks this only while a seat deploys (decide.ts onDeadline), so it is asked directly.
    expect(deployOnDeadline(rules(arena()))).toEqual(reject('NOT_DEPLOYING', 'PG-4', 'Deployment is over.', 409));
  });
});

describe('RUL-9 automatic placement in the deployment zone (PG-4)', () => {
  it('RUL-9 PG-4 a 6"-deep zone holds a Command Center of 3" radius in its only row, and every base stays in the zone', () => {
    const strip = { x: 0, y: 30, width: 24, height: 6 };
    const game = deploying({ mission: { deploymentZones: { ...ARENA.deploymentZones, red: strip } } });
    const placed = eventData(game.run({ type: 'Deploy', auto: true }, seat('red')), 'UnitsDeployed').placements;
    expect(placed[0]).toEqual({ unitId: 'red-cc', x: 3, y: 33 });
    const r = (id: string) => sheetOf(rules(game), must(unit(game, id))).baseRadius;
    for (const p of placed) expect([p.y - r(p.unitId) >= 30, p.y + r(p.unitId) <= 36]).toEqual([true, true]);
  });
  it('RUL-9 PG-4 a zone 6" less the 1e-9 tolerance of geometry, wide or deep, still holds the Command Center\'s 6" base', () => {
    for (const red of [
      { x: 0, y: 0, width: 5.999999999, height: 36 },
      { x: 0, y: 0, width: 24, height: 5.999999999 },
    ]) {
      const game = deploying({ mission: { deploymentZones: { ...ARENA.deploymentZones, red } } });
      const placed = eventData(game.run({ type: 'Deploy', auto: true }, seat('red')), 'UnitsDeployed').placements;
      expect(placed[0]).toEqual({ unitId: 'red-cc', x: 3, y: 3 });
    }
  });
  it('RUL-9 PG-4 auto placement is refused when the zone has no room left, rather than placing outside it', () => {
    // A 6" square holds the Command Center and a Worker in each corner: the fifth Worker has no room.
    const square = { x: 0, y: 0, width: 6, height: 6 };
    const game = deploying({
      mission: { deploymentZones: { ...ARENA.deploymentZones, red: square } },
      armies: { ...EXAMPLE.armies, red: { faction: 'vanguard', purchasedWorkers: 2 } },
    });
    const v = game.when({ type: 'Deploy', auto: true }, seat('red')).thenRejects('PG-4', 'ZONE_FULL');
    expect(v.message).toBe('Your deployment zone has no room left for the units not placed.');
  });
});

describe('RUL-9 where a base may stand (PG-9)', () => {
  it('RUL-9 PG-9 a unit may not deploy overlapping impassable terrain', () => {
    // The Crater spans x 22-26, y 24-28; the Troopers (1" radius) at (21.5, 26) reach 0.5" into it.
    const v = deploying()
      .when({ type: 'Deploy', units: redWith({ unitId: TROOPERS, x: 21.5, y: 26 }) }, seat('red'))
      .thenRejects('PG-9', 'ILLEGAL_PLACEMENT');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) cannot deploy: (21.5, 26) overlaps Crater, which is impassable.');
  });
  it('RUL-9 PG-9 a base touching impassable terrain, within the 1e-9 tolerance of geometry, does not overlap it', () => {
    // A wall just off the west edge of the battlefield, touching it along x = 0 from y 10 to 14.
    const wall = { id: 'west-wall', name: 'West Wall', shape: { type: 'rect', x: -4, y: 10, width: 4, height: 4 } } as const;
    const mission = { terrain: [...ARENA.terrain, { ...wall, impassable: true }] };
    for (const x of [1, 1 - 1e-9]) {
      const game = arena([{ unitId: TROOPERS, x, y: 12 }], { mission });
      expect(unit(game, TROOPERS)?.position).toEqual({ x, y: 12 });
    }
  });
  it('RUL-9 PG-9 a building may not be begun partly off the battlefield', () => {
    // The Supply Depot (1.5" radius) at (1, 26) would reach 0.5" past the west edge; its Worker stands 0.5" from it.
    const game = toAction(arena([{ unitId: 'red-worker-1', x: 1, y: 28.5 }]));
    const v = game
      .when({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 1, y: 26 }, seat('red'))
      .thenRejects('PG-10', 'ILLEGAL_PLACEMENT');
    expect(v.message).toBe('Supply Depot cannot be placed there: (1, 26) is off the battlefield.');
  });
  it('RUL-9 PG-9 without a battlefield no base may stand anywhere', () => {
    // The bare turn sequence has no units, so no command places a base in it: the rule is asked directly.
    expect(placementProblem(rules(bare()), { x: 1, y: 1 }, 1)).toBe('there is no battlefield in this game');
  });
  it('RUL-9 PG-4 only red and blue have deployment zones', () => {
    // A game's seats are red and blue (options.ts SEATS), so no command names another: asked directly.
    expect([zoneOf(ARENA, 'red'), zoneOf(ARENA, 'blue'), zoneOf(ARENA, 'green')]).toEqual([
      ARENA.deploymentZones.red,
      ARENA.deploymentZones.blue,
      null,
    ]);
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
    const game = training({ ...EXAMPLE.factions, vanguard: { ...vanguard, abilities: [rally] } });
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

describe('RUL-9 reading units against their datasheets', () => {
  // Every seat of a game is red or blue and every unit has its faction's datasheet, so no
  // command reaches these: the readers are asked directly.
  it('RUL-9 PG-2 a datasheet that is not in the game is an error, named, for an unknown seat or datasheet', () => {
    const state = rules(arena());
    expect(() => sheetOf(state, { seat: 'green', datasheet: 'engineer' })).toThrow(new Error('no datasheet engineer for green'));
    expect(() => sheetOf(state, { seat: 'red', datasheet: 'dreadnought' })).toThrow(new Error('no datasheet dreadnought for red'));
    expect(factionSheet(state, 'green', 'engineer')).toBeUndefined();
    expect(factionSheet(state, 'red', 'engineer')?.name).toBe('Engineer');
  });
  it('RUL-9 PG-10 isDecision tells a refusal from a unit, an acceptance and what is not an object', () => {
    const state = rules(arena());
    expect(isDecision(reject('UNKNOWN_UNIT', 'PG-10', 'There is no such unit.'))).toBe(true);
    expect([must(state.units[0]), accept(), null, undefined, 'ok'].map(isDecision)).toEqual([false, false, false, false, false]);
  });
});
