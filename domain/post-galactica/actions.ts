/**
 * Action Phase actions (PG-10, rules 13.7): Construct, Produce, Repair, Interact and Aim.
 * A unit or building performs only the actions its datasheet allows, and (default) one
 * action per Action Phase. Production is the training rule of PG-18; Workers build and
 * rebuild Command Centers (PG-19, PG-21).
 */

import { rulesSince } from '../kernel/rules-version.ts';
import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { accept, reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { chainProblem, commandCenterProblem } from './command-centers.ts';
import { type ActionName, canAfford, commandCoordinate, commandIdSchema, formatResources, type Sheet } from './datasheets.ts';
import type { PgEvent } from './events.ts';
import { edgeDistance, inches } from './geometry.ts';
import { PG_LIMITS } from './limits.ts';
import { placementProblem } from './placement.ts';
import { freshUnitId, type PgState } from './state.ts';
import { factionSheet, isDecision, isWorker, ownUnit, type Placed, sheetOf, unitName, unitsOf, WORK_RANGE } from './units.ts';
import { supplyMax, supplyUsed, workerLimit, workerLimitSentence, workersInProduction, workersOnBattlefield } from './workers.ts';

export const constructSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('Construct'),
    unitId: commandIdSchema(),
    datasheet: commandIdSchema(),
    x: commandCoordinate(),
    y: commandCoordinate(),
  }),
);
export const produceSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ type: z.literal('Produce'), buildingId: commandIdSchema(), datasheet: commandIdSchema() }),
);
export const repairSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ type: z.literal('Repair'), unitId: commandIdSchema(), targetId: commandIdSchema() }),
);
export const interactSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ type: z.literal('Interact'), unitId: commandIdSchema(), objectiveId: commandIdSchema() }),
);
export const aimSchema = /* @__PURE__ */ z.lazy(() => z.object({ type: z.literal('Aim'), unitId: commandIdSchema() }));

/** PG-10: the unit exists, is ours, is complete, may perform this action, and has not acted. */
export const actor = (state: PgState, seat: string, unitId: string, action: ActionName): Placed | Decision<never> => {
  const unit = ownUnit(state, seat, unitId, 'PG-10');
  if (isDecision(unit)) return unit;
  const sheet = sheetOf(state, unit);
  const name = unitName(state, unit);
  if (!unit.complete) return reject('UNDER_CONSTRUCTION', 'PG-10', `${name} is still under construction.`);
  if (!sheet.actions.includes(action)) {
    const allowed = sheet.actions.length > 0 ? `its datasheet allows only ${sheet.actions.join(', ')}` : 'its datasheet allows no actions';
    return reject('ACTION_NOT_ALLOWED', 'PG-10', `${name} cannot ${action}; ${allowed}.`);
  }
  if (unit.acted) return reject('ALREADY_ACTED', 'PG-10', `${name} has already performed an action this turn.`);
  return unit;
};

/**
 * TABLE-4: the seat's units on the table that may still perform an action this turn, as `actor`
 * judges them: complete, with an action on the datasheet, not yet acted. Whether the action
 * itself is possible (its cost, its reach) each action's own checks say when it is sent.
 */
export const mayStillAct = (state: PgState, seat: string): Placed[] =>
  unitsOf(state, seat).filter((u) => sheetOf(state, u).actions.some((a) => !isDecision(actor(state, seat, u.id, a))));

const unaffordable = (state: PgState, seat: string, sheet: Sheet, rule: string): Decision<never> | null => {
  const have = state.players[seat]?.resources;
  if (!have || canAfford(have, sheet.cost)) return null;
  return reject('NOT_ENOUGH_RESOURCES', rule, `${sheet.name} costs ${formatResources(sheet.cost)}; you have ${formatResources(have)}.`);
};

const buildingProblem = (
  state: PgState,
  builder: Placed,
  sheet: Sheet,
  at: { x: number; y: number },
  rulesVersion: string,
): Decision<never> | null => {
  const commandCenter = sheet.keywords.includes('Command Center');
  const rule = commandCenter ? 'PG-21' : 'PG-10';
  if (commandCenter && !isWorker(state, builder))
    return reject('NOT_A_WORKER', 'PG-21', `Only a Worker may rebuild a Command Center; ${unitName(state, builder)} is not one.`);
  if (commandCenter) {
    // PG-21: a rebuild keeps the enemy spacing since pg-0.6.0; before, it needed only a legal location (RUL-10).
    const cc = commandCenterProblem(state, builder.seat, at, sheet.baseRadius, rulesSince(rulesVersion, 'pg-0.6.0'));
    if (cc) return cc;
  }
  const where = placementProblem(state, at, sheet.baseRadius);
  if (where) return reject('ILLEGAL_PLACEMENT', rule, `${sheet.name} cannot be placed there: ${where}.`);
  const reach = edgeDistance(builder.position, sheetOf(state, builder).baseRadius, at, sheet.baseRadius);
  if (reach > WORK_RANGE)
    return reject(
      'OUT_OF_REACH',
      rule,
      `${unitName(state, builder)} must be within 1" of the ${sheet.name} it builds; it is ${inches(reach)} away.`,
    );
  if (sheet.keywords.includes('Extractor')) {
    const node = state.mission?.resourceNodes.find((n) => n.kind === 'crystal' && edgeDistance(at, sheet.baseRadius, n, 0) <= WORK_RANGE);
    if (!node)
      return reject('NOT_ON_NODE', 'PG-19', `A ${sheet.name} is an extraction structure and must be placed within 1" of a Crystal Node.`);
  }
  return unaffordable(state, builder.seat, sheet, rule);
};

/**
 * INV-1 since pg-0.8.0: a seat fields at most `unitsPerSeat` units at once (on the battlefield,
 * aboard, under construction or in production) and a game at most `unitsPerGame` in all, the
 * destroyed counted (limits.ts), so no play grows the state past its budget.
 */
export const unitCapProblem = (state: PgState, seat: string, rc: RulesContext, what: string): Decision<never> | null => {
  if (!rulesSince(rc.rulesVersion, 'pg-0.8.0')) return null;
  const producing = state.countdowns.filter((c) => c.kind === 'production');
  const seats = state.units.filter((u) => u.seat === seat).length + producing.filter((c) => c.seat === seat).length;
  if (seats >= PG_LIMITS.unitsPerSeat)
    return reject(
      'TOO_MANY_UNITS',
      'PG-10',
      `${what} would give you ${seats + 1} units; a seat fields at most ${PG_LIMITS.unitsPerSeat} at once (units in production and under construction counted).`,
    );
  const fielded = state.units.length + producing.length + state.destroyed.length;
  if (fielded >= PG_LIMITS.unitsPerGame)
    return reject(
      'TOO_MANY_UNITS',
      'PG-10',
      `${what} would make ${fielded + 1} units in this game; a game fields at most ${PG_LIMITS.unitsPerGame} in all (destroyed ones counted).`,
    );
  return null;
};

/** PG-23 since pg-0.7.0: construction (but a Command Center's own) and production need an active Command Center. */
const needsCommandCenter = (state: PgState, seat: string, rc: RulesContext, what: string): Decision<never> | null =>
  rulesSince(rc.rulesVersion, 'pg-0.7.0') ? chainProblem(state, seat, what) : null;

export const construct = (state: PgState, seat: string, c: z.infer<typeof constructSchema>, rc: RulesContext): Decision<PgEvent> => {
  const builder = actor(state, seat, c.unitId, 'Construct');
  if (isDecision(builder)) return builder;
  const sheet = factionSheet(state, seat, c.datasheet);
  if (sheet?.kind !== 'building') return reject('UNKNOWN_BUILDING', 'PG-10', `"${c.datasheet}" is not a building of your faction.`);
  const commandCenter = sheet.keywords.includes('Command Center');
  const problem =
    (commandCenter ? null : needsCommandCenter(state, seat, rc, `Constructing a ${sheet.name}`)) ??
    buildingProblem(state, builder, sheet, c, rc.rulesVersion) ??
    unitCapProblem(state, seat, rc, `Constructing a ${sheet.name}`);
  if (problem) return problem;
  const n = state.nextId;
  return accept({
    type: 'ConstructionStarted',
    data: {
      seat,
      countdownId: `cd-${n}`,
      unitId: freshUnitId(state, seat, c.datasheet),
      datasheet: c.datasheet,
      builderId: builder.id,
      x: c.x,
      y: c.y,
      cost: sheet.cost,
      counters: sheet.counters,
      placedTurn: state.turn,
      rule: commandCenter ? 'PG-21' : 'PG-7',
    },
  });
};

/** PG-17, PG-18: the Worker Limit, production capacity, resources and Supply. */
const trainingProblem = (state: PgState, building: Placed, sheet: Sheet): Decision<never> | null => {
  const seat = building.seat;
  if (
    sheet.keywords.includes('Worker') &&
    workersOnBattlefield(state, seat) + workersInProduction(state, seat) >= workerLimit(state, seat)
  ) {
    return reject('WORKER_LIMIT', 'PG-17', workerLimitSentence(state, seat));
  }
  const busy = state.countdowns.find((c) => c.buildingId === building.id);
  if (busy)
    return reject(
      'NO_PRODUCTION_CAPACITY',
      'PG-18',
      `${unitName(state, building)} is already producing (${busy.label}, ${busy.counters} counters left).`,
    );
  const poor = unaffordable(state, seat, sheet, 'PG-18');
  if (poor) return poor;
  const used = supplyUsed(state, seat);
  const max = supplyMax(state, seat);
  if (used + sheet.supply > max)
    return reject('NOT_ENOUGH_SUPPLY', 'PG-18', `Supply: ${used} of ${max} used; ${sheet.name} needs ${sheet.supply}.`);
  return null;
};

export const produce = (state: PgState, seat: string, c: z.infer<typeof produceSchema>, rc: RulesContext): Decision<PgEvent> => {
  const building = actor(state, seat, c.buildingId, 'Produce');
  if (isDecision(building)) return building;
  const produces = sheetOf(state, building).produces;
  const sheet = factionSheet(state, seat, c.datasheet);
  if (!sheet || !produces.includes(c.datasheet)) {
    const list = produces.map((id) => factionSheet(state, seat, id)?.name ?? id).join(', ') || 'nothing';
    return reject('CANNOT_PRODUCE', 'PG-10', `${unitName(state, building)} produces ${list}, not "${c.datasheet}".`);
  }
  const problem =
    needsCommandCenter(state, seat, rc, `Producing ${sheet.name}`) ??
    trainingProblem(state, building, sheet) ??
    unitCapProblem(state, seat, rc, `Producing ${sheet.name}`);
  if (problem) return problem;
  const n = state.nextId;
  return accept({
    type: 'ProductionStarted',
    data: {
      seat,
      countdownId: `cd-${n}`,
      buildingId: building.id,
      unitId: freshUnitId(state, seat, sheet.keywords.includes('Worker') ? 'worker' : c.datasheet),
      datasheet: c.datasheet,
      cost: sheet.cost,
      counters: sheet.counters,
      placedTurn: state.turn,
      rule: 'PG-18',
    },
  });
};

export const repair = (state: PgState, seat: string, c: z.infer<typeof repairSchema>): Decision<PgEvent> => {
  const worker = actor(state, seat, c.unitId, 'Repair');
  if (isDecision(worker)) return worker;
  const target = ownUnit(state, seat, c.targetId, 'PG-10');
  if (isDecision(target)) return target;
  const sheet = sheetOf(state, target);
  if (sheet.kind !== 'building' || !target.complete)
    return reject('NOT_REPAIRABLE', 'PG-19', `${unitName(state, target)} is not a completed building; Repair mends buildings.`);
  const reach = edgeDistance(worker.position, sheetOf(state, worker).baseRadius, target.position, sheet.baseRadius);
  if (reach > WORK_RANGE)
    return reject(
      'OUT_OF_REACH',
      'PG-10',
      `${unitName(state, worker)} must be within 1" of ${unitName(state, target)} to repair it; it is ${inches(reach)} away.`,
    );
  const restored = Math.min(sheetOf(state, worker).repair, sheet.cohesion - target.cohesion);
  if (restored <= 0) return reject('NOTHING_TO_REPAIR', 'PG-10', `${unitName(state, target)} has lost no Cohesion.`);
  return accept({
    type: 'UnitRepaired',
    data: { unitId: target.id, by: worker.id, restored, cohesion: target.cohesion + restored, rule: 'PG-10' },
  });
};

export const interact = (state: PgState, seat: string, c: z.infer<typeof interactSchema>): Decision<PgEvent> => {
  const unit = actor(state, seat, c.unitId, 'Interact');
  if (isDecision(unit)) return unit;
  const objective = state.mission?.objectives.find((o) => o.id === c.objectiveId);
  if (!objective) return reject('UNKNOWN_OBJECTIVE', 'PG-10', `This mission has no objective "${c.objectiveId}".`);
  const reach = edgeDistance(unit.position, sheetOf(state, unit).baseRadius, objective, 0);
  if (reach > WORK_RANGE)
    return reject(
      'OUT_OF_REACH',
      'PG-10',
      `${unitName(state, unit)} must be within 1" of ${objective.name} to interact with it; it is ${inches(reach)} away.`,
    );
  if (state.objectives[objective.id] === seat) return reject('ALREADY_CONTROLLED', 'PG-10', `You already control ${objective.name}.`);
  return accept({ type: 'ObjectiveInteracted', data: { unitId: unit.id, seat, objectiveId: objective.id, rule: 'PG-10' } });
};

export const aim = (state: PgState, seat: string, c: z.infer<typeof aimSchema>): Decision<PgEvent> => {
  const unit = actor(state, seat, c.unitId, 'Aim');
  return isDecision(unit) ? unit : accept({ type: 'UnitAimed', data: { unitId: unit.id, rule: 'PG-10' } });
};
