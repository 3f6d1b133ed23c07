/**
 * Datasheets as data (rules 12.x unit profile, 7.x workers and Command Centers): units,
 * buildings, factions and Deployment Lists, validated by zod when a game is created.
 * The text gives the shape (Movement, Cohesion, Body Value, skills, weapons with Range
 * and Attacks); numbers beyond its examples are a game's own data (see examples.ts).
 */
import * as z from '../kernel/zod.ts';
import { PG_LIMITS as L } from './limits.ts';

/** PG-10 (rules 13.7): the actions a unit or building may be allowed to perform. */
export const ACTIONS = [
  'Construct',
  'Produce',
  'Research',
  'Repair',
  'Salvage',
  'Interact',
  'Aim',
  'Overwatch',
  'Dodge',
  'Disengage',
  'Load',
  'Unload',
  'Activate Ability',
] as const;
export type ActionName = (typeof ACTIONS)[number];

/** Weapon special rule (default name): the weapon may fire while its unit is engaged (PG-11). */
export const FIRE_WHILE_ENGAGED = 'Fire While Engaged';

/** A whole number from 0 to `max` (INV-1: every number that multiplies is bounded, limits.ts). */
const count = (max: number = L.resources) => z.number().check(z.int(), z.gte(0), z.lte(max));
/** A whole number from 1 to `max`. */
const positive = (max: number) => z.number().check(z.int(), z.gte(1), z.lte(max));
/** A name as players read it: 1 to `nameLength` characters (INV-1). */
export const nameSchema = () => z.string().check(z.minLength(1), z.maxLength(L.nameLength));
/** An id a command names (a unit, datasheet, objective, research item): at most `commandIdLength` characters (INV-1). */
export const commandIdSchema = () => z.string().check(z.maxLength(L.commandIdLength));
/** A name a command gives (a weapon, an ability, a status): at most `nameLength` characters (INV-1). */
export const commandNameSchema = () => z.string().check(z.maxLength(L.nameLength));
/** A coordinate a command gives, in inches (INV-1). */
export const commandCoordinate = () => z.number().check(z.gte(-L.coordinate), z.lte(L.coordinate));
/**
 * A record of at most `max` entries, refused with the field and the limit (INV-1). The refusal
 * aborts, so the cross-checks of what holds the record (options.ts) never read it half-parsed.
 */
export const boundedRecord = <K extends z.core.$ZodRecordKey, V extends z.core.SomeType>(key: K, value: V, max: number, what: string) =>
  z.record(key, value).check(z.refine((r) => Object.keys(r).length <= max, { message: `must have at most ${max} ${what}`, abort: true }));

export const resourcesSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ carbon: z._default(count(), 0), crystal: z._default(count(), 0), faction: z._default(count(), 0) }),
);
export type Resources = z.infer<typeof resourcesSchema>;
export const NO_RESOURCES: Resources = { carbon: 0, crystal: 0, faction: 0 };

export const idSchema = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,47}$/, 'an id is lowercase letters, digits and dashes')),
);

export const weaponSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    name: nameSchema(),
    type: z.enum(['ranged', 'melee']),
    /** Inches. For a melee weapon its reach; at least the 1" engagement range (default). */
    range: z.number().check(z.gte(0), z.lte(L.range)),
    attacks: positive(L.attacks),
    /** Cohesion removed by each hit (default 1: the text does not say how hits become damage). */
    damage: z._default(positive(L.damage), 1),
    /** PG-1 "unless a weapon says otherwise": Attacks is not multiplied by the models. */
    perUnit: z._default(z.boolean(), false),
    /** A natural melee attack (claws, fists) rather than a melee weapon (PG-12). */
    natural: z._default(z.boolean(), false),
    special: z._default(z.array(nameSchema()).check(z.maxLength(L.specialRulesPerWeapon)), []),
    /** A status each attack that hits at least once applies, e.g. Burning for 2 Status Phases. */
    inflicts: z.optional(z.strictObject({ status: nameSchema(), duration: positive(L.duration) })),
  }),
);
export type Weapon = z.infer<typeof weaponSchema>;

/** PG-3: a datasheet's special attack rule; `attacks` is made with each weapon instead of PG-1's count. */
export const specialAttackRuleSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ name: nameSchema(), attacks: z.optional(positive(L.attacks)) }),
);

/**
 * PG-10 Activate Ability (the text names the action, not any ability): a datasheet's ability
 * costs `cost`, needs the research `requires` if given, applies `status` to the unit itself
 * and/or gains `gain` at once, then places `recharge` recharge counters (PG-7) if given.
 * With a `trigger` it is not activated but resolves by itself for its controller: at the start
 * of the turn (PG-6) or at the end of it (PG-14), whenever it could have been activated.
 */
export const abilitySchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    name: nameSchema(),
    trigger: z.optional(z.enum(['startOfTurn', 'endOfTurn'])),
    cost: z._default(resourcesSchema, NO_RESOURCES),
    recharge: z.optional(positive(L.counters)),
    requires: z.optional(idSchema),
    status: z.optional(z.strictObject({ name: nameSchema(), duration: positive(L.duration) })),
    gain: z.optional(resourcesSchema),
  }),
);
export type Ability = z.infer<typeof abilitySchema>;
export type Trigger = NonNullable<Ability['trigger']>;

/** PG-10 "Factions may use their abilities": `usesPerTurn` uses (default 1), refreshed in the Command Phase (PG-6). */
export const factionAbilitySchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    name: nameSchema(),
    usesPerTurn: z.optional(positive(L.usesPerTurn)),
    cost: z._default(resourcesSchema, NO_RESOURCES),
    requires: z.optional(idSchema),
    gain: z.optional(resourcesSchema),
  }),
);
export type FactionAbility = z.infer<typeof factionAbilitySchema>;

/** PG-10 Research: an item researched with research counters (PG-7); completed research is recorded for the player. */
export const researchSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    name: nameSchema(),
    cost: z._default(resourcesSchema, NO_RESOURCES),
    counters: positive(L.counters),
  }),
);
export type Research = z.infer<typeof researchSchema>;

const actionsSchema = () => z.array(z.enum(ACTIONS)).check(z.maxLength(L.actionsPerDatasheet));

const sheetBase = () => ({
  name: nameSchema(),
  cohesion: positive(L.cohesion),
  keywords: z._default(z.array(nameSchema()).check(z.maxLength(L.keywordsPerDatasheet)), []),
  actions: z._default(actionsSchema(), []),
  weapons: z._default(z.array(weaponSchema).check(z.maxLength(L.weaponsPerDatasheet)), []),
  specialAttackRule: z.optional(specialAttackRuleSchema),
  /** What the unit or building gathers in the Resource Phase from a node in reach (PG-8). */
  gather: z.optional(resourcesSchema),
  deploymentCost: z._default(count(L.deploymentPoints), 0),
  abilities: z._default(z.array(abilitySchema).check(z.maxLength(L.abilitiesPerDatasheet)), []),
  research: z._default(boundedRecord(idSchema, researchSchema, L.researchPerDatasheet, 'research items'), {}),
});

/**
 * PG-19 (7.6): "Workers can normally: ... Construct buildings, Repair buildings, ... Interact
 * with certain objectives" (placing extraction structures and rebuilding Command Centers are
 * Construct; mining Carbon is gathering, PG-8, and needs no action).
 */
export const WORKER_ACTIONS: readonly ActionName[] = ['Construct', 'Repair', 'Interact'];

export const unitSheetSchema = /* @__PURE__ */ z.lazy(() =>
  z.pipe(
    z.strictObject({
      ...sheetBase(),
      /** PG-10 actions; default none, for a Worker what 7.6 says Workers normally do (PG-19). */
      actions: z.optional(actionsSchema()),
      movement: z.number().check(z.gte(0), z.lte(L.movement)),
      bodyValue: positive(L.cohesion),
      rangedSkill: z.number().check(z.int(), z.gte(0), z.lte(7)),
      meleeSkill: z.number().check(z.int(), z.gte(0), z.lte(7)),
      /** Supply the unit uses; default 1 for Workers (PG-19), else 0 (the text only says Workers count). */
      supply: z.optional(count(L.supply)),
      baseRadius: z._default(z.number().check(z.positive(), z.lte(L.baseRadius)), 1),
      /** Resources to produce one (PG-18). */
      cost: z._default(resourcesSchema, NO_RESOURCES),
      productionCounters: z._default(positive(L.counters), 1),
      /** Cohesion a Repair action restores (default 2). */
      repair: z._default(positive(L.cohesion), 2),
    }),
    // A Worker datasheet that lists no actions has what Workers normally do; filled in when the game is created.
    z.transform((s) => ({ ...s, actions: s.actions ?? (s.keywords.includes('Worker') ? [...WORKER_ACTIONS] : []) })),
  ),
);

/** PG-20 (7.7): "A Command Center normally provides 5 maximum Supply". */
export const COMMAND_CENTER_SUPPLY = 5;

export const buildingSheetSchema = /* @__PURE__ */ z.lazy(() =>
  z.pipe(
    z.strictObject({
      ...sheetBase(),
      /** Default: equal to Cohesion, so a building is one model. */
      bodyValue: z.optional(positive(L.cohesion)),
      rangedSkill: z._default(z.number().check(z.int(), z.gte(0), z.lte(7)), 0),
      meleeSkill: z._default(z.number().check(z.int(), z.gte(0), z.lte(7)), 0),
      baseRadius: z._default(z.number().check(z.positive(), z.lte(L.baseRadius)), 2),
      /** Resources to construct one. */
      cost: z._default(resourcesSchema, NO_RESOURCES),
      constructionCounters: positive(L.counters),
      /** Unit datasheet ids this building produces (PG-18); default none, for a Command Center the faction's Worker (PG-20). */
      produces: z.optional(z.array(z.string().check(z.maxLength(L.idLength))).check(z.maxLength(L.unitDatasheets))),
      /** Maximum Supply it provides when complete; default 5 for a Command Center (PG-20, 7.7 "normally"), else 0. */
      supplyProvided: z.optional(count(L.supply)),
      /** PG-10 Salvage: salvage counters (PG-7) before the building is taken apart (default 1). */
      salvageCounters: z._default(positive(L.counters), 1),
    }),
    // Filled in when the game is created, so the log holds the number the game plays with.
    z.transform((s) => ({ ...s, supplyProvided: s.supplyProvided ?? (s.keywords.includes('Command Center') ? COMMAND_CENTER_SUPPLY : 0) })),
  ),
);

type FactionLike = { worker: string; buildings: Record<string, { keywords: string[]; produces?: string[] | undefined }> };

/**
 * PG-20 (7.7): "A Command Center normally ... Trains Workers": a building with the keyword
 * `Command Center` whose datasheet names nothing it produces trains the faction's Worker;
 * `produces: []` says otherwise. Filled in when the game is created, as `supplyProvided` is.
 */
const trainsWorkers = <F extends FactionLike>(f: F) => ({
  ...f,
  buildings: Object.fromEntries(
    Object.entries(f.buildings).map(([id, b]) => [
      id,
      { ...b, produces: b.produces ?? (b.keywords.includes('Command Center') ? [f.worker] : []) },
    ]),
  ) as Record<string, F['buildings'][string] & { produces: string[] }>,
});

export const factionSchema = /* @__PURE__ */ z.lazy(() =>
  z.pipe(
    z.strictObject({
      name: nameSchema(),
      units: boundedRecord(idSchema, unitSheetSchema, L.unitDatasheets, 'unit datasheets'),
      buildings: boundedRecord(idSchema, buildingSheetSchema, L.buildingDatasheets, 'building datasheets'),
      /** The building datasheet of this faction's Command Center (Core Infrastructure, PG-15). */
      commandCenter: idSchema,
      /** The unit datasheet of this faction's Worker (PG-16). */
      worker: idSchema,
      /** Faction resources gained in each Command Phase (PG-6). */
      commandIncome: z.optional(resourcesSchema),
      /** Faction resources gathered in each Resource Phase (PG-8). */
      resourceIncome: z.optional(resourcesSchema),
      startingResources: z._default(resourcesSchema, NO_RESOURCES),
      /** Faction abilities, used with UseFactionAbility in the Action Phase (PG-10). */
      abilities: z.optional(z.array(factionAbilitySchema).check(z.maxLength(L.factionAbilities))),
    }),
    z.transform(trainsWorkers),
  ),
);
export type Faction = z.infer<typeof factionSchema>;

/** A Deployment List: what a player brings, paid in Deployment Points. */
export const deploymentListSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    faction: idSchema,
    units: z._default(z.array(z.strictObject({ datasheet: idSchema, id: z.optional(idSchema) })).check(z.maxLength(L.armyUnits)), []),
    /** PG-16: purchased Worker capacity; each one comes with a Worker and raises the Worker Limit by 1. */
    purchasedWorkers: z._default(count(L.purchasedWorkers), 0),
  }),
);
export type DeploymentList = z.infer<typeof deploymentListSchema>;

/** One datasheet, unit or building, in the shape the rules read. */
export interface Sheet {
  readonly id: string;
  readonly kind: 'unit' | 'building';
  readonly name: string;
  readonly movement: number;
  readonly cohesion: number;
  readonly bodyValue: number;
  readonly rangedSkill: number;
  readonly meleeSkill: number;
  readonly weapons: readonly Weapon[];
  readonly keywords: readonly string[];
  readonly actions: readonly ActionName[];
  readonly specialAttackRule: { readonly name: string; readonly attacks?: number | undefined } | null;
  readonly deploymentCost: number;
  readonly supply: number;
  readonly supplyProvided: number;
  readonly baseRadius: number;
  /** Resources to produce (unit) or construct (building). */
  readonly cost: Resources;
  /** Production counters (unit) or construction counters (building), PG-7. */
  readonly counters: number;
  readonly produces: readonly string[];
  readonly gather: Resources;
  readonly repair: number;
  readonly abilities: readonly Ability[];
  readonly research: Readonly<Record<string, Research>>;
  readonly salvageCounters: number;
}

/** A game created before pg-0.4.0 recorded its sheets without PG-10's fields: it has none of them (RUL-10). */
const pg10Fields = (s: { readonly abilities?: readonly Ability[]; readonly research?: Readonly<Record<string, Research>> }) => ({
  abilities: s.abilities ?? [],
  research: s.research ?? {},
});

const unitSheet = (id: string, s: z.infer<typeof unitSheetSchema>): Sheet => ({
  id,
  kind: 'unit',
  ...s,
  ...pg10Fields(s),
  specialAttackRule: s.specialAttackRule ?? null,
  supply: s.supply ?? (s.keywords.includes('Worker') ? 1 : 0),
  supplyProvided: 0,
  counters: s.productionCounters,
  produces: [],
  gather: s.gather ?? NO_RESOURCES,
  salvageCounters: 1,
});

const buildingSheet = (id: string, s: Faction['buildings'][string]): Sheet => ({
  id,
  kind: 'building',
  ...s,
  ...pg10Fields(s),
  salvageCounters: s.salvageCounters ?? 1,
  keywords: s.keywords.includes('Building') ? s.keywords : ['Building', ...s.keywords],
  movement: 0,
  bodyValue: s.bodyValue ?? s.cohesion,
  specialAttackRule: s.specialAttackRule ?? null,
  supply: 0,
  counters: s.constructionCounters,
  gather: s.gather ?? NO_RESOURCES,
  repair: 1,
});

/** PG-10 Load/Unload (default): a datasheet with the keyword `Transport N` carries up to N models. */
export const transportCapacity = (sheet: Pick<Sheet, 'keywords'>): number => {
  const keyword = sheet.keywords.map((k) => /^Transport (\d+)$/.exec(k)).find((m) => m !== null);
  return keyword ? Number(keyword[1]) : 0;
};

/** Every datasheet of a faction by id, normalised. */
export const factionSheets = (faction: Faction): Record<string, Sheet> => ({
  ...Object.fromEntries(Object.entries(faction.units).map(([id, s]) => [id, unitSheet(id, s)])),
  ...Object.fromEntries(Object.entries(faction.buildings).map(([id, s]) => [id, buildingSheet(id, s)])),
});

/** Default threshold (the text does not give one) from which a Body Value counts as "high" (PG-3). */
export const HIGH_BODY_VALUE = 5;

/** PG-3: Lone units, buildings, monsters and high Body Value units may use a special attack rule. */
export const mayUseSpecialAttack = (sheet: Pick<Sheet, 'keywords' | 'bodyValue' | 'kind'>): boolean =>
  sheet.kind === 'building' ||
  ['Lone', 'Building', 'Monster', 'High Body Value'].some((k) => sheet.keywords.includes(k)) ||
  sheet.bodyValue >= HIGH_BODY_VALUE;

export interface CostLine {
  readonly item: string;
  readonly points: number;
  /** The rule that makes it free, if it is. */
  readonly rule?: string;
}

const isWorkerSheet = (faction: Faction, datasheet: string): boolean => faction.units[datasheet]?.keywords.includes('Worker') === true;

/**
 * PG-16 (7.2, 7.4): Workers beyond the free 3 exist only as capacity purchased in the
 * Deployment List, so a Worker datasheet listed among the units is such a purchase, the
 * same as one counted in `purchasedWorkers` (docs/rules/post-galactica.md, PG-16).
 */
export const purchasedWorkerCapacity = (list: DeploymentList, faction: Faction): number =>
  list.purchasedWorkers + list.units.filter((u) => isWorkerSheet(faction, u.datasheet)).length;

/** PG-15, PG-16: a Deployment List's cost; the Command Center and the first 3 Workers are free. */
export const deploymentCost = (list: DeploymentList, faction: Faction): { total: number; lines: CostLine[] } => {
  const worker = faction.units[faction.worker];
  const lines: CostLine[] = [
    { item: faction.buildings[faction.commandCenter]?.name ?? 'Command Center', points: 0, rule: 'PG-15' },
    { item: `3 × ${worker?.name ?? 'Worker'} (Free Worker Allowance)`, points: 0, rule: 'PG-16' },
    ...list.units.map((u) => {
      const name = faction.units[u.datasheet]?.name ?? u.datasheet;
      return {
        item: isWorkerSheet(faction, u.datasheet) ? `${name} (purchased Worker capacity)` : name,
        points: faction.units[u.datasheet]?.deploymentCost ?? 0,
      };
    }),
  ];
  if (list.purchasedWorkers > 0) {
    lines.push({
      item: `${list.purchasedWorkers} × purchased Worker capacity`,
      points: list.purchasedWorkers * (worker?.deploymentCost ?? 0),
    });
  }
  return { total: lines.reduce((sum, l) => sum + l.points, 0), lines };
};

export const formatResources = (r: Resources): string => {
  const parts = [`${r.carbon} Carbon`, `${r.crystal} Crystal`];
  if (r.faction > 0) parts.push(`${r.faction} faction resources`);
  return parts.join(', ');
};

export const canAfford = (have: Resources, cost: Resources): boolean =>
  have.carbon >= cost.carbon && have.crystal >= cost.crystal && have.faction >= cost.faction;

export const addResources = (a: Resources, b: Resources, sign = 1): Resources => ({
  carbon: a.carbon + sign * b.carbon,
  crystal: a.crystal + sign * b.crystal,
  faction: a.faction + sign * b.faction,
});
