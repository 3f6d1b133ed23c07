/**
 * TB-1 TB-2 TB-3 how the fold rewinds a game for a takeback (domain/match/rewind.ts): what state
 * an own takeback leaves (its window, its step, PBM-11's counts), what a far takeback leaves (the
 * closed window, the correction), and the sentences with which a fold refuses a takeback event it
 * cannot fold (a forged or damaged log, or a state at the version that does not match it).
 */

import { describe, expect, it } from 'vitest';
import { type Rulesets, rulesetsOf } from '../../domain/catalogue.ts';
import type { DomainEvent, EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { TakenBack } from '../../domain/match/events.ts';
import { evolveGame, foldEvents, foldGame } from '../../domain/match/evolve.ts';
import { rewind } from '../../domain/match/rewind.ts';
import type { GameState, Match } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { soluna } from '../../domain/soluna/ruleset.ts';
import { Game, lastEvent, matchOf, seat } from '../support/decider-spec.ts';
import { solunaDuel } from '../support/match-setups.ts';
import { act, submit } from '../support/soluna.ts';

const RULESETS = everyRuleset();
const sun = seat('sun', 'p_sun');
const moon = seat('moon', 'p_moon');

const hashAt = (game: Game, version: number) => (game.log[version - 1] as EventEnvelope).hash;

/** A Sol'una game in its first phase, sun (the organiser, PBM-12) and moon both awaited; `start` is its version. */
const started = (options: Record<string, unknown> = {}) => {
  const game = solunaDuel(options);
  return { game, start: game.state.version };
};
/** PBM-11: the first step's deadline (PT1H) passes with both seats awaited. */
const passDeadline = (game: Game) =>
  game.run({ type: 'DeadlineReached', phaseKey: matchOf(game).step?.key }, { kind: 'system' }, undefined, '2026-01-01T01:00:00.000Z');
const LATER = '2026-01-01T01:10:00.000Z';
const orders = (model: string) => submit([act(model, { kind: 'none' })]);
const takenBack = (data: Partial<TakenBack['data']>): DomainEvent => ({ type: 'TakenBack', data: { voids: [], how: 'own', ...data } });

/** Moon proposed going back across sun's and moon's orders (both resolved) and sun accepted. */
const agreedBack = (options: Record<string, unknown> = {}) => {
  const { game, start } = started(options);
  game.run(orders('meena'), sun);
  game.run(orders('xul'), moon);
  game.run({ type: 'ProposeTakeback', toVersion: start }, moon);
  game.run({ type: 'AcceptTakeback' }, sun);
  return { game, start };
};

describe('RUL-9 TB-1 the state an own takeback leaves', () => {
  it('RUL-9 TB-1 TB-5 sun takes back all its orders: its window stays open at the same checkpoint, with nothing left in it', () => {
    const { game, start } = started();
    game.run(orders('meena'), sun);
    const window = matchOf(game).undo;
    game.run({ type: 'TakeBack' }, sun);
    expect(window).toMatchObject({ kind: 'open', seat: 'sun', checkpoint: { version: start } });
    expect(matchOf(game).undo).toEqual({ ...window, events: [] });
    expect(matchOf(game).version).toBe(lastEvent(game).seq);
  });

  it('RUL-9 TB-1 a takeback within the same step keeps its deadline: the step is not opened again', () => {
    const { game } = started({ deadlines: { default: 'PT1H' } });
    const step = matchOf(game).step;
    game.run(orders('meena'), sun, undefined, '2026-01-01T00:10:00.000Z');
    game.run({ type: 'TakeBack' }, sun, undefined, '2026-01-01T00:20:00.000Z');
    expect(step?.deadline).toBe('2026-01-01T01:00:00.000Z');
    expect(matchOf(game).step).toEqual(step);
  });

  it('RUL-9 PBM-11 TB-1 with options.absence the takeback is an event sun acted in: its missed deadlines are counted back to 0', () => {
    const { game } = started({ deadlines: { default: 'PT1H' }, absence: { maxMissed: 3 } });
    passDeadline(game);
    const missed = matchOf(game).missed;
    game.run(orders('meena'), sun, undefined, LATER);
    game.run({ type: 'TakeBack' }, sun, undefined, LATER);
    expect(missed).toEqual({ sun: 1, moon: 1 });
    expect(matchOf(game).missed).toEqual({ sun: 0, moon: 1 });
  });

  it('RUL-9 TB-1 a ruleset whose step is null (nothing waits on players, which the kernel allows) takes back without a step', () => {
    const unstepped = rulesetsOf({ rulesets: [{ ...soluna, step: () => null }] });
    const game = new Game(unstepped);
    // The same lobby, folded and decided from here on with the unstepped ruleset.
    game.log = started().game.log;
    const start = game.state.version;
    expect(matchOf(game).step).toBeNull();
    game.run(orders('meena'), sun);
    game.run({ type: 'TakeBack' }, sun);
    expect(matchOf(game)).toMatchObject({ status: 'playing', step: null, voided: [{ from: start + 1, to: start + 2, by: start + 3 }] });
  });
});

describe('RUL-9 TB-1 a fold refuses an own takeback it cannot fold (a forged log)', () => {
  it('RUL-9 TB-1 TB-4 in a game with takebacks "none" no seat has a window: the fold names the seat with nothing to take back', () => {
    const { game, start } = started({ takebacks: 'none' });
    game.given([takenBack({ seat: 'sun', toVersion: start })], sun);
    expect(() => game.state).toThrow(`event ${start + 1}: TakenBack: sun has nothing to take back here`);
  });

  it("RUL-9 TB-1 moon's takeback while only sun's window is open is refused: a seat takes back its own commands only", () => {
    const { game, start } = started();
    game.run(orders('meena'), sun);
    game.given([takenBack({ seat: 'moon', toVersion: start, voids: [{ from: start + 1, to: start + 2 }] })], moon);
    expect(() => game.state).toThrow(`event ${start + 3}: TakenBack: moon has nothing to take back here`);
  });

  it('RUL-9 TB-1 a version before the checkpoint of the window is refused: nothing before it may be taken back alone', () => {
    const { game, start } = started();
    game.run(orders('meena'), sun);
    game.given([takenBack({ seat: 'sun', toVersion: start - 1, voids: [{ from: start, to: start + 2 }] })], sun);
    expect(() => game.state).toThrow(`event ${start + 3}: TakenBack: event ${start - 1} is before what sun may take back`);
  });

  it('RUL-9 TB-1 a fold given (from outside the log) that ends the game at the version is refused: the game was not in play there', () => {
    // No log reaches this (each event of the window was folded into a game in play, and a window
    // closes when the game ends), so `rewind` is called directly with a fold that disagrees.
    const { game, start } = started();
    game.run(orders('meena'), sun);
    game.given([takenBack({ seat: 'sun', toVersion: start, voids: [{ from: start + 1, to: start + 2 }] })], sun);
    const before = foldGame(RULESETS, game.log.slice(0, -1));
    const ended = (rulesets: Rulesets, from: Match, events: readonly EventEnvelope[]): GameState =>
      ({ ...foldEvents(rulesets, from, events), status: 'ended', step: null }) as GameState;
    expect(() => rewind(RULESETS, before, lastEvent(game) as EventEnvelope<TakenBack>, ended)).toThrow(
      `TakenBack: the game was not in play at event ${start}`,
    );
  });
});

describe('RUL-9 TB-2 TB-3 the state a far takeback leaves', () => {
  it('RUL-9 TB-2 after an agreed takeback sun takes back nothing alone, and no correction is shown', () => {
    const { game } = agreedBack();
    const taken = lastEvent(game);
    expect(matchOf(game).undo).toEqual({ kind: 'closed', seq: taken.seq, why: 'the game was taken back by agreement' });
    expect(matchOf(game).correction).toBeUndefined();
    const v = game.when({ type: 'TakeBack' }, sun).thenRejects('TB-1', 'NOTHING_TO_TAKE_BACK');
    expect(v.message).toBe(`Nothing of yours to take back since event ${taken.seq}: the game was taken back by agreement.`);
  });

  it('RUL-9 TB-3 TB-4 with takebacks "none" the organiser still corrects, and the game keeps no window', () => {
    const { game, start } = started({ takebacks: 'none' });
    game.run(orders('meena'), sun);
    game.run({ type: 'CorrectGame', toVersion: start, reason: 'wrong orders' }, sun);
    expect(matchOf(game).correction).toEqual({ seq: lastEvent(game).seq, toVersion: start, reason: 'wrong orders' });
    expect('undo' in matchOf(game)).toBe(false);
  });

  it("RUL-9 TB-3 TB-2 the organiser's correction stays shown after a later agreed takeback", () => {
    const { game, start } = started();
    game.run(orders('meena'), sun);
    game.run({ type: 'CorrectGame', toVersion: start, reason: 'wrong orders' }, sun);
    const corrected = game.state.version;
    const correction = { seq: corrected, toVersion: start, reason: 'wrong orders' };
    game.run(orders('meena'), sun);
    game.run(orders('xul'), moon);
    game.run({ type: 'ProposeTakeback', toVersion: corrected }, moon);
    game.run({ type: 'AcceptTakeback' }, sun);
    expect(lastEvent(game).data).toMatchObject({ how: 'agreed', toVersion: corrected });
    expect(matchOf(game).correction).toEqual(correction);
  });

  it('RUL-9 TB-3 an organiser takeback logged without a reason shows an empty one', () => {
    // CorrectGame always gives one; the event's schema leaves `reason` optional, so the fold of such a log still shows a string.
    const { game, start } = started();
    game.run(orders('meena'), sun);
    game.given(
      [
        takenBack({
          seat: null,
          how: 'organiser',
          toVersion: start,
          toHash: hashAt(game, start),
          voids: [{ from: start + 1, to: start + 2 }],
        }),
      ],
      sun,
    );
    expect(matchOf(game).correction).toEqual({ seq: lastEvent(game).seq, toVersion: start, reason: '' });
  });

  it('RUL-9 PBM-11 TB-2 with options.absence an agreed takeback keeps the counts of its version, but for the accepting seat, which acted', () => {
    const { game } = started({ deadlines: { default: 'PT1H' }, absence: { maxMissed: 3 } });
    passDeadline(game);
    const missedAt = game.state.version;
    expect(matchOf(game).missed).toEqual({ sun: 1, moon: 1 });
    game.run(orders('meena'), sun, undefined, LATER);
    game.run(orders('xul'), moon, undefined, LATER);
    expect(matchOf(game).missed).toEqual({ sun: 0, moon: 0 });
    game.run({ type: 'ProposeTakeback', toVersion: missedAt }, moon, undefined, LATER);
    game.run({ type: 'AcceptTakeback' }, sun, undefined, LATER);
    expect(matchOf(game).missed).toEqual({ sun: 0, moon: 1 });
  });
});

describe('RUL-9 TB-2 TB-3 a fold refuses a far takeback it cannot fold', () => {
  it('RUL-9 TB-3 an ended game is never rewound: a logged correction after the end is refused by the fold', () => {
    const { game, start } = started();
    game.run({ type: 'Concede' }, moon);
    game.given([takenBack({ seat: null, how: 'organiser', toVersion: start, toHash: hashAt(game, start), reason: 'late' })], sun);
    expect(() => game.state).toThrow(`event ${lastEvent(game).seq}: TakenBack: the game is ended, not in play`);
  });

  it('RUL-9 TB-2 a fold of one event given no history (the publisher without a store) names the state it lacks', () => {
    const { game, start } = agreedBack();
    const before = foldGame(RULESETS, game.log.slice(0, -1));
    expect(() => evolveGame(RULESETS, before, lastEvent(game))).toThrow(
      `event ${lastEvent(game).seq}: TakenBack: the state at event ${start} was not given to the fold (docs/design.md §8)`,
    );
  });

  it('RUL-9 TB-3 a correction logged back to the lobby is refused: the game was not in play at that event', () => {
    const { game } = started();
    game.run(orders('meena'), sun);
    game.given([takenBack({ seat: null, how: 'organiser', toVersion: 2, toHash: hashAt(game, 2), reason: 'too far' })], sun);
    expect(() => game.state).toThrow(`event ${lastEvent(game).seq}: TakenBack: the game was not in play at event 2`);
  });

  it('RUL-9 TB-3 a correction naming another chain hash than the state at its version ends with is refused', () => {
    const { game, start } = started();
    game.run(orders('meena'), sun);
    const wrong = hashAt(game, start - 1);
    game.given([takenBack({ seat: null, how: 'organiser', toVersion: start, toHash: wrong, reason: 'forged' })], sun);
    expect(() => game.state).toThrow(
      `event ${lastEvent(game).seq}: TakenBack: the state given for event ${start} does not end with the chain hash ${wrong}`,
    );
  });

  it('RUL-9 TB-2 a state given for the version with its hash but another version (a damaged snapshot) is refused', () => {
    const { game, start } = agreedBack();
    const before = foldGame(RULESETS, game.log.slice(0, -1));
    const damaged = (v: number) => ({ ...(foldGame(RULESETS, game.log.slice(0, v)) as Match), version: v - 1 });
    expect(() => evolveGame(RULESETS, before, lastEvent(game), damaged)).toThrow(
      `event ${lastEvent(game).seq}: TakenBack: the state given for event ${start} does not end with the chain hash ${hashAt(game, start)}`,
    );
  });
});
