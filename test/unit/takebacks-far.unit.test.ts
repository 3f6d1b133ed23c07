/**
 * TB-2 TB-3 far takebacks (domain/match/far-takeback.ts): what a proposal lists when runs were
 * voided already, with the exact sentence every seat reads before accepting; the versions a
 * takeback may not go back to (voided, across new rules, inside a command, more than
 * MAX_UNDONE_EVENTS back, a game not in play), each with its sentence; who may propose, accept
 * and decline; agreements of one and three seats (Pig: the lifecycle takes a ruleset's seats,
 * however many); and the window a far takeback closes. Pig's dice are scripted, drawn at the
 * command's own seq as in play, so every roll a listing names is known. States no command
 * reaches (no step, a stale proposal, a vacant seat, everything after a version voided) are
 * decided by the exported functions alone.
 */

import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { undoneFromLog } from '../../domain/match/command-table.ts';
import { decideGame } from '../../domain/match/decide.ts';
import type { TakebackProposed, TakenBack } from '../../domain/match/events.ts';
import {
  acceptTakeback,
  correctGame,
  declineTakeback,
  MAX_UNDONE_EVENTS,
  openTakeback,
  proposeTakeback,
  undoingOf,
} from '../../domain/match/far-takeback.ts';
import type { MatchCtx } from '../../domain/match/match-ctx.ts';
import type { Match } from '../../domain/match/state.ts';
import { ctxFor, GAME_ID, type Game, matchOf, player, refusalOf, seat } from '../support/decider-spec.ts';
import { organiser, rollFace, system } from '../support/match-setups.ts';
import { pigWith } from '../support/pig.ts';

const stranger = player('p_stranger');
const red = seat('red');
const blue = seat('blue');
const green = seat('green');

/** The version now. */
const versionOf = (game: Game) => game.state.version;

/** `by` proposes going back to `toVersion` and `accepter` accepts: the agreed takeback; returns the seq of its TakenBack. */
const agreedTakeback = (game: Game, toVersion: number, by: Actor, accepter: Actor): number => {
  game.run({ type: 'ProposeTakeback', toVersion }, by);
  game.run({ type: 'AcceptTakeback' }, accepter);
  return versionOf(game);
};

/** Pig (pigWith) after red rolled `faces` in its first turn, and the version before those rolls. */
const redRolled = (...faces: number[]) => {
  const game = pigWith();
  const start = versionOf(game);
  for (const face of faces) rollFace(game, red, face);
  return { game, start };
};

/** The ctx the command path gives a command decided on `match`: the log after a far takeback's version. */
const ctxOn = (game: Game, command: { type: string; toVersion?: number }, actor: Actor): MatchCtx => ({
  ...ctxFor(actor),
  rulesets: game.rulesets,
  ...undoneFromLog(command, game.state, game.log),
});

/** The data of the proposal `by` would make now to `toVersion`. */
const proposalData = (game: Game, toVersion: number, by: Actor): TakebackProposed['data'] => {
  const [proposed] = game.when({ type: 'ProposeTakeback', toVersion }, by).events;
  if (proposed?.type !== 'TakebackProposed') throw new Error(`expected a proposal, got ${JSON.stringify(proposed)}`);
  return proposed.data as TakebackProposed['data'];
};

describe('RUL-9 TB-2 a proposal lists exactly what it undoes', () => {
  it('RUL-9 TB-2 across a run voided already: the runs left and their rolls are listed, the voided roll is not, in one sentence', () => {
    const game = pigWith();
    const start = versionOf(game);
    const first = rollFace(game, red, 4);
    const second = rollFace(game, red, 3);
    // Blue takes red's second roll back with red's agreement: its event is voided and stays in the log.
    const taken = agreedTakeback(game, first, blue, red);
    expect(matchOf(game).voided).toEqual([{ from: second, to: second, by: taken }]);
    const third = rollFace(game, red, 5);
    const data = proposalData(game, start, red);
    expect(data.undoes.voids).toEqual([
      { from: first, to: first },
      { from: second + 1, to: third },
    ]);
    expect(data.undoes.commands).toEqual([
      { seq: first, actor: 'red', type: 'Roll' },
      { seq: second + 1, actor: 'blue', type: 'ProposeTakeback' },
      { seq: second + 2, actor: 'red', type: 'AcceptTakeback' },
      { seq: third, actor: 'red', type: 'Roll' },
    ]);
    expect(data.undoes.rolls).toEqual([
      { purpose: 'red rolls', sides: 6, face: 4, draw: { seq: first, index: 0 } },
      { purpose: 'red rolls', sides: 6, face: 5, draw: { seq: third, index: 0 } },
    ]);
    expect(data.undoes.summary).toBe(
      `Undoes event ${first} and events ${second + 1} to ${third}: 4 commands (Roll by red at ${first}, ` +
        `ProposeTakeback by blue at ${second + 1}, AcceptTakeback by red at ${second + 2}, Roll by red at ${third}); ` +
        `discards 2 rolls: red rolls d6 = 4 (draw ${first}:0), red rolls d6 = 5 (draw ${third}:0); they stay spent.`,
    );
  });

  it('RUL-9 TB-2 across a hold alone: one command and no roll, said so', () => {
    const game = pigWith();
    const rolled = rollFace(game, red, 4);
    game.run({ type: 'Hold' }, red);
    // The Hold records Held and blue's TurnStarted.
    expect(proposalData(game, rolled, blue).undoes.summary).toBe(
      `Undoes events ${rolled + 1} to ${rolled + 2}: 1 command (Hold by red at ${rolled + 1}); discards no roll.`,
    );
  });

  it('RUL-9 TB-2 a proposal without a reason records none, nor does the takeback every seat then agrees to', () => {
    const { game, start } = redRolled(4);
    const data = proposalData(game, start, blue);
    // toStrictEqual: a `reason` key holding undefined is a reason recorded, and it would reach the log as a key.
    expect(data).toStrictEqual({
      seat: 'blue',
      phaseKey: 't1',
      toVersion: start,
      toHash: (game.log[start - 1] as EventEnvelope).hash,
      undoes: data.undoes,
    });
    game.run({ type: 'ProposeTakeback', toVersion: start }, blue);
    const [, taken] = game.run({ type: 'AcceptTakeback' }, red);
    expect(taken?.data).toStrictEqual({
      seat: 'blue',
      toVersion: start,
      voids: data.undoes.voids,
      how: 'agreed',
      toHash: data.toHash,
      summary: data.undoes.summary,
    } satisfies TakenBack['data']);
  });
});

describe('RUL-9 TB-2 undoingOf lists only what going back undoes', () => {
  // The command path gives the decider exactly the log after the version; undoingOf is exported
  // for whoever lists a takeback, so what it makes of other slices is checked by calling it alone.
  const rolledTwice = () => {
    const game = pigWith();
    const first = rollFace(game, red, 4);
    const second = rollFace(game, red, 6);
    return { game, first, second };
  };

  it('RUL-9 TB-2 given more of the log than what follows the version, the events up to it are not listed', () => {
    const { game, first, second } = rolledTwice();
    const undoing = undoingOf({ after: first, events: game.log }, undefined);
    expect(undoing).toEqual({
      voids: [{ from: second, to: second }],
      commands: [{ seq: second, actor: 'red', type: 'Roll' }],
      rolls: [{ purpose: 'red rolls', sides: 6, face: 6, draw: { seq: second, index: 0 } }],
      summary: `Undoes event ${second}: 1 command (Roll by red at ${second}); discards 1 roll: red rolls d6 = 6 (draw ${second}:0); they stay spent.`,
    });
  });

  it('RUL-9 TB-2 a sealed event’s rolls are secret until revealed: the listing does not name them', () => {
    const { game, first, second } = rolledTwice();
    const sealed = game.log.slice(first).map((e) => ({ ...e, visibleTo: 'red' }));
    expect(sealed.map((e) => e.seq)).toEqual([second]);
    const undoing = undoingOf({ after: first, events: sealed }, undefined);
    expect(undoing.rolls).toEqual([]);
    expect(undoing.summary).toBe(`Undoes event ${second}: 1 command (Roll by red at ${second}); discards no roll.`);
  });

  it('RUL-9 TB-2 a run of events no command recorded first (the rest of a batch) lists no command', () => {
    const game = pigWith();
    rollFace(game, red, 4);
    game.run({ type: 'Hold' }, red);
    const held = versionOf(game) - 1;
    expect(undoingOf({ after: held, events: game.log.slice(held) }, undefined).summary).toBe(
      `Undoes event ${held + 1}: 0 commands; discards no roll.`,
    );
  });
});

describe('RUL-9 TB-2 TB-3 the versions a far takeback may not go back to', () => {
  it('RUL-9 TB-2 a version a takeback voided, at either end of the run, is refused naming that takeback; one before the run is not', () => {
    const game = pigWith();
    const start = versionOf(game);
    const kept = rollFace(game, red, 4);
    rollFace(game, red, 3);
    rollFace(game, red, 2);
    const taken = agreedTakeback(game, kept, blue, red);
    const run = { from: kept + 1, to: kept + 2 };
    expect(matchOf(game).voided).toEqual([{ ...run, by: taken }]);
    for (const toVersion of [run.from, run.to]) {
      const v = game.when({ type: 'ProposeTakeback', toVersion }, blue).thenRejects('TB-2', 'VOIDED');
      expect(v.message).toBe(`Event ${toVersion} was voided by the takeback at event ${taken}; the game cannot go back to it.`);
    }
    expect(proposalData(game, kept, blue).toVersion).toBe(kept);
    expect(proposalData(game, start, blue).toVersion).toBe(start);
  });

  it('RUL-9 TB-2 a version inside a command’s events is refused naming the end of the next command, or, inside the latest, the way back before it', () => {
    const game = pigWith();
    const rolled = rollFace(game, red, 4);
    game.run({ type: 'Hold' }, red);
    const held = rolled + 1;
    // The Hold's own events are its Held and blue's TurnStarted: no command follows, and the end of the Hold is the version
    // the game is at, which no takeback goes back to, so the sentence names none.
    const last = game.when({ type: 'ProposeTakeback', toVersion: held }, blue).thenRejects('TB-2', 'MID_COMMAND');
    expect(last.message).toBe(`Version ${held} lies inside the latest command's events; go back to before that command.`);
    rollFace(game, blue, 2);
    rollFace(game, blue, 5);
    const within = game.when({ type: 'ProposeTakeback', toVersion: held }, red).thenRejects('TB-2', 'MID_COMMAND');
    expect(within.message).toBe(
      `Version ${held} lies inside one command's events (up to ${held + 1}); go back to ${held + 1}, or to before that command.`,
    );
  });

  it('RUL-9 TB-2 PBM-14 across the adoption of new rules a takeback is refused, naming how far back it may go; to the adoption it is not', () => {
    const { game, start } = redRolled(4);
    // The system records the adoption as it does when the log decides the same under the new rules.
    game.given([{ type: 'RulesVersionAdopted', data: { from: 'pig-0.0.9', to: 'pig-0.1.0', how: 'replayed' } }]);
    const adopted = versionOf(game);
    rollFace(game, red, 3);
    const v = game.when({ type: 'ProposeTakeback', toVersion: start }, blue).thenRejects('TB-2', 'ACROSS_RULES');
    expect(v.message).toBe(`The game adopted new rules at event ${adopted}; it can be taken back at most to version ${adopted}.`);
    expect(game.when({ type: 'CorrectGame', toVersion: start, reason: 'r' }, organiser).thenRejects('TB-3', 'ACROSS_RULES').message).toBe(
      v.message,
    );
    expect(proposalData(game, adopted, blue).undoes.voids).toEqual([{ from: adopted + 1, to: adopted + 1 }]);
  });

  it(`RUL-9 TB-2 a takeback undoes at most ${MAX_UNDONE_EVENTS} events: one more is refused, pointing at forks`, () => {
    const game = pigWith();
    const start = versionOf(game);
    for (let i = 0; i <= MAX_UNDONE_EVENTS; i += 1) rollFace(game, red, 2);
    expect(versionOf(game) - start).toBe(MAX_UNDONE_EVENTS + 1);
    const v = game.when({ type: 'ProposeTakeback', toVersion: start }, blue).thenRejects('TB-2', 'TOO_FAR');
    expect(v.message).toBe(
      `That undoes ${MAX_UNDONE_EVENTS + 1} events; a takeback undoes at most ${MAX_UNDONE_EVENTS}. A fork (TB-6) can start from any version.`,
    );
    game.when({ type: 'CorrectGame', toVersion: start, reason: 'r' }, organiser).thenRejects('TB-3', 'TOO_FAR');
    expect(proposalData(game, start + 1, blue).undoes.voids).toEqual([{ from: start + 2, to: versionOf(game) }]);
  });

  it('RUL-9 TB-2 TB-3 while the roll-off winner chooses who goes first the game is not in play: nothing is taken back, 409', () => {
    const game = pigWith(['red', 'blue'], null);
    const match = matchOf(game);
    expect(match.status).toBe('choosing');
    const winner = seat(match.rollOff?.winner ?? 'red');
    const proposed = game.when({ type: 'ProposeTakeback', toVersion: 1 }, winner).thenRejects('TB-2', 'GAME_NOT_PLAYING');
    expect(proposed.status).toBe(409);
    expect(proposed.message).toBe(
      `Only a game in play can be taken back. Every seat of this game is taken, and ${match.rollOff?.winner}, who won the roll-off, is choosing who takes the first turn.`,
    );
    game.when({ type: 'CorrectGame', toVersion: 1, reason: 'r' }, organiser).thenRejects('TB-3', 'GAME_NOT_PLAYING');
  });
});

describe('RUL-9 TB-2 TB-3 the decider is given the log after the version', () => {
  // Whoever decides a far takeback must give it the log after the version (ctx.undone): a caller
  // that does not, or gives another slice, is a defect the decider names rather than a refusal.
  it('RUL-9 TB-2 without the log, or with a log after another version or of another length, the decider throws', () => {
    const { game, start } = redRolled(4, 3);
    const command = { type: 'ProposeTakeback', toVersion: start } as const;
    const fault = `the decider was not given the log after version ${start} (ctx.undone)`;
    const decide = (undone?: { after: number; events: readonly EventEnvelope[] }) =>
      decideGame(game.state, command, { ...ctxFor(blue), rulesets: game.rulesets, ...(undone ? { undone } : {}) }, GAME_ID);
    const after = game.log.slice(start);
    expect(() => decide()).toThrow(fault);
    // The right length after the wrong version.
    expect(() => decide({ after: start - 1, events: after })).toThrow(fault);
    // The right version with one event missing.
    expect(() => decide({ after: start, events: after.slice(0, 1) })).toThrow(fault);
    expect(decide({ after: start, events: after }).ok).toBe(true);
  });
});

describe('RUL-9 TB-2 only a seat takes part in a takeback by agreement', () => {
  const proposed = () => {
    const { game, start } = redRolled(4);
    game.run({ type: 'ProposeTakeback', toVersion: start }, red);
    return { game, start };
  };

  it('RUL-9 TB-2 a player without a seat, or the server, may not propose, accept or decline a takeback: 403 naming the act', () => {
    const { game, start } = proposed();
    game.run({ type: 'DeclineTakeback' }, red);
    for (const actor of [stranger, system]) {
      const v = game.when({ type: 'ProposeTakeback', toVersion: start }, actor).thenRejects('TB-2', 'NOT_SEATED');
      expect([v.status, v.message]).toEqual([403, 'Only a seated player may propose a takeback.']);
    }
    game.run({ type: 'ProposeTakeback', toVersion: start }, red);
    const accept = game.when({ type: 'AcceptTakeback' }, stranger).thenRejects('TB-2', 'NOT_SEATED');
    expect([accept.status, accept.message]).toEqual([403, 'Only a seated player may accept a takeback.']);
    const decline = game.when({ type: 'DeclineTakeback' }, stranger).thenRejects('TB-2', 'NOT_SEATED');
    expect([decline.status, decline.message]).toEqual([403, 'Only a seated player may decline a takeback.']);
  });

  it('RUL-9 TB-2 an acceptance and a refusal each record the seat that made it', () => {
    const { game } = proposed();
    game.when({ type: 'DeclineTakeback' }, blue).then([{ type: 'TakebackDeclined', data: { seat: 'blue' } }]);
    const [accepted] = game.run({ type: 'AcceptTakeback' }, blue);
    expect(accepted).toEqual({ type: 'TakebackAccepted', data: { seat: 'blue' } });
  });

  it('RUL-9 TB-2 with nothing proposed there is nothing to decline', () => {
    const game = pigWith();
    rollFace(game, red, 4);
    const v = game.when({ type: 'DeclineTakeback' }, blue).thenRejects('TB-2', 'NOTHING_PROPOSED');
    expect([v.status, v.message]).toEqual([
      409,
      'Nobody has proposed a takeback that is still open; a proposal lapses at the end of its phase or when anything else is recorded.',
    ]);
  });
});

describe('RUL-9 TB-2 every seat with a player agrees, however many there are', () => {
  it('RUL-9 TB-2 with three seats the first acceptance is only recorded; the last takes the game back', () => {
    const game = pigWith(['red', 'blue', 'green']);
    const start = versionOf(game);
    rollFace(game, red, 4);
    const data = proposalData(game, start, blue);
    game.run({ type: 'ProposeTakeback', toVersion: start }, blue);
    game.when({ type: 'AcceptTakeback' }, red).then([{ type: 'TakebackAccepted', data: { seat: 'red' } }]);
    game.run({ type: 'AcceptTakeback' }, red);
    expect(openTakeback(matchOf(game))?.agreed).toEqual(['blue', 'red']);
    game.when({ type: 'AcceptTakeback' }, green).then([
      { type: 'TakebackAccepted', data: { seat: 'green' } },
      {
        type: 'TakenBack',
        data: {
          seat: 'blue',
          toVersion: start,
          voids: data.undoes.voids,
          how: 'agreed',
          toHash: data.toHash,
          summary: data.undoes.summary,
        },
      },
    ]);
  });

  it('RUL-9 TB-2 a seat alone is every seat: its proposal takes the game back at once, with its reason', () => {
    const game = pigWith(['red']);
    const start = versionOf(game);
    const rolled = rollFace(game, red, 4);
    const { events } = game.when({ type: 'ProposeTakeback', toVersion: start, reason: 'misclick' }, red);
    const data = (events[0]?.data ?? {}) as TakebackProposed['data'];
    expect(data.undoes.voids).toEqual([{ from: rolled, to: rolled }]);
    expect(events).toStrictEqual([
      {
        type: 'TakebackProposed',
        data: { seat: 'red', phaseKey: 't1', toVersion: start, toHash: data.toHash, undoes: data.undoes, reason: 'misclick' },
      },
      {
        type: 'TakenBack',
        data: {
          seat: 'red',
          toVersion: start,
          voids: data.undoes.voids,
          how: 'agreed',
          toHash: data.toHash,
          summary: data.undoes.summary,
          reason: 'misclick',
        },
      },
    ]);
  });

  it('RUL-9 TB-2 a seat no player holds need not agree', () => {
    // No command empties a seat of a game in play, so the proposal is decided on such a match directly.
    const { game, start } = redRolled(4);
    const command = { type: 'ProposeTakeback', toVersion: start } as const;
    const match = matchOf(game);
    const redAlone: Match = { ...match, seats: match.seats.map((s) => (s.name === 'blue' ? { ...s, playerId: null } : s)) };
    const decision = proposeTakeback(redAlone, command, ctxOn(game, command, red));
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['TakebackProposed', 'TakenBack']);
  });
});

describe('RUL-9 TB-2 only the proposal of the step the game waits in is open', () => {
  /** Pig after red's roll with a proposal by blue recorded in the step `phaseKey`, and the step it waits in set to `step`. */
  const withProposal = (phaseKey: string, step: 'keep' | null) => {
    const { game, start } = redRolled(4);
    const data = proposalData(game, start, blue);
    const match = matchOf(game);
    const proposal = { by: 'blue', phaseKey, toVersion: start, toHash: data.toHash, undoes: data.undoes, agreed: ['blue'] };
    const stale: Match = { ...match, takebackProposal: proposal, ...(step === null ? { step: null } : {}) };
    return { game, start, stale };
  };

  it('RUL-9 TB-2 a proposal left from an earlier step is no open proposal: nothing to accept or decline, and a new one may be made', () => {
    // The fold drops a proposal when anything else is recorded, so no command meets a stale one: decided directly.
    const { game, start, stale } = withProposal('t0', 'keep');
    expect(matchOf(game).step?.key).toBe('t1');
    expect(openTakeback(stale)).toBeNull();
    expect(refusalOf(acceptTakeback(stale, ctxFor(red))).code).toBe('NOTHING_PROPOSED');
    expect(refusalOf(declineTakeback(stale, ctxFor(red))).code).toBe('NOTHING_PROPOSED');
    const command = { type: 'ProposeTakeback', toVersion: start } as const;
    const decision = proposeTakeback(stale, command, ctxOn(game, command, red));
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['TakebackProposed']);
  });

  it('RUL-9 TB-2 with no proposal none is open', () => {
    expect(openTakeback(matchOf(pigWith()))).toBeNull();
  });

  it('RUL-9 TB-2 in a game waiting in no step a proposal is made in the phase "" and none of another is open', () => {
    // Every ruleset names a step while its game is played, so a match in play without one is built directly.
    const { game, start, stale } = withProposal('t1', null);
    expect(openTakeback(stale)).toBeNull();
    const command = { type: 'ProposeTakeback', toVersion: start } as const;
    const decision = proposeTakeback(stale, command, ctxOn(game, command, red));
    const [proposed] = decision.ok ? decision.events : [];
    expect((proposed?.data as TakebackProposed['data'] | undefined)?.phaseKey).toBe('');
  });
});

describe('RUL-9 TB-2 TB-3 everything after the version was voided already', () => {
  // The event at the head of a log is never voided (a takeback voids only what came before it), so
  // no command meets a log whose every event after the version is void: decided on such a match directly.
  it('RUL-9 TB-2 TB-3 a proposal and a correction are refused with 409: nothing is left to take back', () => {
    const { game, start } = redRolled(4, 3);
    const version = versionOf(game);
    const spent: Match = { ...matchOf(game), voided: [{ from: start + 1, to: version, by: version + 1 }] };
    const propose = { type: 'ProposeTakeback', toVersion: start } as const;
    const proposed = refusalOf(proposeTakeback(spent, propose, ctxOn(game, propose, blue)));
    expect([proposed.rule, proposed.code, proposed.status, proposed.message]).toEqual([
      'TB-2',
      'NOTHING_TO_TAKE_BACK',
      409,
      `Everything after version ${start} was taken back already.`,
    ]);
    const correct = { type: 'CorrectGame', toVersion: start, reason: 'r' } as const;
    const corrected = refusalOf(correctGame(spent, correct, ctxOn(game, correct, organiser)));
    expect([corrected.rule, corrected.code, corrected.status, corrected.message]).toEqual([
      'TB-3',
      'NOTHING_TO_TAKE_BACK',
      409,
      `Everything after version ${start} was taken back already.`,
    ]);
  });
});

describe('RUL-9 TB-1 TB-2 TB-3 a far takeback closes the seats’ own window, saying why', () => {
  it('RUL-9 TB-1 TB-2 after a takeback by agreement a seat alone takes nothing back, naming it', () => {
    const { game, start } = redRolled(4);
    const taken = agreedTakeback(game, start, blue, red);
    const v = game.when({ type: 'TakeBack' }, red).thenRejects('TB-1', 'NOTHING_TO_TAKE_BACK');
    expect(v.message).toBe(`Nothing of yours to take back since event ${taken}: the game was taken back by agreement.`);
  });

  it('RUL-9 TB-1 TB-3 after the organiser’s correction a seat alone takes nothing back, naming it', () => {
    const { game, start } = redRolled(4);
    game.run({ type: 'CorrectGame', toVersion: start, reason: 'a ruling' }, organiser);
    const v = game.when({ type: 'TakeBack' }, red).thenRejects('TB-1', 'NOTHING_TO_TAKE_BACK');
    expect(v.message).toBe(`Nothing of yours to take back since event ${versionOf(game)}: the organiser took the game back.`);
  });
});
