/**
 * INV-1, INV-2: the largest GSC2 battle the schemas accept (domain/gsc2/limits.ts): every list
 * at its limit, every id and name at its longest, every design carrying every system. Its
 * numbers make the battle decisive (every beam and missile hits, a broadside destroys a ship),
 * so a test can play it to a real end in a few turns; the size is what matters, not the odds.
 */

import type { GscCommand } from '../domain/gsc2/commands.ts';
import type { GscEvent } from '../domain/gsc2/events.ts';
import { fold } from '../domain/gsc2/evolve.ts';
import { gsc2Fold } from '../domain/gsc2/fold.ts';
import { GSC_LIMITS as L, MAX_BOARDING_ACTIONS, MAX_FIRE_ORDERS } from '../domain/gsc2/limits.ts';
import { gscOptionsSchema } from '../domain/gsc2/options.ts';
import { submitOrders } from '../domain/gsc2/orders.ts';
import { type GscState, initialState, type Missile, type Pod, type ShipState } from '../domain/gsc2/state.ts';
import { seededDice } from '../domain/kernel/dice.ts';
import { sha256Hex } from '../domain/kernel/hash.ts';
import type { RulesContext } from '../domain/kernel/ruleset.ts';
import { ctxFor, seat as seatActor } from './actors.ts';

/** `text` padded with `fill` (or cut) to exactly `length` characters. */
const padded = (text: string, length: number, fill = 'x'): string => text.padEnd(length, fill).slice(0, length);

export const SEATS = ['red', 'blue'] as const;
export type Seat = (typeof SEATS)[number];

/** The longest ids: 24 characters each. */
export const designId = (d: number) => padded(`design-${d}-`, L.idLength);
export const batteryId = (b: number) => padded(`battery-${b}-`, L.idLength);
export const missileBatteryId = (b: number) => padded(`missiles-${b}-`, L.idLength);
export const tractorId = (b: number) => padded(`tractor-${b}-`, L.idLength);
export const shipIdOf = (seat: Seat, i: number) => padded(`${seat}-${String(i).padStart(2, '0')}-`, L.idLength);
export const SHIPS: Record<Seat, string[]> = {
  red: Array.from({ length: L.shipsPerFleet }, (_, i) => shipIdOf('red', i)),
  blue: Array.from({ length: L.shipsPerFleet }, (_, i) => shipIdOf('blue', i)),
};

const BATTERIES = Array.from({ length: L.batteriesPerDesign }, (_, b) => batteryId(b));
const MISSILE_BATTERIES = Array.from({ length: L.missileBatteriesPerDesign }, (_, b) => missileBatteryId(b));
const TRACTORS = Array.from({ length: L.tractorBeamsPerDesign }, (_, b) => tractorId(b));

/** Every listed system of the design, longest references first: the chart's rows take them in turn. */
const REFS = [
  ...MISSILE_BATTERIES.map((b) => `missiles:${b}`),
  ...BATTERIES.map((b) => `battery:${b}`),
  ...TRACTORS.map((b) => `tractor:${b}`),
];

/**
 * A design with every system, each list at its limit. Targeting 20 + aspect 20 hits whatever the
 * modifiers; armor 0 lets every weapon through to the chart; shields 2 and hull 60 fall to one
 * full broadside (two batteries of 6 weapons of 10 damage are enough).
 */
export const largestDesign = () => ({
  ...{ size: L.size, drive: 12, turnDistance: 4, targeting: L.rollNumber },
  aspect: { bow: L.rollNumber, broadside: L.rollNumber, stern: L.rollNumber },
  ...{ deflectors: 0, shields: 2, armor: 0, hull: 60 },
  batteries: BATTERIES.map((id) => ({ id, class: 'heavy', weapons: L.weaponsPerBattery, damage: L.damage, mount: 'T' })),
  missileBatteries: MISSILE_BATTERIES.map((id) => ({ id, missiles: L.missilesPerBattery, damage: L.damage })),
  tractorBeams: TRACTORS.map((id) => ({ id, range: L.tractorInches, strength: 1 })),
  ...{ mds: 1, cloaks: L.systemLevel, thrusters: L.systemLevel, tunnelingDrives: L.systemLevel, inertialDampeners: L.systemLevel },
  ...{ stealthFields: L.systemLevel, scanners: L.systemLevel, repairUnits: L.systemLevel, mineLayers: L.systemLevel },
  ...{ nullFields: L.systemLevel, internalDefense: L.troops, assaultPods: L.assaultPods, transporters: L.troops },
  ...{ crew: L.troops, assaultSquads: L.troops, heavyAssaultSquads: L.troops },
  damageChart: Array.from({ length: 10 }, (_, row) => Array.from({ length: L.chartRow }, (_, i) => REFS[(row + i) % REFS.length])),
});

/** Where a ship deploys: red on y 0, blue 30" away on y 30, 2" apart, bows towards each other. */
const deployment = (seat: Seat, i: number) => ({
  id: shipIdOf(seat, i),
  name: padded(`${seat === 'red' ? 'Red' : 'Blue'} ship ${i} `, L.shipNameLength, '.'),
  design: designId(i % L.designs),
  x: i * 2,
  y: seat === 'red' ? 0 : 30,
  facing: seat === 'red' ? 0 : 4,
});

/** `options.rules` of the largest GSC2 battle the schemas accept. */
export const largestGsc2Rules = () => ({
  designs: Object.fromEntries(Array.from({ length: L.designs }, (_, d) => [designId(d), largestDesign()])),
  fleets: {
    red: Array.from({ length: L.shipsPerFleet }, (_, i) => deployment('red', i)),
    blue: Array.from({ length: L.shipsPerFleet }, (_, i) => deployment('blue', i)),
  },
  // far from the fleets, so nothing crosses it; it drifts every turn, the most terrain events a turn
  terrain: Array.from({ length: L.terrain }, (_, t) => ({
    id: padded(`terrain-${t}-`, L.idLength),
    kind: 'satellite',
    x: -L.coordinate + t,
    y: L.coordinate,
    radius: L.terrainRadius / 100,
    drift: { x: L.drift, y: -L.drift },
  })),
  turnLimit: L.turnLimit,
  longRangeBands: 10,
});

/** The largest battle as its state before the first turn. */
export const largestGsc2State = (): GscState =>
  initialState({ seats: [...SEATS], firstSeat: 'red', options: gscOptionsSchema.parse(largestGsc2Rules()) });

/** A rules context with real (seeded) dice, fixed for every run: what a bench times a decision with. */
export const benchRc = (seat: Seat, seq = 1): RulesContext => {
  const dice = seededDice(sha256Hex('largest-gsc2'), 'g_largest_gsc2', seq);
  return { ctx: ctxFor(seatActor(seat), dice), dice, seat, salt: (label) => sha256Hex(label), rulesVersion: gsc2Fold.rulesVersion };
};

/** Every battery of the seat's fleet at an enemy ship, each ship at the enemy ship with its own number. */
export const fullFire = (seat: Seat) => ({
  step: 'beams' as const,
  fire: SHIPS[seat].flatMap((ship, i) =>
    BATTERIES.map((battery) => ({ ship, battery, target: SHIPS[seat === 'red' ? 'blue' : 'red'][i] as string })),
  ),
});

/** Turn 1's Beams step, both seats awaited, every ship having stood still in Movement. */
const beamsStep = (): GscState => {
  const start = largestGsc2State();
  const ships: Record<string, ShipState> = {};
  for (const [id, s] of Object.entries(start.ships)) ships[id] = { ...s, moved: 0 };
  return { ...start, turn: 1, step: 'beams', sealedStep: 'beams', awaited: [...SEATS], sealed: {}, ships };
};

/**
 * INV-2: the most expensive GSC2 decision at the largest size: the last seat's beam orders,
 * which reveal both seats' and resolve every battery of both full fleets at once (8 ships of 4
 * batteries a side, 6 weapons each: 384 hits, each an armor roll, a chart roll and a system
 * change). The largest boarding step (every trooper aboard rolling, GSC-21) costs about as much.
 * Returns the state with red's orders sealed, and blue's command to decide with `decide`.
 */
export const slowestGsc2Command = (): { state: GscState; command: GscCommand; rc: RulesContext } => {
  const before = beamsStep();
  const sealed = submitOrders(before, { type: 'SubmitOrders', orders: fullFire('red') }, benchRc('red'));
  if (!sealed.ok) throw new Error(`red's orders were refused: ${sealed.violation.message}`);
  const state = fold(before, sealed.events as GscEvent[]);
  if (fullFire('blue').fire.length !== MAX_FIRE_ORDERS) throw new Error('the full fire orders are not at their limit');
  return { state, command: { type: 'SubmitOrders', orders: fullFire('blue') }, rc: benchRc('blue', 2) };
};

/** The longest a coordinate prints as JSON (25 characters): what a point in play may cost. */
export const LONGEST_NUMBER = -0.0000012345678901234567;
const far = { x: LONGEST_NUMBER, y: LONGEST_NUMBER };

/** The larger of the seat's largest beam orders and its largest boarding orders, as sealed. */
const largestOrders = (seat: Seat) => {
  const enemy = SHIPS[seat === 'red' ? 'blue' : 'red'];
  const boarding = {
    step: 'boarding',
    actions: Array.from({ length: MAX_BOARDING_ACTIONS }, (_, i) => ({
      ...{ ship: SHIPS[seat][i % L.shipsPerFleet] as string, target: enemy[i % L.shipsPerFleet] as string },
      ...{ method: 'teleporters', assault: L.troops, heavy: L.troops },
    })),
    sabotage: enemy.map((ship) => ({ ship, assault: L.troops, heavy: L.troops })),
    pods: Array.from({ length: L.shipsPerFleet * L.assaultPods }, (_, i) => ({ pod: podId(seat, i), to: far })),
  };
  const beams = fullFire(seat);
  return JSON.stringify(boarding).length > JSON.stringify(beams).length ? boarding : beams;
};

const podId = (seat: Seat, i: number) => `${SHIPS[seat][Math.floor(i / L.assaultPods)]}-pod-${(i % L.assaultPods) + 1}`;

/**
 * INV-1: the largest state a battle of the largest options can reach: on top of the largest
 * options, every list that grows in play at its limit at once, with the longest values it may
 * hold. Each seat has its most missiles in flight (ids of the last turn), every assault pod in
 * flight, and its largest orders sealed (a game that ends in a sealed step keeps both); every
 * ship has every tractor beam used and armed, contact with every enemy ship, every missile
 * battery's launch turn and the most boarders aboard, and every point is the longest number.
 */
export const largestGsc2PlayState = (): GscState => {
  const start = largestGsc2State();
  const missiles: Record<string, Missile> = {};
  const podsInFlight: Record<string, Pod> = {};
  for (const seat of SEATS) {
    const enemy = SHIPS[seat === 'red' ? 'blue' : 'red'];
    for (let i = 0; i < L.missilesInFlight; i += 1) {
      const ship = SHIPS[seat][Math.floor(i / L.missilesPerBattery) % L.shipsPerFleet] as string;
      const id = `t${L.turnLimit}-${ship}-${missileBatteryId(0)}-${i}`;
      missiles[id] = { id, seat, ship, target: enemy[0] as string, at: far, damage: L.damage, tested: L.turnLimit };
    }
    for (let i = 0; i < L.shipsPerFleet * L.assaultPods; i += 1) {
      const id = podId(seat, i);
      const ship = SHIPS[seat][Math.floor(i / L.assaultPods)] as string;
      podsInFlight[id] = { id, seat, ship, squad: 'assault', at: far, targeting: -L.rollNumber, heading: { point: far } };
    }
  }
  const ships: Record<string, ShipState> = {};
  for (const [id, s] of Object.entries(start.ships)) {
    const enemy = SHIPS[s.seat === 'red' ? 'blue' : 'red'];
    ships[id] = {
      ...s,
      ...{ at: far, moved: LONGEST_NUMBER, held: LONGEST_NUMBER, deferred: true, absorbed: L.systemLevel, mdsUsed: L.systemLevel },
      tractorsUsed: TRACTORS,
      armed: TRACTORS.map((beam) => ({ beam, target: enemy[0] as string })),
      contact: enemy,
      launched: Object.fromEntries(MISSILE_BATTERIES.map((b) => [b, L.turnLimit])),
      boarders: { assault: L.shipsPerFleet * L.troops, heavy: L.shipsPerFleet * L.troops },
    };
  }
  const sealed = Object.fromEntries(
    SEATS.map((seat) => [seat, { orders: largestOrders(seat), salt: 'f'.repeat(64), hash: 'f'.repeat(64) }]),
  );
  return {
    ...start,
    ...{ turn: L.turnLimit, step: 'boarding', sealedStep: 'boarding', awaited: [...SEATS], sealed, ships, missiles, podsInFlight },
    terrain: start.terrain.map((t) => ({ ...t, x: LONGEST_NUMBER, y: LONGEST_NUMBER })),
  };
};
