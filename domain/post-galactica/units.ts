/** Reading units against their datasheets: models (PG-2), names, footprints, who is an enemy. */

import type { Point } from '../kernel/plane.ts';
import { type Decision, reject } from '../kernel/violation.ts';
import type { Sheet } from './datasheets.ts';
import { edgeDistance } from './geometry.ts';
import type { PgState, UnitState } from './state.ts';
import type { Stance } from './terms.ts';

/** Default engagement range, edge to edge (the text uses "engaged" without a distance). */
export const ENGAGEMENT_RANGE = 1;
/** Default reach for Construct, Repair, Interact and gathering, edge to edge. */
export const WORK_RANGE = 1;

export const sheetOf = (state: PgState, unit: Pick<UnitState, 'seat' | 'datasheet'>): Sheet => {
  const faction = state.players[unit.seat]?.faction ?? '';
  const sheet = state.catalog[faction]?.[unit.datasheet];
  if (!sheet) throw new Error(`no datasheet ${unit.datasheet} for ${unit.seat}`);
  return sheet;
};

export const factionSheet = (state: PgState, seat: string, datasheet: string): Sheet | undefined =>
  state.catalog[state.players[seat]?.faction ?? '']?.[datasheet];

/** PG-2: models represented = remaining Cohesion / Body Value, rounded up. */
export const modelsRemaining = (cohesion: number, bodyValue: number): number => Math.ceil(Math.max(0, cohesion) / bodyValue);

export const models = (state: PgState, unit: UnitState): number => modelsRemaining(unit.cohesion, sheetOf(state, unit).bodyValue);

export const unitName = (state: PgState, unit: UnitState): string => `${sheetOf(state, unit).name} (${unit.id})`;

export const hasKeyword = (state: PgState, unit: UnitState, keyword: string): boolean => sheetOf(state, unit).keywords.includes(keyword);

export const isWorker = (state: PgState, unit: UnitState): boolean => hasKeyword(state, unit, 'Worker');
export const isCommandCenter = (state: PgState, unit: UnitState): boolean => hasKeyword(state, unit, 'Command Center');
export const isBuilding = (state: PgState, unit: UnitState): boolean => sheetOf(state, unit).kind === 'building';

export const hasStatus = (unit: UnitState, status: string): boolean => unit.statuses.some((s) => s.name === status);

export const radius = (state: PgState, unit: UnitState): number => sheetOf(state, unit).baseRadius;

export type Placed = UnitState & { readonly position: Point };

export const onBattlefield = (state: PgState): Placed[] => state.units.filter((u): u is Placed => u.position !== null);

export const unitsOf = (state: PgState, seat: string): Placed[] => onBattlefield(state).filter((u) => u.seat === seat);

export const enemiesOf = (state: PgState, seat: string): Placed[] => onBattlefield(state).filter((u) => u.seat !== seat);

export const gap = (state: PgState, a: Placed, b: Placed): number =>
  edgeDistance(a.position, radius(state, a), b.position, radius(state, b));

export const hasStance = (unit: UnitState, stance: Stance): boolean => unit.stance === stance;

/**
 * Default: a unit is engaged while an enemy unit (not a building) is within 1" of it. A unit
 * that has Disengaged (PG-10) neither is engaged nor engages until its controller's next turn.
 */
export const engagedWith = (state: PgState, unit: Placed): Placed[] =>
  hasStance(unit, 'Disengage')
    ? []
    : enemiesOf(state, unit.seat).filter(
        (e) => !isBuilding(state, e) && !hasStance(e, 'Disengage') && gap(state, unit, e) <= ENGAGEMENT_RANGE,
      );

/** Find one of the actor's own units on the battlefield, or say why not. */
export const ownUnit = (state: PgState, seat: string, unitId: string, rule: string): Placed | Decision<never> => {
  const unit = state.units.find((u) => u.id === unitId);
  if (!unit) return reject('UNKNOWN_UNIT', rule, `There is no unit "${unitId}" in this game.`);
  if (unit.seat !== seat) return reject('NOT_YOUR_UNIT', rule, `${unitName(state, unit)} belongs to ${unit.seat}, not to you.`, 403);
  if (unit.position === null) return reject('NOT_ON_BATTLEFIELD', rule, `${unitName(state, unit)} is not on the battlefield.`);
  return unit as Placed;
};

export const isDecision = (value: unknown): value is Decision<never> =>
  typeof value === 'object' && value !== null && 'ok' in value && (value as { ok: unknown }).ok === false;
