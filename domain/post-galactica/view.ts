/**
 * What a seat sees. Post Galactica has no hidden information by default, so every seat
 * sees the same board; the shape is flattened for clients (units with their datasheet
 * numbers, models and position; each player's economy; what the current step expects).
 */

import { commandCenterLimit } from './command-centers.ts';
import { factionAbilities, usesPerTurn } from './faction-abilities.ts';
import type { PgState } from './state.ts';
import { pendingStatuses } from './status.ts';
import { models, sheetOf } from './units.ts';
import { supplyMax, supplyUsed, workerLimit, workersOnBattlefield } from './workers.ts';

const unitView = (state: PgState, u: PgState['units'][number]) => {
  const sheet = sheetOf(state, u);
  return {
    id: u.id,
    seat: u.seat,
    datasheet: u.datasheet,
    name: sheet.name,
    kind: sheet.kind,
    x: u.position?.x ?? null,
    y: u.position?.y ?? null,
    baseRadius: sheet.baseRadius,
    cohesion: u.cohesion,
    maxCohesion: sheet.cohesion,
    bodyValue: sheet.bodyValue,
    models: models(state, u),
    movement: sheet.movement,
    complete: u.complete,
    statuses: u.statuses,
    original: u.original,
    stance: u.stance,
    embarkedIn: u.embarkedIn,
    thisTurn: { moved: u.moved, usedWeapons: u.usedWeapons, acted: u.acted, aiming: u.aiming },
  };
};

const playerView = (state: PgState, seat: string) => {
  const p = state.players[seat];
  if (!p) return null;
  return {
    faction: p.faction,
    resources: p.resources,
    supply: { used: supplyUsed(state, seat), max: supplyMax(state, seat) },
    workers: { count: workersOnBattlefield(state, seat), limit: workerLimit(state, seat), purchasedCapacity: p.purchasedWorkerCapacity },
    destroyedZone: p.destroyedZone,
    victoryPoints: p.victoryPoints,
    commandCenterLimit: commandCenterLimit(state),
    originalCommandCenterDestroyed: p.originalCommandCenterDestroyed,
    researched: p.researched,
    factionAbilities: factionAbilities(state, seat).map((a) => ({
      name: a.name,
      usesPerTurn: usesPerTurn(a),
      used: p.factionAbilityUses[a.name] ?? 0,
    })),
  };
};

export const view = (state: PgState, seat: string | null) => ({
  you: seat,
  turnOrder: state.turnOrder,
  activeSeat: state.activeSeat,
  phase: state.phase,
  round: state.round,
  turn: state.turn,
  deploying: state.deploying,
  mission: state.mission,
  players: Object.fromEntries(state.turnOrder.map((s) => [s, playerView(state, s)])),
  units: state.units.map((u) => unitView(state, u)),
  resourceNodes: state.nodes,
  objectives: state.objectives,
  countdowns: state.countdowns,
  pendingStatuses:
    state.phase === 'status' && !state.statusesResolved && state.deploying === null ? pendingStatuses(state, state.activeSeat) : [],
  datasheets: state.catalog,
});

/** A seat's view as `view` gives it, and as a client reads it back from JSON. */
export type PgView = ReturnType<typeof view>;

/**
 * TABLE-4: the state a seat's view carries, back in the state's shape, so the page asks the
 * referee's own checks (targeting.ts `attackOptions`) what the seat may do instead of copying
 * them: the turn, the mission, each seat's faction, the datasheets, and the units as they stand.
 * What the view leaves out (faction incomes and abilities, destroyed ids, this turn's gathering
 * and statuses resolved) is left empty: no check that reads it may be asked of this state.
 */
export const stateOfView = (v: PgView): PgState => ({
  turnOrder: v.turnOrder,
  activeSeat: v.activeSeat,
  phase: v.phase,
  round: v.round,
  turn: v.turn,
  deploying: v.deploying,
  mission: v.mission,
  factions: {},
  catalog: v.datasheets,
  players: Object.fromEntries(
    Object.entries(v.players).flatMap(([seat, p]) =>
      p
        ? [
            [
              seat,
              {
                seat,
                faction: p.faction,
                resources: p.resources,
                purchasedWorkerCapacity: p.workers.purchasedCapacity,
                destroyedZone: p.destroyedZone,
                victoryPoints: p.victoryPoints,
                originalCommandCenterDestroyed: p.originalCommandCenterDestroyed,
                researched: p.researched,
                factionAbilityUses: Object.fromEntries(p.factionAbilities.map((a) => [a.name, a.used])),
              },
            ],
          ]
        : [],
    ),
  ),
  units: v.units.map((u) => ({
    id: u.id,
    seat: u.seat,
    datasheet: u.datasheet,
    cohesion: u.cohesion,
    position: u.x === null || u.y === null ? null : { x: u.x, y: u.y },
    complete: u.complete,
    statuses: u.statuses,
    original: u.original,
    moved: u.thisTurn.moved,
    usedWeapons: u.thisTurn.usedWeapons,
    acted: u.thisTurn.acted,
    aiming: u.thisTurn.aiming,
    stance: u.stance,
    embarkedIn: u.embarkedIn,
  })),
  nodes: v.resourceNodes,
  countdowns: v.countdowns,
  objectives: v.objectives,
  gathered: false,
  statusesResolved: false,
  destroyed: [],
  nextId: 1,
});
