/**
 * INV-1, INV-2 for Post Galactica: every limit of domain/post-galactica/limits.ts refuses one
 * past it with a schema failure whose field error names the JSON pointer and the limit (the
 * client's 400, functions/kernel/schema-problems.ts); the hostile bodies an outside test sent are
 * refused; the largest game's options fit the 64 KiB body; play may not pass the units a seat
 * or a game fields, nor the units on Overwatch; auto placement chooses the spots the plain
 * scan chooses and tries at most MAX_AUTO_SPOTS.
 */
import { describe, expect, it } from 'vitest';
import { pgCommandSchema } from '../../domain/post-galactica/commands.ts';
import { autoPlace } from '../../domain/post-galactica/deployment.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { PG_LIMITS as L, MAX_AUTO_SPOTS, MAX_DEPLOY_UNITS, MAX_STATUS_ORDER } from '../../domain/post-galactica/limits.ts';
import { zoneOf } from '../../domain/post-galactica/mission.ts';
import { pgOptionsSchema } from '../../domain/post-galactica/options.ts';
import { placementProblem, spotsIn } from '../../domain/post-galactica/placement.ts';
import type { PgState } from '../../domain/post-galactica/state.ts';
import { radius } from '../../domain/post-galactica/units.ts';
import { MAX_BODY_BYTES } from '../../functions/http/input-guard.ts';
import { fieldErrors } from '../../functions/kernel/schema-problems.ts';
import {
  deployedLargestGame,
  diceHeavyOptions,
  largestPostGalacticaOptions,
  longName,
  PgTable,
  unitIds,
  walledZoneOptions,
} from '../../scenarios/largest-post-galactica.ts';

// biome-ignore lint/suspicious/noExplicitAny: each case reaches into the options it changes
type Rules = any;

/** The example scenario in full, as JSON a client sends (a fresh copy each time). */
const example = (): Rules => JSON.parse(JSON.stringify(exampleScenario()));

const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

/** The field errors a schema failure gives the client: pointer and sentence. */
const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: unknown[] } } }, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a schema failure');
  return fieldErrors(result.error?.issues as Parameters<typeof fieldErrors>[0], input);
};

const VANGUARD_TROOPERS = '/factions/vanguard/units/vanguard-troopers';

/** [limit, change to the example, pointer of the field, the limit's number as the sentence says it]. */
const OPTION_CASES: [string, (r: Rules) => void, string, number][] = [
  [
    'deploymentPoints',
    (r) => {
      r.mission.deploymentPoints = L.deploymentPoints + 1;
    },
    '/mission/deploymentPoints',
    L.deploymentPoints,
  ],
  [
    'battlefield width',
    (r) => {
      r.mission.battlefield.width = L.battlefieldInches + 1;
    },
    '/mission/battlefield/width',
    L.battlefieldInches,
  ],
  [
    'battlefield height',
    (r) => {
      r.mission.battlefield.height = L.battlefieldInches + 1;
    },
    '/mission/battlefield/height',
    L.battlefieldInches,
  ],
  [
    'coordinate',
    (r) => {
      r.mission.resourceNodes[0].x = L.coordinate + 1;
    },
    '/mission/resourceNodes/0/x',
    L.coordinate,
  ],
  [
    'terrain',
    (r) => {
      r.mission.terrain = times(L.terrain + 1, () => r.mission.terrain[1]);
    },
    '/mission/terrain',
    L.terrain,
  ],
  [
    'polygonPoints',
    (r) => {
      r.mission.terrain[0].shape.points = times(L.polygonPoints + 1, (i) => ({ x: 20 + i / 10, y: 6 + (i % 2) }));
    },
    '/mission/terrain/0/shape/points',
    L.polygonPoints,
  ],
  [
    'resourceNodes',
    (r) => {
      r.mission.resourceNodes = times(L.resourceNodes + 1, (i) => ({ ...r.mission.resourceNodes[0], id: `n${i}` }));
    },
    '/mission/resourceNodes',
    L.resourceNodes,
  ],
  [
    'resources (node total)',
    (r) => {
      r.mission.resourceNodes[2].total = L.resources + 1;
    },
    '/mission/resourceNodes/2/total',
    L.resources,
  ],
  [
    'objectives',
    (r) => {
      r.mission.objectives = times(L.objectives + 1, (i) => ({ ...r.mission.objectives[0], id: `o${i}` }));
    },
    '/mission/objectives',
    L.objectives,
  ],
  [
    'victoryConditions',
    (r) => {
      r.mission.victory = times(L.victoryConditions + 1, () => ({ type: 'annihilation' }));
    },
    '/mission/victory',
    L.victoryConditions,
  ],
  [
    'rounds',
    (r) => {
      r.mission.victory[2].rounds = L.rounds + 1;
    },
    '/mission/victory/2/rounds',
    L.rounds,
  ],
  [
    'commandCenterLimit',
    (r) => {
      r.mission.commandCenterLimit = L.commandCenterLimit + 1;
    },
    '/mission/commandCenterLimit',
    L.commandCenterLimit,
  ],
  [
    'nameLength',
    (r) => {
      r.mission.name = longName('Kessel', L.nameLength + 1);
    },
    '/mission/name',
    L.nameLength,
  ],
  [
    'factions',
    (r) => {
      r.factions.third = r.factions.vanguard;
    },
    '/factions',
    L.factions,
  ],
  [
    'unitDatasheets',
    (r) => {
      for (const i of times(L.unitDatasheets, (n) => n))
        r.factions.vanguard.units[`extra-${i}`] = r.factions.vanguard.units['vanguard-troopers'];
    },
    '/factions/vanguard/units',
    L.unitDatasheets,
  ],
  [
    'buildingDatasheets',
    (r) => {
      for (const i of times(L.buildingDatasheets, (n) => n))
        r.factions.vanguard.buildings[`extra-${i}`] = r.factions.vanguard.buildings.barracks;
    },
    '/factions/vanguard/buildings',
    L.buildingDatasheets,
  ],
  [
    'weaponsPerDatasheet',
    (r) => {
      const sheet = r.factions.vanguard.units['vanguard-troopers'];
      sheet.weapons = times(L.weaponsPerDatasheet + 1, (i) => ({ ...sheet.weapons[0], name: `Gun ${i}` }));
    },
    `${VANGUARD_TROOPERS}/weapons`,
    L.weaponsPerDatasheet,
  ],
  [
    'weaponsPerFaction',
    (r) => {
      // The example's units carry 5 weapons; 4 on the Barracks make one more than a faction may carry.
      const turret = (i: number) => ({ name: `Turret ${i}`, type: 'ranged', range: 12, attacks: 1 });
      r.factions.vanguard.buildings.barracks.weapons = times(L.weaponsPerFaction + 1 - 5, turret);
    },
    '/factions/vanguard',
    L.weaponsPerFaction,
  ],
  [
    'specialRulesPerWeapon',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].weapons[0].special = times(L.specialRulesPerWeapon + 1, (i) => `Rule ${i}`);
    },
    `${VANGUARD_TROOPERS}/weapons/0/special`,
    L.specialRulesPerWeapon,
  ],
  [
    'keywordsPerDatasheet',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].keywords = times(L.keywordsPerDatasheet + 1, (i) => `Keyword ${i}`);
    },
    `${VANGUARD_TROOPERS}/keywords`,
    L.keywordsPerDatasheet,
  ],
  [
    'actionsPerDatasheet',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].actions = times(L.actionsPerDatasheet + 1, () => 'Aim');
    },
    `${VANGUARD_TROOPERS}/actions`,
    L.actionsPerDatasheet,
  ],
  [
    'abilitiesPerDatasheet',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].abilities = times(L.abilitiesPerDatasheet + 1, (i) => ({
        name: `Ability ${i}`,
      }));
    },
    `${VANGUARD_TROOPERS}/abilities`,
    L.abilitiesPerDatasheet,
  ],
  [
    'researchPerDatasheet',
    (r) => {
      r.factions.vanguard.buildings.barracks.research = Object.fromEntries(
        times(L.researchPerDatasheet + 1, (i) => [`r${i}`, { name: `Research ${i}`, counters: 1 }]),
      );
    },
    '/factions/vanguard/buildings/barracks/research',
    L.researchPerDatasheet,
  ],
  [
    'factionAbilities',
    (r) => {
      r.factions.vanguard.abilities = times(L.factionAbilities + 1, (i) => ({ name: `Call ${i}` }));
    },
    '/factions/vanguard/abilities',
    L.factionAbilities,
  ],
  [
    'usesPerTurn',
    (r) => {
      r.factions.vanguard.abilities = [{ name: 'Call', usesPerTurn: L.usesPerTurn + 1 }];
    },
    '/factions/vanguard/abilities/0/usesPerTurn',
    L.usesPerTurn,
  ],
  [
    'cohesion',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].cohesion = L.cohesion + 1;
    },
    `${VANGUARD_TROOPERS}/cohesion`,
    L.cohesion,
  ],
  [
    'bodyValue',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].bodyValue = L.cohesion + 1;
    },
    `${VANGUARD_TROOPERS}/bodyValue`,
    L.cohesion,
  ],
  [
    'movement',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].movement = L.movement + 1;
    },
    `${VANGUARD_TROOPERS}/movement`,
    L.movement,
  ],
  [
    'baseRadius',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].baseRadius = L.baseRadius + 1;
    },
    `${VANGUARD_TROOPERS}/baseRadius`,
    L.baseRadius,
  ],
  [
    'range',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].weapons[0].range = L.range + 1;
    },
    `${VANGUARD_TROOPERS}/weapons/0/range`,
    L.range,
  ],
  [
    'attacks',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].weapons[0].attacks = L.attacks + 1;
    },
    `${VANGUARD_TROOPERS}/weapons/0/attacks`,
    L.attacks,
  ],
  [
    'attacksPerWeapon',
    // 6 Cohesion, Body Value 2: 3 models × 20 Attacks = 60, the most; Cohesion 7 makes 4 models and 80.
    (r) => {
      const sheet = r.factions.vanguard.units['vanguard-troopers'];
      sheet.cohesion = 7;
      sheet.weapons[0].attacks = L.attacks;
    },
    `${VANGUARD_TROOPERS}/weapons/0/attacks`,
    L.attacksPerWeapon,
  ],
  [
    'damage',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].weapons[0].damage = L.damage + 1;
    },
    `${VANGUARD_TROOPERS}/weapons/0/damage`,
    L.damage,
  ],
  [
    'duration',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].weapons[0].inflicts = { status: 'Burning', duration: L.duration + 1 };
    },
    `${VANGUARD_TROOPERS}/weapons/0/inflicts/duration`,
    L.duration,
  ],
  [
    'counters',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].productionCounters = L.counters + 1;
    },
    `${VANGUARD_TROOPERS}/productionCounters`,
    L.counters,
  ],
  [
    'deploymentCost',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].deploymentCost = L.deploymentPoints + 1;
    },
    `${VANGUARD_TROOPERS}/deploymentCost`,
    L.deploymentPoints,
  ],
  [
    'supply',
    (r) => {
      r.factions.vanguard.buildings['supply-depot'].supplyProvided = L.supply + 1;
    },
    '/factions/vanguard/buildings/supply-depot/supplyProvided',
    L.supply,
  ],
  [
    'resources (cost)',
    (r) => {
      r.factions.vanguard.units['vanguard-troopers'].cost.carbon = L.resources + 1;
    },
    `${VANGUARD_TROOPERS}/cost/carbon`,
    L.resources,
  ],
  [
    'armyUnits',
    (r) => {
      r.armies.red.units = times(L.armyUnits + 1, () => ({ datasheet: 'vanguard-troopers' }));
    },
    '/armies/red/units',
    L.armyUnits,
  ],
  [
    'purchasedWorkers',
    (r) => {
      r.armies.red.purchasedWorkers = L.purchasedWorkers + 1;
    },
    '/armies/red/purchasedWorkers',
    L.purchasedWorkers,
  ],
];

describe('INV-1 Post Galactica refuses options past their limits, naming the field and the limit', () => {
  it.each(OPTION_CASES)('INV-1 one past the %s limit is refused naming its field and the limit', (_, change, pointer, limit) => {
    const rules = example();
    expect(pgOptionsSchema.safeParse(rules).success).toBe(true);
    change(rules);
    const errors = errorsOf(pgOptionsSchema, rules);
    const error = errors.find((e) => e.pointer === pointer);
    expect(error, JSON.stringify(errors)).toBeDefined();
    expect(error?.detail).toContain(`The field ${pointer} `);
    expect(error?.detail).toMatch(new RegExp(`at most ${limit}\\b`));
  });

  it('INV-1 the hostile body of 1e15 Deployment Points and 100,000 purchased Workers is refused on both fields', () => {
    const rules = example();
    rules.mission.deploymentPoints = 1e15;
    rules.armies.red.purchasedWorkers = 100_000;
    const errors = errorsOf(pgOptionsSchema, rules);
    expect(errors.map((e) => e.pointer)).toEqual(['/mission/deploymentPoints', '/armies/red/purchasedWorkers']);
    expect(errors[0]?.detail).toBe(`The field /mission/deploymentPoints must be at most ${L.deploymentPoints}.`);
    expect(errors[1]?.detail).toBe(`The field /armies/red/purchasedWorkers must be at most ${L.purchasedWorkers}.`);
  });

  it('INV-1 a datasheet past a limit beside a building that names nothing it produces is refused, not a crash', () => {
    const rules = example();
    rules.factions.vanguard.units.engineer.weapons[0].attacks = L.attacks + 1;
    // A client's Extractor names nothing it produces; the faction's transform would fill it in.
    delete rules.factions.vanguard.buildings.extractor.produces;
    expect(errorsOf(pgOptionsSchema, rules).map((e) => e.detail)).toEqual([
      `The field /factions/vanguard/units/engineer/weapons/0/attacks must be at most ${L.attacks}.`,
    ]);
  });

  it('INV-1 the hostile body of 1,800 units is refused naming the army and the limit', () => {
    const rules = example();
    rules.armies.red.units = times(1_800, () => ({ datasheet: 'u' }));
    const errors = errorsOf(pgOptionsSchema, rules);
    expect(errors.map((e) => e.detail)).toEqual([`The field /armies/red/units must have at most ${L.armyUnits} items.`]);
  });

  it('INV-1 the largest options are accepted, fit the 64 KiB body, and one more unit is refused', () => {
    const rules = largestPostGalacticaOptions();
    const body = JSON.stringify({ ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', rules } });
    expect(Buffer.byteLength(body)).toBeLessThan(MAX_BODY_BYTES);
    const parsed = pgOptionsSchema.parse(rules);
    expect(parsed.armies?.red.units).toHaveLength(L.armyUnits);
    expect(parsed.armies?.red.purchasedWorkers).toBe(L.purchasedWorkers);
    const more = {
      ...rules,
      armies: { ...rules.armies, red: { ...rules.armies.red, units: [...rules.armies.red.units, { datasheet: unitIds(0)[1] }] } },
    };
    expect(errorsOf(pgOptionsSchema, more).map((e) => e.pointer)).toEqual(['/armies/red/units']);
  });
});

const COMMAND_CASES: [string, Rules, string, number][] = [
  ['pathPoints', { type: 'Move', unitId: 'red-cc', path: times(L.pathPoints + 1, () => ({ x: 1, y: 1 })) }, '/path', L.pathPoints],
  [
    'deploy units',
    { type: 'Deploy', units: times(MAX_DEPLOY_UNITS + 1, () => ({ unitId: 'red-cc', x: 1, y: 1 })) },
    '/units',
    MAX_DEPLOY_UNITS,
  ],
  ['commandIdLength', { type: 'Aim', unitId: 'u'.repeat(L.commandIdLength + 1) }, '/unitId', L.commandIdLength],
  ['nameLength', { type: 'UseFactionAbility', ability: 'a'.repeat(L.nameLength + 1) }, '/ability', L.nameLength],
  ['coordinate', { type: 'Construct', unitId: 'red-worker-1', datasheet: 'barracks', x: L.coordinate + 1, y: 0 }, '/x', L.coordinate],
  ['gather nodes', { type: 'Gather', nodes: times(L.resourceNodes + 1, (i) => `n${i}`) }, '/nodes', L.resourceNodes],
  [
    'attack weapons',
    { type: 'RangedAttack', unitId: 'a', targetId: 'b', weapons: times(L.weaponsPerDatasheet + 1, (i) => `w${i}`) },
    '/weapons',
    L.weaponsPerDatasheet,
  ],
  ['passengers', { type: 'Load', unitId: 'a', passengerIds: times(L.unitsPerSeat + 1, (i) => `p${i}`) }, '/passengerIds', L.unitsPerSeat],
  [
    'unloaded units',
    { type: 'Unload', unitId: 'a', units: times(L.unitsPerSeat + 1, (i) => ({ unitId: `p${i}`, x: 1, y: 1 })) },
    '/units',
    L.unitsPerSeat,
  ],
  [
    'status order',
    { type: 'ResolveStatuses', order: times(MAX_STATUS_ORDER + 1, () => ({ unitId: 'a', status: 'Burning' })) },
    '/order',
    MAX_STATUS_ORDER,
  ],
];

describe('INV-1 Post Galactica refuses commands past their limits, naming the field and the limit', () => {
  it.each(COMMAND_CASES)(
    'INV-1 one past the %s limit in a command is refused naming its field and the limit',
    (_, command, pointer, limit) => {
      const errors = errorsOf(pgCommandSchema, command);
      const error = errors.find((e) => e.pointer === pointer);
      expect(error, JSON.stringify(errors)).toBeDefined();
      expect(error?.detail).toMatch(new RegExp(`^The field ${pointer} must (have )?(be )?at most ${limit}\\b`));
    },
  );
});

describe('INV-1 play may not pass the units a seat fields', () => {
  it('INV-1 a seat at its units cannot produce another (TOO_MANY_UNITS), and the sentence names the limit', () => {
    const table = deployedLargestGame();
    const red = table.state.units.filter((u) => u.seat === 'red');
    const cc = red.find((u) => u.original);
    if (!cc) throw new Error('no Command Center');
    // Red fields units up to the limit: copies of a Worker, off the battlefield (as if in a transport's place).
    const extra = times(L.unitsPerSeat - red.length, (i) => ({
      ...(red[1] as (typeof red)[number]),
      id: `red-extra-${i}`,
      position: null,
    }));
    table.state = { ...table.state, units: [...table.state.units, ...extra] };
    table.toPhase('action', 'red');
    const refused = table.decide({ type: 'Produce', buildingId: cc.id, datasheet: unitIds(0)[1] });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.violation.code).toBe('TOO_MANY_UNITS');
    expect(refused.violation.message).toContain(`a seat fields at most ${L.unitsPerSeat} at once`);
    // One fewer, and the same command is accepted.
    table.state = { ...table.state, units: table.state.units.filter((u) => u.id !== 'red-extra-0') };
    expect(table.decide({ type: 'Produce', buildingId: cc.id, datasheet: unitIds(0)[1] }).ok).toBe(true);
  });

  it('INV-2 a seat has at most 4 units on Overwatch; the fifth is refused (TOO_MANY_UNITS)', () => {
    const table = deployedLargestGame();
    table.toPhase('action', 'red');
    const listed = unitIds(0).slice(1);
    const units = table.state.units.filter((u) => u.seat === 'red' && listed.includes(u.datasheet)).map((u) => u.id);
    expect(units.length).toBeGreaterThan(L.overwatchUnits);
    for (const unitId of units.slice(0, L.overwatchUnits)) table.run({ type: 'Overwatch', unitId });
    const refused = table.decide({ type: 'Overwatch', unitId: units[L.overwatchUnits] });
    expect(refused.ok ? null : refused.violation.message).toBe(
      `You have ${L.overwatchUnits} units on Overwatch; a seat may have at most ${L.overwatchUnits} on Overwatch at once.`,
    );
  });
});

/** The plain scan auto placement replaced: each unit at the first spot placementProblem accepts, from the zone's corner. */
const plainScan = (state: PgState, seat: string) => {
  const zone = zoneOf(state.mission as NonNullable<PgState['mission']>, seat);
  let current = state;
  const placements: { unitId: string; x: number; y: number }[] = [];
  for (const unit of state.units.filter((u) => u.seat === seat && u.position === null)) {
    const r = radius(current, unit);
    const spot = zone ? [...spotsIn(zone, r)].find((s) => placementProblem(current, s, r) === null) : undefined;
    if (!spot) return 'full';
    placements.push({ unitId: unit.id, ...spot });
    current = { ...current, units: current.units.map((u) => (u.id === unit.id ? { ...u, position: spot } : u)) };
  }
  return placements;
};

describe('INV-2 auto placement', () => {
  it('INV-2 chooses the spots the plain scan chooses, for the example and for 8 base radii packed in one zone', () => {
    const mixed: Rules = largestPostGalacticaOptions();
    const radii = [0.5, 6, 1, 2, 3, 4, 5, 1.5];
    for (const f of Object.values(mixed.factions) as Rules[])
      (Object.values(f.units) as Rules[]).forEach((u, i) => {
        u.baseRadius = radii[i] ?? 1;
      });
    mixed.mission.deploymentZones.red = { x: 0, y: 0, width: 48, height: 48 };
    for (const rules of [exampleScenario(), mixed]) {
      const state = new PgTable(rules).state;
      const placed = autoPlace(state, 'red');
      if (typeof placed === 'string') throw new Error(placed);
      expect(placed.placements).toEqual(plainScan(state, 'red'));
    }
    const state = new PgTable(mixed).state;
    const placed = autoPlace(state, 'red');
    expect(typeof placed === 'string' ? placed : placed.tried).toBeLessThan(2_000);
  });

  it('INV-2 in a zone walled by terrain it tries MAX_AUTO_SPOTS spots and refuses (ZONE_FULL)', () => {
    const table = new PgTable(walledZoneOptions());
    expect(autoPlace(table.state, 'red', Number.POSITIVE_INFINITY)).toBe('full');
    expect(autoPlace(table.state, 'red')).toBe('gave up');
    expect(autoPlace(table.state, 'red', MAX_AUTO_SPOTS + 1)).toBe('gave up');
    const refused = table.decide({ type: 'Deploy', auto: true });
    expect(refused.ok ? null : refused.violation.code).toBe('ZONE_FULL');
  });

  it('INV-2 the most dice one weapon rolls is 60: the dice-heavy largest game is accepted at exactly that', () => {
    const rules = diceHeavyOptions();
    const parsed: Rules = pgOptionsSchema.parse(rules);
    const sheet = Object.values(parsed.factions as Record<string, Rules>)[0]?.units[unitIds(0)[1] as string];
    expect((sheet?.cohesion ?? 0) / (sheet?.bodyValue ?? 1)).toBe(L.attacksPerWeapon);
  });
});
