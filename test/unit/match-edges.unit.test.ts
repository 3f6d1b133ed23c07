/**
 * RUL-8 for the shared match lifecycle (domain/match): the limits, counts, seat checks and
 * steps that must not be taken twice, which a small change of their code (one comparison or
 * condition at a time) left untested. Each test fails on such a change. The verifier's are in
 * match-edges-verify.unit.test.ts; the rest of the lifecycle's tests are in match, organiser,
 * stalls and rules-adoption.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PIG_COMMANDS } from '../../docs/examples/pig/command-docs.ts';
import { EXAMPLE_OPTIONS } from '../../docs/examples/pig/examples.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import { rulesetCatalogue } from '../../domain/catalogue.ts';
import type { Actor } from '../../domain/kernel/context.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type * as z from '../../domain/kernel/zod.ts';
import { matchCommandSchemas } from '../../domain/match/command-table.ts';
import type { Step } from '../../domain/match/state.ts';
import { rulesetList } from '../../domain/ruleset-list.ts';
import { Game, player, seat } from '../support/decider-spec.ts';

const system: Actor = { kind: 'system' };
const T0 = '2026-01-01T00:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const HOUR = 3_600_000;
const createGame = matchCommandSchemas.get('CreateGame') as z.ZodMiniType;
const joinGame = matchCommandSchemas.get('JoinGame') as z.ZodMiniType;

const stepOf = (game: Game): Step | null => (game.state.status === 'empty' ? null : game.state.step);

/** Pig (docs/examples/pig) with three seats: the match lifecycle takes any number of seats. */
const PIG3 = { ...pig, id: 'pig3', seatNames: ['red', 'blue', 'green'] };
const WITH_PIG3 = rulesetCatalogue([...rulesetList, { id: 'pig3', commandDocs: PIG_COMMANDS, load: async () => PIG3 }]);
beforeAll(() => WITH_PIG3.load('pig3'));

/** A three-seat game, red first (a mission choice), every turn an hour long. */
const threeSeats = (options: Record<string, unknown> = {}) => {
  const game = new Game(WITH_PIG3);
  const create = { type: 'CreateGame', ruleset: 'pig3', seat: 'red', options: { rules: EXAMPLE_OPTIONS, firstPlayer: 'red', ...options } };
  game.run(create, player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'));
  game.run({ type: 'JoinGame' }, player('p_green'));
  return game;
};

/** A Post Galactica game created by red, waiting for blue. */
const waiting = (options: Record<string, unknown> = {}) => {
  const game = new Game();
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options }, player('p_red'));
  return game;
};

describe('creating and joining: each step once, by a player', () => {
  it('RUL-8 MATCH a game is created once: CreateGame on an existing game is refused (409)', () => {
    const refused = waiting().when({ type: 'CreateGame', ruleset: 'post-galactica' }, player('p_blue')).thenRejects('MATCH', 'GAME_EXISTS');
    expect(refused.status).toBe(409);
  });

  it('RUL-8 MATCH only a player creates a game or takes a seat: the system is refused (403)', () => {
    expect(new Game().when({ type: 'CreateGame', ruleset: 'post-galactica' }, system).thenRejects('MATCH', 'PLAYERS_ONLY').status).toBe(
      403,
    );
    expect(waiting().when({ type: 'JoinGame' }, system).thenRejects('MATCH', 'PLAYERS_ONLY').status).toBe(403);
  });

  it('RUL-8 PBM-11 absence needs a deadline: exactly one phase with a deadline (and no default) is enough', () => {
    const options = { absence: { maxMissed: 1 }, deadlines: { phases: { movement: 'PT1H' } } };
    const created = new Game().when({ type: 'CreateGame', ruleset: 'post-galactica', options }, player('p_red'));
    expect(created.events.map((e) => e.type)).toEqual(['GameCreated']);
  });

  it('RUL-8 PBM-11 maxMissed is accepted from exactly 0 to exactly 100, and refused at -1 and 101', () => {
    const create = (maxMissed: number) =>
      createGame.safeParse({ type: 'CreateGame', ruleset: 'post-galactica', options: { absence: { maxMissed } } }).success;
    expect([create(0), create(100)]).toEqual([true, true]);
    expect([create(-1), create(101)]).toEqual([false, false]);
  });

  it('RUL-8 MATCH a seed contribution is exactly 16 to exactly 128 hex digits; 15 or 129 are refused', () => {
    const join = (digits: number) => joinGame.safeParse({ type: 'JoinGame', seedContribution: 'a'.repeat(digits) }).success;
    expect([join(16), join(128)]).toEqual([true, true]);
    expect([join(15), join(129)]).toEqual([false, false]);
  });
});

describe('durations: at least one second', () => {
  it('RUL-8 REL-18 a deadline of exactly one second is accepted; 999 ms is refused', () => {
    const create = (duration: string) =>
      createGame.safeParse({ type: 'CreateGame', ruleset: 'post-galactica', options: { deadlines: { default: duration } } }).success;
    expect([create('PT1S'), create('PT0.999S')]).toEqual([true, false]);
  });

  it('RUL-8 PBM-7 a reminder of exactly one second before the deadline is accepted; 999 ms is refused', () => {
    const create = (reminder: string) =>
      createGame.safeParse({ type: 'CreateGame', ruleset: 'post-galactica', options: { reminders: [reminder] } }).success;
    expect([create('PT1S'), create('PT0.999S')]).toEqual([true, false]);
  });
});

describe('the first player: chosen once, among the seats', () => {
  it('RUL-8 PG-5 the roll-off winner may name only a seat of the game', () => {
    const game = waiting();
    game.run({ type: 'JoinGame' }, player('p_blue'), scriptedDice([6, 2]));
    const refused = game.when({ type: 'ChooseFirstPlayer', seat: 'green' }, seat('red')).thenRejects('PG-5', 'UNKNOWN_SEAT');
    expect(refused.message).toBe('There is no seat "green"; the seats are red, blue.');
  });
});

describe('pausing after the deadline has passed', () => {
  it('RUL-8 PBM-12 a pause exactly at the deadline, or after it before the timer fired, keeps 0 ms, never less', () => {
    const game = waiting({ firstPlayer: 'red', deadlines: { default: 'PT1H' } });
    game.run({ type: 'JoinGame' }, player('p_blue'));
    const pause = (now: string) => game.when({ type: 'PauseGame' }, player('p_red'), undefined, now).events[0]?.data;
    expect(stepOf(game)?.deadline).toBe(at(HOUR));
    expect(pause(at(HOUR - 1))).toMatchObject({ remainingMs: 1 });
    expect(pause(at(HOUR))).toMatchObject({ remainingMs: 0 });
    expect(pause(at(HOUR + 1))).toMatchObject({ remainingMs: 0 });
  });
});

describe('three seats: one seat leaving does not make a winner of the next', () => {
  it('RUL-8 MATCH a seat conceding a three-seat game leaves two standing: nobody wins', () => {
    const events = threeSeats().run({ type: 'Concede' }, seat('red'));
    expect(events[1]).toEqual({ type: 'GameEnded', data: { winner: null, reason: 'red conceded' } });
  });

  it('RUL-8 PBM-11 a seat forfeiting a three-seat game leaves two standing: nobody wins', () => {
    const game = threeSeats({ deadlines: { default: 'PT1H' }, absence: { maxMissed: 0 } });
    const events = game.run({ type: 'DeadlineReached', phaseKey: 't1' }, system, undefined, at(HOUR));
    expect(events[1]).toEqual({ type: 'GameEnded', data: { winner: null, reason: 'red missed 1 deadline (PBM-11)', rule: 'PBM-11' } });
  });

  it('RUL-8 MATCH a seat conceding before the others have joined leaves no winner: an empty seat wins nothing', () => {
    const events = waiting().run({ type: 'Concede' }, seat('red'));
    expect(events[1]).toEqual({ type: 'GameEnded', data: { winner: null, reason: 'red conceded' } });
  });
});

describe('agreements and the commands of a game in play', () => {
  /** Post Galactica, red first (a mission choice), every phase an hour long; p_red created it. */
  const playingGame = () => {
    const game = waiting({ firstPlayer: 'red', deadlines: { default: 'PT1H' } });
    game.run({ type: 'JoinGame' }, player('p_blue'));
    return game;
  };

  it('RUL-8 PBM-13 a draw is offered only while the game is played, not while it waits for players', () => {
    const refused = waiting().when({ type: 'OfferDraw' }, seat('red')).thenRejects('PBM-13', 'GAME_NOT_PLAYING');
    expect(refused.message).toBe(
      'A draw can be offered only while the game is played. This game has not started: it is waiting for players, and the blue seat is free.',
    );
  });

  it('RUL-8 PBM-13 declining needs a proposal open in this phase, and a seat', () => {
    const game = playingGame();
    game.when({ type: 'DeclineDraw' }, seat('blue')).thenRejects('PBM-13', 'NOTHING_PROPOSED');
    game.run({ type: 'OfferDraw' }, seat('red'));
    expect(game.when({ type: 'DeclineDraw' }, player('p_stranger')).thenRejects('PBM-13', 'NOT_SEATED').status).toBe(403);
    expect(game.when({ type: 'DeclineDraw' }, seat('blue')).events).toEqual([{ type: 'DrawDeclined', data: { seat: 'blue' } }]);
  });

  it('RUL-8 PBM-12 a paused game that a seat concedes ends unpaused', () => {
    const game = playingGame();
    game.run({ type: 'PauseGame' }, player('p_red'), undefined, at(HOUR / 2));
    expect(game.state).toMatchObject({ paused: { by: 'organiser' } });
    game.run({ type: 'Concede' }, seat('blue'), undefined, at(HOUR / 2));
    expect(game.state.status).toBe('ended');
    expect(game.state).not.toHaveProperty('paused');
  });

  it("RUL-8 MATCH a ruleset's command from a player without a seat is refused by the match (403), before the ruleset sees it", () => {
    const refused = playingGame().when({ type: 'EndPhase' }, player('p_stranger')).thenRejects('MATCH', 'NOT_SEATED');
    expect(refused.status).toBe(403);
  });

  it('RUL-8 MATCH a command for a game that does not exist is refused (409), whatever the command', () => {
    for (const command of [{ type: 'JoinGame' }, { type: 'Concede' }, { type: 'EndPhase' }]) {
      expect(new Game().when(command, seat('red')).thenRejects('MATCH', 'NO_GAME').status).toBe(409);
    }
  });
});
