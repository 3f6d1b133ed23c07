import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import type { Step } from '../../domain/match/state.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { Game, player, seat, TEST_SEED } from '../support/decider-spec.ts';

const RULESETS = everyRuleset();

const system: Actor = { kind: 'system' };
const organiser = player('p_org');
const red = seat('red');
const blue = seat('blue');
const T0 = '2026-01-01T00:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const revealed = { type: 'SeedRevealed', data: { seed: TEST_SEED, contributions: [] } };

const stepOf = (game: Game): Step | null => (game.state.status === 'empty' ? null : game.state.step);

/**
 * Organised by p_org, who takes no seat; red goes first (a mission choice); every phase has
 * an hour, so the first step, t1-command, passes at 01:00.
 */
const organised = (deadlines: Record<string, unknown> = { default: 'PT1H' }) => {
  const game = new Game();
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', options: { firstPlayer: 'red', deadlines } }, organiser);
  game.run({ type: 'JoinGame', seat: 'red' }, player('p_red'));
  game.run({ type: 'JoinGame', seat: 'blue' }, player('p_blue'));
  return game;
};
const fireAt = (game: Game, now: string) => game.when({ type: 'DeadlineReached', phaseKey: 't1-command' }, system, undefined, now);

describe('PBM-12 the organiser pauses and resumes', () => {
  it('PBM-12 a pause closes the step deadline and records the time that was left', () => {
    const game = organised();
    game
      .when({ type: 'PauseGame' }, organiser, undefined, at(15))
      .then([{ type: 'GamePaused', data: { phaseKey: 't1-command', remainingMs: 45 * 60_000, by: 'organiser' } }]);
    game.run({ type: 'PauseGame' }, organiser, undefined, at(15));
    expect(stepOf(game)).toMatchObject({ key: 't1-command', deadline: null });
    expect(viewGame(RULESETS, game.state, 'red')?.paused).toEqual({ by: 'organiser', phaseKey: 't1-command', remainingMs: 45 * 60_000 });
  });

  it('PBM-12 while paused, play is refused with 409 and a sentence, and a deadline fire decides nothing', () => {
    const game = organised();
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
    const game = organised();
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
    const game = organised({});
    game.run({ type: 'PauseGame' }, organiser, undefined, at(15));
    game
      .when({ type: 'ResumeGame' }, organiser, undefined, at(30))
      .then([{ type: 'GameResumed', data: { phaseKey: 't1-command', deadline: null } }]);
  });

  it('PBM-12 only the organiser pauses, resumes an organiser pause, or extends: anyone else gets 403', () => {
    const game = organised();
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
    organised().when({ type: 'ResumeGame' }, organiser).thenRejects('PBM-12', 'NOT_PAUSED');
  });

  it('PBM-12 a paused player may still concede', () => {
    const game = organised();
    game.run({ type: 'PauseGame' }, organiser, undefined, at(15));
    expect(game.when({ type: 'Concede' }, blue).events.map((e) => e.type)).toEqual(['PlayerConceded', 'GameEnded', 'SeedRevealed']);
  });
});

describe('PBM-12 the organiser extends the deadline', () => {
  it('PBM-12 ExtendDeadline moves the current deadline later; the old one then decides nothing', () => {
    const game = organised();
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
    organised({}).when({ type: 'ExtendDeadline', by: 'PT24H' }, organiser).thenRejects('PBM-12', 'NO_DEADLINE');
    organised().when({ type: 'ExtendDeadline', by: 'a day' }, organiser).thenRejects('PBM-12', 'BAD_DURATION');
  });
});

describe('PBM-13 draws by agreement', () => {
  it('PBM-13 a draw offered and accepted by every other seat ends the game without a winner, and the seed is revealed', () => {
    const game = organised();
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
    const game = organised();
    game.run({ type: 'OfferDraw' }, blue);
    game.when({ type: 'DeclineDraw' }, red).then([{ type: 'DrawDeclined', data: { seat: 'red' } }]);
    game.run({ type: 'DeclineDraw' }, red);
    expect(game.when({ type: 'AcceptDraw' }, red).thenRejects('PBM-13', 'NOTHING_PROPOSED').status).toBe(409);
    expect(game.state.status).toBe('playing');
  });

  it('PBM-13 an offer lapses at the end of the phase it was made in', () => {
    const game = organised();
    game.run({ type: 'OfferDraw' }, blue);
    game.run({ type: 'EndPhase' }, red);
    expect(stepOf(game)?.key).not.toBe('t1-command');
    expect(viewGame(RULESETS, game.state, 'red')).not.toHaveProperty('drawOffer');
    game.when({ type: 'AcceptDraw' }, red).thenRejects('PBM-13', 'NOTHING_PROPOSED');
    game.when({ type: 'OfferDraw' }, red).then([{ type: 'DrawOffered', data: { seat: 'red', phaseKey: stepOf(game)?.key } }]);
  });

  it('PBM-13 one offer at a time, the proposer does not accept twice, and only seats take part', () => {
    const game = organised();
    game.run({ type: 'OfferDraw' }, blue);
    game.when({ type: 'OfferDraw' }, red).thenRejects('PBM-13', 'ALREADY_PROPOSED');
    game.when({ type: 'AcceptDraw' }, blue).thenRejects('PBM-13', 'ALREADY_AGREED');
    expect(game.when({ type: 'AcceptDraw' }, organiser).thenRejects('PBM-13', 'NOT_SEATED').status).toBe(403);
  });
});

describe('PBM-13 a pause by agreement', () => {
  const agreed = () => {
    const game = organised();
    game.run({ type: 'RequestPause' }, red, undefined, at(20));
    game.run({ type: 'AgreePause' }, blue, undefined, at(40));
    return game;
  };

  it('PBM-13 a pause asked for takes effect when every seat agrees: the same GamePaused, by the seats', () => {
    const game = organised();
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
    const game = organised();
    game.run({ type: 'RequestPause' }, red);
    game.run({ type: 'DeclinePause' }, blue);
    game.when({ type: 'AgreePause' }, blue).thenRejects('PBM-13', 'NOTHING_PROPOSED');
    expect(game.when({ type: 'EndPhase' }, red).events.length).toBeGreaterThan(0);
  });
});
