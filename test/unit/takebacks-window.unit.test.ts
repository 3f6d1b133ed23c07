/**
 * TB-1 TB-4 a seat's own takebacks (domain/match: undo.ts, takeback.ts, takeback-commands.ts):
 * what closes a seat's window and the reason it records (every lifecycle event, the server, the
 * organiser, a roll, a reveal), what is taken back and what is refused with which sentence, the
 * runs an own takeback voided left out of a far takeback's listing, and which commands are far
 * takebacks. States no command reaches (an event the server alone records, inside a seat's
 * window; a game in play with no step; an actor with no seat past the command table) are given to
 * the exported functions alone.
 */

import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { undoneFromLog, undoneVersion } from '../../domain/match/command-table.ts';
import type { TakebackProposed } from '../../domain/match/events.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import type { Match } from '../../domain/match/state.ts';
import { takeBack } from '../../domain/match/takeback.ts';
import { type OpenWindow, windowAfter } from '../../domain/match/undo.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { ctxFor, type Game, lastEvent, matchOf, player, seat } from '../support/decider-spec.ts';
import { at, organisedPig, solunaDuel, system, T0 } from '../support/match-setups.ts';
import { arena, TROOPERS, toPhase } from '../support/post-galactica.ts';
import { act, shoot, submit } from '../support/soluna.ts';

const RULESETS = everyRuleset();
const sun = seat('sun', 'p_sun');
const moon = seat('moon', 'p_moon');
const red = seat('red');
const blue = seat('blue');

/** The seq of the first event the last command recorded: where a window it closed says it closed. */
const firstOfLast = (game: Game) => {
  const { commandId } = lastEvent(game);
  return (game.log.find((e) => e.commandId === commandId) as EventEnvelope).seq;
};
/** The window the game holds after the last command: closed at its first event, for `why`. */
const closedByLast = (game: Game, why: string) => expect(matchOf(game).undo).toEqual({ kind: 'closed', seq: firstOfLast(game), why });
/** What a TakeBack by `actor` is refused with, now. */
const refusedTakeBack = (game: Game, actor: ReturnType<typeof seat>) =>
  game.when({ type: 'TakeBack' }, actor).thenRejects('TB-1', 'NOTHING_TO_TAKE_BACK').message;

/** Post Galactica red in its first Movement Phase, its troopers at (10, 14). */
const inMovement = () => {
  const game = arena([]);
  toPhase(game, 'movement', 'red');
  return game;
};
const move = (game: Game, unitId: string, x: number, y: number) => game.run({ type: 'Move', unitId, path: [{ x, y }] }, red);
const TROOPERS_2 = 'red-vanguard-troopers-2';

describe('RUL-9 TB-1 each lifecycle event a seat records closes its window, naming itself', () => {
  it('RUL-9 TB-1 PBM-13 a draw offered, declined, a pause asked for and declined: each closes the window of the seat that recorded it', () => {
    const game = solunaDuel();
    game.run({ type: 'OfferDraw' }, sun);
    closedByLast(game, 'a draw was offered');
    expect(refusedTakeBack(game, sun)).toBe(`Nothing of yours to take back since event ${lastEvent(game).seq}: a draw was offered.`);
    game.run({ type: 'DeclineDraw' }, moon);
    // A lifecycle event with no reason of its own is named by its type.
    closedByLast(game, 'DrawDeclined was recorded');
    game.run({ type: 'RequestPause' }, sun);
    closedByLast(game, 'a pause was asked for');
    game.run({ type: 'DeclinePause' }, moon);
    closedByLast(game, 'PauseDeclined was recorded');
  });

  it('RUL-9 TB-1 PBM-12 the organiser in a seat extends, pauses and resumes: each closes that seat’s window', () => {
    const game = solunaDuel({ deadlines: { default: 'PT1H' } });
    game.run({ type: 'ExtendDeadline', by: 'PT1H' }, sun);
    closedByLast(game, 'the organiser extended the deadline');
    game.run({ type: 'PauseGame' }, sun);
    closedByLast(game, 'the game was paused');
    game.run({ type: 'ResumeGame' }, sun);
    closedByLast(game, 'the game was resumed');
  });

  it('RUL-9 TB-1 TB-2 a takeback proposed, declined and accepted each closes the window of the seat that recorded it', () => {
    const game = solunaDuel();
    const start = game.state.version;
    game.run(submit([shoot('meena', 'xul')]), sun);
    game.run({ type: 'ProposeTakeback', toVersion: start }, moon);
    closedByLast(game, 'a takeback was proposed');
    game.run({ type: 'DeclineTakeback' }, sun);
    closedByLast(game, 'a takeback was declined');
    game.run({ type: 'ProposeTakeback', toVersion: start }, moon);
    game.run({ type: 'AcceptTakeback' }, sun);
    // The state at the acceptance itself (what `state?at=` folds), before the TakenBack that follows it.
    const accepted = game.log.findLast((e) => e.type === 'TakebackAccepted') as EventEnvelope;
    const atAcceptance = foldGame(RULESETS, game.log.slice(0, accepted.seq));
    expect(atAcceptance.status === 'playing' && atAcceptance.undo).toEqual({
      kind: 'closed',
      seq: accepted.seq,
      why: 'a takeback was accepted',
    });
  });
});

describe('RUL-9 TB-1 what else closes a window', () => {
  it('RUL-9 TB-1 PIG-2 a die rolled by the seat itself closes its window at the roll', () => {
    const game = organisedPig();
    game.run({ type: 'Roll' }, red);
    const rolled = game.log.find((e) => e.type === 'DieRolled') as EventEnvelope;
    expect(matchOf(game).undo).toEqual({ kind: 'closed', seq: rolled.seq, why: 'a die was rolled' });
  });

  it('RUL-9 TB-1 SOL-3 the last orders sealed reveal both: the window closes at the reveal, not at the seal before it', () => {
    const game = solunaDuel();
    game.run(submit([shoot('meena', 'xul')]), sun);
    game.run(submit([act('xul', { kind: 'none' })]), moon);
    const reveal = game.log.find((e) => e.type === 'ActionsRevealed') as EventEnvelope;
    expect(refusedTakeBack(game, moon)).toBe(`Nothing of yours to take back since event ${reveal.seq}: sealed orders were revealed.`);
  });

  it('RUL-9 TB-1 PBM-3 the phase timer firing closes every window as the server’s act', () => {
    const game = organisedPig({ deadlines: { default: 'PT1H' } });
    const phaseKey = matchOf(game).step?.key;
    game.run({ type: 'DeadlineReached', phaseKey }, system, undefined, at(61));
    closedByLast(game, 'the server acted');
    expect(refusedTakeBack(game, blue)).toBe(`Nothing of yours to take back since event ${firstOfLast(game)}: the server acted.`);
  });

  it('RUL-9 TB-1 PBM-12 the organiser, seated nowhere, extending a deadline closes every window as the organiser’s act', () => {
    const game = organisedPig({ deadlines: { default: 'PT1H' } });
    game.run({ type: 'ExtendDeadline', by: 'PT1H' }, player('p_org'));
    closedByLast(game, 'the organiser acted');
  });
});

describe('RUL-9 TB-1 the window decided event by event, for events no command puts in a seat’s window', () => {
  /** Sun's window after sealing its orders: open at the state before, awaited by both seats, holding the seal. */
  const sunSealed = () => {
    const game = solunaDuel();
    game.run(submit([shoot('meena', 'xul')]), sun);
    const window = matchOf(game).undo as OpenWindow;
    const sealed = game.log.find((e) => e.type === 'ActionsSealed') as EventEnvelope;
    return { game, window, sealed };
  };

  it('RUL-9 TB-1 PBM-3 a deadline passing (recorded only by the server, whose act closes every window first) closes an open one, naming the deadline', () => {
    const { game, window } = sunSealed();
    const passed: EventEnvelope = {
      ...lastEvent(game),
      seq: lastEvent(game).seq + 1,
      type: 'DeadlinePassed',
      data: { phaseKey: 't1-p1', phase: 'p1', deadline: T0, awaiting: ['moon'] },
    };
    expect(windowAfter(window, passed, matchOf(game), RULESETS)).toEqual({
      kind: 'closed',
      seq: passed.seq,
      why: "the step's deadline passed",
    });
  });

  it('RUL-9 TB-1 PBM-14 new rules adopted inside a window close it, naming the adoption', () => {
    const { game, window } = sunSealed();
    const adopted: EventEnvelope = {
      ...lastEvent(game),
      seq: lastEvent(game).seq + 1,
      type: 'RulesVersionAdopted',
      data: { from: 'sol-0.0.1', to: 'sol-0.3.0', how: 'organiser' },
    };
    expect(windowAfter(window, adopted, matchOf(game), RULESETS)).toEqual({
      kind: 'closed',
      seq: adopted.seq,
      why: 'the game adopted new rules',
    });
  });

  it('RUL-9 TB-1 TB-5 orders sealed for another seat (no ruleset here seals for anyone but the actor) close the window', () => {
    const { game, window, sealed } = sunSealed();
    const forMoon = { ...sealed, seq: lastEvent(game).seq + 1, visibleTo: 'moon' };
    expect(windowAfter(window, forMoon, matchOf(game), RULESETS)).toEqual({
      kind: 'closed',
      seq: forMoon.seq,
      why: 'another seat sealed orders',
    });
    // The seat's own sealed orders are known to nobody else: the window grows by them.
    const own = { ...sealed, seq: lastEvent(game).seq + 1 };
    expect(windowAfter(window, own, matchOf(game), RULESETS)).toEqual({ ...window, events: [...window.events, own] });
  });

  it('RUL-9 TB-1 a command that leaves its own seat awaited, where it was not when the window opened, passes the step to nobody else', () => {
    const { window, sealed } = sunSealed();
    // A window sun opened while only moon was awaited; after the event both are awaited again (the state before the seal).
    const opened: OpenWindow = { ...window, awaited: ['moon'], events: [] };
    expect(windowAfter(opened, sealed, window.checkpoint, RULESETS)).toEqual({ ...opened, events: [sealed] });
  });
});

describe('RUL-9 TB-1 TB-4 what a seat may take back, and the refusals that say since when nothing', () => {
  it('RUL-9 TB-1 PIG-1 right after play began nothing is anyone’s to take back', () => {
    const game = organisedPig();
    expect(matchOf(game).status).toBe('playing');
    expect(refusedTakeBack(game, red)).toBe('Nothing of yours to take back since the last point something became known to anyone else.');
  });

  it('RUL-9 TB-1 SOL-3 after sun sealed, moon has nothing to take back since the event after sun’s checkpoint', () => {
    const game = solunaDuel();
    const start = game.state.version;
    game.run(submit([shoot('meena', 'xul')]), sun);
    expect(refusedTakeBack(game, moon)).toBe(`Nothing of yours to take back since event ${start + 1}: sun acted.`);
  });

  it('RUL-9 TB-1 SOL-3 a seat that took back everything has nothing left to take back: a second TakeBack is refused', () => {
    const game = solunaDuel();
    const start = game.state.version;
    game.run(submit([shoot('meena', 'xul')]), sun);
    game.run({ type: 'TakeBack' }, sun);
    expect(refusedTakeBack(game, sun)).toBe(`Nothing of yours to take back since event ${start}: you took back everything after it.`);
  });

  it('RUL-9 TB-1 SOL-3 a TakeBack with no reason records none: the event has no reason field at all', () => {
    const game = solunaDuel();
    const start = game.state.version;
    game.run(submit([shoot('meena', 'xul')]), sun);
    expect(game.when({ type: 'TakeBack' }, sun).events).toStrictEqual([
      { type: 'TakenBack', data: { seat: 'sun', toVersion: start, voids: [{ from: start + 1, to: start + 2 }], how: 'own' } },
    ]);
  });

  it('RUL-9 TB-1 a game in play waiting in no step (no command leaves one so) has no deadline to race: the takeback is taken', () => {
    const game = solunaDuel();
    const start = game.state.version;
    game.run(submit([shoot('meena', 'xul')]), sun);
    const stepless: Match = { ...matchOf(game), step: null };
    expect(takeBack(stepless, {}, ctxFor(sun))).toEqual({
      ok: true,
      events: [{ type: 'TakenBack', data: { seat: 'sun', toVersion: start, voids: [{ from: start + 1, to: start + 2 }], how: 'own' } }],
    });
  });

  it('RUL-9 TB-1 an actor with no seat (which the command table refuses before the decider) takes nothing back: 403', () => {
    const game = solunaDuel();
    game.run(submit([shoot('meena', 'xul')]), sun);
    const notSeated = {
      ok: false,
      violation: expect.objectContaining({
        code: 'NOT_SEATED',
        rule: 'TB-1',
        status: 403,
        message: 'Only a seated player may take back their own commands.',
      }),
    };
    expect(takeBack(matchOf(game), {}, ctxFor(system))).toEqual(notSeated);
    expect(takeBack(matchOf(game), {}, ctxFor(player('p_sun')))).toEqual(notSeated);
  });

  it('RUL-9 TB-4 a game that allows no takebacks keeps no window in its state', () => {
    const game = solunaDuel({ takebacks: 'none' });
    game.run(submit([shoot('meena', 'xul')]), sun);
    expect('undo' in matchOf(game)).toBe(false);
  });

  it('RUL-9 TB-1 a game that ended keeps no window, at its ending event and after it', () => {
    const game = organisedPig();
    game.run({ type: 'Concede' }, blue);
    const conceded = game.log.find((e) => e.type === 'PlayerConceded') as EventEnvelope;
    const stateAt = (seq: number) => foldGame(game.rulesets, game.log.slice(0, seq));
    // The concession closes blue's window while the game is still in play; the ending drops it, and the seed's reveal adds none.
    expect(stateAt(conceded.seq)).toMatchObject({
      status: 'playing',
      undo: { kind: 'closed', seq: conceded.seq, why: 'PlayerConceded was recorded' },
    });
    for (const event of game.log.filter((e) => e.seq > conceded.seq)) {
      expect([event.type, stateAt(event.seq).status, 'undo' in stateAt(event.seq)]).toEqual([event.type, 'ended', false]);
    }
    expect(game.log.slice(conceded.seq).map((e) => e.type)).toEqual(['GameEnded', 'SeedRevealed']);
    expect('undo' in matchOf(game)).toBe(false);
  });
});

describe('RUL-9 TB-2 what an own takeback voided is not undone again', () => {
  it('RUL-9 TB-2 PG-9 a proposal across two own takebacks lists every event but the two voided ones, each run at its edges', () => {
    const game = inMovement();
    const start = game.state.version;
    move(game, TROOPERS, 11, 14); // start + 1, kept
    move(game, TROOPERS_2, 11, 22); // start + 2, voided by the takeback at start + 3
    game.run({ type: 'TakeBack', toVersion: start + 1 }, red);
    move(game, 'red-sentinel-walker-1', 10, 8); // start + 4, kept
    move(game, TROOPERS_2, 11, 22); // start + 5, voided by the takeback at start + 6
    game.run({ type: 'TakeBack', toVersion: start + 4 }, red);
    move(game, TROOPERS_2, 11, 22); // start + 7
    expect(matchOf(game).voided).toEqual([
      { from: start + 2, to: start + 2, by: start + 3 },
      { from: start + 5, to: start + 5, by: start + 6 },
    ]);
    const [proposed] = game.run({ type: 'ProposeTakeback', toVersion: start }, red);
    const { undoes } = (proposed as TakebackProposed).data;
    expect(undoes.voids).toEqual([
      { from: start + 1, to: start + 1 },
      { from: start + 3, to: start + 4 },
      { from: start + 6, to: start + 7 },
    ]);
    expect(undoes.commands.map((c) => [c.seq, c.type])).toEqual([
      [start + 1, 'Move'],
      [start + 3, 'TakeBack'],
      [start + 4, 'Move'],
      [start + 6, 'TakeBack'],
      [start + 7, 'Move'],
    ]);
  });
});

describe('RUL-9 TB-2 TB-3 which commands are far takebacks, and the log their decider is given', () => {
  it('RUL-9 TB-2 TB-3 ProposeTakeback and CorrectGame name the version they go back to; TakeBack and the rest, none', () => {
    expect(undoneVersion({ type: 'ProposeTakeback', toVersion: 4 })).toBe(4);
    expect(undoneVersion({ type: 'CorrectGame', toVersion: 4 })).toBe(4);
    for (const type of ['TakeBack', 'AcceptTakeback', 'DeclineTakeback', 'ProposeFork', 'ForkGame', 'OfferDraw', 'Move']) {
      expect([type, undoneVersion({ type, toVersion: 4 })]).toEqual([type, null]);
    }
    expect(undoneVersion({ type: 'CorrectGame', toVersion: '4' })).toBeNull();
    expect(undoneVersion({ type: 'CorrectGame', toVersion: 4.5 })).toBeNull();
  });

  it('RUL-9 TB-3 the log after a version from 0 up to the one before the current is given; before 0 and from the current on, none', () => {
    const game = solunaDuel();
    game.run(submit([shoot('meena', 'xul')]), sun);
    const state = matchOf(game);
    const now = state.version;
    const correct = (toVersion: number) => undoneFromLog({ type: 'CorrectGame', toVersion }, state, game.log);
    expect(correct(0)).toEqual({ undone: { after: 0, events: game.log } });
    expect(correct(now - 1)).toEqual({ undone: { after: now - 1, events: [lastEvent(game)] } });
    expect(correct(-1)).toEqual({});
    expect(correct(now)).toEqual({});
    expect(correct(now + 1)).toEqual({});
    // A command that is no far takeback (or names no whole version) is given no log at all.
    expect(undoneFromLog({ type: 'TakeBack' }, state, game.log)).toEqual({});
    expect(undoneFromLog({ type: 'CorrectGame', toVersion: '0' }, state, game.log)).toEqual({});
    // The log given may run past the state: only the events up to its version are after it.
    const longer = [...game.log, { ...lastEvent(game), seq: now + 1 }];
    expect(undoneFromLog({ type: 'CorrectGame', toVersion: now - 1 }, state, longer)).toEqual({
      undone: { after: now - 1, events: [lastEvent(game)] },
    });
  });
});
