/**
 * GSC-23: the last step. Repair units work on 4 or less, and the systems they try to
 * repair are named in the command, before any die is rolled. Each working repair unit
 * makes one attempt; a success restores one level (a damaged battery fires again, a
 * halved small-ship drive is whole again). Destroyed systems cannot be repaired (GSC-19).
 */

import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import type { RepairAttempted } from './boarding-events.ts';
import { inItsStep } from './command-steps.ts';
import { kindOf } from './designs.ts';
import type { GscEvent } from './events.ts';
import { fold } from './evolve.ts';
import { GSC_LIMITS, refOf, shipId } from './limits.ts';
import { activeShips, designOf, levelOf, ownShip } from './ships.ts';
import type { GscState, ShipState, SystemState } from './state.ts';

export const REPAIR_ON = 4;

export const repairSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    type: z.literal('Repair'),
    attempts: z
      .array(z.strictObject({ ship: shipId(), system: refOf(GSC_LIMITS.refLength) }))
      .check(z.maxLength(GSC_LIMITS.repairAttempts)),
  }),
);
export type Repair = z.infer<typeof repairSchema>;

export const needsRepair = (s: SystemState | undefined): boolean => !!s && !s.destroyed && (s.level < s.max || s.hits > 0);

export const repaired = (ref: string, s: SystemState, size: number): SystemState =>
  kindOf(ref) === 'drive' && size <= 3 ? { ...s, level: s.max, hits: 0 } : { ...s, level: Math.min(s.max, s.level + 1), hits: 0 };

/** A ship of the seat's with working repair units, and the systems on it they may try (GSC-19, GSC-23). */
export interface RepairOption {
  readonly ship: string;
  readonly units: number;
  readonly systems: readonly string[];
}

/** The seat's ships with a working repair unit and something to repair, as the Repair command's checks take them. */
export const repairOptions = (state: GscState, seat: string): RepairOption[] =>
  activeShips(state, seat)
    .map((s) => ({
      ship: s.id,
      units: levelOf(s, 'repairUnits'),
      systems: Object.entries(s.systems)
        .filter(([, system]) => needsRepair(system))
        .map(([ref]) => ref),
    }))
    .filter((o) => o.units > 0 && o.systems.length > 0);

/** Seats with a working repair unit on a ship that has something to repair. */
export const repairSeats = (state: GscState): string[] => state.seats.filter((seat) => repairOptions(state, seat).length > 0);

const problem = (ship: ShipState, ref: string, planned: number): string | null => {
  const system = ship.systems[ref];
  if (!system) return `${ship.name} has no system "${ref}".`;
  if (system.destroyed) return `${ship.name}'s ${ref} is destroyed and cannot be repaired (GSC-19).`;
  if (!needsRepair(system)) return `${ship.name}'s ${ref} is not damaged.`;
  if (planned > levelOf(ship, 'repairUnits'))
    return `${ship.name} has ${levelOf(ship, 'repairUnits')} working repair unit(s); each tries one repair a turn.`;
  return null;
};

export const repair = (state: GscState, command: Repair, rc: RulesContext): Decision<GscEvent> => {
  if (!inItsStep(state, 'Repair'))
    return reject('NOT_REPAIRS', 'GSC-23', `Repairs are made in the last step; it is the ${state.step} step.`, 409);
  if (rc.seat === null || !state.awaited.includes(rc.seat))
    return reject('NOT_AWAITED', 'GSC-23', 'Your repairs for this turn are done, or you have nothing to repair.', 403);
  const planned = new Map<string, number>();
  for (const a of command.attempts) {
    const ship = ownShip(state, rc.seat, a.ship);
    if (!ship.ok) return reject('NOT_YOUR_SHIP', 'GSC-23', ship.message);
    planned.set(a.ship, (planned.get(a.ship) ?? 0) + 1);
    const why = problem(ship.value, a.system, planned.get(a.ship) ?? 0);
    if (why) return reject('CANNOT_REPAIR', /GSC-19/.test(why) ? 'GSC-19' : 'GSC-23', why);
  }
  // the systems are fixed by the command above; only now are dice rolled
  const events: GscEvent[] = [];
  let current = state;
  for (const a of command.attempts) {
    const event = attempt(current, a.ship, a.system, rc);
    events.push(event);
    current = fold(current, [event]);
  }
  return { ok: true, events: [...events, { type: 'RepairsDone', data: { seat: rc.seat, rule: 'GSC-23' } }] };
};

const attempt = (state: GscState, shipId: string, ref: string, rc: RulesContext): RepairAttempted => {
  const ship = state.ships[shipId] as ShipState;
  const before = ship.systems[ref] as SystemState;
  const roll = rc.dice.roll({ purpose: `repair: ${ship.name} ${ref}`, sides: 10, target: REPAIR_ON, compare: 'atMost', rule: 'GSC-23' });
  const fixed = roll.success === true && needsRepair(before);
  const after = fixed ? repaired(ref, before, designOf(state, ship).size) : before;
  return { type: 'RepairAttempted', data: { ship: shipId, system: ref, roll, repaired: fixed, after, rule: 'GSC-23' } };
};
