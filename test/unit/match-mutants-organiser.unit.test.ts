/**
 * RUL-9 for the organiser's controls (PBM-12) and the seats' agreements (PBM-13) in
 * domain/match (organiser.ts, agreement.ts, controls.ts): the cases StrykerJS found no test
 * held. Who may propose, agree, decline, pause, resume and extend, and with which sentence;
 * agreements of more or fewer than two seats (Pig with one or three seats: the lifecycle takes
 * a ruleset's seats, however many); and the states no command reaches (a game in play with no
 * step, a proposal left from an earlier phase), where the exported functions are called alone.
 */
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import { agree, DRAW, PAUSE, propose } from '../../domain/match/agreement.ts';
import { evolveControl, lapse } from '../../domain/match/controls.ts';
import type { ControlEvent } from '../../domain/match/events.ts';
import { extendDeadline, pauseGame } from '../../domain/match/organiser.ts';
import type { Match } from '../../domain/match/state.ts';
import { ctxFor, Game, matchOf, player, refusalOf, seat, startedPostGalactica, TEST_SEED } from '../support/decider-spec.ts';
import { pigWith } from '../support/pig.ts';

const system: Actor = { kind: 'system' };
const organiser = player('p_org');
const red = seat('red');
const blue = seat('blue');
const green = seat('green');
const T0 = '2026-01-01T00:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const drawn = { type: 'GameEnded', data: { winner: null, reason: 'drawn by agreement (PBM-13)', rule: 'PBM-13' } };
const revealed = { type: 'SeedRevealed', data: { seed: TEST_SEED, contributions: [] } };

/** Post Galactica organised by p_org, who takes no seat; red goes first; every phase has an hour (t1-command until 01:00). */
const organised = () => {
  const game = new Game();
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', options: { firstPlayer: 'red', deadlines: { default: 'PT1H' } } }, organiser);
  game.run({ type: 'JoinGame', seat: 'red' }, player('p_red'));
  game.run({ type: 'JoinGame', seat: 'blue' }, player('p_blue'));
  return game;
};

/** `organised()` after blue conceded: red won, the game is over. */
const ended = () => {
  const game = organised();
  game.run({ type: 'Concede' }, blue);
  return game;
};

describe('RUL-9 PBM-13 only a seat takes part in an agreement', () => {
  it('RUL-9 PBM-13 the organiser, who holds no seat, may not propose, accept or decline a draw or a pause: 403 naming the act', () => {
    const game = organised();
    const acts = [
      ['OfferDraw', 'propose a draw'],
      ['AcceptDraw', 'agree to a draw'],
      ['DeclineDraw', 'decline a draw'],
      ['RequestPause', 'propose a pause'],
      ['AgreePause', 'agree to a pause'],
      ['DeclinePause', 'decline a pause'],
    ] as const;
    for (const [type, what] of acts) {
      const refused = game.when({ type }, organiser).thenRejects('PBM-13', 'NOT_SEATED');
      expect({ type, status: refused.status, message: refused.message }).toEqual({
        type,
        status: 403,
        message: `Only a seated player may ${what}.`,
      });
    }
  });

  it('RUL-9 PBM-13 nor may the system, which has no seat at all', () => {
    const game = organised();
    for (const type of ['OfferDraw', 'RequestPause']) {
      expect(game.when({ type }, system).thenRejects('PBM-13', 'NOT_SEATED').status).toBe(403);
    }
  });

  it('RUL-9 PBM-13 accepting with nothing proposed says which proposal is missing and that proposals lapse with their phase', () => {
    const game = organised();
    expect(game.when({ type: 'AcceptDraw' }, red).thenRejects('PBM-13', 'NOTHING_PROPOSED').message).toBe(
      'Nobody has proposed a draw in this phase; a proposal lapses at the end of its phase.',
    );
    expect(game.when({ type: 'AgreePause' }, red).thenRejects('PBM-13', 'NOTHING_PROPOSED').message).toBe(
      'Nobody has proposed a pause in this phase; a proposal lapses at the end of its phase.',
    );
  });
});

describe('RUL-9 PBM-13 an agreement is every seat’s, however many seats there are', () => {
  it('RUL-9 PBM-13 with three seats each acceptance of a draw is recorded, none counts twice, and the last ends the game drawn', () => {
    const game = pigWith(['red', 'blue', 'green']);
    game.run({ type: 'OfferDraw' }, red);
    game.when({ type: 'AcceptDraw' }, blue).then([{ type: 'DrawAccepted', data: { seat: 'blue' } }]);
    game.run({ type: 'AcceptDraw' }, blue);
    expect(matchOf(game).drawOffer).toEqual({ by: 'red', phaseKey: 't1', agreed: ['red', 'blue'] });
    game.when({ type: 'AcceptDraw' }, blue).thenRejects('PBM-13', 'ALREADY_AGREED');
    game.when({ type: 'AcceptDraw' }, green).then([{ type: 'DrawAccepted', data: { seat: 'green' } }, drawn, revealed]);
  });

  it('RUL-9 PBM-13 with three seats each agreement to a pause is recorded, none counts twice, and the last pauses the game by the seats', () => {
    const game = pigWith(['red', 'blue', 'green']);
    game.run({ type: 'RequestPause' }, red);
    game.when({ type: 'AgreePause' }, blue).then([{ type: 'PauseAgreed', data: { seat: 'blue' } }]);
    game.run({ type: 'AgreePause' }, blue);
    expect(matchOf(game)).toMatchObject({ pauseRequest: { by: 'red', phaseKey: 't1', agreed: ['red', 'blue'] } });
    expect(matchOf(game).paused).toBeUndefined();
    game.when({ type: 'AgreePause' }, blue).thenRejects('PBM-13', 'ALREADY_AGREED');
    game.when({ type: 'AgreePause' }, green).then([
      { type: 'PauseAgreed', data: { seat: 'green' } },
      { type: 'GamePaused', data: { phaseKey: 't1', remainingMs: null, by: 'seats' } },
    ]);
  });

  it('RUL-9 PBM-13 a seat alone is every seat: in a one-seat game its pause request pauses at once, and its draw offer ends the game', () => {
    const game = pigWith(['red']);
    game.when({ type: 'RequestPause' }, red).then([
      { type: 'PauseRequested', data: { seat: 'red', phaseKey: 't1' } },
      { type: 'GamePaused', data: { phaseKey: 't1', remainingMs: null, by: 'seats' } },
    ]);
    game.when({ type: 'OfferDraw' }, red).then([{ type: 'DrawOffered', data: { seat: 'red', phaseKey: 't1' } }, drawn, revealed]);
  });

  it('RUL-9 PBM-13 a seat no player holds need not agree', () => {
    // No command empties a seat of a game in play, so the agreement is decided on such a match directly.
    const match = matchOf(organised());
    const redAlone: Match = { ...match, seats: match.seats.map((s) => (s.name === 'blue' ? { ...s, playerId: null } : s)) };
    expect(propose(redAlone, ctxFor(red), DRAW)).toEqual({
      ok: true,
      events: [{ type: 'DrawOffered', data: { seat: 'red', phaseKey: 't1-command' } }, drawn],
    });
  });
});

describe('RUL-9 PBM-13 only the proposal of the step the game waits in is open', () => {
  it('RUL-9 PBM-13 a proposal left from an earlier phase is no open proposal: nothing to accept, and a new one may be made', () => {
    // The fold drops a proposal when its phase ends (lapse), so no command meets a stale one: decided directly.
    const stale: Match = { ...matchOf(organised()), drawOffer: { by: 'blue', phaseKey: 't0-command', agreed: ['blue'] } };
    expect(refusalOf(agree(stale, ctxFor(red), DRAW)).code).toBe('NOTHING_PROPOSED');
    expect(propose(stale, ctxFor(red), DRAW)).toEqual({
      ok: true,
      events: [{ type: 'DrawOffered', data: { seat: 'red', phaseKey: 't1-command' } }],
    });
  });

  it('RUL-9 PBM-13 in a game waiting in no step a proposal is made in the phase "" and nothing is open', () => {
    // Every ruleset names a step while its game is played, so a match in play without one is built directly.
    const stepless: Match = { ...matchOf(organised()), step: null };
    expect(propose(stepless, ctxFor(red), PAUSE)).toEqual({
      ok: true,
      events: [{ type: 'PauseRequested', data: { seat: 'red', phaseKey: '' } }],
    });
    const offered: Match = { ...stepless, drawOffer: { by: 'blue', phaseKey: 't1-command', agreed: ['blue'] } };
    expect(refusalOf(agree(offered, ctxFor(red), DRAW)).code).toBe('NOTHING_PROPOSED');
  });
});

describe('RUL-9 PBM-12 PBM-13 how the controls change the match', () => {
  it('RUL-9 PBM-12 the organiser’s pause closes a pause request: once resumed, the seat may ask again', () => {
    const game = organised();
    game.run({ type: 'RequestPause' }, red, undefined, at(10));
    game.run({ type: 'PauseGame' }, organiser, undefined, at(15));
    expect(matchOf(game)).toMatchObject({ paused: { by: 'organiser', phaseKey: 't1-command', remainingMs: 45 * 60_000 } });
    expect(matchOf(game).pauseRequest).toBeUndefined();
    game.run({ type: 'ResumeGame' }, organiser, undefined, at(20));
    game
      .when({ type: 'RequestPause' }, red, undefined, at(25))
      .then([{ type: 'PauseRequested', data: { seat: 'red', phaseKey: 't1-command' } }]);
  });

  it('RUL-9 PBM-13 a pause the seats agreed leaves no request behind: after a seat resumes, another pause can be asked in the same phase', () => {
    const game = organised();
    game.run({ type: 'RequestPause' }, red, undefined, at(10));
    game.run({ type: 'AgreePause' }, blue, undefined, at(15));
    expect(matchOf(game).pauseRequest).toBeUndefined();
    game.run({ type: 'ResumeGame' }, blue, undefined, at(20));
    game
      .when({ type: 'RequestPause' }, blue, undefined, at(25))
      .then([{ type: 'PauseRequested', data: { seat: 'blue', phaseKey: 't1-command' } }]);
  });

  it('RUL-9 TB-6 the organiser’s continuation of an ended game, proposed in the phase "", stays open for the seats to accept', () => {
    const game = startedPostGalactica();
    game.run({ type: 'Concede' }, blue);
    game.run({ type: 'ProposeFork', version: 4 }, red);
    expect(matchOf(game)).toMatchObject({
      status: 'ended',
      step: null,
      forkProposal: { by: 'red', version: 4, phaseKey: '', agreed: ['red'] },
    });
    expect(game.when({ type: 'AcceptFork' }, blue).events[0]).toEqual({ type: 'ForkAccepted', data: { seat: 'blue' } });
  });

  it('RUL-9 PBM-13 every proposal ends with the game, even one made in a step the match still names', () => {
    // An ended match folds with no step, so its proposals lapse by their phase too; `lapse` is given one that kept its step.
    const over = matchOf(ended());
    const kept: Match = {
      ...over,
      step: { key: 't1-command', phase: 'command', openedAt: T0, deadline: null },
      drawOffer: { by: 'red', phaseKey: 't1-command', agreed: ['red'] },
      pauseRequest: { by: 'red', phaseKey: 't1-command', agreed: ['red'] },
    };
    const after = lapse(kept);
    expect([after.drawOffer, after.pauseRequest]).toEqual([undefined, undefined]);
  });

  it('RUL-9 PBM-13 in a game in play waiting in no step, a proposal has no phase left and lapses', () => {
    // Every ruleset names a step while its game is played, so such a match is built directly.
    const stepless: Match = { ...matchOf(organised()), step: null, drawOffer: { by: 'red', phaseKey: 't1-command', agreed: ['red'] } };
    expect(lapse(stepless).drawOffer).toBeUndefined();
  });

  it('RUL-9 MATCH an event that is no control is a programming error, not a silent change', () => {
    // The fold routes only control events here; the type system rules any other out, so one is forced in.
    const match = matchOf(organised());
    expect(() => evolveControl(match, { type: 'GameStarted', data: {} } as unknown as ControlEvent)).toThrow(
      'unhandled case: {"type":"GameStarted","data":{}}',
    );
  });
});

describe('RUL-9 PBM-12 the organiser’s controls', () => {
  it('RUL-9 PBM-12 anyone else asking to pause, resume or extend is told in a sentence what only the organiser may do', () => {
    const game = organised();
    expect(game.when({ type: 'PauseGame' }, red).thenRejects('PBM-12', 'NOT_ORGANISER').message).toBe(
      'Only the organiser, the player who created this game, may pause it (PBM-12).',
    );
    expect(game.when({ type: 'ExtendDeadline', by: 'PT1H' }, red).thenRejects('PBM-12', 'NOT_ORGANISER').message).toBe(
      'Only the organiser, the player who created this game, may extend its deadline (PBM-12).',
    );
    game.run({ type: 'PauseGame' }, organiser, undefined, at(15));
    expect(game.when({ type: 'ResumeGame' }, red).thenRejects('PBM-12', 'NOT_ORGANISER').message).toBe(
      'Only the organiser, the player who created this game, may resume a game the organiser paused (PBM-12).',
    );
  });

  it('RUL-9 PBM-13 a pause the seats agreed is resumed by a seat or the organiser, never by the system', () => {
    const game = organised();
    game.run({ type: 'RequestPause' }, red, undefined, at(10));
    game.run({ type: 'AgreePause' }, blue, undefined, at(15));
    const refused = game.when({ type: 'ResumeGame' }, system, undefined, at(20)).thenRejects('PBM-13', 'NOT_SEATED');
    expect(refused.status).toBe(403);
    game
      .when({ type: 'ResumeGame' }, organiser, undefined, at(20))
      .then([{ type: 'GameResumed', data: { phaseKey: 't1-command', deadline: at(65) } }]);
  });

  it('RUL-9 MATCH an ended game has nothing to pause and no deadline to extend: GAME_OVER', () => {
    const game = ended();
    for (const [command, actor] of [
      [{ type: 'PauseGame' }, organiser],
      [{ type: 'RequestPause' }, red],
      [{ type: 'ExtendDeadline', by: 'PT1H' }, organiser],
    ] as const) {
      expect(game.when(command, actor).thenRejects('MATCH', 'GAME_OVER').status).toBe(409);
    }
  });

  it('RUL-9 PBM-12 an extension is at least a second: PT0S and PT0.5S are refused, PT1S moves the deadline', () => {
    const game = organised();
    for (const by of ['PT0S', 'PT0.5S']) {
      expect(game.when({ type: 'ExtendDeadline', by }, organiser).thenRejects('PBM-12', 'BAD_DURATION').message).toBe(
        `"${by}" is not an ISO 8601 duration of at least a second, e.g. PT24H.`,
      );
    }
    game
      .when({ type: 'ExtendDeadline', by: 'PT1S' }, organiser)
      .then([{ type: 'DeadlineExtended', data: { phaseKey: 't1-command', by: 'PT1S', deadline: '2026-01-01T01:00:01.000Z' } }]);
  });

  it('RUL-9 PBM-12 in a game waiting in no step, a pause keeps no time and names the phase "", and there is no deadline to extend', () => {
    // Every ruleset names a step while its game is played, so a match in play without one is built directly.
    const stepless: Match = { ...matchOf(organised()), step: null };
    expect(pauseGame(stepless, ctxFor(organiser))).toEqual({
      ok: true,
      events: [{ type: 'GamePaused', data: { phaseKey: '', remainingMs: null, by: 'organiser' } }],
    });
    const refused = refusalOf(extendDeadline(stepless, { by: 'PT1H' }, ctxFor(organiser)));
    expect(refused).toMatchObject({
      code: 'NO_DEADLINE',
      rule: 'PBM-12',
      message: 'The game waits in no step, which has no deadline to extend.',
    });
  });
});
