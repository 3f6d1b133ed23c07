import { describe, expect, it } from 'vitest';
import { gsc2Fold } from '../../domain/gsc2/fold.ts';
import { type MoveShip, moveShip } from '../../domain/gsc2/movement.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import type { Actor } from '../../domain/kernel/context.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type Game, seat, TEST_SEED } from '../support/decider-spec.ts';
import { battle, moving, place, rcFor, rulesOf, startBattle as start, stay, types } from '../support/gsc2.ts';

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
