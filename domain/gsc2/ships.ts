/** Small questions about ships that several rule topics ask. */
import type { ShipDesign } from './designs.ts';
import type { GscState, ShipState } from './state.ts';

export const designOf = (state: GscState, ship: ShipState): ShipDesign => {
  const design = state.designs[ship.design];
  if (!design) throw new Error(`ship ${ship.id} has no design ${ship.design}`);
  return design;
};

/** Ships still in the battle (not destroyed, not captured), in deployment order. */
export const activeShips = (state: GscState, seat?: string): ShipState[] =>
  Object.values(state.ships).filter((s) => s.status === 'active' && (seat === undefined || s.seat === seat));

export const otherSeat = (state: GscState, seat: string): string => state.seats.find((s) => s !== seat) ?? seat;

/** A system's working strength: 0 when destroyed, never negative. */
export const levelOf = (ship: ShipState, ref: string): number => {
  const system = ship.systems[ref];
  return !system || system.destroyed ? 0 : Math.max(0, system.level);
};

/** GSC-19: a battery, missile battery or tractor beam works only while neither damaged nor destroyed. */
export const working = (ship: ShipState, ref: string): boolean => levelOf(ship, ref) >= 1;

/** GSC-4, GSC-5: the drive this turn, less whatever enemy tractor beams hold back. */
export const driveThisTurn = (ship: ShipState): number => Math.max(0, levelOf(ship, 'drive') - ship.held);

/** GSC-20: an immobilized ship has no drive left. */
export const immobilized = (ship: ShipState): boolean => levelOf(ship, 'drive') <= 0;

export type Lookup<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** The seat's own active ship, or why not. */
export const ownShip = (state: GscState, seat: string | null, id: string): Lookup<ShipState> => {
  const ship = state.ships[id];
  if (!ship) return { ok: false, message: `There is no ship "${id}".` };
  if (ship.seat !== seat) return { ok: false, message: `${ship.name} is not your ship.` };
  if (ship.status !== 'active') return { ok: false, message: `${ship.name} is ${ship.status} and out of the battle.` };
  return { ok: true, value: ship };
};

/** An active enemy ship of `seat`, or why not. */
export const enemyShip = (state: GscState, seat: string, id: string): Lookup<ShipState> => {
  const ship = state.ships[id];
  if (!ship) return { ok: false, message: `There is no ship "${id}".` };
  if (ship.seat === seat) return { ok: false, message: `${ship.name} is one of your own ships.` };
  if (ship.status !== 'active') return { ok: false, message: `${ship.name} is ${ship.status} and cannot be targeted.` };
  return { ok: true, value: ship };
};
