/**
 * The game as it is set up: the initial state from the scenario, and the armies as
 * their Deployment Lists make them: one Command Center (PG-20, free by PG-15), the 3 free
 * Workers plus each purchased one (PG-16), and the listed units.
 */
import type { RulesSetup } from '../kernel/ruleset.ts';
import { addResources, type DeploymentList, type Faction, factionSheets, NO_RESOURCES, purchasedWorkerCapacity } from './datasheets.ts';
import { type PgOptions, resolveScenario, type Scenario } from './options.ts';
import { createUnit, type FactionInfo, type PgState, type PlayerState, type UnitState } from './state.ts';
import { FREE_WORKER_ALLOWANCE } from './workers.ts';

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
  const cc = { ...createUnit(`${seat}-cc`, seat, faction.commandCenter, cohesionOf(faction.commandCenter), null, true), original: true };
  const workers = Array.from({ length: FREE_WORKER_ALLOWANCE + list.purchasedWorkers }, (_, i) =>
    createUnit(`${seat}-worker-${i + 1}`, seat, faction.worker, cohesionOf(faction.worker), null, true),
  );
  const seen: Record<string, number> = {};
  const listed = list.units.map((u) => {
    seen[u.datasheet] = (seen[u.datasheet] ?? 0) + 1;
    return createUnit(u.id ?? `${seat}-${u.datasheet}-${seen[u.datasheet]}`, seat, u.datasheet, cohesionOf(u.datasheet), null, true);
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

const player = (seat: string, list: DeploymentList, faction: Faction, scenario: Scenario): PlayerState => ({
  seat,
  faction: list.faction,
  resources: addResources(scenario.mission.startingResources, faction.startingResources ?? NO_RESOURCES),
  purchasedWorkerCapacity: purchasedWorkerCapacity(list, faction),
  destroyedZone: { units: [], purchasedWorkerCapacity: 0 },
  victoryPoints: 0,
  originalCommandCenterDestroyed: false,
  researched: [],
  factionAbilityUses: {},
});

export const initialState = ({ seats, firstSeat, options }: RulesSetup<PgOptions>): PgState => {
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
    players: Object.fromEntries(armies.map(([seat, list, faction]) => [seat, player(seat, list, faction, scenario)])),
    units: seats.flatMap((seat) => {
      const list = scenario.armies[seat];
      const faction = list ? scenario.factions[list.faction] : undefined;
      return list && faction ? armyUnits(seat, list, faction) : [];
    }),
    nodes: scenario.mission.resourceNodes.map((n) => ({ id: n.id, remaining: n.total })),
  };
};
