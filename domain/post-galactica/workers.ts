/**
 * Workers and the Worker Limit (rules 7.x; PG-16, PG-17, PG-19), Supply (PG-19, PG-20),
 * and what a destroyed unit leaves behind in the Destroyed Zone (PG-15, PG-17).
 */
import type { UnitDestroyed } from './events.ts';
import type { PgState, UnitState } from './state.ts';
import { FREE_WORKER_ALLOWANCE } from './terms.ts';
import { isCommandCenter, isWorker, sheetOf, unitsOf } from './units.ts';

/** PG-16, PG-17: 3, plus each purchased capacity that has not moved to the Destroyed Zone. */
export const workerLimit = (state: PgState, seat: string): number => {
  const player = state.players[seat];
  if (!player) return FREE_WORKER_ALLOWANCE;
  return FREE_WORKER_ALLOWANCE + player.purchasedWorkerCapacity - player.destroyedZone.purchasedWorkerCapacity;
};

/** Units on the battlefield, counting those aboard a transport (PG-10 Load; default). */
const fielded = (state: PgState, seat: string): UnitState[] =>
  state.units.filter((u) => u.seat === seat && (u.position !== null || typeof u.embarkedIn === 'string'));

export const workersOnBattlefield = (state: PgState, seat: string): number => fielded(state, seat).filter((u) => isWorker(state, u)).length;

/** Workers being trained count against the limit too, so a queue cannot overshoot it. */
export const workersInProduction = (state: PgState, seat: string): number =>
  state.countdowns.filter(
    (c) =>
      c.seat === seat &&
      c.kind === 'production' &&
      state.catalog[state.players[seat]?.faction ?? '']?.[c.datasheet]?.keywords.includes('Worker'),
  ).length;

/** PG-20: Supply comes from complete buildings (a Command Center provides 5). */
export const supplyMax = (state: PgState, seat: string): number =>
  unitsOf(state, seat)
    .filter((u) => u.complete)
    .reduce((sum, u) => sum + sheetOf(state, u).supplyProvided, 0);

/** PG-19: Supply used by units on the battlefield and in production (Workers 1 each by default). */
export const supplyUsed = (state: PgState, seat: string): number => {
  const onField = fielded(state, seat).reduce((sum, u) => sum + sheetOf(state, u).supply, 0);
  const queued = state.countdowns
    .filter((c) => c.seat === seat && c.kind === 'production')
    .reduce((sum, c) => sum + sheetOf(state, { seat, datasheet: c.datasheet }).supply, 0);
  return onField + queued;
};

/**
 * PG-17 (rules 7.4, 7.5): count the Workers just before this one is destroyed. With 3 or
 * fewer it was part of the Free Worker Allowance; with more, one purchased capacity moves
 * to the Destroyed Zone and the Worker Limit drops by 1.
 */
const workerLoss = (state: PgState, unit: UnitState): NonNullable<UnitDestroyed['data']['worker']> => {
  const before = workersOnBattlefield(state, unit.seat);
  const limit = workerLimit(state, unit.seat);
  const purchasedLeft = limit > FREE_WORKER_ALLOWANCE;
  if (before > FREE_WORKER_ALLOWANCE && purchasedLeft) return { before, allowance: 'purchased', workerLimit: limit - 1 };
  return { before, allowance: 'free', workerLimit: limit };
};

type Fate = Pick<UnitDestroyed['data'], 'worker' | 'destroyedZone' | 'commandCenter' | 'rule'>;

/** What destruction means for this unit: a Worker (PG-17), a Command Center (PG-15), or any other (PG-2). */
const fateOf = (state: PgState, unit: UnitState): Fate => {
  if (isWorker(state, unit)) {
    const worker = workerLoss(state, unit);
    return { worker, destroyedZone: worker.allowance === 'purchased', commandCenter: null, rule: 'PG-17' };
  }
  // PG-15: a Command Center never permanently enters the Destroyed Zone; it may be rebuilt.
  if (isCommandCenter(state, unit))
    return { worker: null, destroyedZone: false, commandCenter: { original: unit.original }, rule: 'PG-15' };
  return { worker: null, destroyedZone: true, commandCenter: null, rule: 'PG-2' };
};

/** The event for a unit whose Cohesion reached 0. */
export const destroyUnit = (state: PgState, unit: UnitState, cause: string): UnitDestroyed => ({
  type: 'UnitDestroyed',
  data: { unitId: unit.id, seat: unit.seat, datasheet: unit.datasheet, cause, ...fateOf(state, unit) },
});

/** The sentence for a full Worker Limit, naming purchased capacity lost to the Destroyed Zone (PG-17). */
export const workerLimitSentence = (state: PgState, seat: string): string => {
  const lost = state.players[seat]?.destroyedZone.purchasedWorkerCapacity ?? 0;
  const limit = workerLimit(state, seat);
  const queued = workersInProduction(state, seat);
  const base = `Workers: limit ${limit} reached`;
  const training = queued > 0 ? ` (${workersOnBattlefield(state, seat)} on the battlefield, ${queued} in training)` : '';
  const zone = lost > 0 ? `; ${lost} purchased capacity ${lost === 1 ? 'is' : 'are'} in the Destroyed Zone` : '';
  return `${base}${training}${zone}.`;
};
