/**
 * Post Galactica: the shape of the state, the small updates `evolve` is built from, and the
 * initial state: the game as the scenario sets it up, the armies as their Deployment Lists
 * make them: one Command Center (PG-20, free by PG-15), the 3 free Workers plus each
 * purchased one (PG-16), and the listed units.
 */

import type { Point } from '../kernel/plane.ts';
import { rulesSince } from '../kernel/rules-version.ts';
import type { RulesSetup } from '../kernel/ruleset.ts';
import {
  addResources,
  type DeploymentList,
  type Faction,
  type FactionAbility,
  factionSheets,
  NO_RESOURCES,
  purchasedWorkerCapacity,
  type Resources,
  type Sheet,
} from './datasheets.ts';
import type { Mission } from './mission.ts';
import { type PgOptions, resolveScenario, type Scenario } from './options.ts';
import type { Phase } from './phases.ts';
import type { CountdownKind, Stance, StatusState } from './terms.ts';
import { FREE_WORKER_ALLOWANCE } from './terms.ts';

export interface UnitState {
  readonly id: string;
  readonly seat: string;
  readonly datasheet: string;
  readonly cohesion: number;
  /** Null while off the battlefield (before deployment, or produced with no room). */
  readonly position: Point | null;
  /** False while a building is under construction. */
  readonly complete: boolean;
  readonly statuses: readonly StatusState[];
  /** The seat's starting Command Center (PG-22). */
  readonly original: boolean;
  // What the unit did this turn; reset when a turn starts.
  readonly moved: boolean;
  readonly usedWeapons: readonly string[];
  readonly acted: boolean;
  readonly aiming: boolean;
  /** PG-10 Overwatch, Dodge or Disengage: lasts until the start of the controller's next turn. */
  readonly stance: Stance | null;
  /** PG-10 Load: the transport carrying the unit (its position is null while aboard). */
  readonly embarkedIn: string | null;
}

export interface PlayerState {
  readonly seat: string;
  readonly faction: string;
  readonly resources: Resources;
  /** PG-16: Worker capacity bought in the Deployment List. */
  readonly purchasedWorkerCapacity: number;
  /** PG-15, PG-17: what was lost for good: unit ids, and purchased Worker capacity. */
  readonly destroyedZone: { readonly units: readonly string[]; readonly purchasedWorkerCapacity: number };
  readonly victoryPoints: number;
  readonly originalCommandCenterDestroyed: boolean;
  /** PG-10 Research: research ids completed. */
  readonly researched: readonly string[];
  /** PG-10 faction abilities: uses this turn by ability name; cleared when refreshed (PG-6). */
  readonly factionAbilityUses: Readonly<Record<string, number>>;
}

export interface Countdown {
  readonly id: string;
  readonly seat: string;
  readonly kind: CountdownKind;
  readonly label: string;
  readonly counters: number;
  /** PG-7: counters placed in this turn are not removed before the controller's next Command Phase. */
  readonly placedTurn: number;
  /** The building under construction, or the unit being produced. */
  readonly unitId: string;
  /** The producing or researching building. */
  readonly buildingId: string | null;
  readonly datasheet: string;
  /** The research id (research) or the ability name (recharge). */
  readonly item: string | null;
}

export interface FactionInfo {
  readonly name: string;
  readonly commandCenter: string;
  readonly worker: string;
  readonly commandIncome: Resources | null;
  readonly resourceIncome: Resources | null;
  /** PG-10 faction abilities (none unless the faction lists some). */
  readonly abilities: readonly FactionAbility[];
}

export interface NodeState {
  readonly id: string;
  readonly remaining: number | 'infinite';
}

export interface PgState {
  /** PG-4: turn order, the first player first; a round ends when each has had a turn. */
  readonly turnOrder: readonly string[];
  readonly activeSeat: string;
  readonly phase: Phase;
  /** 1-based round number; rounds completed = round - 1 while a round is under way. */
  readonly round: number;
  /** 1-based count of turns taken in the game. */
  readonly turn: number;
  /** The seat deploying now, before the first turn; null once play has begun. */
  readonly deploying: string | null;
  readonly mission: Mission | null;
  /** Faction-wide data by faction id (PG-6, PG-8 faction resources). */
  readonly factions: Readonly<Record<string, FactionInfo>>;
  /** Datasheets by faction id, then datasheet id. */
  readonly catalog: Readonly<Record<string, Readonly<Record<string, Sheet>>>>;
  readonly players: Readonly<Record<string, PlayerState>>;
  readonly units: readonly UnitState[];
  readonly nodes: readonly NodeState[];
  readonly countdowns: readonly Countdown[];
  /** Objective id -> the seat that last interacted with it. */
  readonly objectives: Readonly<Record<string, string>>;
  /** This turn: Resource Phase gathering done (PG-8), statuses resolved (PG-13). */
  readonly gathered: boolean;
  readonly statusesResolved: boolean;
  /** Ids of every unit destroyed so far, so a new unit never reuses one. */
  readonly destroyed: readonly string[];
  /** Next number for countdown ids. */
  readonly nextId: number;
}

export const mapUnit = (state: PgState, id: string, f: (u: UnitState) => UnitState): PgState => ({
  ...state,
  units: state.units.map((u) => (u.id === id ? f(u) : u)),
});

export const mapPlayer = (state: PgState, seat: string, f: (p: PlayerState) => PlayerState): PgState => {
  const player = state.players[seat];
  return player ? { ...state, players: { ...state.players, [seat]: f(player) } } : state;
};

export const pay = (state: PgState, seat: string, cost: Resources): PgState =>
  mapPlayer(state, seat, (p) => ({ ...p, resources: addResources(p.resources, cost, -1) }));

export const newUnit = (
  id: string,
  seat: string,
  datasheet: string,
  cohesion: number,
  position: Point | null,
  complete: boolean,
): UnitState => ({
  id,
  seat,
  datasheet,
  cohesion,
  position,
  complete,
  statuses: [],
  original: false,
  moved: false,
  usedWeapons: [],
  acted: false,
  aiming: false,
  stance: null,
  embarkedIn: null,
});

export const sheetCohesion = (state: PgState, seat: string, datasheet: string): number => {
  const faction = state.players[seat]?.faction ?? '';
  return state.catalog[faction]?.[datasheet]?.cohesion ?? 1;
};

/** A unit id not used before in this game: `<seat>-<name>-<n>` with the lowest free n. */
export const freshUnitId = (state: PgState, seat: string, name: string): string => {
  const used = new Set([...state.units.map((u) => u.id), ...state.countdowns.map((c) => c.unitId), ...state.destroyed]);
  for (let n = 1; ; n += 1) if (!used.has(`${seat}-${name}-${n}`)) return `${seat}-${name}-${n}`;
};

const bare = (turnOrder: string[], firstSeat: string): PgState => ({
  turnOrder,
  activeSeat: firstSeat,
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

/** PG-15, PG-16, PG-20: the units a Deployment List brings, ids as a client will name them. */
export const armyUnits = (seat: string, list: DeploymentList, faction: Faction): UnitState[] => {
  const cohesionOf = (datasheet: string) => faction.units[datasheet]?.cohesion ?? faction.buildings[datasheet]?.cohesion ?? 1;
  const cc = { ...newUnit(`${seat}-cc`, seat, faction.commandCenter, cohesionOf(faction.commandCenter), null, true), original: true };
  const workers = Array.from({ length: FREE_WORKER_ALLOWANCE + list.purchasedWorkers }, (_, i) =>
    newUnit(`${seat}-worker-${i + 1}`, seat, faction.worker, cohesionOf(faction.worker), null, true),
  );
  const seen: Record<string, number> = {};
  const listed = list.units.map((u) => {
    seen[u.datasheet] = (seen[u.datasheet] ?? 0) + 1;
    return newUnit(u.id ?? `${seat}-${u.datasheet}-${seen[u.datasheet]}`, seat, u.datasheet, cohesionOf(u.datasheet), null, true);
  });
  return [cc, ...workers, ...listed];
};

const factionInfo = (f: Faction): FactionInfo => ({
  name: f.name,
  commandCenter: f.commandCenter,
  worker: f.worker,
  commandIncome: f.commandIncome ?? null,
  resourceIncome: f.resourceIncome ?? null,
  abilities: f.abilities ?? [],
});

/** PG-16: a Worker listed among the units is purchased capacity since pg-0.6.0; before, only `purchasedWorkers` was (RUL-10). */
const capacity = (list: DeploymentList, faction: Faction, rulesVersion: string | undefined): number =>
  rulesSince(rulesVersion, 'pg-0.6.0') ? purchasedWorkerCapacity(list, faction) : list.purchasedWorkers;

const player = (seat: string, list: DeploymentList, faction: Faction, scenario: Scenario, rulesVersion?: string): PlayerState => ({
  seat,
  faction: list.faction,
  resources: addResources(scenario.mission.startingResources, faction.startingResources ?? NO_RESOURCES),
  purchasedWorkerCapacity: capacity(list, faction, rulesVersion),
  destroyedZone: { units: [], purchasedWorkerCapacity: 0 },
  victoryPoints: 0,
  originalCommandCenterDestroyed: false,
  researched: [],
  factionAbilityUses: {},
});

export const initialState = ({ seats, firstSeat, options, rulesVersion }: RulesSetup<PgOptions>): PgState => {
  const start = Math.max(0, seats.indexOf(firstSeat));
  const turnOrder = [...seats.slice(start), ...seats.slice(0, start)];
  const state = bare(turnOrder, firstSeat);
  const scenario = resolveScenario(options);
  if (!scenario) return state;
  const entries = Object.entries(scenario.factions);
  const armies = turnOrder.flatMap((seat) => {
    const list = scenario.armies[seat];
    const faction = list ? scenario.factions[list.faction] : undefined;
    return list && faction ? [[seat, list, faction] as const] : [];
  });
  return {
    ...state,
    deploying: turnOrder[0] ?? null,
    mission: scenario.mission,
    factions: Object.fromEntries(entries.map(([id, f]) => [id, factionInfo(f)])),
    catalog: Object.fromEntries(entries.map(([id, f]) => [id, factionSheets(f)])),
    players: Object.fromEntries(armies.map(([seat, list, faction]) => [seat, player(seat, list, faction, scenario, rulesVersion)])),
    units: seats.flatMap((seat) => {
      const list = scenario.armies[seat];
      const faction = list ? scenario.factions[list.faction] : undefined;
      return list && faction ? armyUnits(seat, list, faction) : [];
    }),
    nodes: scenario.mission.resourceNodes.map((n) => ({ id: n.id, remaining: n.total })),
  };
};
