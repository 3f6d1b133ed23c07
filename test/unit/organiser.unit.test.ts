/**
 * PBM-12 the organiser's controls (pause, resume, extend) and PBM-13 the seats' agreements (draws
 * and pauses): who may propose, agree, decline, pause, resume and extend, with which sentence, and
 * how each changes the match; agreements of one, two and three seats (Pig: the lifecycle takes a
 * ruleset's seats, however many). States no command reaches (a game in play with no step, a
 * proposal left from an earlier phase, a seat no player holds) go to the exported functions alone.
 */
import { describe, expect, it } from 'vitest';
import { agree, DRAW, PAUSE, propose } from '../../domain/match/agreement.ts';
import { evolveControl, lapse } from '../../domain/match/controls.ts';
import type { ControlEvent } from '../../domain/match/events.ts';
import { extendDeadline, pauseGame } from '../../domain/match/organiser.ts';
import type { Match, Step } from '../../domain/match/state.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { ctxFor, Game, matchOf, player, refusalOf, seat, startedPostGalactica, TEST_SEED } from '../support/decider-spec.ts';
import { at, organisedPostGalactica, organiser, system, T0 } from '../support/match-setups.ts';
import { pigWith } from '../support/pig.ts';

const RULESETS = everyRuleset();

const red = seat('red');
const blue = seat('blue');
const green = seat('green');
const revealed = { type: 'SeedRevealed', data: { seed: TEST_SEED, contributions: [] } };
const drawn = { type: 'GameEnded', data: { winner: null, reason: 'drawn by agreement (PBM-13)', rule: 'PBM-13' } };

const stepOf = (game: Game): Step | null => (game.state.status === 'empty' ? null : game.state.step);

/** `organisedPostGalactica()` after blue conceded: red won, the game is over. */
const ended = () => {
  const game = organisedPostGalactica();
  game.run({ type: 'Concede' }, blue);
  return game;
};
const fireAt = (game: Game, now: string) => game.when({ type: 'DeadlineReached', phaseKey: 't1-command' }, system, undefined, now);

describe('PBM-12 the organiser pauses and resumes', () => {
  it('PBM-12 a pause closes the step deadline and records the time that was left', () => {
    const game = organisedPostGalactica();
    game
      .when({ type: 'PauseGame' }, organiser, undefined, at(15))
      .then([{ type: 'GamePaused', data: { phaseKey: 't1-command', remainingMs: 45 * 60_000, by: 'organiser' } }]);
    game.run({ type: 'PauseGame' }, organiser, undefined, at(15));
    expect(stepOf(game)).toMatchObject({ key: 't1-command', deadline: null });
    expect(viewGame(RULESETS, game.state, 'red')?.paused).toEqual({ by: 'organiser', phaseKey: 't1-command', remainingMs: 45 * 60_000 });
  });

  it('PBM-12 while paused, play is refused with 409 and a sentence, and a deadline fire decides nothing', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'PauseGame' }, organiser, undefined, at(15));
    const refused = game.when({ type: 'EndPhase' }, red, undefined, at(20)).thenRejects('PBM-12', 'GAME_PAUSED');
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/^The organiser paused this game; /);
    game.when({ type: 'OfferDraw' }, red, undefined, at(20)).thenRejects('PBM-12', 'GAME_PAUSED');
    game.when({ type: 'PauseGame' }, organiser, undefined, at(20)).thenRejects('PBM-12', 'GAME_PAUSED');
    fireAt(game, at(60)).then([]);
    fireAt(game, at(600)).then([]);
  });

  it('PBM-12 resume re-arms the deadline with the time that was left, and it then passes', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'PauseGame' }, organiser, undefined, at(15));
    game
      .when({ type: 'ResumeGame' }, organiser, undefined, at(120))
      .then([{ type: 'GameResumed', data: { phaseKey: 't1-command', deadline: at(165) } }]);
    game.run({ type: 'ResumeGame' }, organiser, undefined, at(120));
    expect(stepOf(game)).toEqual({ key: 't1-command', phase: 'command', openedAt: T0, deadline: at(165) });
    expect(viewGame(RULESETS, game.state, 'red')).not.toHaveProperty('paused');
    fireAt(game, at(164)).then([]);
    expect(fireAt(game, at(165)).events[0]).toMatchObject({ type: 'DeadlinePassed', data: { deadline: at(165), awaiting: ['red'] } });
  });

  it('PBM-12 a step without a deadline pauses and resumes without one', () => {
    const game = organisedPostGalactica({ deadlines: {} });
    game.run({ type: 'PauseGame' }, organiser, undefined, at(15));
    game
      .when({ type: 'ResumeGame' }, organiser, undefined, at(30))
      .then([{ type: 'GameResumed', data: { phaseKey: 't1-command', deadline: null } }]);
  });

  it('PBM-12 only the organiser pauses, resumes an organiser pause, or extends: anyone else gets 403', () => {
    const game = organisedPostGalactica();
    for (const command of [{ type: 'PauseGame' }, { type: 'ExtendDeadline', by: 'PT24H' }]) {
      expect(game.when(command, red).thenRejects('PBM-12', 'NOT_ORGANISER').status).toBe(403);
      expect(game.when(command, player('p_stranger')).thenRejects('PBM-12', 'NOT_ORGANISER').status).toBe(403);
    }
    game.run({ type: 'PauseGame' }, organiser, undefined, at(15));
    expect(game.when({ type: 'ResumeGame' }, blue).thenRejects('PBM-12', 'NOT_ORGANISER').status).toBe(403);
  });

  it('PBM-12 the organiser may hold a seat too: the creator is the organiser, seated or not', () => {
    const game = new Game();
    game.run(
      { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', deadlines: { default: 'PT1H' } } },
      player('p_red'),
    );
    game.run({ type: 'JoinGame' }, player('p_blue'));
    expect(game.when({ type: 'PauseGame' }, red, undefined, at(30)).events).toEqual([
      { type: 'GamePaused', data: { phaseKey: 't1-command', remainingMs: 30 * 60_000, by: 'organiser' } },
    ]);
    game.when({ type: 'PauseGame' }, blue).thenRejects('PBM-12', 'NOT_ORGANISER');
  });

  it('PBM-12 a game waiting for players has nothing to pause; a game not paused has nothing to resume', () => {
    const lobby = new Game();
    lobby.run({ type: 'CreateGame', ruleset: 'post-galactica' }, organiser);
    expect(lobby.when({ type: 'PauseGame' }, organiser).thenRejects('PBM-12', 'GAME_NOT_STARTED').status).toBe(409);
    organisedPostGalactica().when({ type: 'ResumeGame' }, organiser).thenRejects('PBM-12', 'NOT_PAUSED');
  });

  it('PBM-12 a paused player may still concede', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'PauseGame' }, organiser, undefined, at(15));
    expect(game.when({ type: 'Concede' }, blue).events.map((e) => e.type)).toEqual(['PlayerConceded', 'GameEnded', 'SeedRevealed']);
  });
});

describe('PBM-12 the organiser extends the deadline', () => {
  it('PBM-12 ExtendDeadline moves the current deadline later; the old one then decides nothing', () => {
    const game = organisedPostGalactica();
    game
      .when({ type: 'ExtendDeadline', by: 'PT24H' }, organiser, undefined, at(10))
      .then([{ type: 'DeadlineExtended', data: { phaseKey: 't1-command', by: 'PT24H', deadline: at(25 * 60) } }]);
    game.run({ type: 'ExtendDeadline', by: 'PT24H' }, organiser, undefined, at(10));
    expect(stepOf(game)).toEqual({ key: 't1-command', phase: 'command', openedAt: T0, deadline: at(25 * 60) });
    fireAt(game, at(60)).then([]);
    expect(fireAt(game, at(25 * 60)).events[0]?.type).toBe('DeadlinePassed');
  });

  it('PBM-12 the lobby expiry can be extended too; the next step takes its own deadline', () => {
    const lobby = new Game();
    lobby.run({ type: 'CreateGame', ruleset: 'post-galactica', options: { openFor: 'PT1H', deadlines: { default: 'PT1H' } } }, organiser);
    lobby.run({ type: 'ExtendDeadline', by: 'PT2H' }, organiser, undefined, at(30));
    expect(stepOf(lobby)).toMatchObject({ key: 'lobby', deadline: at(180) });
    lobby.run({ type: 'JoinGame' }, player('p_red'), undefined, at(90));
    lobby.run({ type: 'JoinGame' }, player('p_blue'), undefined, at(100));
    expect(stepOf(lobby)).toMatchObject({ key: 'choose-first', deadline: at(160) });
  });

  it('PBM-12 a step without a deadline has none to extend, and the duration is ISO 8601', () => {
    organisedPostGalactica({ deadlines: {} }).when({ type: 'ExtendDeadline', by: 'PT24H' }, organiser).thenRejects('PBM-12', 'NO_DEADLINE');
    organisedPostGalactica().when({ type: 'ExtendDeadline', by: 'a day' }, organiser).thenRejects('PBM-12', 'BAD_DURATION');
  });
});

describe('PBM-13 draws by agreement', () => {
  it('PBM-13 a draw offered and accepted by every other seat ends the game without a winner, and the seed is revealed', () => {
    const game = organisedPostGalactica();
    game.when({ type: 'OfferDraw' }, blue).then([{ type: 'DrawOffered', data: { seat: 'blue', phaseKey: 't1-command' } }]);
    game.run({ type: 'OfferDraw' }, blue);
    expect(viewGame(RULESETS, game.state, 'red')?.drawOffer).toEqual({ by: 'blue', phaseKey: 't1-command', agreed: ['blue'] });
    game
      .when({ type: 'AcceptDraw' }, red)
      .then([
        { type: 'DrawAccepted', data: { seat: 'red' } },
        { type: 'GameEnded', data: { winner: null, reason: 'drawn by agreement (PBM-13)', rule: 'PBM-13' } },
        revealed,
      ]);
    game.run({ type: 'AcceptDraw' }, red);
    expect(game.state.status === 'ended' && game.state.result).toEqual({ winner: null, reason: 'drawn by agreement (PBM-13)' });
    expect(viewGame(RULESETS, game.state, 'red')).not.toHaveProperty('drawOffer');
  });

  it('PBM-13 a declined offer closes; accepting it then is refused', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'OfferDraw' }, blue);
    game.when({ type: 'DeclineDraw' }, red).then([{ type: 'DrawDeclined', data: { seat: 'red' } }]);
    game.run({ type: 'DeclineDraw' }, red);
    expect(game.when({ type: 'AcceptDraw' }, red).thenRejects('PBM-13', 'NOTHING_PROPOSED').status).toBe(409);
    expect(game.state.status).toBe('playing');
  });

  it('PBM-13 an offer lapses at the end of the phase it was made in', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'OfferDraw' }, blue);
    game.run({ type: 'EndPhase' }, red);
    expect(stepOf(game)?.key).not.toBe('t1-command');
    expect(viewGame(RULESETS, game.state, 'red')).not.toHaveProperty('drawOffer');
    game.when({ type: 'AcceptDraw' }, red).thenRejects('PBM-13', 'NOTHING_PROPOSED');
    game.when({ type: 'OfferDraw' }, red).then([{ type: 'DrawOffered', data: { seat: 'red', phaseKey: stepOf(game)?.key } }]);
  });

  it('PBM-13 one offer at a time, the proposer does not accept twice, and only seats take part', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'OfferDraw' }, blue);
    game.when({ type: 'OfferDraw' }, red).thenRejects('PBM-13', 'ALREADY_PROPOSED');
    game.when({ type: 'AcceptDraw' }, blue).thenRejects('PBM-13', 'ALREADY_AGREED');
    expect(game.when({ type: 'AcceptDraw' }, organiser).thenRejects('PBM-13', 'NOT_SEATED').status).toBe(403);
  });
});

describe('PBM-13 a pause by agreement', () => {
  const agreed = () => {
    const game = organisedPostGalactica();
    game.run({ type: 'RequestPause' }, red, undefined, at(20));
    game.run({ type: 'AgreePause' }, blue, undefined, at(40));
    return game;
  };

  it('PBM-13 a pause asked for takes effect when every seat agrees: the same GamePaused, by the seats', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'RequestPause' }, red, undefined, at(20));
    expect(game.state.status === 'playing' && game.state.paused).toBeUndefined();
    game.when({ type: 'AgreePause' }, blue, undefined, at(40)).then([
      { type: 'PauseAgreed', data: { seat: 'blue' } },
      { type: 'GamePaused', data: { phaseKey: 't1-command', remainingMs: 20 * 60_000, by: 'seats' } },
    ]);
  });

  it('PBM-13 while the seats keep it paused, play is refused, and any seat or the organiser resumes it', () => {
    const game = agreed();
    expect(game.when({ type: 'EndPhase' }, red).thenRejects('PBM-13', 'GAME_PAUSED').status).toBe(409);
    game
      .when({ type: 'ResumeGame' }, blue, undefined, at(100))
      .then([{ type: 'GameResumed', data: { phaseKey: 't1-command', deadline: at(120) } }]);
    expect(game.when({ type: 'ResumeGame' }, organiser, undefined, at(100)).events[0]?.type).toBe('GameResumed');
    expect(game.when({ type: 'ResumeGame' }, player('p_stranger')).thenRejects('PBM-13', 'NOT_SEATED').status).toBe(403);
  });

  it('PBM-13 a declined request does not pause', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'RequestPause' }, red);
    game.run({ type: 'DeclinePause' }, blue);
    game.when({ type: 'AgreePause' }, blue).thenRejects('PBM-13', 'NOTHING_PROPOSED');
    expect(game.when({ type: 'EndPhase' }, red).events.length).toBeGreaterThan(0);
  });
});

describe('RUL-9 PBM-13 only a seat takes part in an agreement', () => {
  it('RUL-9 PBM-13 the organiser, who holds no seat, may not propose, accept or decline a draw or a pause: 403 naming the act', () => {
    const game = organisedPostGalactica();
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
    const game = organisedPostGalactica();
    for (const type of ['OfferDraw', 'RequestPause']) {
      expect(game.when({ type }, system).thenRejects('PBM-13', 'NOT_SEATED').status).toBe(403);
    }
  });

  it('RUL-9 PBM-13 accepting with nothing proposed says which proposal is missing and that proposals lapse with their phase', () => {
    const game = organisedPostGalactica();
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
    const match = matchOf(organisedPostGalactica());
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
    const stale: Match = { ...matchOf(organisedPostGalactica()), drawOffer: { by: 'blue', phaseKey: 't0-command', agreed: ['blue'] } };
    expect(refusalOf(agree(stale, ctxFor(red), DRAW)).code).toBe('NOTHING_PROPOSED');
    expect(propose(stale, ctxFor(red), DRAW)).toEqual({
      ok: true,
      events: [{ type: 'DrawOffered', data: { seat: 'red', phaseKey: 't1-command' } }],
    });
  });

  it('RUL-9 PBM-13 in a game waiting in no step a proposal is made in the phase "" and nothing is open', () => {
    // Every ruleset names a step while its game is played, so a match in play without one is built directly.
    const stepless: Match = { ...matchOf(organisedPostGalactica()), step: null };
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
    const game = organisedPostGalactica();
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
    const game = organisedPostGalactica();
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
    const stepless: Match = {
      ...matchOf(organisedPostGalactica()),
      step: null,
      drawOffer: { by: 'red', phaseKey: 't1-command', agreed: ['red'] },
    };
    expect(lapse(stepless).drawOffer).toBeUndefined();
  });

  it('RUL-9 MATCH an event that is no control is a programming error, not a silent change', () => {
    // The fold routes only control events here; the type system rules any other out, so one is forced in.
    const match = matchOf(organisedPostGalactica());
    expect(() => evolveControl(match, { type: 'GameStarted', data: {} } as unknown as ControlEvent)).toThrow(
      'unhandled case: {"type":"GameStarted","data":{}}',
    );
  });
});

describe('RUL-9 PBM-12 the organiser’s controls', () => {
  it('RUL-9 PBM-12 anyone else asking to pause, resume or extend is told in a sentence what only the organiser may do', () => {
    const game = organisedPostGalactica();
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
    const game = organisedPostGalactica();
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
    const game = organisedPostGalactica();
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
    const stepless: Match = { ...matchOf(organisedPostGalactica()), step: null };
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
