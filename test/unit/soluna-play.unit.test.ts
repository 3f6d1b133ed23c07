import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { sealBatch } from '../../domain/kernel/envelope.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { lineOfSight } from '../../domain/soluna/grid.ts';
import type { ProfileInput } from '../../domain/soluna/mission.ts';
import { GAME_ID, Game, player, seat, TEST_SEED } from '../support/decider-spec.ts';
import { act, mission, playing, profile, shoot, sol, submit } from '../support/soluna.ts';

const RULESETS = everyRuleset();

const FOCUS = { name: 'Focus', target: 'self', range: 0, effect: { kind: 'mind', amount: 2 } } as const;
const WALL: [number, number][] = [
  [2, 1],
  [2, 2],
  [2, 3],
];

const arena = (sun: ProfileInput[], moon: ProfileInput[], rules: Record<string, unknown> = {}, options: Record<string, unknown> = {}) =>
  playing(mission(sun, moon, WALL), rules, options);

const model = (game: Game, id: string) => sol(game).models.find((m) => m.id === id);
const types = (events: readonly { type: string }[]) => events.map((e) => e.type);
const dataOf = <T>(events: readonly { type: string; data: unknown }[], type: string): T => events.find((e) => e.type === type)?.data as T;

/** The phase timer's command at `now`, appended to the log as the store would. */
const deadline = (game: Game, now: string) => {
  const system: Actor = { kind: 'system' };
  const step = game.state.status === 'playing' ? game.state.step : null;
  const decision = decideGame(
    game.state,
    { type: 'DeadlineReached', phaseKey: step?.key ?? '' },
    { rulesets: RULESETS, now, actor: system, seed: TEST_SEED, dice: scriptedDice([1, 1, 1]) },
    GAME_ID,
  );
  if (!decision.ok) throw new Error(decision.violation.message);
  const meta = { gameId: GAME_ID, at: now, actor: 'system', commandId: 'timer', rulesVersion: 'test', command: null };
  game.log.push(...sealBatch(game.log.at(-1) ?? null, decision.events, meta));
  return decision.events;
};

describe('simultaneous resolution (SOL-4)', () => {
  const meena = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true });
  const xul = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true });

  it('SOL-4 Meena attacks Xul, Xul moves out of sight: the attack resolves as if he had not moved, and he still moves though it kills him', () => {
    const game = arena([meena], [xul]);
    game.run(submit([shoot('meena', 'xul')]), seat('sun'));
    const events = game.run(submit([act('xul', { kind: 'move', to: [3, 2] })]), seat('moon'), scriptedDice([5]));
    expect(types(events)).toEqual([
      'ActionsSealed',
      'ActionsCommitted',
      'ActionsRevealed',
      'AttackResolved',
      'ModelMoved',
      'PhaseEnded',
      'GameEnded',
      'SeedRevealed',
    ]);
    expect(lineOfSight(sol(game).grid, [0, 0], [3, 2])).toBe(false);
    expect(dataOf(events, 'AttackResolved')).toMatchObject({
      model: 'meena',
      weapon: 'Bow',
      target: 'xul',
      targetAt: [3, 0],
      damage: 1,
      roll: { purpose: "hit: Meena's Bow vs Xul", sides: 6, value: 5, target: 4, compare: 'atLeast', success: true, rule: 'SOL-4' },
    });
    expect(dataOf(events, 'ModelMoved')).toEqual({
      model: 'xul',
      from: [3, 0],
      to: [3, 2],
      path: [
        [3, 1],
        [3, 2],
      ],
    });
    expect(dataOf(events, 'PhaseEnded')).toMatchObject({ injuries: [{ model: 'xul', damage: 1, healed: 0, woundsTaken: 1, slain: true }] });
    expect(model(game, 'xul')).toMatchObject({ at: [3, 2], slain: true });
  });

  it('SOL-4 injuries take effect at the end of the phase: two models that slay each other both attack', () => {
    const game = arena([meena], [xul]);
    game.run(submit([shoot('meena', 'xul')]), seat('sun'));
    const events = game.run(submit([shoot('xul', 'meena')]), seat('moon'), scriptedDice([6, 6]));
    expect(types(events).filter((t) => t === 'AttackResolved')).toHaveLength(2);
    expect(dataOf(events, 'GameEnded')).toEqual({ winner: null, reason: 'every leader fell in the same phase: a draw', rule: 'SOL-8' });
  });

  it('SOL-4 when two models move to the same square, neither moves (default)', () => {
    const game = arena([meena], [xul]);
    game.run(
      submit([
        act('meena', {
          kind: 'move',
          path: [
            [1, 0],
            [2, 0],
          ],
        }),
      ]),
      seat('sun'),
    );
    const events = game.run(submit([act('xul', { kind: 'move', to: [2, 0] })]), seat('moon'));
    expect(types(events).filter((t) => t === 'MoveBlocked')).toHaveLength(2);
    expect([model(game, 'meena')?.at, model(game, 'xul')?.at]).toEqual([
      [0, 0],
      [3, 0],
    ]);
  });

  it('SOL-4 at the deadline the phase resolves; a missed choice counts as no action', () => {
    const game = arena([meena], [{ ...xul, wounds: 2 }], {}, { deadlines: { phases: { p1: 'PT1H' } } });
    expect(game.state.status === 'playing' && game.state.step).toMatchObject({
      key: 't1-p1',
      phase: 'p1',
      deadline: '2026-01-01T01:00:00.000Z',
    });
    game.run(submit([shoot('meena', 'xul')]), seat('sun'));
    const events = deadline(game, '2026-01-01T01:00:00.000Z');
    expect(types(events)).toEqual([
      'DeadlinePassed',
      'ActionsRevealed',
      'AttackResolved',
      'ActivationPassed',
      'PhaseEnded',
      'PhaseStarted',
    ]);
    expect(dataOf<{ orders: unknown[] }>(events, 'ActionsRevealed').orders[1]).toEqual({
      seat: 'moon',
      actions: [act('xul', { kind: 'none' })],
      missed: 'none',
    });
    expect(sol(game)).toMatchObject({ turn: 1, phase: 2 });
  });

  it("SOL-4 with missedOrders 'defer' a missed choice defers the model's activation", () => {
    const game = arena([meena], [xul], { missedOrders: 'defer' }, { deadlines: { default: 'PT1H' } });
    const events = deadline(game, '2026-01-01T01:00:00.000Z');
    expect(types(events).filter((t) => t === 'ActivationDeferred')).toHaveLength(2);
    expect(model(game, 'xul')?.deferred).toBe(true);
  });
});

describe('deferral (SOL-5)', () => {
  const quiet = profile({ id: 'vask', mind: 0, at: [7, 7], leader: true });

  it('SOL-5 a deferred model may act in a later phase where its Mind row has no X, which spends the deferral', () => {
    const game = arena([profile({ id: 'oren', mind: 6, at: [0, 5] })], [quiet]);
    expect(sol(game)).toMatchObject({ phase: 4, eligible: { sun: ['oren'] } });
    const deferred = game.run(submit([act('oren', { kind: 'defer' })]), seat('sun'));
    expect(dataOf(deferred, 'PhaseStarted')).toMatchObject({ phase: 5, eligible: { sun: ['oren'], moon: [] } });
    game.run(submit([act('oren', { kind: 'move', to: [0, 6] })]), seat('sun'));
    expect(model(game, 'oren')).toMatchObject({ at: [0, 6], deferred: false });
    expect(sol(game).phase).toBe(6);
  });

  it('SOL-5 a deferral may carry into the next turn', () => {
    const game = arena([profile({ id: 'ila', mind: 1, at: [0, 5] })], [quiet]);
    expect(sol(game)).toMatchObject({ phase: 9 });
    game.run(submit([act('ila', { kind: 'defer' })]), seat('sun'));
    const events = game.run(submit([act('ila', { kind: 'defer' })]), seat('sun'));
    expect(types(events).slice(-3)).toEqual(['TurnEnded', 'TurnStarted', 'PhaseStarted']);
    expect(dataOf(events, 'PhaseStarted')).toEqual({ turn: 2, phase: 1, skipped: [], eligible: { sun: ['ila'], moon: [] } });
  });

  it('SOL-5 a deferred model that acts otherwise loses its deferred activation', () => {
    const game = arena([profile({ id: 'oren', mind: 3, at: [0, 5] })], [quiet]);
    game.run(submit([act('oren', { kind: 'defer' })]), seat('sun'));
    expect(sol(game)).toMatchObject({ phase: 8, eligible: { sun: ['oren'] } });
    game.run(submit([act('oren', { kind: 'defer' })]), seat('sun'));
    game.run(submit([act('oren', { kind: 'move', to: [0, 6] })]), seat('sun'));
    expect(model(game, 'oren')?.deferred).toBe(false);
    const events = game.run(submit([act('oren', { kind: 'none' })]), seat('sun'));
    expect(dataOf(events, 'PhaseStarted')).toMatchObject({ turn: 2, phase: 7, skipped: [1, 2, 3, 4, 5, 6] });
  });

  it('SOL-5 doing nothing ("none") spends a held activation too (default)', () => {
    const game = arena([profile({ id: 'oren', mind: 6, at: [0, 5] })], [quiet]);
    game.run(submit([act('oren', { kind: 'defer' })]), seat('sun'));
    game.run(submit([act('oren', { kind: 'none' })]), seat('sun'));
    expect(model(game, 'oren')?.deferred).toBe(false);
  });
});

describe('the turn (SOL-6, SOL-7)', () => {
  const quiet = profile({ id: 'vask', mind: 0, at: [7, 7], leader: true });

  it('SOL-6 after phase 10 turn-based effects expire, starred choices come back, and the next turn starts', () => {
    const game = arena([profile({ id: 'ila', mind: 5, at: [0, 5], psionics: [FOCUS] })], [quiet]);
    const focused = game.run(submit([act('ila', { kind: 'psionic', psionic: 'Focus' })]), seat('sun'));
    expect(dataOf(focused, 'PhaseEnded')).toMatchObject({
      effects: [{ model: 'ila', amount: 2, source: 'Focus (Ila)' }],
      minds: [{ model: 'ila', from: 5, to: 7 }],
    });
    let events = focused;
    for (let phase = 6; phase <= 10; phase += 1) events = game.run(submit([act('ila', { kind: 'none' })]), seat('sun'));
    expect(dataOf(events, 'TurnEnded')).toEqual({ turn: 1, expired: [{ model: 'ila', amount: 2, source: 'Focus (Ila)' }] });
    expect(dataOf(events, 'PhaseStarted')).toMatchObject({ turn: 2, phase: 5 });
    expect(sol(game).effects).toEqual([]);
    expect(game.when(submit([act('ila', { kind: 'psionic', psionic: 'Focus' })]), seat('sun')).events[0]?.type).toBe('ActionsSealed');
  });

  it('SOL-7 the example mission starts its first turn at phase 2, where Meena (Mind 8) first acts', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'soluna', seat: 'sun', options: { firstPlayer: 'sun' } }, player('p_sun'));
    const events = game.run({ type: 'JoinGame' }, player('p_moon'));
    expect(events.slice(2)).toEqual([
      { type: 'TurnStarted', data: { turn: 1 } },
      { type: 'PhaseStarted', data: { turn: 1, phase: 2, skipped: [1], eligible: { sun: ['meena'], moon: [] } } },
    ]);
    expect(game.state.status === 'playing' && game.state.step).toMatchObject({ key: 't1-p2', phase: 'p2' });
  });

  it('SOL-7 phases in which no model may act are skipped within the turn too', () => {
    const game = arena([profile({ id: 'oren', mind: 3, at: [0, 5] })], [quiet]);
    expect(sol(game)).toMatchObject({ phase: 7 });
    const events = game.run(submit([act('oren', { kind: 'none' })]), seat('sun'));
    expect(dataOf(events, 'PhaseStarted')).toMatchObject({ phase: 9, skipped: [8] });
  });
});

describe('speed play follows Mind (SOL-7, SOL-9)', () => {
  const duelists = () =>
    arena(
      [profile({ id: 'ash', mind: 6, at: [0, 0], wounds: 3, leader: true })],
      [profile({ id: 'bram', mind: 6, at: [0, 5], leader: true })],
    );
  const phaseAfter = (face: number) => {
    const game = duelists();
    game.run(submit([act('ash', { kind: 'none' })]), seat('sun'));
    return dataOf(game.run(submit([shoot('bram', 'ash')]), seat('moon'), scriptedDice([face])), 'PhaseStarted');
  };

  it('SOL-7 the next phase is recomputed as Mind changes: a wound in phase 4 opens phase 5, a miss skips it', () => {
    expect(phaseAfter(1)).toMatchObject({ phase: 6, skipped: [5] });
    expect(phaseAfter(6)).toMatchObject({ phase: 5, skipped: [] });
  });
});

describe('injury and Mind (SOL-9)', () => {
  it('SOL-9 a wound lowers Mind at the end of the phase and the model now acts in the phases of its new Mind', () => {
    const game = arena(
      [profile({ id: 'ash', mind: 6, at: [0, 0], wounds: 3, leader: true })],
      [profile({ id: 'bram', mind: 6, at: [0, 5], leader: true })],
    );
    expect(sol(game)).toMatchObject({ phase: 4, eligible: { sun: ['ash'], moon: ['bram'] } });
    game.run(submit([act('ash', { kind: 'none' })]), seat('sun'));
    const events = game.run(submit([shoot('bram', 'ash')]), seat('moon'), scriptedDice([6]));
    expect(dataOf(events, 'PhaseEnded')).toMatchObject({ minds: [{ model: 'ash', from: 6, to: 5 }] });
    expect(dataOf(events, 'PhaseStarted')).toMatchObject({ phase: 5, eligible: { sun: ['ash'], moon: [] } });
    const next = game.run(submit([act('ash', { kind: 'none' })]), seat('sun'));
    expect(dataOf(next, 'PhaseStarted')).toMatchObject({ phase: 6, eligible: { sun: [], moon: ['bram'] } });
  });

  it('SOL-9 Mind lost per wound is an option', () => {
    const game = arena(
      [profile({ id: 'ash', mind: 6, at: [0, 0], wounds: 3, leader: true })],
      [profile({ id: 'bram', mind: 6, at: [0, 5], leader: true })],
      { mindLossPerWound: 2 },
    );
    game.run(submit([act('ash', { kind: 'none' })]), seat('sun'));
    const events = game.run(submit([shoot('bram', 'ash')]), seat('moon'), scriptedDice([6]));
    expect(dataOf(events, 'PhaseEnded')).toMatchObject({ minds: [{ model: 'ash', from: 6, to: 4 }] });
  });
});

describe('victory (SOL-8)', () => {
  it('SOL-8 slaying the enemy leader ends the match, and the match layer reveals the seed', () => {
    const game = arena(
      [profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })],
      [profile({ id: 'xul', mind: 10, at: [3, 0], leader: true })],
    );
    game.run(submit([shoot('meena', 'xul')]), seat('sun'));
    const events = game.run(submit([act('xul', { kind: 'none' })]), seat('moon'), scriptedDice([4]));
    expect(types(events).slice(-2)).toEqual(['GameEnded', 'SeedRevealed']);
    expect(dataOf(events, 'GameEnded')).toEqual({ winner: 'sun', reason: 'the moon leader was slain', rule: 'SOL-8' });
    expect(game.state).toMatchObject({ status: 'ended', result: { winner: 'sun' }, seed: TEST_SEED });
  });

  it("SOL-8 with eliminate 'all' play goes on until a side has no model left", () => {
    const sun = [profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })];
    const moon = [profile({ id: 'xul', mind: 10, at: [3, 0], leader: true }), profile({ id: 'sera', mind: 0, at: [7, 7] })];
    const game = playing(mission(sun, moon, [], { eliminate: 'all', turnLimit: null }));
    game.run(submit([shoot('meena', 'xul')]), seat('sun'));
    const events = game.run(submit([act('xul', { kind: 'none' })]), seat('moon'), scriptedDice([6]));
    expect(types(events)).not.toContain('GameEnded');
    expect(sol(game)).toMatchObject({ phase: 2, eligible: { sun: ['meena'], moon: [] } });
  });

  it('SOL-8 the example mission plays out of the box with {} options, to its turn limit of 8', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'soluna', seat: 'sun' }, player('p_sun'));
    game.run({ type: 'JoinGame' }, player('p_moon'));
    const rolled = game.state;
    if (rolled.status === 'choosing' && rolled.rollOff) game.run({ type: 'ChooseFirstPlayer', seat: 'moon' }, seat(rolled.rollOff.winner));
    for (let guard = 0; game.state.status === 'playing' && guard < 200; guard += 1) {
      const state = sol(game);
      for (const s of state.seats.filter((x) => (state.eligible[x] ?? []).length > 0)) {
        game.run(submit((state.eligible[s] ?? []).map((id) => act(id, { kind: 'none' }))), seat(s));
      }
    }
    expect(game.state).toMatchObject({
      status: 'ended',
      result: { winner: null, reason: 'the turn limit of 8 was reached; enemy models slain: sun 0, moon 0' },
    });
  });

  it('SOL-8 at the turn limit the side that slew more enemy models wins (default)', () => {
    const sun = [profile({ id: 'ila', mind: 1, at: [0, 0], leader: true })];
    const moon = [profile({ id: 'vask', mind: 1, at: [0, 6], leader: true }), profile({ id: 'sera', mind: 1, at: [1, 6] })];
    const game = playing(mission(sun, moon, [], { eliminate: 'leader', turnLimit: 1 }));
    game.run(submit([shoot('ila', 'sera')]), seat('sun'));
    const events = game.run(submit([act('vask', { kind: 'none' }), act('sera', { kind: 'none' })]), seat('moon'), scriptedDice([6]));
    expect(types(events).slice(-3)).toEqual(['TurnEnded', 'GameEnded', 'SeedRevealed']);
    expect(dataOf(events, 'GameEnded')).toEqual({
      winner: 'sun',
      reason: 'the turn limit of 1 was reached; enemy models slain: sun 1, moon 0',
      rule: 'SOL-8',
    });
  });
});
