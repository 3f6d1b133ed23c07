/**
 * `options.rules` of a Post Galactica CreateGame: nothing (the bare turn sequence), the
 * example scenario, or a full scenario (mission, factions with their datasheets, and a
 * Deployment List per seat), checked for consistency when the game is created.
 */
import { rulesSince } from '../kernel/rules-version.ts';
import * as z from '../kernel/zod.ts';
import {
  boundedRecord,
  type DeploymentList,
  deploymentCost,
  deploymentListSchema,
  type Faction,
  factionSchema,
  idSchema,
  mayUseSpecialAttack,
} from './datasheets.ts';
import { exampleScenario } from './examples.ts';
import { circleInRect } from './geometry.ts';
import { PG_LIMITS as L } from './limits.ts';
import { battlefieldRect, type Mission, missionSchema } from './mission.ts';

export const SEATS = ['red', 'blue'] as const;

export interface Scenario {
  readonly mission: Mission;
  readonly factions: Readonly<Record<string, Faction>>;
  readonly armies: Readonly<Record<string, DeploymentList>>;
}

type Issue = { message: string; path: (string | number)[] };

const COMMAND_CENTER = 'Command Center';

const factionIssues = (id: string, f: Faction): Issue[] => {
  const issues: Issue[] = [];
  const at = (message: string, ...path: (string | number)[]) => issues.push({ message, path: ['factions', id, ...path] });
  if (!f.buildings[f.commandCenter]?.keywords.includes(COMMAND_CENTER))
    at(`commandCenter "${f.commandCenter}" must be a building with the keyword "Command Center" (PG-15)`, 'commandCenter');
  if (!f.units[f.worker]?.keywords.includes('Worker'))
    at(`worker "${f.worker}" must be a unit with the keyword "Worker" (PG-16)`, 'worker');
  for (const [bid, b] of Object.entries(f.buildings)) {
    // `produces` is filled in by the faction's transform, which a faction with another issue never reaches.
    for (const p of b.produces ?? []) {
      const unit = f.units[p];
      if (!unit) at(`${b.name} produces "${p}", which is not a unit of this faction`, 'buildings', bid, 'produces');
      // PG-21 (7.8, 7.9): a Command Center is built by a Worker in a legal building location, never trained.
      else if (unit.keywords.includes(COMMAND_CENTER))
        at(
          `PG-21: ${b.name} produces ${unit.name}, a Command Center; a Command Center is built (or rebuilt) by a Worker, not trained`,
          'buildings',
          bid,
          'produces',
        );
    }
  }
  const sheets = [
    ...Object.entries(f.units).map(([k, s]) => [k, s, 'unit'] as const),
    ...Object.entries(f.buildings).map(([k, s]) => [k, s, 'building'] as const),
  ];
  issues.push(
    ...factionTotals(
      id,
      sheets.map(([, s]) => s),
    ),
  );
  for (const [sid, s, kind] of sheets) {
    const bodyValue = 'bodyValue' in s && s.bodyValue !== undefined ? s.bodyValue : s.cohesion;
    // INV-1: PG-1 multiplies a weapon's Attacks by the models (PG-2), and every attack is a recorded die.
    const models = Math.ceil(s.cohesion / bodyValue);
    s.weapons.forEach((w, i) => {
      if (!w.perUnit && models * w.attacks > L.attacksPerWeapon)
        at(
          `${s.name}'s ${w.name} would make ${models} models × ${w.attacks} attacks = ${models * w.attacks} attacks (PG-1); a weapon makes at most ${L.attacksPerWeapon}`,
          `${kind}s`,
          sid,
          'weapons',
          i,
          'attacks',
        );
    });
    if (s.specialAttackRule && !mayUseSpecialAttack({ keywords: s.keywords, bodyValue, kind })) {
      at(
        `PG-3: only Lone units, buildings, Monsters and high Body Value units may have a special attack rule; ${s.name} is none of these`,
        `${kind}s`,
        sid,
      );
    }
  }
  return issues;
};

type SheetLists = { weapons: readonly unknown[]; abilities?: readonly unknown[]; research?: Readonly<Record<string, unknown>> };

/** INV-1: what all of a faction's datasheets carry together (limits.ts), so the largest faction fits the state's budget. */
const factionTotals = (id: string, sheets: readonly SheetLists[]): Issue[] => {
  const totals = [
    ['weapons', L.weaponsPerFaction, sheets.reduce((n, s) => n + s.weapons.length, 0)],
    ['abilities', L.abilitiesPerFaction, sheets.reduce((n, s) => n + (s.abilities?.length ?? 0), 0)],
    ['research items', L.researchPerFaction, sheets.reduce((n, s) => n + Object.keys(s.research ?? {}).length, 0)],
  ] as const;
  return totals.flatMap(([what, max, n]) =>
    n > max ? [{ message: `a faction's datasheets may have at most ${max} ${what} in all; these have ${n}`, path: ['factions', id] }] : [],
  );
};

const armyIssues = (seat: string, list: DeploymentList, factions: Readonly<Record<string, Faction>>, mission: Mission): Issue[] => {
  const faction = factions[list.faction];
  if (!faction) return [{ message: `${seat}'s faction "${list.faction}" is not among the factions`, path: ['armies', seat, 'faction'] }];
  const issues: Issue[] = list.units
    .filter((u) => !faction.units[u.datasheet])
    .map((u) => ({ message: `"${u.datasheet}" is not a unit datasheet of ${faction.name}`, path: ['armies', seat, 'units'] }));
  // PG-20, PG-15 (7.7, 7.9): the player begins with the faction's one Command Center; another may not be listed.
  list.units.forEach((u, i) => {
    const sheet = faction.units[u.datasheet];
    if (sheet?.keywords.includes(COMMAND_CENTER))
      issues.push({
        message: `PG-20: ${seat} begins with one Command Center (${seat}-cc); ${sheet.name} is a Command Center and may not be listed in the Deployment List`,
        path: ['armies', seat, 'units', i],
      });
  });
  const ids = list.units.flatMap((u) => (u.id ? [u.id] : []));
  if (new Set(ids).size !== ids.length)
    issues.push({ message: 'unit ids in a Deployment List must be unique', path: ['armies', seat, 'units'] });
  const cost = deploymentCost(list, faction);
  if (cost.total > mission.deploymentPoints) {
    const items = cost.lines.map((l) => `${l.item} ${l.points}`).join(', ');
    issues.push({
      message: `PG-16: ${seat}'s Deployment List costs ${cost.total} Deployment Points (${items}) but the mission allows ${mission.deploymentPoints}`,
      path: ['armies', seat],
    });
  }
  return issues;
};

const missionIssues = (m: Mission): Issue[] => {
  const field = battlefieldRect(m);
  const issues: Issue[] = [];
  for (const seat of SEATS) {
    const z = m.deploymentZones[seat];
    if (z.x < 0 || z.y < 0 || z.x + z.width > field.width || z.y + z.height > field.height) {
      issues.push({ message: `${seat}'s deployment zone lies outside the battlefield`, path: ['mission', 'deploymentZones', seat] });
    }
  }
  for (const n of m.resourceNodes) {
    if (!circleInRect(n, 0, field))
      issues.push({ message: `resource node ${n.id} lies outside the battlefield`, path: ['mission', 'resourceNodes'] });
  }
  return issues;
};

/** Cross-checks zod cannot express field by field. */
export const scenarioIssues = (o: {
  scenario?: string | undefined;
  mission?: Mission | undefined;
  factions?: Record<string, Faction> | undefined;
  armies?: Record<string, DeploymentList> | undefined;
}): Issue[] => {
  const given = [o.mission, o.factions, o.armies].filter((x) => x !== undefined).length;
  if (o.scenario !== undefined && given > 0)
    return [{ message: 'give either scenario or mission, factions and armies, not both', path: [] }];
  if (given === 0) return [];
  if (!o.mission || !o.factions || !o.armies) return [{ message: 'mission, factions and armies go together', path: [] }];
  const { mission, factions, armies } = o;
  return [
    ...missionIssues(mission),
    ...Object.entries(factions).flatMap(([id, f]) => factionIssues(id, f)),
    ...Object.entries(armies).flatMap(([seat, list]) => armyIssues(seat, list, factions, mission)),
  ];
};

export const pgOptionsSchema = /* @__PURE__ */ z.lazy(() =>
  z.pipe(
    z
      .strictObject({
        /** `example`: the example mission and one example army per seat (examples.ts). */
        scenario: z.optional(z.literal('example')),
        mission: z.optional(missionSchema),
        factions: z.optional(boundedRecord(idSchema, factionSchema, L.factions, 'factions')),
        armies: z.optional(z.strictObject({ red: deploymentListSchema, blue: deploymentListSchema })),
      })
      .check(
        z.superRefine((o, ctx) => {
          for (const issue of scenarioIssues(o)) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
        }),
      ),
    // The example is expanded when the game is created, so the log holds every number the
    // game is played with: a later change to examples.ts cannot change an existing game.
    z.transform((o) => (o.scenario === 'example' ? { ...exampleScenario() } : o)),
  ),
);
export type PgOptions = z.infer<typeof pgOptionsSchema>;

/**
 * The scenario a game plays, or null for the bare turn sequence (no units). The options
 * are parsed ones: `scenario: 'example'` was expanded into its mission, factions and armies
 * when the game was created (every released log holds them), so replaying a log never
 * parses the example, and the functions that only fold games load no zod (PERF-1).
 */
export const resolveScenario = (options: PgOptions | undefined): Scenario | null => {
  if (options?.mission && options.factions && options.armies)
    return { mission: options.mission, factions: options.factions, armies: options.armies };
  return null;
};

/** What PG-10's actions (pg-0.4.0) added to every datasheet, with defaults a game created before then never recorded. */
const PG10_SHEET_FIELDS = ['abilities', 'research', 'salvageCounters'];

/** `value[key]` of options as a command gave them (anything at all), or undefined. */
const member = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;

type Sheets = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/**
 * RUL-10: the options as a game created under an older rules version recorded them. Before
 * pg-0.4.0 the datasheets had no PG-10 ability, research or salvage fields; before pg-0.6.0 a
 * building sheet given without `supplyProvided` provided 0, a Command Center too (PG-20);
 * before pg-0.7.0 a unit sheet given without `actions` had none, a Worker's too (PG-19), and a
 * building sheet given without `produces` produced nothing, a Command Center too (PG-20).
 * The example gives these in its data (examples.ts), so it is recorded alike.
 */
export const pgOptionsAsOf = (options: PgOptions, rulesVersion: string, given: unknown): PgOptions => {
  if (rulesSince(rulesVersion, 'pg-0.7.0') || !options.factions) return options;
  const pg10 = rulesSince(rulesVersion, 'pg-0.4.0');
  const supplyDefault = rulesSince(rulesVersion, 'pg-0.6.0');
  const example = member(given, 'scenario') === 'example';
  const older = (faction: string, kind: 'units' | 'buildings', sheets: Sheets) =>
    Object.fromEntries(
      Object.entries(sheets).map(([id, sheet]) => {
        const kept = pg10 ? { ...sheet } : Object.fromEntries(Object.entries(sheet).filter(([key]) => !PG10_SHEET_FIELDS.includes(key)));
        const givenSheet = member(member(member(member(given, 'factions'), faction), kind), id);
        if (!example) {
          if (kind === 'buildings' && !supplyDefault && member(givenSheet, 'supplyProvided') === undefined) kept.supplyProvided = 0;
          if (kind === 'buildings' && member(givenSheet, 'produces') === undefined) kept.produces = [];
          if (kind === 'units' && member(givenSheet, 'actions') === undefined) kept.actions = [];
        }
        return [id, kept];
      }),
    );
  const factions = Object.fromEntries(
    Object.entries(options.factions).map(([id, f]) => [
      id,
      { ...f, units: older(id, 'units', f.units), buildings: older(id, 'buildings', f.buildings) },
    ]),
  );
  return { ...options, factions } as PgOptions;
};
