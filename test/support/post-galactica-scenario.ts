/**
 * A small Post Galactica scenario for the end-to-end test, built so that no outcome
 * depends on the dice: every weapon has Skill 1, so every d6 hits (the default hit rule is
 * "total at or above the Skill", PG-2 in the coverage doc), and each weapon's Attacks and
 * Damage are enough for the kill it is used for. Gunners have Body Value equal to their
 * Cohesion, so each is one model however hurt (PG-1: 1 model × Attacks 2 = 2 attacks).
 */

const commandCenter = {
  name: 'Command Center',
  cohesion: 3,
  keywords: ['Command Center'],
  actions: ['Produce'],
  produces: ['worker'],
  cost: { carbon: 20 },
  constructionCounters: 1,
  supplyProvided: 5,
  baseRadius: 1,
};

const depot = { name: 'Depot', cohesion: 2, cost: { carbon: 10 }, constructionCounters: 1, baseRadius: 0.5 };

const worker = {
  name: 'Worker',
  movement: 5,
  cohesion: 1,
  bodyValue: 1,
  rangedSkill: 0,
  meleeSkill: 0,
  keywords: ['Worker'],
  actions: ['Construct'],
  gather: { carbon: 5 },
  deploymentCost: 5,
  cost: { carbon: 10 },
  baseRadius: 0.5,
};

const gunners = {
  name: 'Gunners',
  movement: 8,
  cohesion: 10,
  bodyValue: 10,
  rangedSkill: 1,
  meleeSkill: 1,
  weapons: [
    { name: 'Rifle', type: 'ranged', range: 30, attacks: 2 },
    { name: 'Blade', type: 'melee', range: 1, attacks: 1, damage: 3 },
  ],
  deploymentCost: 20,
};

export const SCENARIO = {
  mission: {
    name: 'Certain Hits',
    battlefield: { width: 30, height: 20 },
    deploymentPoints: 50,
    deploymentZones: { red: { x: 0, y: 0, width: 10, height: 20 }, blue: { x: 20, y: 0, width: 10, height: 20 } },
    resourceNodes: [
      { id: 'carbon-red', kind: 'carbon', x: 2, y: 18, total: 'infinite' },
      { id: 'carbon-blue', kind: 'carbon', x: 28, y: 18, total: 'infinite' },
    ],
    victory: [{ type: 'roundLimit', rounds: 10 }],
    startingResources: { carbon: 100 },
  },
  factions: {
    legion: {
      name: 'Test Legion',
      commandCenter: 'command-center',
      worker: 'worker',
      units: { worker, gunners },
      buildings: { 'command-center': commandCenter, depot },
    },
  },
  // Red buys 1 Worker capacity (PG-16): 4 Workers, Worker Limit 4. Blue has the 3 free ones.
  armies: {
    red: { faction: 'legion', units: [{ datasheet: 'gunners' }], purchasedWorkers: 1 },
    blue: { faction: 'legion', units: [{ datasheet: 'gunners' }], purchasedWorkers: 0 },
  },
};

export const DEPLOYMENT = {
  red: [
    { unitId: 'red-cc', x: 5, y: 10 },
    { unitId: 'red-worker-1', x: 2, y: 17 },
    { unitId: 'red-worker-2', x: 4, y: 17 },
    { unitId: 'red-worker-3', x: 6, y: 17 },
    { unitId: 'red-worker-4', x: 8, y: 17 },
    { unitId: 'red-gunners-1', x: 9, y: 4 },
  ],
  blue: [
    { unitId: 'blue-cc', x: 25, y: 10 },
    { unitId: 'blue-worker-1', x: 28, y: 17 },
    { unitId: 'blue-worker-2', x: 26, y: 17 },
    { unitId: 'blue-worker-3', x: 24, y: 17 },
    { unitId: 'blue-gunners-1', x: 21, y: 10 },
  ],
};
