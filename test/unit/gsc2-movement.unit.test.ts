import { describe, expect, it } from 'vitest';
import { type GscCommand, gscCommandSchema } from '../../domain/gsc2/commands.ts';
import { decide } from '../../domain/gsc2/decide.ts';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import { gsc2Fold } from '../../domain/gsc2/fold.ts';
import { type MoveShip, moveShip, moveShipSchema } from '../../domain/gsc2/movement.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import type { Actor } from '../../domain/kernel/context.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type Game, seat, TEST_SEED } from '../support/decider-spec.ts';
import { battle, battleAt, levels, moving, of, place, rcFor, rulesOf, startBattle as start, stay, types } from '../support/gsc2.ts';
import { accepted, missile, refusal } from '../support/gsc2-setups.ts';

const RULESETS = everyRuleset();

/** Red has three ships, blue two. */
const uneven = {
  fleets: {
    red: [
      { id: 'r1', design: 'cruiser', x: 0, y: 0, facing: 0 },
      { id: 'r2', design: 'destroyer', x: 10, y: 0, facing: 0 },
      { id: 'r3', design: 'destroyer', x: 20, y: 0, facing: 0 },
    ],
    blue: [
      { id: 'b1', design: 'cruiser', x: 0, y: 48, facing: 4 },
      { id: 'b2', design: 'destroyer', x: 10, y: 48, facing: 4 },
    ],
  },
};

const intact = { level: 1, max: 1, hits: 0, destroyed: false };

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

describe('GSC-1 and GSC-2 the start of a turn', () => {
  it('GSC-2 satellites, asteroids and mines move before any ship', () => {
    const game = start();
    const chosen = game.log.findIndex((e) => e.type === 'FirstPlayerChosen');
    const opening = game.log.slice(chosen + 1).map((e) => e.type);
    expect(opening).toEqual(['TurnStarted', 'StepStarted', 'TerrainMoved', 'TerrainMoved', 'MoverChanged']);
    expect(rulesOf(game).terrain.find((t) => t.id === 'relay')).toMatchObject({ x: 26, y: 24 });
    expect(rulesOf(game).terrain.find((t) => t.id === 'field')).toMatchObject({ x: 25, y: 31 });
  });
  it('GSC-1 the engine reports one step at a time, keyed by turn and step', () => {
    const game = start();
    expect(game.state).toMatchObject({ step: { key: 't1-movement-1', phase: 'movement' } });
    for (const ship of ['viper', 'tyrant', 'valiant', 'lance']) stay(game, ship);
    expect(rulesOf(game).step).toBe('missiles');
    expect(game.state).toMatchObject({ step: { key: 't1-missiles', phase: 'missiles' } });
  });
});

describe('GSC-3 the movement alternation', () => {
  it('GSC-3 the player with more unmoved ships moves until both have as many', () => {
    const game = start(uneven);
    expect(rulesOf(game).movement).toMatchObject({ leader: 'red', mover: 'red', mode: 'equalize', quota: 1 });
    const violation = game.when({ type: 'MoveShip', ship: 'b1', path: [] }, seat('blue')).thenRejects('GSC-3', 'NOT_YOUR_MOVE');
    expect(violation.status).toBe(403);
    const events = stay(game, 'r1');
    expect(events.at(-1)).toEqual({ type: 'MoverChanged', data: { seat: 'blue', mode: 'free', quota: 0, leader: 'red', rule: 'GSC-3' } });
  });
  it('GSC-3 the second player moves as many as they like and the first matches that number', () => {
    const game = start(uneven);
    stay(game, 'r1');
    game.when({ type: 'EndMoves' }, seat('blue')).thenRejects('GSC-3', 'EMPTY_GROUP');
    expect(stay(game, 'b1')).toHaveLength(1);
    const ended = game.run({ type: 'EndMoves' }, seat('blue'));
    expect(ended).toEqual([{ type: 'MoverChanged', data: { seat: 'red', mode: 'match', quota: 1, leader: 'red', rule: 'GSC-3' } }]);
    stay(game, 'r2');
    game.when({ type: 'MoveShip', ship: 'r3', path: [] }, seat('red')).thenRejects('GSC-3', 'NOT_YOUR_MOVE');
    expect(rulesOf(game).movement).toMatchObject({ mover: 'blue', mode: 'free' });
  });
  it('GSC-3 repeat until all have moved: moving the last ship ends the group, then movement ends', () => {
    const game = start(uneven);
    stay(game, 'r1');
    stay(game, 'b1');
    game.run({ type: 'EndMoves' }, seat('blue'));
    stay(game, 'r2');
    const last = stay(game, 'b2');
    expect(last.at(-1)).toMatchObject({ type: 'MoverChanged', data: { seat: 'red', mode: 'match', quota: 1 } });
    const done = stay(game, 'r3');
    expect(types(done)).toContain('StepStarted');
    expect(rulesOf(game).step).toBe('missiles');
  });
  it('GSC-3 a ship moves once a turn', () => {
    const game = start(uneven);
    stay(game, 'r1');
    stay(game, 'b1');
    game.run({ type: 'EndMoves' }, seat('blue'));
    game.when({ type: 'MoveShip', ship: 'r1', path: [] }, seat('red')).thenRejects('GSC-3', 'ALREADY_MOVED');
  });
  it("GSC-3 a missed movement deadline leaves the awaited seat's remaining ships where they are", () => {
    const game = start(undefined, { phases: { movement: 'PT1H' } });
    const system: Actor = { kind: 'system' };
    const decision = decideGame(
      game.state,
      { type: 'DeadlineReached', phaseKey: 't1-movement-1' },
      { rulesets: RULESETS, now: '2026-01-01T01:00:00.000Z', actor: system, seed: TEST_SEED },
      'g_test',
    );
    if (!decision.ok) throw new Error(decision.violation.message);
    expect(decision.events.slice(0, 4)).toEqual([
      {
        type: 'DeadlinePassed',
        data: { phaseKey: 't1-movement-1', phase: 'movement', deadline: '2026-01-01T01:00:00.000Z', awaiting: ['blue'] },
      },
      { type: 'ShipStayed', data: { ship: 'tyrant', reason: 'the movement deadline passed', rule: 'GSC-3' } },
      { type: 'ShipStayed', data: { ship: 'viper', reason: 'the movement deadline passed', rule: 'GSC-3' } },
      { type: 'MoverChanged', data: { seat: 'red', mode: 'match', quota: 2, leader: 'red', rule: 'GSC-3' } },
    ]);
  });
});

describe('GSC-4 moving and turning', () => {
  const move = (game: Game, ship: string, path: unknown[]) => game.when({ type: 'MoveShip', ship, path }, seat('blue'));
  it('GSC-4 a ship may turn 45 degrees for free after moving its turn distance', () => {
    const game = start();
    const [moved] = move(game, 'tyrant', [
      { type: 'forward', inches: 4 },
      { type: 'turn', direction: 'right' },
      { type: 'forward', inches: 4 },
    ]).events;
    // Tyrant (drive 8, turn distance 4) at (30, 48) facing south: 4" south, turn to south-west, 4" on
    expect(moved?.data).toMatchObject({
      to: { x: 27.172, y: 41.172 },
      facing: 5,
      moved: 8,
      spent: 8,
      turns: [{ after: 4, direction: 'right', cost: 0 }],
    });
  });
  it('GSC-4 before its turn distance a ship gives up 4" of movement to turn', () => {
    const game = start();
    const [moved] = move(game, 'tyrant', [
      { type: 'forward', inches: 2 },
      { type: 'turn', direction: 'left' },
      { type: 'forward', inches: 2 },
    ]).events;
    expect(moved?.data).toMatchObject({ moved: 4, spent: 8, turns: [{ after: 2, direction: 'left', cost: 4 }] });
    move(game, 'tyrant', [
      { type: 'forward', inches: 2 },
      { type: 'turn', direction: 'left' },
      { type: 'forward', inches: 3 },
    ]).thenRejects('GSC-4', 'TOO_FAR');
    move(game, 'tyrant', [
      { type: 'forward', inches: 6 },
      { type: 'turn', direction: 'left' },
      { type: 'turn', direction: 'left' },
    ]).thenRejects('GSC-4', 'CANNOT_TURN');
  });
  it('GSC-4 a ship never moves farther than its drive', () => {
    const violation = move(start(), 'tyrant', [{ type: 'forward', inches: 9 }]).thenRejects('GSC-4', 'TOO_FAR');
    expect(violation.message).toBe('Tyrant has 8" of movement left but the path asks for 9" more.');
  });
  it("GSC-4 a ship that cannot move its turn distance may move at the end (deferredMoves 'endOfMovement': of the Movement step)", () => {
    const designs = gscOptionsSchema.parse({}).designs;
    const game = start({
      deferredMoves: 'endOfMovement',
      designs: { ...designs, hulk: { ...designs.cruiser, drive: 2 } },
      fleets: {
        red: [
          { id: 'slow', design: 'hulk', x: 0, y: 0, facing: 0 },
          { id: 'fast', design: 'destroyer', x: 9, y: 0, facing: 0 },
        ],
        blue: [
          { id: 'b1', design: 'cruiser', x: 0, y: 40, facing: 4 },
          { id: 'b2', design: 'cruiser', x: 9, y: 40, facing: 4 },
        ],
      },
    });
    stay(game, 'b1');
    stay(game, 'b2');
    game.when({ type: 'DeferMove', ship: 'fast' }, seat('red')).thenRejects('GSC-4', 'CAN_MOVE_NOW');
    game.run({ type: 'DeferMove', ship: 'slow' }, seat('red'));
    const afterFast = stay(game, 'fast');
    expect(afterFast.at(-1)).toEqual({
      type: 'MoverChanged',
      data: { seat: 'red', mode: 'deferred', quota: 1, leader: 'red', rule: 'GSC-4' },
    });
    const last = game.run({ type: 'MoveShip', ship: 'slow', path: [{ type: 'forward', inches: 2 }] }, seat('red'));
    expect(last[0]).toMatchObject({ type: 'ShipMoved', data: { ship: 'slow', moved: 2 } });
    expect(rulesOf(game).step).toBe('missiles');
  });
});

describe('GSC-5 interrupts', () => {
  const close = {
    fleets: {
      red: [{ id: 'valiant', design: 'cruiser', x: 0, y: 0, facing: 0 }],
      blue: [{ id: 'tyrant', design: 'cruiser', x: 0, y: 5, facing: 4 }],
    },
  };
  it("GSC-5 a ship may interrupt an enemy's move with a tractor beam, holding back its drive", () => {
    const game = start(close);
    expect(rulesOf(game).movement.mover).toBe('blue');
    const used = game.run({ type: 'UseTractorBeam', ship: 'valiant', beam: 'T1', target: 'tyrant' }, seat('red'));
    expect(used).toEqual([
      { type: 'TractorBeamUsed', data: { ship: 'valiant', beam: 'T1', target: 'tyrant', range: 5, held: 4, rule: 'GSC-5' } },
    ]);
    game.when({ type: 'MoveShip', ship: 'tyrant', path: [{ type: 'forward', inches: 5 }] }, seat('blue')).thenRejects('GSC-4', 'TOO_FAR');
    game
      .when({ type: 'UseTractorBeam', ship: 'valiant', beam: 'T1', target: 'tyrant' }, seat('red'))
      .thenRejects('GSC-5', 'ILLEGAL_TRACTOR');
  });
  it('GSC-5 a ship may interrupt its own move to use a tractor beam from a point on its path', () => {
    const game = start({
      fleets: {
        red: [{ id: 'valiant', design: 'cruiser', x: 0, y: 12, facing: 0 }],
        blue: [{ id: 'tyrant', design: 'cruiser', x: 0, y: 0, facing: 0 }],
      },
    });
    const far = game
      .when({ type: 'MoveShip', ship: 'tyrant', path: [{ type: 'tractor', beam: 'T1', target: 'valiant' }] }, seat('blue'))
      .thenRejects('GSC-5');
    expect(far.message).toContain('reaches 6"');
    const events = game.run(
      {
        type: 'MoveShip',
        ship: 'tyrant',
        path: [
          { type: 'forward', inches: 8 },
          { type: 'tractor', beam: 'T1', target: 'valiant' },
        ],
      },
      seat('blue'),
    );
    expect(types(events).slice(0, 2)).toEqual(['TractorBeamUsed', 'ShipMoved']);
    expect(rulesOf(game).ships.valiant?.held).toBe(4);
  });
});

describe("GSC-5 a tractor beam armed against an enemy's move", () => {
  // Valiant (red) at the origin; Tyrant (blue, drive 8) 9" north facing south; Valiant's T1 reaches 6" and holds back 4"
  const armed = () => {
    const game = start({
      fleets: {
        red: [{ id: 'valiant', name: 'Valiant', design: 'cruiser', x: 0, y: 0, facing: 0 }],
        blue: [{ id: 'tyrant', name: 'Tyrant', design: 'cruiser', x: 0, y: 9, facing: 4 }],
      },
    });
    expect(game.run({ type: 'ArmTractorBeam', ship: 'valiant', beam: 'T1', target: 'tyrant' }, seat('red'))).toEqual([
      { type: 'TractorBeamArmed', data: { ship: 'valiant', beam: 'T1', target: 'tyrant', rule: 'GSC-5' } },
    ]);
    return game;
  };
  it('GSC-5 an armed beam interrupts the enemy move where it first comes within range, and holds back its drive from there', () => {
    const game = armed();
    const events = game.run({ type: 'MoveShip', ship: 'tyrant', path: [{ type: 'forward', inches: 4 }] }, seat('blue'));
    // 3" in, Tyrant is 6" from Valiant: caught; 8" - 4" held = 4", of which 3" are spent, so 1" more
    expect(events.slice(0, 2)).toEqual([
      { type: 'TractorBeamUsed', data: { ship: 'valiant', beam: 'T1', target: 'tyrant', range: 6, held: 4, rule: 'GSC-5' } },
      expect.objectContaining({ type: 'ShipMoved', data: expect.objectContaining({ to: { x: 0, y: 5 }, moved: 4, spent: 4 }) }),
    ]);
  });
  it('GSC-5 a path that goes on past what the caught ship has left is refused with the reason', () => {
    const violation = armed()
      .when({ type: 'MoveShip', ship: 'tyrant', path: [{ type: 'forward', inches: 5 }] }, seat('blue'))
      .thenRejects('GSC-5', 'TRACTORED');
    expect(violation.message).toBe(
      'Valiant\'s tractor beam T1 catches Tyrant 3" into this move and holds back 4"; Tyrant has 1" of movement left but the path asks for 2" more.',
    );
  });
  it('GSC-5 a move that stays out of range is not caught, and the beam is armed once', () => {
    const game = armed();
    game
      .when({ type: 'ArmTractorBeam', ship: 'valiant', beam: 'T1', target: 'tyrant' }, seat('red'))
      .thenRejects('GSC-5', 'ILLEGAL_TRACTOR');
    const events = game.run(
      {
        type: 'MoveShip',
        ship: 'tyrant',
        path: [
          { type: 'turn', direction: 'left' },
          { type: 'forward', inches: 4 },
        ],
      },
      seat('blue'),
    );
    expect(types(events)[0]).toBe('ShipMoved');
    expect(rulesOf(game).ships.tyrant?.held).toBe(0);
  });
});

describe("GSC-5 MDS during a ship's own move", () => {
  it('GSC-5 a ship may stop on its path to fire an MDS at a missile within 1" (GSC-8: 6 or less)', () => {
    let state = { ...battle(), turn: 2 };
    state = { ...state, movement: { leader: 'red', mover: 'blue', mode: 'free' as const, quota: 0, segment: 3, late: false } };
    const missile = { id: 'm1', seat: 'red', ship: 'valiant', target: 'viper', at: { x: 30, y: 44.5 }, damage: 2, tested: null };
    state = { ...state, missiles: { m1: missile } };
    const dice = scriptedDice([6]);
    const rc = {
      ctx: { rulesets: RULESETS, now: '2026-01-01T00:00:00.000Z', actor: seat('blue'), seed: TEST_SEED, dice },
      dice,
      seat: 'blue',
      salt: (l: string) => l,
      rulesVersion: gsc2Fold.rulesVersion,
    };
    const far = moveShip(state, { type: 'MoveShip', ship: 'tyrant', path: [{ type: 'mds', missile: 'm1' }] }, rc);
    expect(far).toMatchObject({ ok: false, violation: { rule: 'GSC-8' } });
    const decision = moveShip(
      state,
      {
        type: 'MoveShip',
        ship: 'tyrant',
        path: [
          { type: 'forward', inches: 3 },
          { type: 'mds', missile: 'm1' },
          { type: 'forward', inches: 2 },
        ],
      },
      rc,
    );
    expect(decision).toMatchObject({
      ok: true,
      events: [
        { type: 'MdsFired', data: { ship: 'tyrant', missile: 'm1', killed: true, roll: { value: 6, target: 6 } } },
        { type: 'ShipMoved' },
      ],
    });
  });
});

describe('GSC-5, GSC-8 what a move uses, it has used for the rest of the path', () => {
  // Blue moves Tyrant (30, 48); two red missiles 0.5" from it; Valiant 4" off, unmoved, within its beam T1 (6").
  const missile = (id: string) => ({ id, seat: 'red', ship: 'lance', target: 'viper', at: { x: 30.5, y: 48 }, damage: 2, tested: null });
  const blueMoves = () =>
    place(
      place(moving({ ...battle(), turn: 2, missiles: { m1: missile('m1'), m2: missile('m2') } }, { mover: 'blue' }), 'tyrant', {
        mdsUsed: 1,
      }),
      'valiant',
      {
        at: { x: 30, y: 44 },
      },
    );
  const rc = (rulesVersion = gsc2Fold.rulesVersion) => ({ ...rcFor('blue', [6, 6]), rulesVersion });
  const twoShots: MoveShip = {
    type: 'MoveShip',
    ship: 'tyrant',
    path: [
      { type: 'mds', missile: 'm1' },
      { type: 'mds', missile: 'm2' },
    ],
  };
  const twoHolds: MoveShip = {
    type: 'MoveShip',
    ship: 'tyrant',
    path: [
      { type: 'tractor', beam: 'T1', target: 'valiant' },
      { type: 'tractor', beam: 'T1', target: 'valiant' },
    ],
  };

  it('GSC-8 an MDS fired earlier in the path is spent: a cruiser with one MDS left fires it once', () => {
    expect(moveShip(blueMoves(), twoShots, rc())).toMatchObject({
      ok: false,
      violation: { code: 'ILLEGAL_INTERRUPT', rule: 'GSC-8', message: 'Tyrant has no MDS left to fire this turn.' },
    });
  });
  it('GSC-5 a tractor beam used earlier in the path is used: it holds the same ship once a turn', () => {
    expect(moveShip(blueMoves(), twoHolds, rc())).toMatchObject({
      ok: false,
      violation: { code: 'ILLEGAL_INTERRUPT', rule: 'GSC-5', message: "Tyrant's tractor beam T1 was already used this turn." },
    });
  });
  it('RUL-10 GSC-5 GSC-8 a game under gsc2-0.6.0 keeps deciding each maneuver from the ship as its move began', () => {
    const shots = moveShip(blueMoves(), twoShots, rc('gsc2-0.6.0'));
    expect(shots.ok && types(shots.events)).toEqual(['MdsFired', 'MdsFired', 'ShipMoved']);
    const holds = moveShip(blueMoves(), twoHolds, rc('gsc2-0.6.0'));
    expect(holds.ok && types(holds.events)).toEqual(['TractorBeamUsed', 'TractorBeamUsed', 'ShipMoved']);
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

  it('RUL-9 GSC-20 a move ends in contact only with immobilized enemy ships, not with one that still has drive', () => {
    // Valiant moves 4" north to (20, 4): Tyrant 1" ahead keeps its drive, Viper 1" to starboard has none.
    let state = moving(battleAt(), {});
    state = place(state, 'tyrant', { at: { x: 20, y: 5 } });
    state = place(state, 'viper', { at: { x: 21, y: 4 }, ...levels(state, 'viper', { drive: { level: 0 } }) });
    const decision = decide(state, { type: 'MoveShip', ship: 'valiant', path: [{ type: 'forward', inches: 4 }] }, rcFor('red', []));
    expect(decision.ok).toBe(true);
    const events = decision.ok ? (decision.events as GscEvent[]) : [];
    expect(of(events, 'ShipMoved')).toMatchObject([{ data: { ship: 'valiant', to: { x: 20, y: 4 }, moved: 4, contact: ['viper'] } }]);
  });
});
