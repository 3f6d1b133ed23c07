/**
 * RUL-9: the options a Post Galactica game is created with, and what CreateGame refuses: a
 * faction's datasheets, a Deployment List and its Deployment Points, the mission, which options
 * go together, special attack rules, and options recorded under an older rules version (RUL-10).
 * Each refusal is pinned with the option it points at.
 */
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { viewGame } from '../../domain/match/view.ts';
import { type DeploymentList, deploymentCost, type Faction } from '../../domain/post-galactica/datasheets.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { pgOptionsAsOf, pgOptionsSchema, resolveScenario } from '../../domain/post-galactica/options.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { ctxFor, GAME_ID, Game, player } from '../support/decider-spec.ts';
import { arena, type Mission, must, rules, withBuilding, withUnit } from '../support/post-galactica.ts';
import { createArena, deploying, type ScenarioChange } from '../support/post-galactica-setups.ts';

const RULESETS = everyRuleset();
const EXAMPLE = exampleScenario();
const VANGUARD = EXAMPLE.factions.vanguard;
const CREATE = { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' } as const;
const PREAMBLE = 'The Post Galactica options are not valid: ';

/** What CreateGame answers to these `options.rules`: the BAD_OPTIONS refusal, without its preamble. */
const refusal = (rules: unknown): string => {
  const v = new Game().when({ ...CREATE, options: { rules } }, player('p_red')).thenRejects('MATCH', 'BAD_OPTIONS');
  expect(v.message.slice(0, PREAMBLE.length)).toBe(PREAMBLE);
  return v.message.slice(PREAMBLE.length);
};

/** One line of a refusal: the issue and, when it has one, the path of the option it is about. */
const issue = (message: string, path?: string): string => (path ? `✖ ${message}\n  → at ${path}` : `✖ ${message}`);

interface Change {
  readonly mission?: Partial<Mission>;
  readonly factions?: Record<string, Faction>;
  /** Changes to red's example Deployment List. */
  readonly red?: Partial<DeploymentList>;
}

/** The example scenario, given in full, with some of it changed. */
const scenario = (change: Change = {}) => ({
  mission: { ...EXAMPLE.mission, ...change.mission },
  factions: change.factions ?? EXAMPLE.factions,
  armies: { ...EXAMPLE.armies, red: { ...EXAMPLE.armies.red, ...change.red } },
});

/**
 * The Vanguard and `rogue`, a changed copy of it that no army plays (both seats play the
 * Vanguard: a scenario has at most 2 factions, INV-1), so each refusal below is about the
 * faction's datasheets alone.
 */
const rogue = (change: (f: Faction) => Faction) => ({
  ...scenario({ factions: { vanguard: VANGUARD, rogue: change(VANGUARD) } }),
  armies: { red: EXAMPLE.armies.red, blue: EXAMPLE.armies.red },
});

const typesOf = (events: readonly DomainEvent[]) => events.map((e) => e.type);
/** CreateGame with a seat: the game, and its creator seated. */
const CREATED = ['GameCreated', 'SeatJoined'];
/** CreateGame of the arena scenario with these changes, as decided, accepted or refused. */
const creating = (s: ScenarioChange) => new Game().when(createArena(s), player('p_red'));

describe('RUL-9 a faction (PG-15, PG-16, PG-18, PG-21, PG-3)', () => {
  const notACommandCenter = (name: string) =>
    issue(`commandCenter "${name}" must be a building with the keyword "Command Center" (PG-15)`, 'factions.rogue.commandCenter');
  it('RUL-9 PG-15 a faction whose commandCenter is a building without the keyword "Command Center" is refused', () => {
    expect(refusal(rogue((f) => ({ ...f, commandCenter: 'barracks' })))).toBe(notACommandCenter('barracks'));
  });
  it('RUL-9 PG-15 a faction whose commandCenter names none of its buildings is refused, not a crash', () => {
    expect(refusal(rogue((f) => ({ ...f, commandCenter: 'fortress' })))).toBe(notACommandCenter('fortress'));
  });

  const notAWorker = (name: string) => issue(`worker "${name}" must be a unit with the keyword "Worker" (PG-16)`, 'factions.rogue.worker');
  it('RUL-9 PG-16 a faction whose worker is a unit without the keyword "Worker" is refused', () => {
    expect(refusal(rogue((f) => ({ ...f, worker: 'vanguard-troopers' })))).toBe(notAWorker('vanguard-troopers'));
  });
  it('RUL-9 PG-16 a faction whose worker names none of its units is refused, not a crash', () => {
    expect(refusal(rogue((f) => ({ ...f, worker: 'drone' })))).toBe(notAWorker('drone'));
  });

  it('RUL-9 PG-18 a building that produces a unit the faction does not have is refused, not a crash', () => {
    const factions = withBuilding('vanguard', 'barracks', (b) => ({ ...b, produces: ['titan'] }));
    expect(refusal(scenario({ factions }))).toBe(
      issue('Barracks produces "titan", which is not a unit of this faction', 'factions.vanguard.buildings.barracks.produces'),
    );
  });
  it('RUL-9 PG-21 the refusal of a building that trains a Command Center points at what it produces', () => {
    const hq = { ...must(VANGUARD.units['vanguard-troopers']), name: 'Mobile HQ', keywords: ['Command Center'] };
    const withHq = { ...EXAMPLE.factions, vanguard: { ...VANGUARD, units: { ...VANGUARD.units, 'mobile-hq': hq } } };
    const factions = withBuilding('vanguard', 'barracks', (b) => ({ ...b, produces: ['mobile-hq'] }), withHq);
    expect(refusal(scenario({ factions }))).toBe(
      issue(
        'PG-21: Barracks produces Mobile HQ, a Command Center; a Command Center is built (or rebuilt) by a Worker, not trained',
        'factions.vanguard.buildings.barracks.produces',
      ),
    );
  });

  it('RUL-9 PG-3 the refusal of a special attack rule on an ordinary unit points at that unit datasheet', () => {
    const factions = withUnit('vanguard', 'vanguard-troopers', (t) => ({ ...t, specialAttackRule: { name: 'Volley Fire', attacks: 9 } }));
    expect(refusal(scenario({ factions }))).toBe(
      issue(
        'PG-3: only Lone units, buildings, Monsters and high Body Value units may have a special attack rule; Vanguard Troopers is none of these',
        'factions.vanguard.units["vanguard-troopers"]',
      ),
    );
  });
  it('RUL-9 PG-3 a building may have a special attack rule whatever its Body Value', () => {
    // A building's Body Value defaults to its Cohesion (12 for the Barracks); 1 is far below the high Body Value threshold.
    const factions = withBuilding('vanguard', 'barracks', (b) => ({ ...b, bodyValue: 1, specialAttackRule: { name: 'Flak', attacks: 2 } }));
    expect(pgOptionsSchema.safeParse(scenario({ factions })).success).toBe(true);
  });
});

describe('RUL-9 a Deployment List (PG-16)', () => {
  it("RUL-9 PG-16 the refusal of a list of an unknown faction points at the list's faction", () => {
    expect(refusal(scenario({ red: { faction: 'elves' } }))).toBe(
      issue(`red's faction "elves" is not among the factions`, 'armies.red.faction'),
    );
  });
  it('RUL-9 PG-16 a list naming a datasheet its faction does not have is refused, once for each such unit', () => {
    const units = [...EXAMPLE.armies.red.units, { datasheet: 'titan' }, { datasheet: 'raiders' }];
    expect(refusal(scenario({ red: { units } }))).toBe(
      [
        issue('"titan" is not a unit datasheet of Vanguard Coalition', 'armies.red.units'),
        issue('"raiders" is not a unit datasheet of Vanguard Coalition', 'armies.red.units'),
      ].join('\n'),
    );
  });
  it('RUL-9 PG-16 unit ids in a list must be unique; units without an id need none', () => {
    const units = [
      { datasheet: 'vanguard-troopers', id: 'alpha' },
      { datasheet: 'vanguard-troopers', id: 'alpha' },
      { datasheet: 'sentinel-walker' },
    ];
    expect(refusal(scenario({ red: { units } }))).toBe(issue('unit ids in a Deployment List must be unique', 'armies.red.units'));
    const distinct = [
      { datasheet: 'vanguard-troopers', id: 'alpha' },
      { datasheet: 'vanguard-troopers', id: 'bravo' },
      { datasheet: 'sentinel-walker' },
    ];
    expect(pgOptionsSchema.safeParse(scenario({ red: { units: distinct } })).success).toBe(true);
  });
  it("RUL-9 PG-16 a list over the mission's Deployment Points is refused with every line of its cost", () => {
    // The example list (Troopers 30, Troopers 30, Sentinel Walker 40, 1 purchased Engineer 10) is 110; 3 purchased Engineers make it 130.
    expect(refusal(scenario({ red: { purchasedWorkers: 3 } }))).toBe(
      issue(
        "PG-16: red's Deployment List costs 130 Deployment Points (Command Center 0, 3 × Engineer (Free Worker Allowance) 0, " +
          'Vanguard Troopers 30, Vanguard Troopers 30, Sentinel Walker 40, 3 × purchased Worker capacity 30) but the mission allows 120',
        'armies.red',
      ),
    );
  });
});

describe('RUL-9 the mission (PG-4, PG-8)', () => {
  // The example battlefield is 48" by 36"; red's zone is changed, one edge at a time.
  const outside = (zone: { x: number; y: number; width: number; height: number }) =>
    refusal(scenario({ mission: { deploymentZones: { ...EXAMPLE.mission.deploymentZones, red: zone } } }));
  const zoneOutside = issue("red's deployment zone lies outside the battlefield", 'mission.deploymentZones.red');
  it('RUL-9 PG-4 a deployment zone past the left or top edge of the battlefield is refused', () => {
    expect(outside({ x: -1, y: 0, width: 12, height: 36 })).toBe(zoneOutside);
    expect(outside({ x: 0, y: -1, width: 12, height: 36 })).toBe(zoneOutside);
  });
  it('RUL-9 PG-4 a deployment zone past the right or bottom edge of the battlefield is refused', () => {
    // Its far edge (30 + 20, 20 + 20) is outside though its near edge is well inside.
    expect(outside({ x: 30, y: 0, width: 20, height: 36 })).toBe(zoneOutside);
    expect(outside({ x: 0, y: 20, width: 12, height: 20 })).toBe(zoneOutside);
  });
  it("RUL-9 PG-4 the blue zone is checked too, and a zone on the battlefield's edges is on it", () => {
    const blue = { x: 40, y: 0, width: 12, height: 36 };
    const zones = { ...EXAMPLE.mission.deploymentZones, blue };
    expect(refusal(scenario({ mission: { deploymentZones: zones } }))).toBe(
      issue("blue's deployment zone lies outside the battlefield", 'mission.deploymentZones.blue'),
    );
    const whole = { x: 0, y: 0, width: 48, height: 36 };
    expect(pgOptionsSchema.safeParse(scenario({ mission: { deploymentZones: { red: whole, blue: whole } } })).success).toBe(true);
  });
  it('RUL-9 PG-8 a resource node off the battlefield is refused', () => {
    const off = { id: 'carbon-far', kind: 'carbon', x: 50, y: 30, total: 'infinite' } as const;
    expect(refusal(scenario({ mission: { resourceNodes: [...EXAMPLE.mission.resourceNodes, off] } }))).toBe(
      issue('resource node carbon-far lies outside the battlefield', 'mission.resourceNodes'),
    );
  });
});

describe('RUL-9 which options go together (PG-4)', () => {
  it('RUL-9 PG-4 the example scenario and a scenario of its own are not given together', () => {
    expect(refusal({ scenario: 'example', ...scenario() })).toBe(issue('give either scenario or mission, factions and armies, not both'));
    expect(refusal({ scenario: 'example', armies: EXAMPLE.armies })).toBe(
      issue('give either scenario or mission, factions and armies, not both'),
    );
  });
  it('RUL-9 PG-4 mission, factions and armies are given together or not at all', () => {
    const { mission, factions, armies } = scenario();
    const apart = issue('mission, factions and armies go together');
    expect(refusal({ mission, factions })).toBe(apart);
    expect(refusal({ mission, armies })).toBe(apart);
    expect(refusal({ factions, armies })).toBe(apart);
    expect(refusal({ armies })).toBe(apart);
  });
  it('RUL-9 PG-4 a client reads these refusals as custom issues of the whole options', () => {
    const parsed = pgOptionsSchema.safeParse({ armies: EXAMPLE.armies });
    expect(parsed.error?.issues).toMatchObject([{ code: 'custom', message: 'mission, factions and armies go together', path: [] }]);
  });
});

describe('RUL-9 the scenario a game plays (PG-4)', () => {
  // The options schema lets no partial scenario through and CreateGame always records options,
  // so no legal command reaches these: resolveScenario is called directly.
  it('RUL-9 PG-4 options without all of mission, factions and armies play the bare turn sequence', () => {
    const { mission, factions, armies } = EXAMPLE;
    expect(resolveScenario(undefined)).toBeNull();
    expect(resolveScenario({})).toBeNull();
    expect(resolveScenario({ armies })).toBeNull();
    expect(resolveScenario({ mission, armies })).toBeNull();
    expect(resolveScenario({ factions, armies })).toBeNull();
    expect(resolveScenario({ mission, factions })).toBeNull();
    expect(resolveScenario({ mission, factions, armies })).toEqual({ mission, factions, armies });
  });
});

describe('RUL-9 creating a game under an older rules version (RUL-10)', () => {
  /** The `options.rules` a CreateGame re-decided under `rulesVersion` records (as re-adjudication decides it). */
  const recordedUnder = (rulesVersion: string, rules: unknown): Record<string, unknown> => {
    const decision = decideGame(
      new Game().state,
      { ...CREATE, options: { rules } },
      { ...ctxFor(player('p_red')), rulesVersion },
      'g_test',
    );
    if (!decision.ok) throw new Error(decision.violation.message);
    return (must(decision.events[0]).data as { options: { rules: Record<string, unknown> } }).options.rules;
  };

  it('RUL-9 RUL-10 under pg-0.5.0 datasheets given in full are recorded as given, and a unit sheet gains no building fields', () => {
    // Supply, production and actions given explicitly are kept; units get no supplyProvided or produces.
    expect(recordedUnder('pg-0.5.0', scenario()).factions).toEqual(EXAMPLE.factions);
  });

  /** The example factions as a client would send them, with every Command Center's `supplyProvided` left out. */
  const withoutSupply = () => {
    const sent = structuredClone(scenario()) as unknown as {
      factions: Record<string, { buildings: Record<string, Record<string, unknown>> }>;
    };
    for (const f of Object.values(sent.factions)) delete f.buildings['command-center']?.supplyProvided;
    return sent;
  };
  const supplyOf = (rules: Record<string, unknown>) =>
    Object.values(rules.factions as Record<string, Faction>).map((f) => f.buildings['command-center']?.supplyProvided);
  it('RUL-9 RUL-10 PG-20 a Command Center given without supplyProvided provided 0 before pg-0.6.0 and 5 from it', () => {
    expect(supplyOf(recordedUnder('pg-0.5.0', withoutSupply()))).toEqual([0, 0]);
    expect(supplyOf(recordedUnder('pg-0.6.0', withoutSupply()))).toEqual([5, 5]);
  });

  it('RUL-9 RUL-10 options as a command gave them may be anything at all: null gives no datasheet field', () => {
    // CreateGame turns a null `rules` into {} (no factions), so no legal command reaches this: pgOptionsAsOf is called directly.
    const older = pgOptionsAsOf(EXAMPLE, 'pg-0.5.0', null).factions?.vanguard;
    expect(older?.buildings['supply-depot']?.supplyProvided).toBe(0);
    expect(older?.buildings.barracks?.produces).toEqual([]);
    expect(older?.units['vanguard-troopers']?.actions).toEqual([]);
    // Only a unit sheet given without actions had none then (PG-19): a building keeps the actions it has.
    expect(older?.buildings.barracks?.actions).toEqual(['Produce']);
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
    const decision = decideGame(new Game().state, createArena(), { ...ctxFor(player('p_red')), rulesVersion: 'pg-0.3.0' }, GAME_ID);
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
