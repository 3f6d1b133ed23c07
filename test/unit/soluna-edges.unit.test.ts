/**
 * RUL-8: every number Sol'una decides by, tested at exactly its threshold and one step past
 * it. The text's own numbers (10 phases, the Mind rows 1..10 of the table, the tenth phase
 * that ends the turn) and the numbers of the engine's documented defaults (ranges, movement,
 * to-hit targets, wounds, the starred limit, Mind lost per wound, the turn limit, the edge of
 * the grid); the bounds of the options that set them: soluna-edges-options.unit.test.ts.
 * Distances are whole squares, so "one step past" is one square.
 */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { onGrid } from '../../domain/soluna/grid.ts';
import type { ProfileInput } from '../../domain/soluna/mission.ts';
import type { Game } from '../support/decider-spec.ts';
import { seat } from '../support/decider-spec.ts';
import { act, BLADE, mission, playing, profile, shoot, sol, submit } from '../support/soluna.ts';

const types = (events: readonly DomainEvent[]) => events.map((e) => e.type);
const dataOf = <T>(events: readonly DomainEvent[], type: string): T => {
  const event = events.find((e) => e.type === type);
  if (!event) throw new Error(`no ${type} in ${types(events).join(', ')}`);
  return event.data as T;
};
const model = (game: Game, id: string) => sol(game).models.find((m) => m.id === id);

/** The submission was accepted: sealed, with its public commitment. */
const accepted = (events: readonly DomainEvent[]) => expect(types(events).slice(0, 2)).toEqual(['ActionsSealed', 'ActionsCommitted']);

/** A moon leader at Mind 0: it never acts, so sun's submissions resolve at once. */
const still = (p: Partial<ProfileInput> = {}) => profile({ id: 'xul', mind: 0, at: [7, 7], leader: true, ...p });

const arena = (sun: ProfileInput[], moon: ProfileInput[], rules: Record<string, unknown> = {}) => playing(mission(sun, moon), rules);

describe('the ten phases of the table (SOL-1, SOL-6, SOL-7)', () => {
  it('RUL-8 SOL-1 SOL-6 phase 10 is the last phase: Mind 2 acts in it, then the turn ends and the next begins again from phase 1', () => {
    const game = arena([profile({ id: 'ila', mind: 2, at: [0, 0], leader: true })], [still()]);
    expect(sol(game)).toMatchObject({ turn: 1, phase: 8 });
    const ninth = game.run(submit([act('ila', { kind: 'none' })]), seat('sun'));
    expect(dataOf(ninth, 'PhaseStarted')).toMatchObject({ turn: 1, phase: 10, skipped: [9] });
    const tenth = game.run(submit([act('ila', { kind: 'none' })]), seat('sun'));
    expect(types(tenth).slice(-3)).toEqual(['TurnEnded', 'TurnStarted', 'PhaseStarted']);
    expect(dataOf(tenth, 'PhaseStarted')).toEqual({
      turn: 2,
      phase: 8,
      skipped: [1, 2, 3, 4, 5, 6, 7],
      eligible: { sun: ['ila'], moon: [] },
    });
  });

  it('RUL-8 SOL-7 a turn begins at exactly the phase of its first activation: Mind 9 at phase 1, Mind 8 (one lower) at phase 2', () => {
    const nine = arena([profile({ id: 'ila', mind: 9, at: [0, 0], leader: true })], [still()]);
    expect(
      dataOf(
        nine.log.map((e) => ({ type: e.type, data: e.data })),
        'PhaseStarted',
      ),
    ).toMatchObject({ phase: 1, skipped: [] });
    const eight = arena([profile({ id: 'ila', mind: 8, at: [0, 0], leader: true })], [still()]);
    expect(
      dataOf(
        eight.log.map((e) => ({ type: e.type, data: e.data })),
        'PhaseStarted',
      ),
    ).toMatchObject({ phase: 2, skipped: [1] });
  });

  it('RUL-8 SOL-7 after a phase the next one is the very next phase with an activation: Mind 6 goes from phase 4 to 6, not 7', () => {
    const game = arena([profile({ id: 'oren', mind: 6, at: [0, 0], leader: true })], [still()]);
    expect(sol(game).phase).toBe(4);
    const events = game.run(submit([act('oren', { kind: 'none' })]), seat('sun'));
    expect(dataOf(events, 'PhaseStarted')).toMatchObject({ phase: 6, skipped: [5] });
  });
});

describe('the bottom and top rows of the table (SOL-1, SOL-5, SOL-9)', () => {
  /** Ila (Mind 2) defers in phase 8 while Vask's Bow wounds her; `loss` Mind per wound. */
  const deferredAndWounded = (loss: number) => {
    const game = arena(
      [profile({ id: 'ila', mind: 2, at: [0, 0], leader: true, wounds: 3 })],
      [profile({ id: 'vask', mind: 2, at: [0, 3], leader: true, wounds: 3 })],
      { mindLossPerWound: loss },
    );
    game.run(submit([act('ila', { kind: 'defer' })]), seat('sun'));
    const events = game.run(submit([shoot('vask', 'ila')]), seat('moon'), scriptedDice([6]));
    return { game, events };
  };

  it('RUL-8 SOL-1 SOL-5 at Mind 1, the lowest printed row, a deferred model still acts in a phase its row has no X for', () => {
    const { game, events } = deferredAndWounded(1);
    expect(dataOf(events, 'PhaseEnded')).toMatchObject({ minds: [{ model: 'ila', from: 2, to: 1 }] });
    expect(dataOf(events, 'PhaseStarted')).toMatchObject({ phase: 9, eligible: { sun: ['ila'], moon: [] } });
    const tenth = game.run(submit([act('ila', { kind: 'defer' })]), seat('sun'));
    expect(dataOf(tenth, 'PhaseStarted')).toMatchObject({ phase: 10, eligible: { sun: ['ila'], moon: ['vask'] } });
  });

  it('RUL-8 SOL-1 SOL-5 at Mind 0, one below the lowest printed row, a deferred model acts in no phase at all', () => {
    const { game, events } = deferredAndWounded(2);
    expect(dataOf(events, 'PhaseEnded')).toMatchObject({ minds: [{ model: 'ila', from: 2, to: 0 }] });
    expect(dataOf(events, 'PhaseStarted')).toMatchObject({ phase: 10, skipped: [9], eligible: { sun: [], moon: ['vask'] } });
    expect(model(game, 'ila')?.deferred).toBe(true);
  });

  /** Ila (Mind 9, acting in phase 1) concentrates a psionic raising her own Mind by `amount`. */
  const focused = (amount: number) => {
    const focus = { name: 'Focus', target: 'self', range: 0, effect: { kind: 'mind', amount } } as const;
    const game = arena([profile({ id: 'ila', mind: 9, at: [0, 0], leader: true, psionics: [focus] })], [still()]);
    return game.run(submit([act('ila', { kind: 'psionic', psionic: 'Focus' })]), seat('sun'));
  };

  it('RUL-8 SOL-1 SOL-9 Mind raised to exactly 10, the top row, acts in phase 2, where Mind 9 does not', () => {
    const events = focused(1);
    expect(dataOf(events, 'PhaseEnded')).toMatchObject({ minds: [{ model: 'ila', from: 9, to: 10 }] });
    expect(dataOf(events, 'PhaseStarted')).toMatchObject({ phase: 2, skipped: [], eligible: { sun: ['ila'] } });
  });

  it('RUL-8 SOL-1 SOL-9 Mind raised one past 10 reads 10, the top row, and still acts in phase 2', () => {
    const events = focused(2);
    expect(dataOf(events, 'PhaseEnded')).toMatchObject({ minds: [{ model: 'ila', from: 9, to: 10 }] });
    expect(dataOf(events, 'PhaseStarted')).toMatchObject({ phase: 2, skipped: [], eligible: { sun: ['ila'] } });
  });
});

describe('reach: weapon and power ranges (SOL-2 defaults)', () => {
  // Meena's Bow has range 6; Xul stands exactly 6 squares away, Sera 7.
  const ranged = () =>
    arena(
      [
        profile({
          id: 'meena',
          mind: 10,
          at: [0, 0],
          leader: true,
          attacks: [{ ...BLADE }, { name: 'Bow', kind: 'ranged', range: 6, toHit: 4, damage: 1 }],
        }),
      ],
      [
        profile({ id: 'xul', mind: 0, at: [6, 3], leader: true }),
        profile({ id: 'sera', mind: 0, at: [7, 2] }),
        profile({ id: 'vask', mind: 0, at: [1, 1] }),
        profile({ id: 'tor', mind: 0, at: [2, 0] }),
      ],
    );

  it("RUL-8 SOL-2 a target at exactly the weapon's range may be attacked", () => {
    accepted(ranged().when(submit([shoot('meena', 'xul')]), seat('sun')).events);
  });

  it("RUL-8 SOL-2 a target one square past the weapon's range may not", () => {
    const v = ranged()
      .when(submit([shoot('meena', 'sera')]), seat('sun'))
      .thenRejects('SOL-2', 'OUT_OF_RANGE');
    expect(v.message).toBe('Sera is 7 squares from Meena; the range is 6.');
  });

  it('RUL-8 SOL-2 a melee weapon of range 1 reaches a diagonal neighbour, and not a model 2 squares away', () => {
    const game = ranged();
    accepted(game.when(submit([shoot('meena', 'vask', 'Blade')]), seat('sun')).events);
    game.when(submit([shoot('meena', 'tor', 'Blade')]), seat('sun')).thenRejects('SOL-2', 'OUT_OF_RANGE');
  });

  it('RUL-8 SOL-2 an artifact reaches an ally at exactly its range, and not one square further', () => {
    const stone = { name: 'Healing Stone', target: 'ally', range: 1, effect: { kind: 'heal', amount: 1 } } as const;
    const game = arena(
      [
        profile({ id: 'meena', mind: 10, at: [0, 0], leader: true, artifacts: [stone] }),
        profile({ id: 'oren', mind: 0, at: [1, 1] }),
        profile({ id: 'ila', mind: 0, at: [0, 2] }),
      ],
      [still()],
    );
    const use = (target: string) => submit([act('meena', { kind: 'artifact', artifact: 'Healing Stone', target })]);
    accepted(game.when(use('oren'), seat('sun')).events);
    const v = game.when(use('ila'), seat('sun')).thenRejects('SOL-2', 'OUT_OF_RANGE');
    expect(v.message).toBe('Ila is 2 squares from Meena; the range is 1.');
  });
});

describe('movement and the edge of the grid (SOL-2 defaults)', () => {
  const mover = (at: [number, number], movement = 3) => arena([profile({ id: 'meena', mind: 10, at, leader: true, movement })], [still()]);
  const moveTo = (to: [number, number]) => submit([act('meena', { kind: 'move', to })]);
  const path = (...squares: [number, number][]) => submit([act('meena', { kind: 'move', path: squares })]);

  it("RUL-8 SOL-2 a move of exactly the model's movement is legal, straight or diagonal", () => {
    const game = mover([0, 0]);
    accepted(game.when(moveTo([0, 3]), seat('sun')).events);
    accepted(game.when(moveTo([3, 3]), seat('sun')).events);
    accepted(game.when(path([1, 0], [2, 1], [3, 2]), seat('sun')).events);
  });

  it("RUL-8 SOL-2 a move one square past the model's movement is too far", () => {
    const game = mover([0, 0]);
    const v = game.when(moveTo([4, 4]), seat('sun')).thenRejects('SOL-2', 'TOO_FAR');
    expect(v.message).toBe('Meena moves 3 squares but the path is 4.');
    game.when(path([1, 0], [2, 1], [3, 2], [4, 3]), seat('sun')).thenRejects('SOL-2', 'TOO_FAR');
  });

  it('RUL-8 SOL-2 every step of a path is exactly one square: a step of 0 (staying put) or of 2 is illegal', () => {
    const game = mover([3, 3]);
    expect(game.when(path([3, 3]), seat('sun')).thenRejects('SOL-2', 'ILLEGAL_MOVE').message).toBe(
      'Meena cannot move there: [3,3] is not next to [3,3].',
    );
    game.when(path([5, 3]), seat('sun')).thenRejects('SOL-2', 'ILLEGAL_MOVE');
  });

  it('RUL-8 SOL-2 with movement 0 a model cannot move even one square', () => {
    mover([3, 3], 0)
      .when(moveTo([3, 4]), seat('sun'))
      .thenRejects('SOL-2', 'TOO_FAR');
  });

  it('RUL-8 SOL-2 the last column and row of an 8x8 grid (7) can be entered; one past them (8) cannot', () => {
    const game = mover([6, 6]);
    accepted(game.when(path([7, 6]), seat('sun')).events);
    accepted(game.when(path([6, 7]), seat('sun')).events);
    expect(game.when(path([7, 6], [8, 6]), seat('sun')).thenRejects('SOL-2', 'ILLEGAL_MOVE').message).toBe(
      'Meena cannot move there: [8,6] is off the 8x8 grid.',
    );
    game.when(path([6, 7], [6, 8]), seat('sun')).thenRejects('SOL-2', 'ILLEGAL_MOVE');
  });

  it('RUL-8 SOL-2 the first column and row (0) can be entered', () => {
    const game = mover([1, 1]);
    accepted(game.when(path([0, 1]), seat('sun')).events);
    accepted(game.when(path([1, 0]), seat('sun')).events);
  });

  it('RUL-8 SOL-2 a square is on the grid from 0 to width - 1 and height - 1, and not one past either end', () => {
    const grid = { width: 5, height: 3, blocking: [] };
    expect([onGrid(grid, [0, 0]), onGrid(grid, [4, 2])]).toEqual([true, true]);
    expect([onGrid(grid, [5, 2]), onGrid(grid, [4, 3]), onGrid(grid, [-1, 0]), onGrid(grid, [0, -1])]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('the starred limit (SOL-2 default, an option)', () => {
  /** Meena (Mind 10) shoots at Xul, who never acts, in as many phases as she can; every shot misses. */
  const volleys = (starredPerTurn: number) => {
    const game = arena([profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })], [still({ at: [3, 0], wounds: 3 })], {
      starredPerTurn,
    });
    const fire = () => game.when(submit([shoot('meena', 'xul')]), seat('sun'), scriptedDice([1]));
    const fireAndResolve = () => game.run(submit([shoot('meena', 'xul')]), seat('sun'), scriptedDice([1]));
    return { game, fire, fireAndResolve };
  };

  it('RUL-8 SOL-2 with a limit of 2 the second starred choice of the turn is allowed', () => {
    const { fire, fireAndResolve } = volleys(2);
    fireAndResolve();
    accepted(fire().events);
  });

  it('RUL-8 SOL-2 with a limit of 2 the third starred choice of the turn is refused', () => {
    const { game, fire, fireAndResolve } = volleys(2);
    fireAndResolve();
    fireAndResolve();
    expect(model(game, 'meena')?.starredUsed).toBe(2);
    expect(fire().thenRejects('SOL-2', 'STARRED_LIMIT').message).toBe(
      'Meena has made 2 starred choice(s) (Attack, Artifact, Psionic) this turn; the limit is 2 per turn.',
    );
  });

  it('RUL-8 SOL-2 with a limit of 0 even the first starred choice is refused', () => {
    volleys(0).fire().thenRejects('SOL-2', 'STARRED_LIMIT');
  });
});

describe('to hit: a d6 at least the weapon’s toHit (SOL-4 default)', () => {
  const shot = (face: number, toHit = 4) =>
    arena(
      [
        profile({
          id: 'meena',
          mind: 10,
          at: [0, 0],
          leader: true,
          attacks: [{ name: 'Bow', kind: 'ranged', range: 6, toHit, damage: 1 }],
        }),
      ],
      [still({ at: [3, 0], wounds: 2 })],
    ).run(submit([shoot('meena', 'xul')]), seat('sun'), scriptedDice([face]));

  it('RUL-8 SOL-4 a roll of exactly the toHit hits', () => {
    const events = shot(4);
    expect(dataOf(events, 'AttackResolved')).toMatchObject({ damage: 1, roll: { value: 4, target: 4, success: true } });
    expect(dataOf(events, 'PhaseEnded')).toMatchObject({ injuries: [{ model: 'xul', damage: 1, woundsTaken: 1, slain: false }] });
  });

  it('RUL-8 SOL-4 a roll one below the toHit misses', () => {
    const events = shot(3);
    expect(dataOf(events, 'AttackResolved')).toMatchObject({ damage: 0, roll: { value: 3, target: 4, success: false } });
    expect(dataOf(events, 'PhaseEnded')).toMatchObject({ injuries: [] });
  });

  it('RUL-8 SOL-4 toHit 1 hits on a 1, and toHit 7 misses even on a 6', () => {
    expect(dataOf(shot(1, 1), 'AttackResolved')).toMatchObject({ damage: 1 });
    expect(dataOf(shot(6, 7), 'AttackResolved')).toMatchObject({ damage: 0 });
  });
});

describe('wounds and Mind (SOL-9 defaults)', () => {
  /** Meena's weapon of `damage` hits Xul (wounds 2, never acting) once. */
  const hit = (damage: number) =>
    arena(
      [
        profile({
          id: 'meena',
          mind: 10,
          at: [0, 0],
          leader: true,
          attacks: [{ name: 'Bow', kind: 'ranged', range: 6, toHit: 4, damage }],
        }),
      ],
      [still({ at: [3, 0], wounds: 2 }), profile({ id: 'sera', mind: 0, at: [7, 0] })],
      {},
    ).run(submit([shoot('meena', 'xul')]), seat('sun'), scriptedDice([6]));

  it('RUL-8 SOL-9 a model is slain when its wounds taken reach exactly its wounds', () => {
    const events = hit(2);
    expect(dataOf(events, 'PhaseEnded')).toMatchObject({ injuries: [{ model: 'xul', damage: 2, woundsTaken: 2, slain: true }] });
    expect(dataOf(events, 'GameEnded')).toMatchObject({ winner: 'sun' });
  });

  it('RUL-8 SOL-9 one wound fewer than its wounds leaves a model standing', () => {
    const events = hit(1);
    expect(dataOf(events, 'PhaseEnded')).toMatchObject({ injuries: [{ model: 'xul', damage: 1, woundsTaken: 1, slain: false }] });
    expect(types(events)).not.toContain('GameEnded');
  });

  it('RUL-8 SOL-9 wounds taken count up to the wounds and no further; healing stops at none taken', () => {
    expect(dataOf(hit(3), 'PhaseEnded')).toMatchObject({ injuries: [{ model: 'xul', damage: 3, woundsTaken: 2, slain: true }] });
    const stone = { name: 'Healing Stone', target: 'ally', range: 1, effect: { kind: 'heal', amount: 1 } } as const;
    const game = arena([profile({ id: 'meena', mind: 10, at: [0, 0], leader: true, artifacts: [stone] })], [still()]);
    const events = game.run(submit([act('meena', { kind: 'artifact', artifact: 'Healing Stone' })]), seat('sun'));
    expect(dataOf(events, 'PhaseEnded')).toMatchObject({
      injuries: [{ model: 'meena', damage: 0, healed: 1, woundsTaken: 0, slain: false }],
    });
  });

  /** Ash (Mind `mind`, 3 wounds) is hit once by Bram in a phase both act in. */
  const wounded = (mind: number, rules: Record<string, unknown> = {}) => {
    const game = arena(
      [profile({ id: 'ash', mind, at: [0, 0], wounds: 3, leader: true })],
      [profile({ id: 'bram', mind, at: [0, 5], leader: true })],
      rules,
    );
    game.run(submit([act('ash', { kind: 'none' })]), seat('sun'));
    return game.run(submit([shoot('bram', 'ash')]), seat('moon'), scriptedDice([6]));
  };

  it('RUL-8 SOL-9 with mindLossPerWound 0 a wound leaves Mind as it was; with 1 it is one lower', () => {
    expect(dataOf(wounded(6, { mindLossPerWound: 0 }), 'PhaseEnded')).toMatchObject({ minds: [] });
    expect(dataOf(wounded(6), 'PhaseEnded')).toMatchObject({ minds: [{ model: 'ash', from: 6, to: 5 }] });
  });

  it('RUL-8 SOL-9 a wound takes Mind 1 to exactly 0, and a loss past 0 stops at 0', () => {
    expect(dataOf(wounded(1), 'PhaseEnded')).toMatchObject({ minds: [{ model: 'ash', from: 1, to: 0 }] });
    expect(dataOf(wounded(1, { mindLossPerWound: 2 }), 'PhaseEnded')).toMatchObject({ minds: [{ model: 'ash', from: 1, to: 0 }] });
  });
});

describe('the turn limit (SOL-8 default, mission data)', () => {
  /** Ila and Vask (Mind 1) act in phase 9 only: one phase a turn. */
  const limited = (turnLimit: number) =>
    playing(
      mission(
        [profile({ id: 'ila', mind: 1, at: [0, 0], leader: true })],
        [profile({ id: 'vask', mind: 1, at: [0, 7], leader: true })],
        [],
        { eliminate: 'leader', turnLimit },
      ),
    );
  const passTurn = (game: Game) => {
    game.run(submit([act('ila', { kind: 'none' })]), seat('sun'));
    return game.run(submit([act('vask', { kind: 'none' })]), seat('moon'));
  };

  it('RUL-8 SOL-8 play goes on after turn 1 of a turn limit of 2', () => {
    const events = passTurn(limited(2));
    expect(types(events).slice(-3)).toEqual(['TurnEnded', 'TurnStarted', 'PhaseStarted']);
    expect(dataOf(events, 'TurnStarted')).toEqual({ turn: 2 });
  });

  it('RUL-8 SOL-8 the match ends after exactly turn 2 of a turn limit of 2', () => {
    const game = limited(2);
    passTurn(game);
    const events = passTurn(game);
    expect(types(events).slice(-3)).toEqual(['TurnEnded', 'GameEnded', 'SeedRevealed']);
    expect(dataOf(events, 'GameEnded')).toEqual({
      winner: null,
      reason: 'the turn limit of 2 was reached; enemy models slain: sun 0, moon 0',
      rule: 'SOL-8',
    });
  });
});
