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
