/**
 * GSC-11 to GSC-15: beam fire. Orders are checked when sealed (arc, range, a working
 * battery, once per turn); after the reveal every battery rolls one die against the
 * position at the start of the step (simultaneous), then each weapon resolves damage.
 */

import type { Dice, RollModifier } from '../kernel/dice.ts';
import { distance } from '../kernel/plane.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import type { BeamFired } from './combat-events.ts';
import { destroyedIn, type Hit, resolveHitsOn } from './damage.ts';
import type { BeamBattery } from './designs.ts';
import type { GscEvent } from './events.ts';
import { type Aspect, aspectOf, inArc, relativeBearing, round3 } from './geometry.ts';
import { MAX_FIRE_ORDERS, shipId } from './limits.ts';
import { bandOf, inReach, rangeModifier } from './ranges.ts';
import { activeShips, designOf, enemyShip, levelOf, ownShip, working } from './ships.ts';
import type { GscState, ShipState } from './state.ts';

export const fireOrderSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ ship: shipId(), battery: shipId(), target: shipId() }));
export const beamOrdersSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ step: z.literal('beams'), fire: z.array(fireOrderSchema).check(z.maxLength(MAX_FIRE_ORDERS)) }),
);
export type FireOrder = z.infer<typeof fireOrderSchema>;
export type BeamOrders = z.infer<typeof beamOrdersSchema>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * GSC-15, as the sheet writes them: each modifier changes the number to roll at most
 * (`applies: 'target'`), so "+2 if the target did not move" is logged as +2.
 */
export const toHitModifiers = (target: ShipState): RollModifier[] => {
  const modifiers: RollModifier[] = [];
  const deflectors = levelOf(target, 'deflectors');
  const gsc15 = (value: number, reason: string): RollModifier => ({ applies: 'target', value, rule: 'GSC-15', reason });
  if (deflectors > 0) modifiers.push(gsc15(-deflectors, `${plural(deflectors, 'deflector level')} on the target`));
  const moved = target.moved ?? 0;
  if (moved === 0) modifiers.push(gsc15(2, 'target did not move'));
  else if (moved <= 4) modifiers.push(gsc15(1, `target moved ${moved}", 4" or less`));
  else if (moved >= 12) modifiers.push(gsc15(-1, `target moved ${moved}", 12" or more`));
  return modifiers;
};

/** GSC-15: the number to roll at most: targeting plus the target's aspect from where the attack comes. */
export const toHitNumber = (
  state: GscState,
  targeting: number,
  target: ShipState,
  from: ShipState['at'],
): { aspect: Aspect; number: number } => {
  const aspect = aspectOf(target.at, target.facing, from);
  return { aspect, number: targeting + designOf(state, target).aspect[aspect] };
};

interface Solution {
  readonly battery: BeamBattery;
  readonly range: number;
  readonly aspect: Aspect;
  /** GSC-15: targeting + aspect, the number to roll before modifiers. */
  readonly number: number;
  /** GSC-15's modifiers, then GSC-12's range modifier. */
  readonly modifiers: readonly RollModifier[];
}

/** GSC-12: the range modifier as logged with the roll, none at normal range. */
const rangeModifiers = (battery: BeamBattery, range: number): RollModifier[] => {
  const value = rangeModifier(battery.class, range);
  if (value === 0) return [];
  return [
    { applies: 'target', value, rule: 'GSC-12', reason: `${battery.class} beam at ${range}", ${bandOf(battery.class, range)} range` },
  ];
};

/** GSC-12: why a battery that is in arc does not reach its target, in words, or null. */
const beyondReach = (state: GscState, ship: ShipState, battery: BeamBattery, target: ShipState, range: number, toHit: number) => {
  const { readings } = state;
  // a game begun before gsc2-0.5.0 has no `beamRanges` reading: every one of them played capped
  const reach = {
    beamRanges: readings.beamRanges ?? 'capped',
    longRangeBands: state.longRangeBands,
    heavyLongRangeBands: readings.heavyLongRangeBands,
  };
  if (inReach(battery.class, range, reach, toHit)) return null;
  const named = `${ship.name}'s ${battery.class} battery ${battery.id}`;
  if (battery.class === 'heavy' || reach.beamRanges === 'capped')
    return `${target.name} is ${range}" away, out of range of ${named} (GSC-12).`;
  return `${target.name} is ${range}" away, beyond the reach of ${named}: it would need ${toHit} or less on a d10 there, and the range bands go on only while a hit is possible (GSC-12).`;
};

/** GSC-12, GSC-13, GSC-15, GSC-19: why this battery may not fire at this target, or the roll it makes. */
const aim = (state: GscState, ship: ShipState, order: FireOrder, target: ShipState): Solution | string => {
  const battery = designOf(state, ship).batteries.find((b) => b.id === order.battery);
  if (!battery) return `${ship.name} has no beam battery "${order.battery}".`;
  if (!working(ship, `battery:${battery.id}`))
    return `${ship.name}'s battery ${battery.id} is damaged or destroyed and cannot fire (GSC-19).`;
  const bearing = relativeBearing(ship.at, ship.facing, target.at);
  if (!inArc(battery.mount, bearing))
    return `${target.name} is at bearing ${Math.round(bearing)}°, outside the ${battery.mount} arc of ${ship.name}'s battery ${battery.id} (GSC-13).`;
  const range = round3(distance(ship.at, target.at));
  const { aspect, number } = toHitNumber(state, designOf(state, ship).targeting, target, ship.at);
  const modifiers = [...toHitModifiers(target), ...rangeModifiers(battery, range)];
  const toHit = modifiers.reduce((n, m) => n + m.value, number);
  return beyondReach(state, ship, battery, target, range, toHit) ?? { battery, range, aspect, number, modifiers };
};

const ruleOf = (message: string): string => /\((GSC-\d+)\)\.$/.exec(message)?.[1] ?? 'GSC-14';

/** Sealing-time check of a seat's beam orders: every illegal allocation is refused, nothing is logged. */
export const checkBeamOrders = (state: GscState, seat: string, orders: BeamOrders): Decision<never> | null => {
  const used = new Set<string>();
  for (const order of orders.fire) {
    const ship = ownShip(state, seat, order.ship);
    if (!ship.ok) return reject('NOT_YOUR_SHIP', 'GSC-14', ship.message);
    const target = enemyShip(state, seat, order.target);
    if (!target.ok) return reject('BAD_TARGET', 'GSC-14', target.message);
    const key = `${order.ship}:${order.battery}`;
    if (used.has(key))
      return reject(
        'BATTERY_TWICE',
        'GSC-14',
        `${ship.value.name}'s battery ${order.battery} is given two targets; a battery fires once, at one target.`,
      );
    used.add(key);
    const solution = aim(state, ship.value, order, target.value);
    if (typeof solution === 'string') return reject('CANNOT_FIRE', ruleOf(solution), solution);
  }
  return null;
};

/** GSC-14, GSC-15: one die for the battery; GSC-12 adds the range modifier. */
const fireBattery = (start: GscState, order: FireOrder, dice: Dice): { fired: BeamFired; hits: Hit[] } | null => {
  const ship = start.ships[order.ship];
  const target = start.ships[order.target];
  if (!ship || !target) return null;
  const solution = aim(start, ship, order, target);
  if (typeof solution === 'string') return null;
  const { battery, range, aspect, number, modifiers } = solution;
  const roll = dice.roll({
    purpose: `to hit: ${ship.name} battery ${battery.id} at ${target.name}`,
    sides: 10,
    target: number,
    compare: 'atMost',
    modifiers,
    rule: 'GSC-15',
  });
  const hit = roll.success === true;
  const fired: BeamFired = {
    type: 'BeamFired',
    data: { ship: ship.id, battery: battery.id, target: target.id, range, aspect, roll, hit, rule: 'GSC-14' },
  };
  const source = `${ship.name} battery ${battery.id}`;
  return { fired, hits: hit ? Array.from({ length: battery.weapons }, () => ({ source, damage: battery.damage, rule: 'GSC-14' })) : [] };
};

/**
 * GSC-11: beams resolve after missiles, all at once: every to-hit roll is made against the
 * state at the start of the step, so a ship destroyed by beams this step still fires.
 */
export const resolveBeams = (
  start: GscState,
  orders: readonly { readonly seat: string; readonly orders: BeamOrders }[],
  dice: Dice,
): GscEvent[] => {
  // every battery rolls to hit first, against the start of the step; damage follows
  const fired = orders.flatMap((o) => o.orders.fire.map((order) => ({ order, result: fireBattery(start, order, dice) })));
  const events: GscEvent[] = [];
  let current = start;
  for (const { order, result } of fired) {
    if (!result) continue;
    // INV-2: each hit is folded once, on from where the hits before it left the target
    const damage = resolveHitsOn(
      current,
      result.hits.map((hit) => ({ target: order.target, hit })),
      dice,
    );
    events.push(result.fired, ...damage.events);
    current = damage.after;
  }
  return [...events, ...destroyedIn(current, 'GSC-16')];
};

/** TABLE-4: a battery of one of the seat's ships that may fire or launch now, and the enemy ships it may aim at. */
export interface FireOption {
  readonly ship: string;
  readonly battery: string;
  readonly targets: readonly string[];
}

/**
 * TABLE-4: the seat's ships' batteries (`batteries` of each design) each with the enemy ships
 * that `check` accepts as one order alone, those with none left out. The sealing check itself
 * judges, so what the page offers is what the referee accepts.
 */
export const fireOptions = (
  state: GscState,
  seat: string,
  batteries: (ship: ShipState) => readonly { readonly id: string }[],
  check: (order: FireOrder) => boolean,
): FireOption[] =>
  activeShips(state, seat).flatMap((ship) =>
    batteries(ship)
      .map((b) => ({
        ship: ship.id,
        battery: b.id,
        targets: activeShips(state)
          .filter((t) => t.seat !== seat && check({ ship: ship.id, battery: b.id, target: t.id }))
          .map((t) => t.id),
      }))
      .filter((o) => o.targets.length > 0),
  );

/** TABLE-4: the beam batteries that may fire now and the enemy ships in their arc and reach (GSC-12, GSC-13, GSC-19). */
export const beamOptions = (state: GscState, seat: string): FireOption[] =>
  fireOptions(
    state,
    seat,
    (ship) => designOf(state, ship).batteries,
    (order) => checkBeamOrders(state, seat, { step: 'beams', fire: [order] }) === null,
  );
