/**
 * INV-1, INV-2: the largest Post Galactica game the schemas accept (domain/post-galactica/limits.ts):
 * two factions of every datasheet, every datasheet with every weapon, keyword, ability and
 * research item, every name and id at its longest, every mission list full, both armies at
 * the most units and purchased Workers, the most Deployment Points and resources. The game is
 * playable: its units stand in two 20" zones across a 120" battlefield whose terrain lies
 * between them, its weapons reach across the table, and it ends by its round limit (2 rounds).
 *
 * `slowestPostGalacticaCommand()` gives what a bench times: the costliest command at this
 * size and the state it is decided on (INV-2).
 */
import { rollKey, seededDice } from '../domain/kernel/dice.ts';
import type { RulesContext } from '../domain/kernel/ruleset.ts';
import type { Decision } from '../domain/kernel/violation.ts';
import { type PgCommand, pgCommandSchema } from '../domain/post-galactica/commands.ts';
import { ACTIONS } from '../domain/post-galactica/datasheets.ts';
import { decide } from '../domain/post-galactica/decide.ts';
import type { PgEvent } from '../domain/post-galactica/events.ts';
import { fold } from '../domain/post-galactica/evolve.ts';
import { PG_LIMITS as L, MAX_DEPLOY_UNITS } from '../domain/post-galactica/limits.ts';
import { pgOptionsSchema } from '../domain/post-galactica/options.ts';
import { initialState, type PgState } from '../domain/post-galactica/state.ts';
import { begin } from '../domain/post-galactica/turns.ts';

/** A name of exactly `length` characters that starts with `stem` (and stays unique by it). */
export const longName = (stem: string, length: number = L.nameLength): string => `${stem} `.padEnd(length, 'x').slice(0, length);

/** An id of exactly `length` characters that starts with `stem`. */
export const longId = (stem: string, length: number = L.idLength): string => `${stem}-`.padEnd(length, 'x').slice(0, length);

const MAX_RESOURCES = { carbon: L.resources, crystal: L.resources, faction: L.resources };
const SMALL_COST = { carbon: 1, crystal: 0, faction: 0 };

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Keywords: the ones a datasheet needs first, then long fillers to the limit. */
const keywords = (needed: readonly string[], stem: string): string[] => [
  ...needed,
  ...range(L.keywordsPerDatasheet - needed.length).map((i) => longName(`${stem} kw${i}`)),
];

/**
 * How many of a faction's `total` items the datasheet at `index` (units first, then buildings)
 * carries: each of the first datasheets as many as one may, until the faction's total is reached.
 */
const share = (index: number, perSheet: number, total: number): number => Math.max(0, Math.min(perSheet, total - index * perSheet));

const weapons = (stem: string, index: number) =>
  range(share(index, L.weaponsPerDatasheet, L.weaponsPerFaction)).map((i) => ({
    name: longName(`${stem} w${i}`),
    type: i % 2 === 0 ? 'ranged' : 'melee',
    range: i % 2 === 0 ? L.range : 1,
    // PG-1: 1 model a datasheet here (Body Value = Cohesion), so models × Attacks stays within the limit.
    attacks: L.attacks,
    damage: 1,
    perUnit: false,
    natural: false,
    special: range(L.specialRulesPerWeapon).map((s) => (s === 0 ? 'Fire While Engaged' : longName(`${stem} w${i} s${s}`))),
    inflicts: { status: longName(`${stem} st${i}`), duration: L.duration },
  }));

const abilities = (stem: string, index: number) =>
  range(share(index, L.abilitiesPerDatasheet, L.abilitiesPerFaction)).map((i) => ({
    name: longName(`${stem} ab${i}`),
    cost: SMALL_COST,
    recharge: L.counters,
    status: { name: longName(`${stem} ab${i} st`), duration: L.duration },
    gain: { carbon: 0, crystal: 0, faction: 1 },
  }));

const research = (stem: string, index: number) =>
  Object.fromEntries(
    range(share(index, L.researchPerDatasheet, L.researchPerFaction)).map((i) => [
      longId(`${stem.toLowerCase().replaceAll(' ', '-')}-r${i}`),
      { name: longName(`${stem} r${i}`), cost: SMALL_COST, counters: L.counters },
    ]),
  );

/** What a unit's and a building's datasheet share, each at its largest. */
const sheet = (stem: string, index: number, needed: readonly string[]) => ({
  name: longName(stem),
  cohesion: L.cohesion,
  bodyValue: L.cohesion,
  rangedSkill: 4,
  meleeSkill: 4,
  keywords: keywords(needed, stem),
  actions: [...ACTIONS],
  weapons: weapons(stem, index),
  specialAttackRule: { name: longName(`${stem} sar`), attacks: L.attacks },
});

const unitSheet = (stem: string, index: number, needed: readonly string[], deploymentCost: number) => ({
  ...sheet(stem, index, needed),
  movement: 8,
  gather: { carbon: 5, crystal: 0, faction: 0 },
  deploymentCost,
  abilities: abilities(stem, index),
  research: research(stem, index),
  supply: 0,
  baseRadius: 0.5,
  cost: SMALL_COST,
  productionCounters: 1,
  repair: 2,
});

const buildingSheet = (stem: string, index: number, needed: readonly string[], produces: string[]) => ({
  ...sheet(stem, index, needed),
  gather: { carbon: 5, crystal: 5, faction: 0 },
  deploymentCost: L.deploymentPoints,
  abilities: abilities(stem, index),
  research: research(stem, index),
  baseRadius: 1,
  cost: SMALL_COST,
  constructionCounters: 1,
  produces,
  supplyProvided: L.supply,
  salvageCounters: 1,
});

/** Datasheet ids of a faction: its Worker first, then its other units; its Command Center first among buildings. */
export const unitIds = (f: number): string[] => range(L.unitDatasheets).map((i) => longId(`f${f}-u${i}`));
export const buildingIds = (f: number): string[] => range(L.buildingDatasheets).map((i) => longId(`f${f}-b${i}`));
export const factionId = (f: number): string => longId(`faction-${f}`);

const faction = (f: number) => {
  const units = unitIds(f);
  const buildings = buildingIds(f);
  return {
    name: longName(`Faction ${f}`),
    commandCenter: buildings[0],
    worker: units[0],
    commandIncome: { carbon: 1, crystal: 1, faction: 1 },
    resourceIncome: { carbon: 1, crystal: 1, faction: 1 },
    startingResources: MAX_RESOURCES,
    abilities: range(L.factionAbilities).map((i) => ({
      name: longName(`F${f} fab${i}`),
      usesPerTurn: L.usesPerTurn,
      cost: SMALL_COST,
      gain: { carbon: 0, crystal: 0, faction: 1 },
    })),
    units: Object.fromEntries(
      units.map((id, i) => [
        id,
        unitSheet(`F${f} U${i}`, i, i === 0 ? ['Worker'] : i === 1 ? [`Transport ${L.duration}`] : [], i === 0 ? 1 : 100),
      ]),
    ),
    buildings: Object.fromEntries(
      buildings.map((id, i) => [
        id,
        buildingSheet(`F${f} B${i}`, L.unitDatasheets + i, i === 0 ? ['Command Center'] : [], units.slice(0, L.unitDatasheets)),
      ]),
    ),
  };
};

/** The 120" battlefield: red's zone along the south edge, blue's along the north, terrain in the 80" between. */
const FIELD = L.battlefieldInches;
const ZONE_DEPTH = 20;

const polygon = (cx: number, cy: number, radius: number) =>
  range(L.polygonPoints).map((k) => {
    const angle = (2 * Math.PI * k) / L.polygonPoints;
    return { x: Math.round((cx + radius * Math.cos(angle)) * 100) / 100, y: Math.round((cy + radius * Math.sin(angle)) * 100) / 100 };
  });

const mission = () => ({
  name: longName('The Largest Mission'),
  battlefield: { width: FIELD, height: FIELD },
  deploymentPoints: L.deploymentPoints,
  deploymentZones: {
    red: { x: 0, y: 0, width: FIELD, height: ZONE_DEPTH },
    blue: { x: 0, y: FIELD - ZONE_DEPTH, width: FIELD, height: ZONE_DEPTH },
  },
  // Terrain in two rows across the middle, gaps between the pieces; half of it impassable, none blocking sight.
  terrain: range(L.terrain).map((i) => ({
    id: longId(`terrain-${i}`),
    name: longName(`Terrain ${i}`),
    shape: { type: 'polygon', points: polygon(8 + (i % 6) * 20, i < 6 ? 50 : 70, 3) },
    impassable: i % 2 === 0,
    blocksLineOfSight: false,
  })),
  resourceNodes: range(L.resourceNodes).map((i) => ({
    id: longId(`node-${i}`),
    kind: i % 2 === 0 ? 'carbon' : 'crystal',
    x: 5 + i * 10,
    y: 60,
    total: i % 3 === 0 ? 'infinite' : L.resources,
  })),
  objectives: range(L.objectives).map((i) => ({
    id: longId(`objective-${i}`),
    name: longName(`Objective ${i}`),
    x: 10 + i * 14,
    y: 40,
    points: L.victoryPoints,
  })),
  victory: [
    { type: 'originalCommandCenter' },
    { type: 'objectivePoints', points: L.victoryPoints },
    { type: 'roundLimit', rounds: 2 },
    { type: 'annihilation' },
  ],
  commandCenterLimit: L.commandCenterLimit,
  startingResources: MAX_RESOURCES,
});

/** A seat's Deployment List: every unit datasheet but the Worker in turn, each unit with the longest id. */
const army = (seat: 'red' | 'blue', f: number) => {
  const units = unitIds(f).slice(1);
  return {
    faction: factionId(f),
    units: range(L.armyUnits).map((i) => ({ datasheet: units[i % units.length] as string, id: longId(`${seat}-${i}`) })),
    purchasedWorkers: L.purchasedWorkers,
  };
};

/** `options.rules` of the largest game the schemas accept. */
export const largestPostGalacticaOptions = () => ({
  mission: mission(),
  factions: { [factionId(0)]: faction(0), [factionId(1)]: faction(1) },
  armies: { red: army('red', 0), blue: army('blue', 1) },
});

/** Every unit a seat of the largest game deploys. */
export const LARGEST_ARMY_SIZE = MAX_DEPLOY_UNITS;

/**
 * Post Galactica alone, without the match around it: the state its options set up, and each
 * command parsed by its schema, decided and folded, as the command path does (INV-2 times the
 * decision alone). The dice are seeded, so every run rolls the same.
 */
export class PgTable {
  state: PgState;
  #seq = 1;

  constructor(rules: unknown) {
    const options = pgOptionsSchema.parse(rules);
    const state = initialState({ seats: ['red', 'blue'], firstSeat: 'red', options });
    this.state = fold(state, begin(state));
  }

  /** What the rules are given to decide a command of `seat` as the next batch. */
  context(seat: string): RulesContext {
    const seed = 'b'.repeat(64);
    return {
      ctx: { now: '2026-01-01T00:00:00.000Z', actor: { kind: 'player', playerId: `p_${seat}`, seat }, seed },
      dice: seededDice(rollKey(seed, []), 'g_largest', this.#seq),
      seat,
      salt: (label) => label,
      rulesVersion: 'pg-0.8.0',
    };
  }

  decide(command: unknown, seat: string = this.state.deploying ?? this.state.activeSeat): Decision<PgEvent> {
    return decide(this.state, pgCommandSchema.parse(command), this.context(seat));
  }

  /** Decide and fold; a refusal throws with its sentence. */
  run(command: unknown, seat?: string): readonly PgEvent[] {
    const decision = this.decide(command, seat);
    if (!decision.ok) throw new Error(`${decision.violation.code}: ${decision.violation.message}`);
    this.state = fold(this.state, decision.events);
    this.#seq += decision.events.length;
    return decision.events;
  }

  /** End phases until `phase` of `seat`'s turn is open. */
  toPhase(phase: string, seat: string): void {
    for (let i = 0; i < 40 && (this.state.phase !== phase || this.state.activeSeat !== seat); i += 1) this.run({ type: 'EndPhase' });
  }
}

/** The largest game deployed: both armies placed by `Deploy` with `auto`, red's first turn open. */
export const deployedLargestGame = (rules: unknown = largestPostGalacticaOptions()): PgTable => {
  const table = new PgTable(rules);
  table.run({ type: 'Deploy', auto: true });
  table.run({ type: 'Deploy', auto: true });
  return table;
};

/**
 * The largest game with red's zone the whole battlefield and every terrain piece impassable:
 * eleven thin diagonal slivers whose boxes cover the table and one piece over all of it, so no
 * spot is legal and every spot tried meets every piece. Deploy auto tries MAX_AUTO_SPOTS spots
 * and refuses (ZONE_FULL): the costliest decision at this size.
 */
export const walledZoneOptions = () => {
  const rules = largestPostGalacticaOptions();
  const sliver = (i: number) => [
    ...range(L.polygonPoints / 2).map((k) => ({ x: k * 30, y: k * 30 + i * 0.01 })),
    ...range(L.polygonPoints / 2)
      .reverse()
      .map((k) => ({ x: k * 30 + 0.05, y: k * 30 + i * 0.01 })),
  ];
  const edge = [-1, 30, 60, 90, FIELD + 1];
  const cover = [...edge.map((x) => ({ x, y: -1 })), ...[...edge].reverse().map((x) => ({ x, y: FIELD + 1 }))];
  return {
    ...rules,
    mission: {
      ...rules.mission,
      deploymentZones: { ...rules.mission.deploymentZones, red: { x: 0, y: 0, width: FIELD, height: FIELD } },
      terrain: rules.mission.terrain.map((t, i) => ({
        ...t,
        impassable: true,
        shape: { type: 'polygon', points: i === L.terrain - 1 ? cover : sliver(i) },
      })),
    },
  };
};

/**
 * The largest game whose units make the most dice: every unit datasheet but the Worker 60
 * models (Cohesion 60, Body Value 1) with every weapon ranged at Attacks 1 and reaching across
 * the table (60 attacks each, the most, PG-1), Ranged Skill 7 so no die hits and no target falls.
 */
export const diceHeavyOptions = () => {
  const rules = largestPostGalacticaOptions();
  const factions = Object.fromEntries(
    Object.entries(rules.factions).map(([id, f]) => [
      id,
      {
        ...f,
        units: Object.fromEntries(
          Object.entries(f.units).map(([uid, u], i) => {
            if (i === 0) return [uid, u];
            const { specialAttackRule: _, ...rest } = u;
            const weapons = u.weapons.map((w) => ({ ...w, type: 'ranged', range: L.range, attacks: 1 }));
            return [uid, { ...rest, cohesion: L.attacksPerWeapon, bodyValue: 1, rangedSkill: 7, weapons }];
          }),
        ),
      },
    ]),
  );
  return { ...rules, factions };
};

export interface TimedCommand {
  readonly name: string;
  /** The Post Galactica state the command is decided on. */
  readonly state: PgState;
  readonly command: PgCommand;
  /** The seat that gives it. */
  readonly seat: string;
  /** Decides the command on that state (with the same seeded dice each call). */
  readonly decide: () => Decision<PgEvent>;
}

const timed = (name: string, table: PgTable, command: unknown, seat: string): TimedCommand => {
  const parsed = pgCommandSchema.parse(command);
  const state = table.state;
  return { name, state, command: parsed, seat, decide: () => decide(state, parsed, table.context(seat)) };
};

/**
 * INV-2: the costliest Post Galactica commands at the largest accepted size, each with the state
 * it is decided on: Deploy auto of the largest army (accepted, and in a zone walled by terrain,
 * refused after MAX_AUTO_SPOTS spots), a ranged attack with 4 weapons of 60 dice, a Move of 50
 * waypoints past all the terrain, and the same Move set off by 4 units on Overwatch, each
 * firing 4 weapons of 60 dice (PG-10).
 */
export const costlyPostGalacticaCommands = (): TimedCommand[] => {
  const fresh = new PgTable(largestPostGalacticaOptions());
  const walled = new PgTable(walledZoneOptions());
  const plain = deployedLargestGame(diceHeavyOptions());
  const shooter = plain.state.units.find((u) => u.seat === 'red' && u.datasheet === unitIds(0)[1]);
  const target = plain.state.units.find((u) => u.seat === 'blue' && u.datasheet === unitIds(1)[1]);
  if (!shooter?.position || !target) throw new Error('the largest game has no shooter or target');
  const { x, y } = shooter.position;
  const path = range(L.pathPoints).map((i) => ({ x: x + (i % 2) * 0.05, y: y + (i + 1) * 0.12 }));
  const move = { type: 'Move', unitId: shooter.id, path };
  plain.toPhase('movement', 'red');
  const plainMove = timed('Move of 50 waypoints', plain, move, 'red');
  plain.toPhase('ranged', 'red');
  const shot = timed(
    'RangedAttack with 4 weapons of 60 dice',
    plain,
    { type: 'RangedAttack', unitId: shooter.id, targetId: target.id },
    'red',
  );
  // Blue's heaviest units took Overwatch in their last turn (PG-10): 4, the most a seat may.
  const watched = deployedLargestGame(diceHeavyOptions());
  const watchers = watched.state.units
    .filter((u) => u.seat === 'blue' && unitIds(1).slice(1, 4).includes(u.datasheet))
    .slice(0, L.overwatchUnits)
    .map((u) => u.id);
  watched.state = {
    ...watched.state,
    units: watched.state.units.map((u) => (watchers.includes(u.id) ? { ...u, stance: 'Overwatch' } : u)),
  };
  watched.toPhase('movement', 'red');
  return [
    timed('Deploy auto of the largest army', fresh, { type: 'Deploy', auto: true }, 'red'),
    timed('Deploy auto in a zone walled by terrain (refused)', walled, { type: 'Deploy', auto: true }, 'red'),
    shot,
    plainMove,
    timed('Move of 50 waypoints set off by 4 units on Overwatch', watched, move, 'red'),
  ];
};

/** INV-2: the one costliest decision (Deploy auto in the walled zone, about 11 ms here), for a bench to time. */
export const slowestPostGalacticaCommand = (): TimedCommand => {
  const walled = new PgTable(walledZoneOptions());
  return timed('Deploy auto in a zone walled by terrain (refused)', walled, { type: 'Deploy', auto: true }, 'red');
};
