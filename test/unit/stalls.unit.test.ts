import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type * as z from '../../domain/kernel/zod.ts';
import { matchCommandSchemas } from '../../domain/match/command-table.ts';
import type { Step } from '../../domain/match/state.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { Game, player, seat, TEST_SEED } from '../support/decider-spec.ts';

const createGame = matchCommandSchemas.get('CreateGame') as z.ZodMiniType;
const RULESETS = everyRuleset();

const system: Actor = { kind: 'system' };
const T0 = '2026-01-01T00:00:00.000Z';
const revealed = { type: 'SeedRevealed', data: { seed: TEST_SEED, contributions: [] } };

const stepOf = (game: Game): Step | null => (game.state.status === 'empty' ? null : game.state.step);

/** The phase timer firing for the step the game waits in, at its deadline. */
const fire = (game: Game) => {
  const step = stepOf(game);
  if (!step?.deadline) throw new Error('no step with a deadline');
  return game.when({ type: 'DeadlineReached', phaseKey: step.key }, system, undefined, step.deadline);
};
const miss = (game: Game) => {
  const step = stepOf(game);
  if (!step?.deadline) throw new Error('no step with a deadline');
  return game.run({ type: 'DeadlineReached', phaseKey: step.key }, system, undefined, step.deadline);
};

describe('PBM-9 choosing the first player has a deadline', () => {
  /** Blue wins the roll-off (2 against 5) and must choose. */
  const rolledOff = (deadlines: Record<string, unknown>) => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { deadlines } }, player('p_red'));
    game.run({ type: 'JoinGame' }, player('p_blue'), scriptedDice([2, 5]));
    return game;
  };

  it('PBM-9 while choosing, the roll-off winner waits in the step choose-first, with its own duration or the default', () => {
    expect(stepOf(rolledOff({ default: 'PT48H', phases: { 'choose-first-player': 'PT1H' } }))).toEqual({
      key: 'choose-first',
      phase: 'choose-first-player',
      openedAt: T0,
      deadline: '2026-01-01T01:00:00.000Z',
    });
    expect(stepOf(rolledOff({ default: 'PT48H' }))?.deadline).toBe('2026-01-03T00:00:00.000Z');
    expect(viewGame(RULESETS, rolledOff({ default: 'PT48H' }).state, 'blue')).toMatchObject({
      status: 'choosing',
      awaiting: ['blue'],
      step: { key: 'choose-first', deadline: '2026-01-03T00:00:00.000Z' },
    });
  });

  it('PBM-9 without deadlines the choice waits for the winner, as before', () => {
    expect(stepOf(rolledOff({}))).toMatchObject({ key: 'choose-first', deadline: null });
  });

  it('PBM-9 a missed choice: the roll-off winner takes the first turn and play begins', () => {
    fire(rolledOff({ default: 'PT1H' })).then([
      {
        type: 'DeadlinePassed',
        data: { phaseKey: 'choose-first', phase: 'choose-first-player', deadline: '2026-01-01T01:00:00.000Z', awaiting: ['blue'] },
      },
      { type: 'FirstPlayerChosen', data: { seat: 'blue', chosenBy: 'deadline', rule: 'PG-5' } },
      { type: 'TurnStarted', data: { turn: 1, round: 1, seat: 'blue' } },
      { type: 'PhaseStarted', data: { phase: 'command', seat: 'blue' } },
    ]);
  });

  it('PBM-9 a fire after the winner chose, or before the deadline, decides nothing', () => {
    const early = rolledOff({ default: 'PT1H' });
    early.when({ type: 'DeadlineReached', phaseKey: 'choose-first' }, system, undefined, '2026-01-01T00:59:59.000Z').then([]);
    const chosen = rolledOff({ default: 'PT1H' });
    chosen.run({ type: 'ChooseFirstPlayer', seat: 'red' }, seat('blue'));
    chosen.when({ type: 'DeadlineReached', phaseKey: 'choose-first' }, system, undefined, '2026-01-02T00:00:00.000Z').then([]);
  });

  it('PBM-9 a duration for a phase no one has is still refused', () => {
    new Game()
      .when({ type: 'CreateGame', ruleset: 'post-galactica', options: { deadlines: { phases: { 'choose-last': 'PT1H' } } } }, player('p1'))
      .thenRejects('MATCH', 'UNKNOWN_PHASE');
  });
});

describe('PBM-10 open games expire', () => {
  const open = (options: Record<string, unknown> = {}) => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options }, player('p_red'));
    return game;
  };

  it('PBM-10 a game waiting for players expires openFor after it was created', () => {
    expect(stepOf(open({ openFor: 'P3D' }))).toEqual({ key: 'lobby', phase: 'lobby', openedAt: T0, deadline: '2026-01-04T00:00:00.000Z' });
    expect(open({ openFor: 'P3D' }).log[0]?.data).toMatchObject({ options: { openFor: 'P3D' } });
  });

  it('PBM-10 without openFor it waits 7 days, and the log records no openFor (existing logs decide as before)', () => {
    const game = open();
    expect(stepOf(game)?.deadline).toBe('2026-01-08T00:00:00.000Z');
    expect(game.log[0]?.data).toMatchObject({ options: { firstPlayer: 'roll-off', deadlines: {}, rules: {} } });
    expect(Object.keys((game.log[0]?.data as { options?: object } | undefined)?.options ?? {})).toEqual([
      'firstPlayer',
      'deadlines',
      'rules',
    ]);
  });

  it('PBM-10 at its expiry the game ends without a winner, naming the empty seat, and the seed is revealed', () => {
    fire(open({ openFor: 'PT1H' })).then([
      { type: 'DeadlinePassed', data: { phaseKey: 'lobby', phase: 'lobby', deadline: '2026-01-01T01:00:00.000Z', awaiting: [] } },
      { type: 'GameEnded', data: { winner: null, reason: 'expired: the blue seat was not taken within PT1H (PBM-10)', rule: 'PBM-10' } },
      revealed,
    ]);
  });

  it('PBM-10 a game that filled in time does not expire', () => {
    const game = open({ openFor: 'PT1H' });
    game.run({ type: 'JoinGame' }, player('p_blue'));
    expect(stepOf(game)?.key).toBe('choose-first');
    game.when({ type: 'DeadlineReached', phaseKey: 'lobby' }, system, undefined, '2026-01-02T00:00:00.000Z').then([]);
  });

  it('PBM-10 openFor is an ISO 8601 duration of at least a second', () => {
    const create = (openFor: unknown) => createGame.safeParse({ type: 'CreateGame', ruleset: 'post-galactica', options: { openFor } });
    expect(create('P7D').success).toBe(true);
    expect(create('7 days').success).toBe(false);
    expect(create('PT0S').success).toBe(false);
  });
});

describe('PBM-11 absent players forfeit', () => {
  /** Red plays first (a mission choice); every phase has an hour; two misses in a row are allowed. */
  const timed = (absence?: { maxMissed: number }) => {
    const game = new Game();
    const options = { firstPlayer: 'red', deadlines: { default: 'PT1H' }, ...(absence ? { absence } : {}) };
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options }, player('p_red'));
    game.run({ type: 'JoinGame' }, player('p_blue'));
    return game;
  };

  it('PBM-11 a seat that misses one deadline more than maxMissed in a row forfeits; the other seat wins', () => {
    const game = timed({ maxMissed: 2 });
    miss(game);
    miss(game);
    expect(game.state.status === 'playing' && game.state.missed).toEqual({ red: 2 });
    expect(viewGame(RULESETS, game.state, 'blue')?.missed).toEqual({ red: 2 });
    fire(game).then([
      {
        type: 'DeadlinePassed',
        data: { phaseKey: 't1-movement', phase: 'movement', deadline: '2026-01-01T03:00:00.000Z', awaiting: ['red'] },
      },
      { type: 'GameEnded', data: { winner: 'blue', reason: 'red missed 3 deadlines in a row (PBM-11)', rule: 'PBM-11' } },
      revealed,
    ]);
  });

  it('PBM-11 acting sets the count back to 0', () => {
    const game = timed({ maxMissed: 2 });
    miss(game);
    miss(game);
    const step = stepOf(game);
    game.run({ type: 'EndPhase' }, seat('red'), undefined, step?.openedAt);
    expect(game.state.status === 'playing' && game.state.missed).toEqual({ red: 0 });
    expect(fire(game).events.map((e) => e.type)).toEqual(['DeadlinePassed', 'PhaseStarted']);
  });

  it('PBM-11 with maxMissed 0 the first missed deadline forfeits', () => {
    const game = timed({ maxMissed: 0 });
    expect(fire(game).events[1]).toEqual({
      type: 'GameEnded',
      data: { winner: 'blue', reason: 'red missed 1 deadline (PBM-11)', rule: 'PBM-11' },
    });
  });

  it('PBM-11 without options.absence no number of missed deadlines forfeits, and nothing is counted', () => {
    const game = timed();
    for (let i = 0; i < 4; i += 1) miss(game);
    expect(game.state.status).toBe('playing');
    expect('missed' in game.state).toBe(false);
    expect(viewGame(RULESETS, game.state, null)).not.toHaveProperty('missed');
  });

  it('PBM-11 absence counts missed deadlines, so it needs deadlines; its fields are strict', () => {
    new Game()
      .when({ type: 'CreateGame', ruleset: 'post-galactica', options: { absence: { maxMissed: 2 } } }, player('p1'))
      .thenRejects('PBM-11', 'ABSENCE_WITHOUT_DEADLINES');
    const create = (absence: unknown) => createGame.safeParse({ type: 'CreateGame', ruleset: 'post-galactica', options: { absence } });
    expect(create({ maxMissed: 2 }).success).toBe(true);
    expect(create({ maxMissed: -1 }).success).toBe(false);
    expect(create({ maxMissed: 2, grace: 1 }).success).toBe(false);
  });
});
