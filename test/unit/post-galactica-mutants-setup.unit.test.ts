/**
 * RUL-9 (issue 26): the setup part of Post Galactica (datasheets, deployment, placement,
 * units, mission, Command Centers) where StrykerJS found mutants no test noticed. Driven
 * through the real decider; a few readers are asked directly where no legal command
 * reaches the case, and each says why.
 */
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { accept, reject } from '../../domain/kernel/violation.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { viewGame } from '../../domain/match/view.ts';
import { commandCenterLimit, commandCenterProblem } from '../../domain/post-galactica/command-centers.ts';
import { deploymentCost, type Faction } from '../../domain/post-galactica/datasheets.ts';
import { deployOnDeadline } from '../../domain/post-galactica/deployment.ts';
import { EXAMPLE_DEPLOYMENT, exampleScenario } from '../../domain/post-galactica/examples.ts';
import { zoneOf } from '../../domain/post-galactica/mission.ts';
import { placementProblem } from '../../domain/post-galactica/placement.ts';
import { factionSheet, isDecision, sheetOf } from '../../domain/post-galactica/units.ts';
import { destroyUnit } from '../../domain/post-galactica/workers.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { ctxFor, GAME_ID, Game, player, seat } from '../support/decider-spec.ts';
import { ageLog } from '../support/older-rules.ts';
import {
  ARENA,
  arena,
  eventData,
  given,
  type Mission,
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

const RULESETS = everyRuleset();
const EXAMPLE = exampleScenario();
const VANGUARD = EXAMPLE.factions.vanguard;
const typesOf = (events: readonly DomainEvent[]) => events.map((e) => e.type);
/** CreateGame with a seat: the game, and its creator seated. */
const CREATED = ['GameCreated', 'SeatJoined'];

interface Setup {
  /** Changes to the arena mission, as a client may send them: undefined leaves a field out. */
  readonly mission?: { readonly [K in keyof Mission]?: Mission[K] | undefined };
  readonly factions?: Record<string, Faction>;
  readonly armies?: Record<string, unknown>;
}
/** The example armies in the arena (each half of the battlefield a deployment zone), with changes. */
const scenario = (s: Setup = {}) => ({
  mission: { ...ARENA, ...s.mission },
  factions: s.factions ?? EXAMPLE.factions,
  armies: s.armies ?? EXAMPLE.armies,
});
const createGame = (s: Setup = {}) =>
  ({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', rules: scenario(s) } }) as const;
/** CreateGame as decided, accepted or refused. */
const creating = (s: Setup) => new Game().when(createGame(s), player('p_red'));
/** Both seats joined, red to deploy first; nothing is deployed yet. */
const deploying = (s: Setup = {}): Game => {
  const game = new Game();
  game.run(createGame(s), player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'));
  return game;
};
/** A game with no options: the bare turn sequence, with no battlefield and no units. */
const bare = (): Game => {
  const game = new Game();
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', rules: {} } }, player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'));
  return game;
};
/** Red's example deployment with some units added or moved, or some left out. */
const redWith = (...spots: Spot[]) => [...EXAMPLE_DEPLOYMENT.red.filter((d) => !spots.some((s) => s.unitId === d.unitId)), ...spots];
const redWithout = (...ids: string[]) => EXAMPLE_DEPLOYMENT.red.filter((d) => !ids.includes(d.unitId));
const inAction = (game: Game): Game => {
  toPhase(game, 'action');
  return game;
};

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
    const game = inAction(arena([{ unitId: 'red-worker-1', x: 1, y: 28.5 }]));
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

describe('RUL-9 Deployment Points (PG-15, PG-16)', () => {
  const pointsLine = (message: string) => message.slice(message.indexOf('PG-16:'));
  it('RUL-9 PG-15 PG-16 a list over the points is refused, counting the named Command Center, the 3 free Workers, each unit and purchased capacity', () => {
    const factions = withBuilding('vanguard', 'command-center', (cc) => ({ ...cc, name: 'Forward Base' }));
    const v = creating({ factions, mission: { deploymentPoints: 100 } }).thenRejects('MATCH', 'BAD_OPTIONS');
    expect(pointsLine(v.message)).toContain(
      "PG-16: red's Deployment List costs 110 Deployment Points (Forward Base 0, 3 × Engineer (Free Worker Allowance) 0, " +
        'Vanguard Troopers 30, Vanguard Troopers 30, Sentinel Walker 40, 1 × purchased Worker capacity 10) but the mission allows 100',
    );
  });
  it('RUL-9 PG-15 PG-16 the Command Center and the first 3 Workers are free under their own rules', () => {
    expect(deploymentCost(EXAMPLE.armies.red, VANGUARD).lines.slice(0, 2)).toEqual([
      { item: 'Command Center', points: 0, rule: 'PG-15' },
      { item: '3 × Engineer (Free Worker Allowance)', points: 0, rule: 'PG-16' },
    ]);
  });
  it('RUL-9 PG-15 PG-16 a faction naming no Command Center or Worker datasheet is refused, its list still costed', () => {
    const factions = { ...EXAMPLE.factions, vanguard: { ...VANGUARD, commandCenter: 'hq', worker: 'drone' } };
    const v = creating({ factions, mission: { deploymentPoints: 99 } }).thenRejects('MATCH', 'BAD_OPTIONS');
    expect(v.message).toContain('commandCenter "hq" must be a building with the keyword "Command Center" (PG-15)');
    expect(v.message).toContain('worker "drone" must be a unit with the keyword "Worker" (PG-16)');
    // With no Worker datasheet the purchased capacity has no price.
    expect(v.message).toContain(
      "red's Deployment List costs 100 Deployment Points (Command Center 0, 3 × Worker (Free Worker Allowance) 0, " +
        'Vanguard Troopers 30, Vanguard Troopers 30, Sentinel Walker 40, 1 × purchased Worker capacity 0)',
    );
  });
  it('RUL-9 PG-16 a list naming a datasheet its faction does not have is refused, naming it', () => {
    const red = { ...EXAMPLE.armies.red, units: [...EXAMPLE.armies.red.units, { datasheet: 'dreadnought' }] };
    const v = creating({ armies: { ...EXAMPLE.armies, red } }).thenRejects('MATCH', 'BAD_OPTIONS');
    expect(v.message).toContain('"dreadnought" is not a unit datasheet of Vanguard Coalition');
  });
  it('RUL-9 PG-15 PG-16 a list that names no units brings its Command Center and the 3 free Workers only', () => {
    const game = deploying({ armies: { ...EXAMPLE.armies, red: { faction: 'vanguard' } } });
    expect(rules(game).units.flatMap((u) => (u.seat === 'red' ? [u.id] : []))).toEqual([
      'red-cc',
      'red-worker-1',
      'red-worker-2',
      'red-worker-3',
    ]);
  });
});

describe('RUL-9 datasheets and missions as options', () => {
  const naming = (id: string) => ({ ...EXAMPLE.armies, red: { ...EXAMPLE.armies.red, units: [{ datasheet: 'vanguard-troopers', id }] } });
  it('RUL-9 an id is lowercase letters, digits and dashes from its first character to its last', () => {
    expect(typesOf(creating({ armies: naming('alpha-1') }).events)).toEqual(CREATED);
    for (const id of ['Alpha-1', 'alpha_1']) {
      const v = creating({ armies: naming(id) }).thenRejects('MATCH', 'BAD_OPTIONS');
      expect(v.message).toContain('an id is lowercase letters, digits and dashes');
    }
  });
  it('RUL-9 PG-14 a mission may be won by annihilation', () => {
    expect(typesOf(creating({ mission: { victory: [{ type: 'annihilation' }] } }).events)).toEqual(CREATED);
  });
  it('RUL-9 PG-8 a mission that lists no resource nodes has none to gather from, and the log records none', () => {
    const game = deploying({ mission: { resourceNodes: undefined } });
    expect(rules(game).nodes).toEqual([]);
    const created = must(game.log[0]).data as { options: { rules: { mission: Mission } } };
    expect(created.options.rules.mission.resourceNodes).toEqual([]);
  });
  it('RUL-9 a building datasheet reads as a Building once: the view shows the keyword', () => {
    // The Supply Depot's datasheet lists the keyword itself; the Barracks and the Command Center do not.
    const factions = withBuilding('vanguard', 'supply-depot', (d) => ({ ...d, keywords: ['Building', 'Logistics'] }));
    const view = viewGame(RULESETS, arena([], { factions }).state, 'red')?.game as {
      datasheets: Record<string, Record<string, { keywords: string[] }>>;
    };
    expect(view.datasheets.vanguard?.barracks?.keywords).toEqual(['Building']);
    expect(view.datasheets.vanguard?.['command-center']?.keywords).toEqual(['Building', 'Command Center', 'Core Infrastructure']);
    expect(view.datasheets.vanguard?.['supply-depot']?.keywords).toEqual(['Building', 'Logistics']);
  });
  it('RUL-10 PG-10 a game created before pg-0.4.0 reads its datasheets with no abilities, no research and 1 salvage counter', () => {
    const decision = decideGame(new Game().state, createGame(), { ...ctxFor(player('p_red')), rulesVersion: 'pg-0.3.0' }, GAME_ID);
    if (!decision.ok) throw new Error(decision.violation.message);
    const game = new Game().given(decision.events, player('p_red'));
    game.run({ type: 'JoinGame' }, player('p_blue'));
    const sheets = must(rules(game).catalog.vanguard);
    expect(sheets.engineer).toMatchObject({ abilities: [], research: {} });
    expect(sheets.barracks).toMatchObject({ abilities: [], research: {}, salvageCounters: 1 });
  });
});

describe('RUL-9 special attack rules (PG-3)', () => {
  const troopers = (keywords: string[]) =>
    withUnit('vanguard', 'vanguard-troopers', (t) => ({ ...t, keywords, specialAttackRule: { name: 'Overrun' } }));
  it('RUL-9 PG-3 a Lone, Building, Monster or High Body Value unit may have a special attack rule at Body Value 2', () => {
    for (const keyword of ['Lone', 'Building', 'Monster', 'High Body Value']) {
      expect(typesOf(creating({ factions: troopers(['Infantry', keyword]) }).events)).toEqual(CREATED);
    }
  });
  it('RUL-9 PG-3 an Infantry unit at Body Value 2 may not', () => {
    const v = creating({ factions: troopers(['Infantry']) }).thenRejects('MATCH', 'BAD_OPTIONS');
    expect(v.message).toContain(
      'PG-3: only Lone units, buildings, Monsters and high Body Value units may have a special attack rule; Vanguard Troopers is none of these',
    );
  });
  it('RUL-9 PG-3 a building may have a special attack rule whatever its Body Value and keywords', () => {
    const factions = withBuilding('vanguard', 'barracks', (b) => ({
      ...b,
      bodyValue: 1,
      keywords: [],
      specialAttackRule: { name: 'Salvo' },
    }));
    expect(typesOf(creating({ factions }).events)).toEqual(CREATED);
  });
});

describe('RUL-9 resources for a building (PG-10)', () => {
  const costing = (cost: { carbon: number; crystal: number; faction: number }) => {
    const game = inAction(arena([], { factions: withBuilding('vanguard', 'supply-depot', (d) => ({ ...d, cost })) }));
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

describe('RUL-9 salvage counters (PG-10, PG-7)', () => {
  it("RUL-9 PG-10 PG-7 salvaging a building places its datasheet's number of salvage counters", () => {
    const salvaging = withUnit('vanguard', 'engineer', (e) => ({ ...e, actions: [...e.actions, 'Salvage'] }));
    const factions = withBuilding('vanguard', 'supply-depot', (d) => ({ ...d, salvageCounters: 3 }), salvaging);
    const game = inAction(arena([], { factions }));
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    const events = game.run({ type: 'Salvage', unitId: 'red-worker-1', targetId: 'red-supply-depot-1' }, seat('red'));
    expect(eventData(events, 'SalvageStarted').counters).toBe(3);
  });
});

describe('RUL-9 transports and units off the battlefield (PG-10)', () => {
  const CARRIER = 'red-carrier-1';
  /** A Troopers datasheet made a Carrier: its keywords, Load and Unload, a 1.5" base and no Deployment Points. */
  const carrier = (keywords: string[]) => ({
    ...must(VANGUARD.units['vanguard-troopers']),
    name: 'Carrier',
    keywords,
    actions: ['Load' as const, 'Unload' as const],
    deploymentCost: 0,
    baseRadius: 1.5,
  });
  /** A Carrier beside the second squad of Troopers (3 models) and the fourth Engineer, in red's Action Phase. */
  const carrying = (keywords: string[]) => {
    const factions = { ...EXAMPLE.factions, vanguard: { ...VANGUARD, units: { ...VANGUARD.units, carrier: carrier(keywords) } } };
    const red = { units: [...EXAMPLE.armies.red.units, { datasheet: 'carrier' }] };
    const beside = [
      { unitId: CARRIER, x: 12.5, y: 22 },
      { unitId: 'red-worker-4', x: 12.5, y: 24.5 },
    ];
    return inAction(arena(beside, { factions, red }));
  };
  const LOAD = { type: 'Load', unitId: CARRIER, passengerIds: ['red-vanguard-troopers-2', 'red-worker-4'] } as const;
  it('RUL-9 PG-10 a `Transport 12` keyword carries up to 12 models', () => {
    expect(eventData(carrying(['Vehicle', 'Transport 12']).run(LOAD, seat('red')), 'UnitsLoaded')).toMatchObject({
      models: 4,
      capacity: 12,
    });
  });
  it('RUL-9 PG-10 a keyword that only contains `Transport N` gives no Transport capacity', () => {
    const v = carrying(['Vehicle', 'Heavy Transport 4', 'Transport 4 Bays'])
      .when(LOAD, seat('red'))
      .thenRejects('PG-10', 'NOT_A_TRANSPORT');
    expect(v.message).toBe('Carrier (red-carrier-1) has no Transport capacity.');
  });
  it('RUL-9 PG-10 a passenger that does not exist is refused', () => {
    const v = carrying(['Transport 4'])
      .when({ ...LOAD, passengerIds: ['red-nobody'] }, seat('red'))
      .thenRejects('PG-10', 'UNKNOWN_UNIT');
    expect(v.message).toBe('There is no unit "red-nobody" in this game.');
  });
  it('RUL-9 PG-10 a unit aboard a transport is not on the battlefield and takes no action', () => {
    const game = carrying(['Transport 4']);
    game.run(LOAD, seat('red'));
    const v = game.when({ type: 'Aim', unitId: 'red-vanguard-troopers-2' }, seat('red')).thenRejects('PG-10', 'NOT_ON_BATTLEFIELD');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-2) is not on the battlefield.');
  });
});

describe('RUL-9 Disengage (PG-10, PG-11)', () => {
  it('RUL-9 PG-10 PG-11 a Disengaged unit engages nobody: the enemy in base contact with it may fire', () => {
    // The Flame Brute's Flamer has no Fire While Engaged; it stands 0.5" from the Troopers, which Disengage in red's turn.
    const factions = withUnit('vanguard', 'vanguard-troopers', (t) => ({ ...t, actions: [...t.actions, 'Disengage'] }));
    const BRUTE = 'blue-flame-brute-1';
    const game = inAction(
      arena(
        [
          { unitId: TROOPERS, x: 22.5, y: 14 },
          { unitId: BRUTE, x: 25.5, y: 14 },
        ],
        { factions },
      ),
    );
    game.run({ type: 'Disengage', unitId: TROOPERS }, seat('red'));
    toPhase(game, 'ranged', 'blue');
    const events = game.run({ type: 'RangedAttack', unitId: BRUTE, targetId: TROOPERS }, seat('blue'));
    expect(eventData(events, 'AttackResolved')).toMatchObject({ attackerId: BRUTE, targetId: TROOPERS, weapon: 'Flamer' });
  });
});

describe('RUL-9 Command Centers (PG-15, PG-21)', () => {
  const rich = { startingResources: { carbon: 1000, crystal: 0, faction: 0 } };
  const NEW_CC = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'command-center', x: 20, y: 33 } as const;
  const WORKER = { unitId: 'red-worker-1', x: 20, y: 28.6 };
  it('RUL-9 PG-21 under pg-0.5.0 an additional Command Center still keeps 12" from a friendly one: only a rebuild was unspaced', () => {
    const game = inAction(arena([WORKER, { unitId: 'red-cc', x: 20, y: 15.01 }], { mission: { ...rich, commandCenterLimit: 2 } }));
    game.log = ageLog(game.log, 'pg-0.5.0');
    const v = game.when(NEW_CC, seat('red')).thenRejects('PG-21', 'TOO_CLOSE_TO_FRIENDLY_CC');
    expect(v.message).toBe('An additional Command Center must be at least 12" from Command Center (red-cc); this spot is 11.99" away.');
  });
  it('RUL-9 PG-21 a rebuild meets every placement requirement unless told it is an older game', () => {
    // The only caller (actions.ts) always says whether the game's version spaces a rebuild, so the default is asked directly.
    const game = arena([WORKER, { unitId: RAIDERS, x: 25.5, y: 33 }], { mission: rich });
    given(game, destroyUnit(rules(game), must(unit(game, 'red-cc')), 'given'));
    const state = rules(game);
    expect(commandCenterProblem(state, 'red', NEW_CC, 3)).toMatchObject({ ok: false, violation: { code: 'TOO_CLOSE_TO_ENEMY' } });
    expect(commandCenterProblem(state, 'red', NEW_CC, 3, false)).toBeNull();
  });
  it('RUL-9 PG-15 a game without a mission still has the limit of 1 active Command Center', () => {
    // Only a game with armies has a player to show the limit to (view.ts), and it has a mission: asked directly.
    expect(commandCenterLimit(rules(bare()))).toBe(1);
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
