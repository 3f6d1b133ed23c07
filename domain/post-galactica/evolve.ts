/** Post Galactica: `evolve(state, event)`, reading nothing but the domain event's own data (RUL-1). */
import { assertNever } from '../kernel/violation.ts';
import type { PgEvent } from './events.ts';
import { completedAction, evolveAction } from './evolve-actions.ts';
import { type Countdown, mapPlayer, mapUnit, newUnit, type PgState, pay, sheetCohesion, type UnitState } from './state.ts';

/** A unit as a new turn finds it: nothing moved, fired or done yet. */
const freshForTurn = (u: UnitState, seat: string): UnitState => {
  // PG-10: a stance lasts until the start of its controller's next turn.
  const stance = u.seat === seat ? null : u.stance;
  // Most units are fresh already: kept as they are, not copied every turn (PERF-3).
  if (!u.moved && !u.acted && !u.aiming && u.usedWeapons.length === 0 && u.stance === stance) return u;
  return { ...u, moved: false, usedWeapons: [], acted: false, aiming: false, stance };
};

const startTurn = (state: PgState, e: Extract<PgEvent, { type: 'TurnStarted' }>): PgState => ({
  ...state,
  deploying: null,
  activeSeat: e.data.seat,
  round: e.data.round,
  turn: e.data.turn,
  phase: 'command',
  gathered: false,
  statusesResolved: false,
  units: state.units.map((u) => freshForTurn(u, e.data.seat)),
});

const deployed = (state: PgState, e: Extract<PgEvent, { type: 'UnitsDeployed' }>): PgState =>
  e.data.placements.reduce((s, p) => mapUnit(s, p.unitId, (u) => ({ ...u, position: { x: p.x, y: p.y } })), state);

const countersRemoved = (state: PgState, e: Extract<PgEvent, { type: 'CountersRemoved' }>): PgState => ({
  ...state,
  countdowns: state.countdowns.map((c) => {
    const removed = e.data.removed.find((r) => r.countdownId === c.id);
    return removed ? { ...c, counters: removed.remaining } : c;
  }),
});

const completed = (state: PgState, e: Extract<PgEvent, { type: 'CountdownCompleted' }>): PgState => {
  const countdown = state.countdowns.find((c) => c.id === e.data.countdownId);
  const rest = { ...state, countdowns: state.countdowns.filter((c) => c.id !== e.data.countdownId) };
  if (e.data.kind === 'construction') return mapUnit(rest, e.data.unitId, (u) => ({ ...u, complete: true }));
  if (!countdown) return rest;
  if (e.data.kind !== 'production') return completedAction(rest, countdown, e.data.gained);
  const unit = newUnit(
    e.data.unitId,
    e.data.seat,
    countdown.datasheet,
    sheetCohesion(state, e.data.seat, countdown.datasheet),
    e.data.position,
    true,
  );
  return { ...rest, units: [...rest.units, unit] };
};

const gathered = (state: PgState, e: Extract<PgEvent, { type: 'ResourcesGathered' }>): PgState => ({
  ...mapPlayer(state, e.data.seat, (p) => ({ ...p, resources: e.data.resources })),
  gathered: true,
  nodes: state.nodes.map((n) => {
    const g = e.data.nodes.find((x) => x.nodeId === n.id);
    return g ? { ...n, remaining: g.remaining } : n;
  }),
});

const constructionStarted = (state: PgState, e: Extract<PgEvent, { type: 'ConstructionStarted' }>): PgState => {
  const d = e.data;
  const building = newUnit(d.unitId, d.seat, d.datasheet, sheetCohesion(state, d.seat, d.datasheet), { x: d.x, y: d.y }, false);
  const countdown: Countdown = {
    id: d.countdownId,
    seat: d.seat,
    kind: 'construction',
    label: `${state.catalog[state.players[d.seat]?.faction ?? '']?.[d.datasheet]?.name ?? d.datasheet} (${d.unitId})`,
    counters: d.counters,
    placedTurn: d.placedTurn,
    unitId: d.unitId,
    buildingId: null,
    datasheet: d.datasheet,
    item: null,
  };
  const next = mapUnit(pay(state, d.seat, d.cost), d.builderId, (u) => ({ ...u, acted: true }));
  return { ...next, units: [...next.units, building], countdowns: [...next.countdowns, countdown], nextId: state.nextId + 1 };
};

const productionStarted = (state: PgState, e: Extract<PgEvent, { type: 'ProductionStarted' }>): PgState => {
  const d = e.data;
  const countdown: Countdown = {
    id: d.countdownId,
    seat: d.seat,
    kind: 'production',
    label: `${state.catalog[state.players[d.seat]?.faction ?? '']?.[d.datasheet]?.name ?? d.datasheet} at ${d.buildingId}`,
    counters: d.counters,
    placedTurn: d.placedTurn,
    unitId: d.unitId,
    buildingId: d.buildingId,
    datasheet: d.datasheet,
    item: null,
  };
  // A building's limit is its production capacity (one production at a time), not one action.
  const next = pay(state, d.seat, d.cost);
  return { ...next, countdowns: [...next.countdowns, countdown], nextId: state.nextId + 1 };
};

const attacked = (state: PgState, e: Extract<PgEvent, { type: 'AttackResolved' }>): PgState => {
  const d = e.data;
  // An Overwatch reaction spends the stance (PG-10).
  const afterAttacker = mapUnit(state, d.attackerId, (u) => ({
    ...u,
    usedWeapons: [...u.usedWeapons, d.weapon],
    stance: d.reaction === 'Overwatch' ? null : u.stance,
  }));
  return mapUnit(afterAttacker, d.targetId, (u) => ({
    ...u,
    cohesion: d.cohesion,
    statuses: d.statusApplied ? [...u.statuses.filter((s) => s.name !== d.statusApplied?.name), d.statusApplied] : u.statuses,
  }));
};

const destroyed = (state: PgState, e: Extract<PgEvent, { type: 'UnitDestroyed' }>): PgState => {
  const d = e.data;
  const rest: PgState = {
    ...state,
    destroyed: [...state.destroyed, d.unitId],
    units: state.units.filter((u) => u.id !== d.unitId),
    countdowns: state.countdowns.filter((c) => c.unitId !== d.unitId && c.buildingId !== d.unitId),
  };
  return mapPlayer(rest, d.seat, (p) => ({
    ...p,
    originalCommandCenterDestroyed: p.originalCommandCenterDestroyed || d.commandCenter?.original === true,
    destroyedZone: {
      units: d.destroyedZone && d.worker === null ? [...p.destroyedZone.units, d.unitId] : p.destroyedZone.units,
      purchasedWorkerCapacity: p.destroyedZone.purchasedWorkerCapacity + (d.worker?.allowance === 'purchased' ? 1 : 0),
    },
  }));
};

const statusesResolved = (state: PgState, e: Extract<PgEvent, { type: 'StatusesResolved' }>): PgState => ({
  ...e.data.results.reduce((s, r) => mapUnit(s, r.unitId, (u) => ({ ...u, cohesion: r.cohesion, statuses: r.statuses })), state),
  statusesResolved: true,
});

export const evolve = (state: PgState, e: PgEvent): PgState => {
  switch (e.type) {
    case 'TurnStarted':
      return startTurn(state, e);
    case 'PhaseStarted':
      return { ...state, phase: e.data.phase };
    case 'DeploymentStarted':
      return { ...state, deploying: e.data.seat };
    case 'UnitsDeployed':
      return deployed(state, e);
    case 'FactionResourcesGained':
      return mapPlayer(state, e.data.seat, (p) => ({ ...p, resources: e.data.resources }));
    case 'CountersRemoved':
      return countersRemoved(state, e);
    case 'CountdownCompleted':
      return completed(state, e);
    case 'ResourcesGathered':
      return gathered(state, e);
    case 'UnitMoved':
      return mapUnit(state, e.data.unitId, (u) => ({ ...u, moved: true, position: e.data.path.at(-1) ?? u.position }));
    case 'ConstructionStarted':
      return constructionStarted(state, e);
    case 'ProductionStarted':
      return productionStarted(state, e);
    case 'UnitRepaired': {
      const repaired = mapUnit(state, e.data.unitId, (u) => ({ ...u, cohesion: e.data.cohesion }));
      return mapUnit(repaired, e.data.by, (u) => ({ ...u, acted: true }));
    }
    case 'ObjectiveInteracted':
      return mapUnit({ ...state, objectives: { ...state.objectives, [e.data.objectiveId]: e.data.seat } }, e.data.unitId, (u) => ({
        ...u,
        acted: true,
      }));
    case 'UnitAimed':
      return mapUnit(state, e.data.unitId, (u) => ({ ...u, acted: true, aiming: true }));
    case 'AttackResolved':
      return attacked(state, e);
    case 'UnitDestroyed':
      return destroyed(state, e);
    case 'StatusesResolved':
      return statusesResolved(state, e);
    case 'ObjectivesScored':
      return mapPlayer(state, e.data.seat, (p) => ({ ...p, victoryPoints: e.data.total }));
    case 'ResearchStarted':
    case 'SalvageStarted':
    case 'StanceTaken':
    case 'UnitsLoaded':
    case 'UnitsUnloaded':
    case 'PassengersDisembarked':
    case 'AbilityActivated':
    case 'AbilityTriggered':
    case 'FactionAbilitiesRefreshed':
    case 'FactionAbilityUsed':
      return evolveAction(state, e);
    case 'RoundCompleted':
    case 'TotalsConfirmed':
    case 'GameEnded':
      return state;
    default:
      return assertNever(e);
  }
};

/** Fold events a decision has produced so far, to decide what follows them. */
export const fold = (state: PgState, events: readonly PgEvent[]): PgState => events.reduce(evolve, state);
