/**
 * Command Centers (rules 7.1, 7.7-7.9): at most the active limit (1 unless a rule says
 * otherwise, PG-15, PG-21); rebuilt by an eligible Worker (PG-19, PG-21); placed at least
 * 12" from a friendly one, 6" from an enemy one, and not within 4" of an enemy unit. A
 * rebuild must "meet all placement requirements" (7.8), so it keeps the enemy spacing too
 * (docs/rules/post-galactica.md, PG-21). An active one enables construction and production
 * (PG-23).
 */

import type { Point } from '../kernel/plane.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import { edgeDistance, inches } from './geometry.ts';
import type { PgState } from './state.ts';
import { enemiesOf, isCommandCenter, radius, unitName, unitsOf } from './units.ts';

export const FRIENDLY_CC_SPACING = 12;
export const ENEMY_CC_SPACING = 6;
export const ENEMY_UNIT_SPACING = 4;

export const commandCenterLimit = (state: PgState): number => state.mission?.commandCenterLimit ?? 1;

/** A seat's Command Centers on the battlefield, complete or under construction: both count against the limit (default). */
export const commandCenters = (state: PgState, seat: string) => unitsOf(state, seat).filter((u) => isCommandCenter(state, u));

/**
 * PG-23 (7.7, "A Command Center normally ... Enables construction and production chains"):
 * with no active (complete) Command Center on the battlefield a player begins no construction
 * and no production; rebuilding the Command Center itself is what 7.8 allows, and is not
 * asked here. `what` names the action for the sentence.
 */
export const chainProblem = (state: PgState, seat: string, what: string): Decision<never> | null =>
  commandCenters(state, seat).some((u) => u.complete)
    ? null
    : reject(
        'NO_COMMAND_CENTER',
        'PG-23',
        `${what} needs an active Command Center, which enables construction and production; rebuild your Command Center first.`,
      );

/**
 * PG-21 (7.8, 7.9): the limit, then the spacing of a new Command Center, additional or rebuilt
 * (`rebuildSpacing`: a rebuild is spaced as well, since pg-0.6.0; before, it needed only a legal location).
 */
export const commandCenterProblem = (state: PgState, seat: string, at: Point, r: number, rebuildSpacing = true): Decision<never> | null => {
  const own = commandCenters(state, seat);
  const limit = commandCenterLimit(state);
  if (own.length >= limit) {
    const active = own.filter((u) => u.complete).length;
    const what = active === own.length ? `${active} active` : `${active} active and ${own.length - active} under construction`;
    return reject(
      'COMMAND_CENTER_LIMIT',
      'PG-21',
      `You control ${what} Command Center${own.length === 1 ? '' : 's'}; the limit is ${limit}, so no new one may be begun.`,
    );
  }
  // PG-21: with none left this is a rebuild, which meets the same requirements (7.8); the
  // friendly spacing then has nothing to measure from.
  if (own.length === 0 && !rebuildSpacing) return null;
  const which = own.length === 0 ? 'A rebuilt Command Center' : 'An additional Command Center';
  for (const cc of own) {
    const d = edgeDistance(at, r, cc.position, radius(state, cc));
    if (d < FRIENDLY_CC_SPACING)
      return reject(
        'TOO_CLOSE_TO_FRIENDLY_CC',
        'PG-21',
        `${which} must be at least 12" from ${unitName(state, cc)}; this spot is ${inches(d)} away.`,
      );
  }
  for (const enemy of enemiesOf(state, seat)) {
    const d = edgeDistance(at, r, enemy.position, radius(state, enemy));
    if (isCommandCenter(state, enemy) && d < ENEMY_CC_SPACING) {
      return reject(
        'TOO_CLOSE_TO_ENEMY_CC',
        'PG-21',
        `${which} must be at least 6" from the enemy ${unitName(state, enemy)}; this spot is ${inches(d)} away.`,
      );
    }
    if (!isCommandCenter(state, enemy) && d <= ENEMY_UNIT_SPACING) {
      return reject(
        'TOO_CLOSE_TO_ENEMY',
        'PG-21',
        `${which} may not be placed within 4" of the enemy unit ${unitName(state, enemy)} (${inches(d)} away).`,
      );
    }
  }
  return null;
};
