/**
 * One complete example: a mission and one army per seat, so a match can be played out of
 * the box with `options.rules = { scenario: 'example' }`. It is written here as raw data
 * and parsed (defaults filled in) by `exampleScenario()` the first time it is asked for,
 * so loading the ruleset parses nothing (PERF-1).
 *
 * From the text: Vanguard Troopers with Plasma Rifles, 6 Cohesion and Body Value 2 (12.3);
 * a Barracks taking 2 construction counters (13.4); a Command Center providing 5 Supply and
 * training Workers (7.7); 3 free Workers plus purchased capacity (7.x). Every other number
 * (Movement, skills, ranges, costs, Deployment Points, the battlefield) is invented here.
 */
import { type DeploymentList, deploymentListSchema, type Faction, factionSchema } from './datasheets.ts';
import { type Mission, missionSchema } from './mission.ts';

const commandCenter = {
  name: 'Command Center',
  cohesion: 20,
  keywords: ['Command Center', 'Core Infrastructure'],
  actions: ['Produce'],
  cost: { carbon: 400 },
  constructionCounters: 4,
  supplyProvided: 5,
  baseRadius: 3,
} as const;

const extractor = {
  name: 'Crystal Extractor',
  cohesion: 6,
  keywords: ['Extractor'],
  cost: { carbon: 75 },
  constructionCounters: 1,
  gather: { crystal: 5 },
  baseRadius: 1,
} as const;

const worker = (name: string, tool: string) =>
  ({
    name,
    movement: 5,
    cohesion: 2,
    bodyValue: 2,
    rangedSkill: 0,
    meleeSkill: 5,
    weapons: [{ name: tool, type: 'melee', range: 1, attacks: 1 }],
    keywords: ['Worker', 'Infantry'],
    actions: ['Construct', 'Repair', 'Interact'],
    deploymentCost: 10,
    baseRadius: 0.5,
    cost: { carbon: 50 },
    gather: { carbon: 5 },
  }) as const;

const vanguard = {
  name: 'Vanguard Coalition',
  commandCenter: 'command-center',
  worker: 'engineer',
  commandIncome: { faction: 1 },
  units: {
    engineer: worker('Engineer', 'Tool Arm'),
    'vanguard-troopers': {
      name: 'Vanguard Troopers',
      movement: 6,
      cohesion: 6,
      bodyValue: 2,
      rangedSkill: 4,
      meleeSkill: 4,
      weapons: [
        { name: 'Plasma Rifles', type: 'ranged', range: 24, attacks: 2 },
        { name: 'Combat Knives', type: 'melee', range: 1, attacks: 1 },
      ],
      keywords: ['Infantry'],
      actions: ['Interact', 'Aim', 'Dodge'],
      deploymentCost: 30,
      cost: { carbon: 100 },
      productionCounters: 2,
    },
    'sentinel-walker': {
      name: 'Sentinel Walker',
      movement: 5,
      cohesion: 12,
      bodyValue: 6,
      rangedSkill: 3,
      meleeSkill: 5,
      weapons: [
        { name: 'Autocannon', type: 'ranged', range: 30, attacks: 2, damage: 2 },
        { name: 'Stomp', type: 'melee', range: 1, attacks: 2, natural: true },
      ],
      keywords: ['Vehicle'],
      actions: ['Aim'],
      specialAttackRule: { name: 'Stabilised Volley', attacks: 4 },
      deploymentCost: 40,
      baseRadius: 2,
      cost: { carbon: 150, crystal: 50 },
      productionCounters: 3,
    },
  },
  buildings: {
    'command-center': { ...commandCenter, produces: ['engineer'] },
    barracks: {
      name: 'Barracks',
      cohesion: 12,
      actions: ['Produce'],
      cost: { carbon: 150 },
      constructionCounters: 2,
      produces: ['vanguard-troopers'],
    },
    extractor,
    'supply-depot': {
      name: 'Supply Depot',
      cohesion: 8,
      cost: { carbon: 100 },
      constructionCounters: 1,
      supplyProvided: 5,
      baseRadius: 1.5,
    },
  },
};
const scrapHorde = {
  name: 'Scrap Horde',
  commandCenter: 'command-center',
  worker: 'scrapper',
  resourceIncome: { faction: 2 },
  units: {
    scrapper: worker('Scrapper', 'Cutting Torch'),
    raiders: {
      name: 'Raiders',
      movement: 7,
      cohesion: 5,
      bodyValue: 1,
      rangedSkill: 5,
      meleeSkill: 3,
      weapons: [
        { name: 'Scrap Pistols', type: 'ranged', range: 12, attacks: 1, special: ['Fire While Engaged'] },
        { name: 'Scrap Blades', type: 'melee', range: 1, attacks: 2 },
      ],
      keywords: ['Infantry'],
      actions: ['Interact', 'Dodge'],
      deploymentCost: 25,
      cost: { carbon: 75 },
      productionCounters: 2,
    },
    'flame-brute': {
      name: 'Flame Brute',
      movement: 6,
      cohesion: 8,
      bodyValue: 8,
      rangedSkill: 4,
      meleeSkill: 3,
      weapons: [
        { name: 'Flamer', type: 'ranged', range: 8, attacks: 3, inflicts: { status: 'Burning', duration: 2 } },
        { name: 'Crushing Claws', type: 'melee', range: 1, attacks: 3, damage: 2, natural: true },
      ],
      keywords: ['Monster'],
      specialAttackRule: { name: 'Rampage' },
      deploymentCost: 40,
      baseRadius: 1.5,
      cost: { carbon: 150, crystal: 25 },
      productionCounters: 3,
    },
  },
  buildings: {
    'command-center': { ...commandCenter, produces: ['scrapper'] },
    'scrap-pit': {
      name: 'Scrap Pit',
      cohesion: 10,
      actions: ['Produce'],
      cost: { carbon: 125 },
      constructionCounters: 2,
      produces: ['raiders'],
    },
    extractor,
  },
};

const kesselRidge = {
  name: 'Kessel Ridge',
  battlefield: { width: 48, height: 36 },
  deploymentPoints: 120,
  deploymentZones: { red: { x: 0, y: 0, width: 12, height: 36 }, blue: { x: 36, y: 0, width: 12, height: 36 } },
  terrain: [
    {
      id: 'ridge',
      name: 'Kessel Ridge',
      shape: {
        type: 'polygon',
        points: [
          { x: 22, y: 6 },
          { x: 26, y: 6 },
          { x: 27, y: 12 },
          { x: 21, y: 12 },
        ],
      },
    },
    { id: 'crater', name: 'Crater', shape: { type: 'rect', x: 22, y: 24, width: 4, height: 4 }, blocksLineOfSight: false },
    {
      id: 'ruins',
      name: 'Ruined Hab',
      shape: { type: 'rect', x: 16, y: 16, width: 2, height: 4 },
      impassable: false,
      blocksLineOfSight: true,
    },
  ],
  resourceNodes: [
    { id: 'carbon-west', kind: 'carbon', x: 8, y: 30, total: 'infinite' },
    { id: 'carbon-east', kind: 'carbon', x: 40, y: 30, total: 'infinite' },
    { id: 'crystal-west', kind: 'crystal', x: 10, y: 4, total: 40 },
    { id: 'crystal-east', kind: 'crystal', x: 38, y: 4, total: 40 },
    { id: 'crystal-center', kind: 'crystal', x: 24, y: 18, total: 60 },
  ],
  objectives: [
    { id: 'relay', name: 'Comms Relay', x: 24, y: 32 },
    { id: 'beacon', name: 'Nav Beacon', x: 18, y: 2 },
  ],
  victory: [{ type: 'originalCommandCenter' }, { type: 'objectivePoints', points: 10 }, { type: 'roundLimit', rounds: 6 }],
  startingResources: { carbon: 200, crystal: 50 },
};

const armies = {
  red: {
    faction: 'vanguard',
    units: [{ datasheet: 'vanguard-troopers' }, { datasheet: 'vanguard-troopers' }, { datasheet: 'sentinel-walker' }],
    purchasedWorkers: 1,
  },
  blue: {
    faction: 'scrap-horde',
    units: [{ datasheet: 'raiders' }, { datasheet: 'raiders' }, { datasheet: 'flame-brute' }],
    purchasedWorkers: 1,
  },
};

/** The example's mission, its two factions by id and one Deployment List per seat, as parsed. */
export interface ExampleScenario {
  readonly mission: Mission;
  readonly factions: { readonly vanguard: Faction; readonly 'scrap-horde': Faction };
  readonly armies: Readonly<Record<'red' | 'blue', DeploymentList>>;
}

let built: ExampleScenario | undefined;

/**
 * The example scenario, built on first use (every later call returns the same object), so
 * loading the ruleset parses nothing.
 */
export const exampleScenario = (): ExampleScenario =>
  (built ??= {
    mission: missionSchema.parse(kesselRidge),
    factions: { vanguard: factionSchema.parse(vanguard), 'scrap-horde': factionSchema.parse(scrapHorde) },
    armies: { red: deploymentListSchema.parse(armies.red), blue: deploymentListSchema.parse(armies.blue) },
  });

/** A legal `Deploy` for each seat of the example (unit ids as the game assigns them). */
export const EXAMPLE_DEPLOYMENT: Readonly<Record<'red' | 'blue', readonly { unitId: string; x: number; y: number }[]>> = {
  red: [
    { unitId: 'red-cc', x: 6, y: 18 },
    { unitId: 'red-worker-1', x: 8, y: 28.6 },
    { unitId: 'red-worker-2', x: 6.6, y: 30 },
    { unitId: 'red-worker-3', x: 9.4, y: 30 },
    { unitId: 'red-worker-4', x: 8, y: 31.4 },
    { unitId: 'red-vanguard-troopers-1', x: 10, y: 14 },
    { unitId: 'red-vanguard-troopers-2', x: 10, y: 22 },
    { unitId: 'red-sentinel-walker-1', x: 9, y: 8 },
  ],
  blue: [
    { unitId: 'blue-cc', x: 42, y: 18 },
    { unitId: 'blue-worker-1', x: 40, y: 28.6 },
    { unitId: 'blue-worker-2', x: 38.6, y: 30 },
    { unitId: 'blue-worker-3', x: 41.4, y: 30 },
    { unitId: 'blue-worker-4', x: 40, y: 31.4 },
    { unitId: 'blue-raiders-1', x: 38, y: 14 },
    { unitId: 'blue-raiders-2', x: 38, y: 22 },
    { unitId: 'blue-flame-brute-1', x: 39, y: 9 },
  ],
};
