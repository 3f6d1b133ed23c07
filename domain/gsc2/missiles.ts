/**
 * GSC-6 to GSC-10: missiles. Launch orders are sealed with the other seat's; after the
 * reveal, each seat in initiative order launches and moves its missiles (12" straight at
 * the target), surviving tracking tests and enemy MDS fire; then every missile that
 * reached its target attacks at once, with targeting 4 and no range modifier.
 */

import type { Dice } from '../kernel/dice.ts';
import { distance, type Point, pointSegmentDistance } from '../kernel/plane.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import type { InitiativeRolled, MissileAttacked, MissilesLaunched } from './combat-events.ts';
import { destructions, type Hit, resolveHits } from './damage.ts';
import type { GscEvent } from './events.ts';
import { fold } from './evolve.ts';
import { type FireOption, fireOptions, toHitModifiers, toHitNumber } from './firing.ts';
import { EPSILON, towards } from './geometry.ts';
import { MDS_REACH, mdsLeft, mdsRoll } from './interrupts.ts';
import { GSC_LIMITS, MAX_LAUNCH_ORDERS, shipId } from './limits.ts';
import { activeShips, designOf, enemyShip, ownShip, working } from './ships.ts';
import type { GscState, Missile } from './state.ts';

export const MISSILE_MOVE = 12;
export const MISSILE_TARGETING = 4;
export const TRACKING = 5;

export const launchOrderSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ ship: shipId(), battery: shipId(), target: shipId() }));
export const missileOrdersSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ step: z.literal('missiles'), launches: z.array(launchOrderSchema).check(z.maxLength(MAX_LAUNCH_ORDERS)) }),
);
export type MissileOrders = z.infer<typeof missileOrdersSchema>;

/** GSC-6: a battery that launched last turn is reloading. */
export const canLaunch = (state: GscState, shipId: string, battery: string): boolean => {
  const ship = state.ships[shipId];
  return !!ship && working(ship, `missiles:${battery}`) && ship.launched[battery] !== state.turn - 1;
};

export const checkMissileOrders = (state: GscState, seat: string, orders: MissileOrders): Decision<never> | null => {
  const used = new Set<string>();
  for (const order of orders.launches) {
    const ship = ownShip(state, seat, order.ship);
    if (!ship.ok) return reject('NOT_YOUR_SHIP', 'GSC-6', ship.message);
    const { name } = ship.value;
    if (!designOf(state, ship.value).missileBatteries.some((b) => b.id === order.battery))
      return reject('NO_BATTERY', 'GSC-6', `${name} has no missile battery "${order.battery}".`);
    if (!working(ship.value, `missiles:${order.battery}`))
      return reject('BATTERY_DAMAGED', 'GSC-19', `${name}'s missile battery ${order.battery} is damaged or destroyed and cannot launch.`);
    if (!canLaunch(state, order.ship, order.battery))
      return reject(
        'RELOADING',
        'GSC-6',
        `${name}'s missile battery ${order.battery} fired last turn and is reloading; it may launch again next turn.`,
      );
    if (used.has(`${order.ship}:${order.battery}`))
      return reject('BATTERY_TWICE', 'GSC-6', `${name}'s missile battery ${order.battery} is ordered to launch twice.`);
    used.add(`${order.ship}:${order.battery}`);
    const target = enemyShip(state, seat, order.target);
    if (!target.ok) return reject('BAD_TARGET', 'GSC-9', target.message);
  }
  return inFlightProblem(state, seat, orders);
};

/** TABLE-4: the missile batteries that may launch now (working, not reloading, GSC-6) and the enemy ships they may target (GSC-9). */
export const launchOptions = (state: GscState, seat: string): FireOption[] =>
  fireOptions(
    state,
    seat,
    (ship) => designOf(state, ship).missileBatteries,
    (order) => checkMissileOrders(state, seat, { step: 'missiles', launches: [order] }) === null,
  );

/** INV-1: a seat's missiles in flight stay within `missilesInFlight` (limits.ts); the sheet gives no number. */
const inFlightProblem = (state: GscState, seat: string, orders: MissileOrders): Decision<never> | null => {
  const flying = Object.values(state.missiles).filter((m) => m.seat === seat).length;
  const launching = orders.launches.reduce((sum, order) => {
    const ship = state.ships[order.ship];
    const battery = ship ? designOf(state, ship).missileBatteries.find((b) => b.id === order.battery) : undefined;
    return sum + (battery?.missiles ?? 0);
  }, 0);
  const limit = GSC_LIMITS.missilesInFlight;
  if (flying + launching <= limit) return null;
  return reject(
    'TOO_MANY_MISSILES',
    'GSC-7',
    `These orders (orders/launches) launch ${launching} missile(s) and ${seat} has ${flying} in flight; a seat may have at most ${limit} missiles in flight.`,
  );
};

/** GSC-7: roll initiative (d10, highest first, ties roll again) when both seats have missiles to launch or move. */
export const initiative = (
  state: GscState,
  launching: readonly string[],
  dice: Dice,
): { order: string[]; event: InitiativeRolled | null } => {
  const flying = new Set(Object.values(state.missiles).map((m) => m.seat));
  const involved = state.seats.filter((s) => launching.includes(s) || flying.has(s));
  if (involved.length < 2) return { order: involved, event: null };
  const rounds: { seat: string; roll: ReturnType<Dice['roll']> }[][] = [];
  let contenders = involved;
  while (contenders.length > 1) {
    const rolls = contenders.map((seat) => ({
      seat,
      roll: dice.roll({ purpose: `missile initiative: ${seat}`, sides: 10, rule: 'GSC-7' }),
    }));
    rounds.push(rolls);
    const best = Math.max(...rolls.map((r) => r.roll.value));
    contenders = rolls.filter((r) => r.roll.value === best).map((r) => r.seat);
  }
  const first = contenders[0] ?? involved[0] ?? '';
  const order = [first, ...involved.filter((s) => s !== first)];
  return { order, event: { type: 'InitiativeRolled', data: { rounds, order, rule: 'GSC-7' } } };
};

const launches = (state: GscState, seat: string, orders: MissileOrders | undefined): MissilesLaunched[] =>
  (orders?.launches ?? []).flatMap((o) => {
    const ship = state.ships[o.ship];
    const battery = ship ? designOf(state, ship).missileBatteries.find((b) => b.id === o.battery) : undefined;
    if (!ship || !battery || ship.seat !== seat) return [];
    const missiles = Array.from({ length: battery.missiles }, (_, i) => `t${state.turn}-${ship.id}-${battery.id}-${i + 1}`);
    return [
      {
        type: 'MissilesLaunched',
        data: { ship: ship.id, battery: battery.id, target: o.target, missiles, at: ship.at, damage: battery.damage, rule: 'GSC-6' },
      },
    ];
  });

/** GSC-10: one tracking test a turn, when the path crosses asteroids or a dust cloud. */
const tracking = (state: GscState, m: Missile, from: Point, to: Point, dice: Dice): GscEvent | null => {
  if (m.tested === state.turn) return null;
  const over = state.terrain.find((t) => (t.kind === 'asteroids' || t.kind === 'dust') && pointSegmentDistance(t, from, to) <= t.radius);
  if (!over) return null;
  const roll = dice.roll({
    purpose: `tracking: missile ${m.id} over ${over.id}`,
    sides: 10,
    target: TRACKING,
    compare: 'atMost',
    rule: 'GSC-10',
  });
  return { type: 'TrackingTested', data: { missile: m.id, terrain: over.id, roll, lost: roll.success !== true, rule: 'GSC-10' } };
};

/** GSC-8: every enemy ship it passes within 1" of fires its MDS at it, one at a time, until it dies. */
const mdsFire = (state: GscState, m: Missile, from: Point, to: Point, dice: Dice): GscEvent[] => {
  const events: GscEvent[] = [];
  let current = state;
  for (const defender of activeShips(state).filter((s) => s.seat !== m.seat && pointSegmentDistance(s.at, from, to) <= MDS_REACH)) {
    while (current.missiles[m.id] && mdsLeft(current.ships[defender.id] ?? defender) > 0) {
      const shot = mdsRoll(current, current.ships[defender.id] ?? defender, m.id, dice);
      events.push(shot);
      current = fold(current, [shot]);
    }
  }
  return events;
};

/** GSC-7: one missile's move of up to 12" straight at its target, with what happens on the way. */
const moveMissile = (state: GscState, m: Missile, dice: Dice): GscEvent[] => {
  const target = state.ships[m.target];
  if (target?.status !== 'active')
    return [{ type: 'MissileLost', data: { missile: m.id, reason: 'its target is out of the battle', rule: 'GSC-7' } }];
  if (!target) return [];
  const to = towards(m.at, target.at, MISSILE_MOVE);
  const tested = tracking(state, m, m.at, to, dice);
  if (tested?.type === 'TrackingTested' && tested.data.lost) return [tested];
  const reached = distance(to, target.at) < EPSILON;
  const moved: GscEvent = { type: 'MissileMoved', data: { missile: m.id, from: m.at, to, reached, rule: 'GSC-7' } };
  const before = fold(state, tested ? [tested, moved] : [moved]);
  return [...(tested ? [tested] : []), moved, ...mdsFire(before, { ...m, at: to }, m.at, to, dice)];
};

/** GSC-9: a missile that reached its target rolls targeting 4 + aspect with the GSC-15 modifiers, no range. */
const attack = (start: GscState, m: Missile, from: Point, dice: Dice): { event: MissileAttacked; hit: Hit | null } | null => {
  const target = start.ships[m.target];
  if (!target) return null;
  const { aspect, number } = toHitNumber(start, MISSILE_TARGETING, target, from);
  const roll = dice.roll({
    purpose: `to hit: missile ${m.id} at ${target.name}`,
    sides: 10,
    target: number,
    compare: 'atMost',
    modifiers: toHitModifiers(target),
    rule: 'GSC-9',
  });
  const hit = roll.success === true;
  return {
    event: { type: 'MissileAttacked', data: { missile: m.id, target: target.id, aspect, roll, hit, rule: 'GSC-9' } },
    hit: hit ? { source: `missile ${m.id}`, damage: m.damage, rule: 'GSC-9' } : null,
  };
};

export const resolveMissiles = (
  start: GscState,
  orders: readonly { readonly seat: string; readonly orders: MissileOrders }[],
  dice: Dice,
): GscEvent[] => {
  const launching = orders.filter((o) => o.orders.launches.length > 0).map((o) => o.seat);
  const { order, event } = initiative(start, launching, dice);
  const events: GscEvent[] = event ? [event] : [];
  let current = start;
  const arrived: { missile: Missile; from: Point }[] = [];
  for (const seat of order) {
    const launched = launches(current, seat, orders.find((o) => o.seat === seat)?.orders);
    current = fold(current, launched);
    events.push(...launched);
    for (const m of Object.values(current.missiles).filter((x) => x.seat === seat)) {
      const moved = moveMissile(current, m, dice);
      current = fold(current, moved);
      events.push(...moved);
      const landed = current.missiles[m.id];
      if (landed && moved.some((e) => e.type === 'MissileMoved' && e.data.reached)) arrived.push({ missile: landed, from: m.at });
    }
  }
  return [...events, ...attacks(current, arrived, dice)];
};

/** GSC-7 "missile attacks are simultaneous": to-hit against the position after movement, damage after all rolls. */
const attacks = (current: GscState, arrived: readonly { missile: Missile; from: Point }[], dice: Dice): GscEvent[] => {
  const rolled = arrived.flatMap(({ missile, from }) => attack(current, missile, from, dice) ?? []);
  const hits = rolled.flatMap((r) => (r.hit ? [{ target: r.event.data.target, hit: r.hit }] : []));
  const afterRolls = fold(
    current,
    rolled.map((r) => r.event),
  );
  const damage = resolveHits(afterRolls, hits, dice);
  const all = [...rolled.map((r) => r.event), ...damage];
  return [...all, ...destructions(current, all, 'GSC-16')];
};
