/**
 * RUL-9: what the mutation run of domain/gsc2 left unasserted in the turn's machinery: how
 * events fold into the battle (evolve.ts), the interrupts of a move (interrupts.ts, GSC-5,
 * GSC-8), the move itself (movement.ts, GSC-4, GSC-20 contact), the alternation (GSC-3, GSC-4),
 * the step sequence (GSC-1), the deadlines and the reveal. Each state is the example battle
 * (`battle()`: red's Valiant and Lance, blue's Tyrant and Viper), with ships placed where the
 * rule is at its edge; dice are scripted.
 */
import { describe, expect, it } from 'vitest';
import { handover, openAlternation } from '../../domain/gsc2/alternation.ts';
import { type GscCommand, gscCommandSchema } from '../../domain/gsc2/commands.ts';
import { decide, onDeadline } from '../../domain/gsc2/decide.ts';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import { evolve } from '../../domain/gsc2/evolve.ts';
import { moveShipSchema } from '../../domain/gsc2/movement.ts';
import { reveal } from '../../domain/gsc2/orders.ts';
import type { GscState, Missile } from '../../domain/gsc2/state.ts';
import { afterStep, awaitedFor, startTurn } from '../../domain/gsc2/steps.ts';
import { battle, battleAt, levels, moving, place, rcFor } from '../support/gsc2.ts';

/** The decision's events, failing the test on a refusal. */
const accepted = (state: GscState, command: GscCommand, seat: string, faces: number[] = []): readonly GscEvent[] => {
  const decision = decide(state, command, rcFor(seat, faces));
  if (!decision.ok) throw new Error(`refused: ${decision.violation.code} ${decision.violation.message}`);
  return decision.events;
};

/** Why `seat` may not give `command`. */
const refusal = (state: GscState, command: GscCommand, seat: string, faces: number[] = []) => {
  const decision = decide(state, command, rcFor(seat, faces));
  expect(decision.ok).toBe(false);
  return decision.ok ? undefined : decision.violation;
};

const moved = (state: GscState, ...ids: string[]) => ids.reduce((s, id) => place(s, id, { moved: 1 }), state);
const gone = (state: GscState, ...ids: string[]) => ids.reduce((s, id) => place(s, id, { status: 'destroyed' }), state);
const intact = { level: 1, max: 1, hits: 0, destroyed: false };

/** A missile of `seat`'s in flight at `at`. */
const missile = (id: string, seat: string, at: { x: number; y: number }): Missile => ({
  ...{ id, seat, ship: seat === 'red' ? 'valiant' : 'tyrant', target: seat === 'red' ? 'tyrant' : 'valiant' },
  ...{ at, damage: 2, tested: null },
});

/**
 * Valiant (T1: 6", holds back 4") given a second tractor beam, T2: 2" that holds back 1", and
 * T1 made to hold back 1" too, so a destroyer caught by both still has drive to go on.
 */
const twoBeams = (state: GscState): GscState => {
  const cruiser = state.designs.cruiser;
  if (!cruiser) throw new Error('no cruiser');
  const tractorBeams = [
    { id: 'T2', range: 2, strength: 1 },
    { id: 'T1', range: 6, strength: 1 },
  ];
  const withDesign = { ...state, designs: { ...state.designs, cruiser: { ...cruiser, tractorBeams } } };
  return place(withDesign, 'valiant', levels(withDesign, 'valiant', { 'tractor:T2': intact }));
};

describe('RUL-9 GSC-1 GSC-3 GSC-4 how the turn and its steps fold into the battle', () => {
  it("RUL-9 GSC-4 a new turn is never the deferred ships' Movement step, whatever the last one was", () => {
    const after = evolve(moving(battleAt(), { late: true }), { type: 'TurnStarted', data: { turn: 2, rule: 'GSC-1' } });
    expect(after.turn).toBe(2);
    expect(after.movement.late).toBe(false);
  });
  it("RUL-9 GSC-4 only a Movement step opened after Boarding is the deferred ships' one; Movement and Repairs seal nothing", () => {
    const opened = (from: GscState['step'], step: GscState['step']) =>
      evolve(battleAt({ step: from }), { type: 'StepStarted', data: { turn: 1, step, awaiting: [], rule: 'GSC-1' } });
    expect(opened('boarding', 'movement')).toMatchObject({ step: 'movement', sealedStep: null, movement: { late: true } });
    expect(opened('repairs', 'movement')).toMatchObject({ step: 'movement', sealedStep: null, movement: { late: false } });
    expect(opened('boarding', 'repairs')).toMatchObject({ step: 'repairs', sealedStep: null, movement: { late: false } });
    expect(opened('movement', 'missiles')).toMatchObject({ step: 'missiles', sealedStep: 'missiles', movement: { late: false } });
  });
  it('RUL-9 GSC-23 the end of the battle is folded; a system used changes nothing by itself (GSC-22)', () => {
    const state = battleAt();
    expect(evolve(state, { type: 'GameEnded', data: { winner: 'red', reason: 'r', rule: 'GSC-23' } }).status).toBe('ended');
    expect(evolve(state, { type: 'SystemUsed', data: { ship: 'valiant', system: 'cloaks', step: 'movement', rule: 'GSC-22' } })).toBe(
      state,
    );
  });
  it('RUL-9 GSC-1 an event the fold does not know is an error, not a silent no-op', () => {
    expect(() => evolve(battleAt(), { type: 'Nonsense', data: {} } as unknown as GscEvent)).toThrow(/unhandled case/);
  });
});

describe('RUL-9 GSC-6 GSC-10 GSC-21 missiles and captures folded', () => {
  it('RUL-9 GSC-6 GSC-20 a launch from a ship not in the battle leaves it as it was', () => {
    const state = battleAt();
    const missiles = {
      ship: 'ghost',
      battery: 'M1',
      target: 'tyrant',
      missiles: ['m1'],
      at: { x: 0, y: 0 },
      damage: 2,
      rule: 'GSC-6',
    } as const;
    expect(evolve(state, { type: 'MissilesLaunched', data: missiles })).toBe(state);
    const pods = {
      ship: 'ghost',
      target: 'tyrant',
      pods: [{ id: 'p1', squad: 'assault' }],
      at: { x: 0, y: 0 },
      targeting: 5,
      rule: 'GSC-20',
    } as const;
    expect(evolve(state, { type: 'PodsLaunched', data: pods })).toBe(state);
  });
  it('RUL-9 GSC-10 a missile that fails its tracking test is gone; one that passes is tested this turn', () => {
    const state = battleAt({ missiles: { m1: missile('m1', 'red', { x: 25, y: 24 }) } });
    const roll = rcFor('red', [1]).dice.roll({ purpose: 'tracking', sides: 10, target: 5, compare: 'atMost', rule: 'GSC-10' });
    const tested = (lost: boolean) =>
      evolve(state, { type: 'TrackingTested', data: { missile: 'm1', terrain: 'relay', roll, lost, rule: 'GSC-10' } });
    expect(tested(true).missiles).toEqual({});
    expect(tested(false).missiles.m1).toEqual({ ...missile('m1', 'red', { x: 25, y: 24 }), tested: 1 });
  });
  it('RUL-9 GSC-21 a captured ship is captured, not destroyed', () => {
    const after = evolve(battleAt(), { type: 'ShipCaptured', data: { ship: 'tyrant', by: 'red', rule: 'GSC-21' } });
    expect(after.ships.tyrant?.status).toBe('captured');
  });
});

describe('RUL-9 GSC-20 boarders and assault pods folded', () => {
  // Valiant (a cruiser: 2 assault squads, 1 heavy) given 3 pods, so one of each kind can go by pod
  const ready = () => place(battleAt(), 'valiant', { pods: 3 });
  const landed = (method: 'contact' | 'pods' | 'teleporters') =>
    evolve(ready(), {
      type: 'BoardersLanded',
      data: {
        ...{ ship: 'valiant', target: 'tyrant', method, sent: { assault: 1, heavy: 1 }, landed: { assault: 1, heavy: 1 } },
        ...{ rolls: [], rule: 'GSC-20' },
      },
    });
  it('RUL-9 GSC-20 squads sent by contact leave their ship, which keeps its pods, and are aboard the target', () => {
    const after = landed('contact');
    expect(after.ships.valiant).toMatchObject({ pods: 3, systems: { assaultSquads: { level: 1 }, heavyAssaultSquads: { level: 0 } } });
    expect(after.ships.tyrant?.boarders).toEqual({ assault: 1, heavy: 1 });
  });
  it('RUL-9 GSC-20 squads sent by pod take one pod each, heavy ones too', () => {
    expect(landed('pods').ships.valiant).toMatchObject({
      pods: 1,
      systems: { assaultSquads: { level: 1 }, heavyAssaultSquads: { level: 0 } },
    });
  });
  it('RUL-9 GSC-20 pods launched take one squad of their kind and one pod each, beside the pods already in flight', () => {
    const inFlight = {
      id: 'p0',
      seat: 'red',
      ship: 'valiant',
      squad: 'assault',
      at: { x: 1, y: 1 },
      targeting: 5,
      heading: { target: 'viper' },
    } as const;
    const after = evolve(
      { ...ready(), podsInFlight: { p0: inFlight } },
      {
        type: 'PodsLaunched',
        data: {
          ...{ ship: 'valiant', target: 'tyrant', at: { x: 20, y: 0 }, targeting: 5, rule: 'GSC-20' },
          pods: [
            { id: 'p1', squad: 'assault' },
            { id: 'p2', squad: 'heavy' },
          ],
        },
      },
    );
    expect(after.ships.valiant).toMatchObject({ pods: 1, systems: { assaultSquads: { level: 1 }, heavyAssaultSquads: { level: 0 } } });
    const pod = { seat: 'red', ship: 'valiant', at: { x: 20, y: 0 }, targeting: 5, heading: { target: 'tyrant' } };
    expect(after.podsInFlight).toEqual({
      p0: inFlight,
      p1: { id: 'p1', squad: 'assault', ...pod },
      p2: { id: 'p2', squad: 'heavy', ...pod },
    });
  });
});

describe('RUL-9 GSC-5 GSC-8 interrupts', () => {
  it('RUL-9 GSC-5 the tractor beam commands and maneuvers are commands the referee reads', () => {
    for (const type of ['UseTractorBeam', 'ArmTractorBeam'] as const) {
      const command = { type, ship: 'valiant', beam: 'T1', target: 'tyrant' };
      expect(gscCommandSchema.safeParse(command)).toEqual({ success: true, data: command });
    }
    const move = {
      type: 'MoveShip',
      ship: 'valiant',
      path: [
        { type: 'tractor', beam: 'T1', target: 'tyrant' },
        { type: 'mds', missile: 'm1' },
      ],
    };
    expect(moveShipSchema.safeParse(move)).toEqual({ success: true, data: move });
  });
  it('RUL-9 GSC-5 a tractor beam reaches a ship exactly at its range', () => {
    const state = place(moving(battleAt(), {}), 'valiant', { at: { x: 20, y: 42 } });
    const command = { type: 'UseTractorBeam', ship: 'valiant', beam: 'T1', target: 'viper' } as const;
    expect(accepted(state, command, 'red')).toEqual([
      { type: 'TractorBeamUsed', data: { ship: 'valiant', beam: 'T1', target: 'viper', range: 6, held: 4, rule: 'GSC-5' } },
    ]);
  });
  it('RUL-9 GSC-5 a beam is armed only if it could be used: one the ship has not is refused', () => {
    expect(refusal(moving(battleAt(), {}), { type: 'ArmTractorBeam', ship: 'valiant', beam: 'T9', target: 'tyrant' }, 'red')).toEqual({
      code: 'ILLEGAL_TRACTOR',
      rule: 'GSC-5',
      message: 'Valiant has no tractor beam "T9".',
    });
  });
  it('RUL-9 GSC-5 each beam is armed once a turn, but a ship with two may arm both', () => {
    const state = place(twoBeams(moving(battleAt(), {})), 'valiant', { armed: [{ beam: 'T1', target: 'viper' }] });
    expect(accepted(state, { type: 'ArmTractorBeam', ship: 'valiant', beam: 'T2', target: 'tyrant' }, 'red')).toEqual([
      { type: 'TractorBeamArmed', data: { ship: 'valiant', beam: 'T2', target: 'tyrant', rule: 'GSC-5' } },
    ]);
  });

  // Viper (blue destroyer, drive 12) 9" north of Valiant, facing it; blue moves
  const approach = (state: GscState) =>
    place(place(moving(state, { leader: 'red', mover: 'blue' }), 'valiant', { at: { x: 0, y: 0 } }), 'viper', {
      at: { x: 0, y: 9 },
      facing: 4,
    });
  const forward = (inches: number): GscCommand => ({ type: 'MoveShip', ship: 'viper', path: [{ type: 'forward', inches }] });
  const used = (beam: string, range: number) => ({
    type: 'TractorBeamUsed',
    data: { ship: 'valiant', beam, target: 'viper', range, held: 1, rule: 'GSC-5' },
  });
  it("RUL-9 GSC-5 a beam armed against another ship does not catch this one's move", () => {
    const state = place(approach(battleAt()), 'valiant', { armed: [{ beam: 'T1', target: 'tyrant' }] });
    const events = accepted(state, forward(8), 'blue');
    expect(events[0]).toMatchObject({ type: 'ShipMoved', data: { ship: 'viper', to: { x: 0, y: 1 }, moved: 8, spent: 8 } });
  });
  it('RUL-9 GSC-5 the beam armed is the one that catches, with its own range and strength', () => {
    const state = place(approach(twoBeams(battleAt())), 'valiant', { armed: [{ beam: 'T1', target: 'viper' }] });
    const events = accepted(state, forward(8), 'blue');
    expect(events.slice(0, 2)).toEqual([
      used('T1', 6),
      expect.objectContaining({ type: 'ShipMoved', data: expect.objectContaining({ to: { x: 0, y: 1 }, moved: 8, spent: 8 }) }),
    ]);
  });
  it('RUL-9 GSC-5 of two beams armed against a move, the one it comes within first catches it first', () => {
    // T2 (2") was armed first, but T1 (6") is reached 3" into the move, T2 only 7" in
    const armed = [
      { beam: 'T2', target: 'viper' },
      { beam: 'T1', target: 'viper' },
    ];
    const state = place(approach(twoBeams(battleAt())), 'valiant', { armed });
    const events = accepted(state, forward(8), 'blue');
    expect(events.slice(0, 3)).toEqual([
      used('T1', 6),
      used('T2', 2),
      expect.objectContaining({ type: 'ShipMoved', data: expect.objectContaining({ to: { x: 0, y: 1 }, moved: 8 }) }),
    ]);
  });

  // Valiant (2 MDS) moves; missiles are placed around it
  const mds = (missileId: string): GscCommand => ({ type: 'MoveShip', ship: 'valiant', path: [{ type: 'mds', missile: missileId }] });
  const illegal = (message: string) => ({ code: 'ILLEGAL_INTERRUPT', rule: 'GSC-8', message });
  it('RUL-9 GSC-8 an MDS fires at enemy missiles only', () => {
    const state = moving(battleAt({ missiles: { m1: missile('m1', 'red', { x: 20, y: 0.5 }) } }), {});
    expect(refusal(state, mds('m1'), 'red', [1])).toEqual(illegal('Missile m1 is one of your own.'));
  });
  it('RUL-9 GSC-8 each MDS fires once a turn: a ship that has fired them all has none left', () => {
    const state = place(moving(battleAt({ missiles: { m1: missile('m1', 'blue', { x: 20, y: 0.5 }) } }), {}), 'valiant', { mdsUsed: 2 });
    expect(refusal(state, mds('m1'), 'red', [1])).toEqual(illegal('Valiant has no MDS left to fire this turn.'));
  });
  it('RUL-9 GSC-8 an MDS reaches 1"', () => {
    const state = moving(battleAt({ missiles: { m1: missile('m1', 'blue', { x: 20, y: 3 }) } }), {});
    expect(refusal(state, mds('m1'), 'red', [1])).toEqual(illegal('Missile m1 is 3" away; an MDS fires only within 1" (GSC-8).'));
  });
  it('RUL-9 GSC-8 a missile an MDS killed earlier in the same move is no longer there to shoot at', () => {
    const state = moving(battleAt({ missiles: { m1: missile('m1', 'blue', { x: 20, y: 0.5 }) } }), {});
    const twice: GscCommand = {
      type: 'MoveShip',
      ship: 'valiant',
      path: [
        { type: 'mds', missile: 'm1' },
        { type: 'mds', missile: 'm1' },
      ],
    };
    expect(refusal(state, twice, 'red', [1, 1])).toEqual(illegal('There is no missile "m1" in flight.'));
  });
});

describe('RUL-9 GSC-4 GSC-20 moving', () => {
  // Valiant (a cruiser: drive 8, turn distance 4) moves
  const redMoves = moving(battleAt(), {});
  const path = (...maneuvers: object[]): GscCommand => ({ type: 'MoveShip', ship: 'valiant', path: maneuvers }) as GscCommand;
  it('RUL-9 GSC-4 a path within a billionth of an inch of the drive left is not too far', () => {
    const [shipMoved] = accepted(redMoves, path({ type: 'forward', inches: 8.000000001 }), 'red');
    expect(shipMoved).toMatchObject({ type: 'ShipMoved', data: { to: { x: 20, y: 8 }, moved: 8, spent: 8 } });
  });
  it('RUL-9 GSC-4 a turn within a billionth of an inch of the turn distance is free', () => {
    const [shipMoved] = accepted(redMoves, path({ type: 'forward', inches: 3.999999999 }, { type: 'turn', direction: 'right' }), 'red');
    expect(shipMoved).toMatchObject({
      type: 'ShipMoved',
      data: { facing: 1, spent: 4, turns: [{ after: 4, direction: 'right', cost: 0 }] },
    });
  });
  it('RUL-9 GSC-4 a turn that costs exactly the drive left, to a billionth of an inch, is allowed', () => {
    // 3" held back by a tractor beam: 5" of drive, 1" straight, then a turn that costs 4"
    const held = place(redMoves, 'valiant', { held: 3 });
    const [shipMoved] = accepted(held, path({ type: 'forward', inches: 1.000000001 }, { type: 'turn', direction: 'left' }), 'red');
    expect(shipMoved).toMatchObject({
      type: 'ShipMoved',
      data: { facing: 7, spent: 5, turns: [{ after: 1, direction: 'left', cost: 4 }] },
    });
  });
  it('RUL-9 GSC-4 GSC-5 an armed beam that would catch the ship beyond what it has left: the move is simply too far', () => {
    // Tyrant (drive 8, 6" held back already) 9" north of Valiant, whose T1 (6") is armed against it: caught 3" in, with 2" left
    let state = moving(battleAt(), { leader: 'red', mover: 'blue' });
    state = place(state, 'valiant', { at: { x: 0, y: 0 }, armed: [{ beam: 'T1', target: 'tyrant' }] });
    state = place(state, 'tyrant', { at: { x: 0, y: 9 }, facing: 4, held: 6 });
    expect(refusal(state, { type: 'MoveShip', ship: 'tyrant', path: [{ type: 'forward', inches: 4 }] }, 'blue')).toEqual({
      code: 'TOO_FAR',
      rule: 'GSC-4',
      message: 'Tyrant has 2" of movement left but the path asks for 4" more.',
    });
  });
  it("RUL-9 GSC-4 a ship defers its move only when it is its seat's move", () => {
    expect(
      refusal(moving(battleAt(), { mover: 'blue', mode: 'equalize', quota: 1 }), { type: 'DeferMove', ship: 'valiant' }, 'red'),
    ).toEqual({
      code: 'NOT_YOUR_MOVE',
      rule: 'GSC-3',
      message: "It is blue's move (equalize, 1 ship(s)); red must wait.",
      status: 403,
    });
  });

  // Valiant 1" behind the point (20, 0) it moves to; ships around that point
  const around = (state: GscState) => place(state, 'valiant', { at: { x: 20, y: -1 }, facing: 0 });
  const immobile = (state: GscState, id: string, at: { x: number; y: number }) =>
    place(state, id, { at, ...levels(state, id, { drive: { level: 0 } }) });
  it('RUL-9 GSC-20 contact is with immobilized enemy ships only: not with own ships, not with enemies that can move', () => {
    let state = around(redMoves);
    state = immobile(state, 'lance', { x: 20.5, y: 0 });
    state = place(state, 'viper', { at: { x: 19.5, y: 0 } });
    state = immobile(state, 'tyrant', { x: 20, y: 0.5 });
    const [shipMoved] = accepted(state, path({ type: 'forward', inches: 1 }), 'red');
    expect(shipMoved).toMatchObject({ type: 'ShipMoved', data: { to: { x: 20, y: 0 }, contact: ['tyrant'] } });
  });
  it('RUL-9 GSC-20 contact reaches 1" and a billionth, for the rounding of positions', () => {
    const state = immobile(around(redMoves), 'tyrant', { x: 20, y: 1.000000001 });
    const [shipMoved] = accepted(state, path({ type: 'forward', inches: 1 }), 'red');
    expect(shipMoved).toMatchObject({ type: 'ShipMoved', data: { contact: ['tyrant'] } });
  });
  it('RUL-9 GSC-20 a ship that does not move does not come into contact, even beside an immobilized enemy', () => {
    const state = immobile(redMoves, 'tyrant', { x: 20, y: 0.5 });
    const [shipMoved] = accepted(state, path(), 'red');
    expect(shipMoved).toMatchObject({ type: 'ShipMoved', data: { moved: 0, contact: [] } });
  });
});

describe('RUL-9 GSC-3 GSC-4 the alternation', () => {
  it('RUL-9 GSC-3 an equalizing seat with no ship left to move hands over, whatever its quota says', () => {
    const state = moving(moved(battleAt(), 'valiant', 'lance'), { mode: 'equalize', mover: 'red', quota: 1 });
    expect(handover(state)).toEqual({
      next: 'seat',
      event: { type: 'MoverChanged', data: { seat: 'blue', mode: 'equalize', quota: 2, leader: 'red', rule: 'GSC-3' } },
    });
  });
  it("RUL-9 GSC-4 the deferred ships move the first player's first: after the second player's, the stage is over", () => {
    // blue (second) has moved its deferred ships; a ship of red's still marked deferred does not reopen the stage
    const state = place(moved(battleAt(), 'lance', 'tyrant', 'viper'), 'valiant', { deferred: true });
    expect(handover(moving(state, { mode: 'deferred', mover: 'blue', leader: 'red', quota: 0, late: true }))).toEqual({ next: 'done' });
  });
  it('RUL-9 GSC-3 a battle without a second seat has no alternation, even with ships of a seat not playing', () => {
    expect(openAlternation(battleAt({ seats: ['red'] }))).toBeNull();
    expect(openAlternation(battleAt({ seats: [] }))).toBeNull();
  });
});

describe('RUL-9 GSC-1 GSC-4 the steps of a turn', () => {
  it('RUL-9 GSC-1 a seat is awaited in Beams if any of its ships has a working battery', () => {
    const refs = ['battery:A', 'battery:B', 'battery:C'];
    const state = place(battleAt(), 'valiant', levels(battleAt(), 'valiant', Object.fromEntries(refs.map((r) => [r, { level: 0 }]))));
    expect(awaitedFor(state, 'beams')).toEqual(['red', 'blue']);
  });
  it('RUL-9 GSC-1 a turn that opens with no ship on either side goes straight to its end: nobody holds the field', () => {
    const state = gone(battleAt({ terrain: [] }), 'valiant', 'lance', 'tyrant', 'viper');
    expect(startTurn(state, 2, rcFor('red', []))).toEqual([
      { type: 'TurnStarted', data: { turn: 2, rule: 'GSC-1' } },
      { type: 'StepStarted', data: { turn: 2, step: 'movement', awaiting: [], rule: 'GSC-1' } },
      { type: 'GameEnded', data: expect.objectContaining({ winner: null }) },
    ]);
  });
  it("RUL-9 GSC-4 after Boarding, the deferred ships' Movement step opens, the first player's first", () => {
    const state = place(moved(battleAt({ step: 'boarding' }), 'lance', 'tyrant', 'viper'), 'valiant', { deferred: true });
    expect(afterStep(state, rcFor('red', []))).toEqual([
      { type: 'StepStarted', data: { turn: 1, step: 'movement', awaiting: [], rule: 'GSC-4' } },
      { type: 'MoverChanged', data: { seat: 'red', mode: 'deferred', quota: 1, leader: 'red', rule: 'GSC-4' } },
    ]);
  });
});

describe('RUL-9 GSC-3 GSC-23 EndMoves, deadlines and the reveal', () => {
  it('RUL-9 GSC-3 a seat equalizing ends no group: it moves its quota', () => {
    const state = moving(battleAt(), { mode: 'equalize', mover: 'red', quota: 1 });
    expect(refusal(state, { type: 'EndMoves' }, 'red')).toEqual({
      code: 'NOT_YOUR_GROUP',
      rule: 'GSC-3',
      message: 'Only the second player ends a group of moves; now red moves (equalize).',
      status: 403,
    });
  });
  it('RUL-9 GSC-1 a command the referee does not know is an error', () => {
    expect(() => decide(battleAt(), { type: 'Nonsense' } as unknown as GscCommand, rcFor('red', []))).toThrow(/unhandled case/);
  });
  it('RUL-9 GSC-23 a deadline after the battle is over does nothing, even with a seat still to move', () => {
    const state = moving(battleAt({ status: 'ended' }), { mode: 'equalize', mover: 'red', quota: 2 });
    expect(onDeadline(state, rcFor('red', []))).toEqual({ ok: true, events: [] });
  });
  it('RUL-9 GSC-3 a deadline before the first turn opens, with nobody to move, does nothing', () => {
    expect(onDeadline(battle(), rcFor('red', []))).toEqual({ ok: true, events: [] });
  });
  it('RUL-9 GSC-1 outside a sealed step there is nothing to reveal', () => {
    expect(reveal(battleAt({ step: 'beams', sealedStep: null }), rcFor('red', []))).toEqual([]);
  });
});
