/**
 * RUL-8: every number the GSC2 sheet states, at exactly its edge and just past it (0.01" for
 * distances, one pip for die targets). Movement, missiles and boarding here; beams and damage
 * in gsc2-edges-fire. Edges an older test already pins exactly are named in the "Edges tested"
 * column of docs/rules/gsc2.md rather than repeated.
 */
import { describe, expect, it } from 'vitest';
import { type BoardingOrders, checkBoardingOrders, resolveBoarding } from '../../domain/gsc2/boarding.ts';
import { fold } from '../../domain/gsc2/evolve.ts';
import { type MissileOrders, resolveMissiles } from '../../domain/gsc2/missiles.ts';
import { deferMove, type Maneuver, moveShip } from '../../domain/gsc2/movement.ts';
import { resolvePods } from '../../domain/gsc2/pods.ts';
import type { GscState, ShipState } from '../../domain/gsc2/state.ts';
import { victory } from '../../domain/gsc2/victory.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { battle, levels, of, place, rcFor } from '../support/gsc2.ts';

const fwd = (inches: number): Maneuver => ({ type: 'forward', inches });
const right: Maneuver = { type: 'turn', direction: 'right' };

/** The example battle in Movement, blue's free group: Tyrant (drive 8, turn distance 4) at (30, 48) facing south. */
const blueMoves = (tyrant: Partial<ShipState> = {}): GscState => {
  const state: GscState = {
    ...battle(),
    turn: 1,
    movement: { leader: 'red', mover: 'blue', mode: 'free', quota: 0, segment: 1, late: false },
  };
  return place(state, 'tyrant', tyrant);
};
const tyrantMoves = (path: Maneuver[], tyrant: Partial<ShipState> = {}) =>
  moveShip(blueMoves(tyrant), { type: 'MoveShip', ship: 'tyrant', path }, rcFor('blue', [6]));

describe('RUL-8 GSC-4 turn distance, the 4" turn and the drive', () => {
  it('RUL-8 GSC-4 a 45 degree turn is free after exactly the turn distance (4"); 0.01" short of it, it costs 4"', () => {
    expect(tyrantMoves([fwd(4), right])).toMatchObject({
      ok: true,
      events: [{ type: 'ShipMoved', data: { facing: 5, spent: 4, turns: [{ after: 4, direction: 'right', cost: 0 }] } }],
    });
    expect(tyrantMoves([fwd(3.99), right])).toMatchObject({
      ok: true,
      events: [{ type: 'ShipMoved', data: { facing: 5, spent: 7.99, turns: [{ after: 3.99, direction: 'right', cost: 4 }] } }],
    });
  });
  it('RUL-8 GSC-4 a ship with exactly 4" of drive left may give them up to turn; with 3.99" it may not', () => {
    // a tractor beam holds back part of Tyrant's 8" drive (GSC-5)
    expect(tyrantMoves([right], { held: 4 })).toMatchObject({ ok: true, events: [{ data: { facing: 5, spent: 4, moved: 0 } }] });
    expect(tyrantMoves([right], { held: 4.01 })).toMatchObject({ ok: false, violation: { code: 'CANNOT_TURN', rule: 'GSC-4' } });
  });
  it('RUL-8 GSC-4 a ship moves exactly its drive (8"); 0.01" more is refused', () => {
    expect(tyrantMoves([fwd(8)])).toMatchObject({ ok: true, events: [{ data: { to: { x: 30, y: 40 }, moved: 8 } }] });
    expect(tyrantMoves([fwd(8.01)])).toMatchObject({ ok: false, violation: { code: 'TOO_FAR', rule: 'GSC-4' } });
  });
  it('RUL-8 GSC-4 a ship whose drive is exactly its turn distance moves in its turn; 0.01" less and it may move at the end', () => {
    const defer = (held: number) => deferMove(blueMoves({ held }), 'tyrant', rcFor('blue', []));
    expect(defer(4)).toMatchObject({ ok: false, violation: { code: 'CAN_MOVE_NOW', rule: 'GSC-4' } });
    expect(defer(4.01)).toEqual({ ok: true, events: [{ type: 'MoveDeferred', data: { ship: 'tyrant', rule: 'GSC-4' } }] });
  });
});

describe('RUL-8 GSC-5 and GSC-8 MDS during a move reach 1"', () => {
  it('RUL-8 GSC-8 an MDS fired from a moving ship reaches a missile exactly 1" away; 1.01" is out of reach', () => {
    const missileAt = (y: number) => ({
      m1: { id: 'm1', seat: 'red', ship: 'valiant', target: 'viper', at: { x: 30, y }, damage: 2, tested: null },
    });
    const shoot = (y: number) =>
      moveShip(
        { ...blueMoves(), missiles: missileAt(y) },
        { type: 'MoveShip', ship: 'tyrant', path: [fwd(2), { type: 'mds', missile: 'm1' }] },
        rcFor('blue', [6]),
      );
    // Tyrant reaches (30, 46) before it fires
    expect(shoot(45)).toMatchObject({
      ok: true,
      events: [{ type: 'MdsFired', data: { missile: 'm1', killed: true } }, { type: 'ShipMoved' }],
    });
    expect(shoot(44.99)).toMatchObject({ ok: false, violation: { code: 'ILLEGAL_INTERRUPT', rule: 'GSC-8' } });
  });
});

describe('RUL-8 GSC-7 to GSC-10 missiles', () => {
  const launch: MissileOrders = { step: 'missiles', launches: [{ ship: 'valiant', battery: 'M1', target: 'tyrant' }] };
  /** Valiant at (0, 0) launches its 2 missiles at Tyrant `range` inches north (MDS spent); the destroyers far away. */
  const volley = (range: number, patch: { tyrant?: Partial<ShipState>; viper?: Partial<ShipState>; valiant?: Partial<ShipState> } = {}) => {
    let state: GscState = { ...battle(), turn: 1, step: 'missiles' };
    state = place(state, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 6, ...patch.valiant });
    state = place(state, 'tyrant', { at: { x: 0, y: range }, facing: 4, moved: 6, mdsUsed: 2, ...patch.tyrant });
    state = place(state, 'lance', { at: { x: 60, y: -60 }, moved: 6 });
    return place(state, 'viper', { at: { x: -60, y: 90 }, moved: 6, ...patch.viper });
  };
  const fly = (state: GscState, faces: number[]) => resolveMissiles(state, [{ seat: 'red', orders: launch }], scriptedDice(faces));

  it('RUL-8 GSC-7 a missile reaches a target exactly 12" away this turn; at 12.01" it stops 0.01" short', () => {
    const reached = fly(volley(12), [10, 10]);
    expect(of(reached, 'MissileMoved').map((e) => [e.data.to, e.data.reached])).toEqual([
      [{ x: 0, y: 12 }, true],
      [{ x: 0, y: 12 }, true],
    ]);
    expect(of(reached, 'MissileAttacked')).toHaveLength(2);
    const short = fly(volley(12.01), []);
    expect(of(short, 'MissileMoved').map((e) => [e.data.to, e.data.reached])).toEqual([
      [{ x: 0, y: 12 }, false],
      [{ x: 0, y: 12 }, false],
    ]);
    expect(of(short, 'MissileAttacked')).toEqual([]);
  });
  it('RUL-8 GSC-8 MDS fire at a missile whose path passes exactly 1" from the ship; at 1.01" they do not', () => {
    // Viper (blue, 1 MDS) beside the missiles' path from (0, 0) to (0, 12)
    const mds = (x: number) => of(fly(volley(30, { viper: { at: { x, y: 6 } } }), [6]), 'MdsFired').map((e) => e.data.ship);
    expect(mds(1)).toEqual(['viper']);
    expect(mds(1.01)).toEqual([]);
  });
  it('RUL-8 GSC-9 a missile hits on a d10 of exactly targeting 4 + aspect with the modifiers; one more misses', () => {
    // 4 + Tyrant's bow aspect 1, one deflector level -1, moved 6" (no modifier): at most 4
    const attacks = of(fly(volley(10), [4, 5, 10]), 'MissileAttacked');
    expect(attacks.map((e) => [e.data.roll.value, e.data.roll.effectiveTarget, e.data.hit])).toEqual([
      [4, 4, true],
      [5, 4, false],
    ]);
  });
  it('RUL-8 GSC-10 a missile whose path touches the edge of an asteroid field tests its tracking; 0.01" outside it does not', () => {
    // the belt is centred on (8, 24) with a radius of 4; the missiles fly north along x = 12 (or 12.01)
    const along = (x: number) =>
      of(fly(volley(0, { valiant: { at: { x, y: 14 } }, tyrant: { at: { x, y: 40 } } }), [5, 5]), 'TrackingTested').map(
        (e) => e.data.terrain,
      );
    expect(along(12)).toEqual(['belt', 'belt']);
    expect(along(12.01)).toEqual([]);
  });
  it('RUL-8 GSC-10 one test per missile per turn: a move over asteroids and dust tests once, and the next turn tests again', () => {
    const rock = { id: 'rock', kind: 'asteroids', x: 0, y: 4, radius: 1, drift: { x: 0, y: 0 } } as const;
    const dust = { id: 'haze', kind: 'dust', x: 0, y: 9, radius: 1, drift: { x: 0, y: 0 } } as const;
    const state = { ...volley(30), terrain: [rock, dust] };
    const first = fly(state, [5, 5]);
    expect(of(first, 'TrackingTested').map((e) => [e.data.missile, e.data.terrain])).toEqual([
      ['t1-valiant-M1-1', 'rock'],
      ['t1-valiant-M1-2', 'rock'],
    ]);
    // turn 2: from (0, 12) on towards Tyrant, over another field: a new turn, a new test
    const next = { ...fold(state, first), turn: 2, terrain: [{ ...rock, y: 16 }, dust] };
    expect(of(resolveMissiles(next, [], scriptedDice([5, 5, 10, 10])), 'TrackingTested')).toHaveLength(2);
  });
});

describe('RUL-8 GSC-20 boarding actions', () => {
  const orders = (actions: BoardingOrders['actions']): BoardingOrders => ({ step: 'boarding', actions, sabotage: [] });
  /** Valiant (red, targeting 5, 2 transporters) at the origin; Tyrant `range` inches north, facing it, moved 6". */
  const apart = (range: number): GscState => {
    let state: GscState = { ...battle(), turn: 1, step: 'boarding' };
    state = place(state, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 0 });
    return place(state, 'tyrant', { at: { x: 0, y: range }, facing: 4, moved: 6 });
  };
  const teleport = orders([{ ship: 'valiant', target: 'tyrant', method: 'teleporters', assault: 1, heavy: 0 }]);

  it('RUL-8 GSC-20 teleporters reach a ship exactly 8" away; 8.01" is out of range', () => {
    expect(checkBoardingOrders(apart(8), 'red', teleport)).toBeNull();
    expect(checkBoardingOrders(apart(8.01), 'red', teleport)).toMatchObject({ violation: { code: 'ILLEGAL_BOARDING', rule: 'GSC-20' } });
  });
  it('RUL-8 GSC-20 a teleported squad lands on a d10 of exactly targeting 5 + aspect with the modifiers; one more fails', () => {
    // 5 + Tyrant's bow aspect 1, one deflector level -1: at most 5
    const landed = (face: number) =>
      of(resolveBoarding(apart(6), [{ seat: 'red', orders: teleport }], scriptedDice([face, ...Array(12).fill(10)])), 'BoardersLanded')[0]
        ?.data;
    expect(landed(5)).toMatchObject({ landed: { assault: 1, heavy: 0 }, rolls: [{ value: 5, target: 6, effectiveTarget: 5 }] });
    expect(landed(6)).toMatchObject({ landed: { assault: 0, heavy: 0 }, rolls: [{ value: 6, effectiveTarget: 5, success: false }] });
  });
  it('RUL-8 GSC-20 an assault pod moves 6" a turn: it rams a ship exactly 6" away at once; 6.01" away it stops short', () => {
    const pods = (range: number) =>
      resolvePods(apart(range), [{ ship: 'valiant', target: 'tyrant', assault: 0, heavy: 1 }], [], scriptedDice([10]));
    const at6 = pods(6);
    expect(of(at6, 'PodMoved').map((e) => [e.data.to, e.data.reached])).toEqual([[{ x: 0, y: 6 }, true]]);
    expect(of(at6, 'PodRammed')).toHaveLength(1);
    const past = pods(6.01);
    expect(of(past, 'PodMoved').map((e) => [e.data.to, e.data.reached])).toEqual([[{ x: 0, y: 6 }, false]]);
    expect(of(past, 'PodRammed')).toEqual([]);
  });
  it('RUL-8 GSC-20 a move that ends exactly 1" from an immobilized enemy is contact (default); 1.01" is not', () => {
    // Viper, out of drive, 3" south of where Tyrant's 8" move ends
    const contact = (y: number) => {
      const state = place(blueMoves(), 'valiant', { at: { x: 30, y }, ...levels(battle(), 'valiant', { drive: { level: 0 } }) });
      const moved = moveShip(state, { type: 'MoveShip', ship: 'tyrant', path: [fwd(8)] }, rcFor('blue', []));
      return moved.ok ? moved.events.at(-1)?.data : moved;
    };
    expect(contact(39)).toMatchObject({ to: { x: 30, y: 40 }, contact: ['valiant'] });
    expect(contact(38.99)).toMatchObject({ to: { x: 30, y: 40 }, contact: [] });
  });
});

describe('RUL-8 GSC-21 and GSC-23 die targets and the turn limit', () => {
  it('RUL-8 GSC-21 an assault squad hits on a 5, not a 6; a heavy assault squad on a 7, not an 8', () => {
    // Viper (blue destroyer: crew 2, one assault squad) with red boarders aboard; the defenders roll first
    const state = place({ ...battle(), step: 'boarding' }, 'viper', { boarders: { assault: 2, heavy: 2 } });
    const [fought] = of(resolveBoarding(state, [], scriptedDice([10, 10, 10, 5, 6, 7, 8])), 'BoardingFought');
    expect(fought?.data.boarders.rolls.map((r) => [r.value, r.target, r.success])).toEqual([
      [5, 5, true],
      [6, 5, false],
      [7, 7, true],
      [8, 7, false],
    ]);
  });
  it('RUL-8 GSC-23 victory is determined at exactly the turn limit (8, default); one turn before it the battle goes on', () => {
    expect(victory({ ...battle(), turn: 7 })).toBeNull();
    expect(victory({ ...battle(), turn: 8 })).toMatchObject({ type: 'GameEnded', data: { winner: null, rule: 'GSC-23' } });
  });
});
