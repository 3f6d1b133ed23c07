/**
 * GSC-5: Missile Defense Systems and Tractor Beams used in the middle of movement.
 * GSC-8: an MDS needs a 6 to hit (by default a d10 of 6 or less, the sheet's "roll equal
 * to or less" convention; option `mdsHit`) and each success kills a missile; each MDS
 * fires once a turn.
 * Tractor beams (the sheet gives no effect; our default): an undamaged beam, once a
 * turn, holds back `strength` inches of the drive of an enemy ship within `range`
 * that has not moved yet this turn.
 */

import type { Dice } from '../kernel/dice.ts';
import { distance, type Point } from '../kernel/plane.ts';
import * as z from '../kernel/zod.ts';
import type { TractorBeam } from './designs.ts';
import type { MdsFired, TractorBeamArmed, TractorBeamUsed } from './events.ts';
import { entersWithin, round3 } from './geometry.ts';
import { shipId } from './limits.ts';
import { activeShips, designOf, enemyShip, levelOf, working } from './ships.ts';
import type { GscState, ShipState } from './state.ts';

export const MDS_TO_HIT = 6;
export const MDS_REACH = 1;

export const useTractorBeamSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ type: z.literal('UseTractorBeam'), ship: shipId(), beam: shipId(), target: shipId() }),
);
export type UseTractorBeam = z.infer<typeof useTractorBeamSchema>;
export const armTractorBeamSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ type: z.literal('ArmTractorBeam'), ship: shipId(), beam: shipId(), target: shipId() }),
);

/** GSC-5: why this ship's beam cannot hold `targetId` this turn (range aside), or the beam and its target. */
const tractorProblem = (
  state: GscState,
  ship: ShipState,
  beamId: string,
  targetId: string,
): string | { beam: TractorBeam; target: ShipState } => {
  const beam = designOf(state, ship).tractorBeams.find((b) => b.id === beamId);
  if (!beam) return `${ship.name} has no tractor beam "${beamId}".`;
  if (!working(ship, `tractor:${beam.id}`)) return `${ship.name}'s tractor beam ${beam.id} is damaged or destroyed (GSC-19).`;
  if (ship.tractorsUsed.includes(beam.id)) return `${ship.name}'s tractor beam ${beam.id} was already used this turn.`;
  const target = enemyShip(state, ship.seat, targetId);
  if (!target.ok) return target.message;
  if (target.value.moved !== null) return `${target.value.name} has already moved this turn; a tractor beam must catch it before it moves.`;
  return { beam, target: target.value };
};

/** GSC-5: a tractor beam from `from` (the ship's position, or a point of its own move). */
export const tractor = (state: GscState, ship: ShipState, beamId: string, targetId: string, from: Point): TractorBeamUsed | string => {
  const ok = tractorProblem(state, ship, beamId, targetId);
  if (typeof ok === 'string') return ok;
  const { beam, target } = ok;
  const range = round3(distance(from, target.at));
  if (range > beam.range) return `${target.name} is ${range}" away; ${ship.name}'s tractor beam ${beam.id} reaches ${beam.range}".`;
  return { type: 'TractorBeamUsed', data: { ship: ship.id, beam: beam.id, target: target.id, range, held: beam.strength, rule: 'GSC-5' } };
};

/** GSC-5 "an enemy's move": a beam armed in advance fires when its target's move first comes within range. */
export const armTractorBeam = (state: GscState, ship: ShipState, beamId: string, targetId: string): TractorBeamArmed | string => {
  const ok = tractorProblem(state, ship, beamId, targetId);
  if (typeof ok === 'string') return ok;
  if (ship.armed.some((a) => a.beam === beamId)) return `${ship.name}'s tractor beam ${beamId} is already armed this turn.`;
  return { type: 'TractorBeamArmed', data: { ship: ship.id, beam: beamId, target: targetId, rule: 'GSC-5' } };
};

/** The first armed enemy beam a forward move of `inches` runs into, with how far along the move it catches the mover. */
export const armedCatch = (state: GscState, mover: ShipState, from: Point, facing: number, inches: number) => {
  const catches = activeShips(state)
    .filter((s) => s.seat !== mover.seat)
    .flatMap((s) => s.armed.filter((a) => a.target === mover.id).map((a) => ({ ship: s, beam: a.beam })))
    .flatMap(({ ship, beam: id }) => {
      const beam = designOf(state, ship).tractorBeams.find((b) => b.id === id);
      const after = !beam || ship.tractorsUsed.includes(id) ? null : entersWithin(from, facing, inches, ship.at, beam.range);
      return beam && after !== null ? [{ ship, beam, after }] : [];
    });
  return catches.sort((a, b) => a.after - b.after)[0] ?? null;
};

export const mdsLeft = (ship: ShipState): number => Math.max(0, levelOf(ship, 'mds') - ship.mdsUsed);

/** GSC-8: one MDS shot from `ship` (at `from`) at an enemy missile within 1". */
export const mdsShot = (state: GscState, ship: ShipState, missileId: string, from: Point, dice: Dice): MdsFired | string => {
  const missile = state.missiles[missileId];
  if (!missile) return `There is no missile "${missileId}" in flight.`;
  if (missile.seat === ship.seat) return `Missile ${missileId} is one of your own.`;
  if (mdsLeft(ship) === 0) return `${ship.name} has no MDS left to fire this turn.`;
  const range = round3(distance(from, missile.at));
  if (range > MDS_REACH) return `Missile ${missileId} is ${range}" away; an MDS fires only within 1" (GSC-8).`;
  return mdsRoll(state, ship, missileId, dice);
};

/** GSC-8 "needs a 6": 6 or less by default (`mdsHit: 'sixOrMore'` reads it as 6 or more). */
export const mdsRoll = (state: GscState, ship: ShipState, missileId: string, dice: Dice): MdsFired => {
  const roll = dice.roll({
    purpose: `MDS: ${ship.name} at missile ${missileId}`,
    sides: 10,
    target: MDS_TO_HIT,
    compare: state.readings.mdsHit === 'sixOrMore' ? 'atLeast' : 'atMost',
    rule: 'GSC-8',
  });
  return { type: 'MdsFired', data: { ship: ship.id, missile: missileId, roll, killed: roll.success === true, rule: 'GSC-8' } };
};
