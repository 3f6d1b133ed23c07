/** REL-29: every refusal that depends on where the game stands says where it stands, from its state. */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { Game, player, seat } from '../support/decider-spec.ts';

const T0 = '2026-01-01T00:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

/** p_org's game, nobody seated, open for an hour. */
const lobby = () => {
  const game = new Game();
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', options: { openFor: 'PT1H' } }, player('p_org'));
  return game;
};

/** The lobby after its hour: ended by PBM-10 with both seats empty. */
const expired = () => {
  const game = lobby();
  game.run({ type: 'DeadlineReached', phaseKey: 'lobby' }, { kind: 'system' }, undefined, later(3_600_000));
  return game;
};
const EXPIRED = 'This game has ended (expired: the red and blue seats were not taken within PT1H (PBM-10))';

/** Red seated by p_org, blue by p_blue: the roll-off is 2 against 5, so blue chooses. */
const choosing = () => {
  const game = new Game();
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' }, player('p_org'));
  game.run({ type: 'JoinGame' }, player('p_blue'), scriptedDice([2, 5]));
  return game;
};
const playing = () => {
  const game = choosing();
  game.run({ type: 'ChooseFirstPlayer', seat: 'red' }, seat('blue'));
  return game;
};
const conceded = () => {
  const game = playing();
  game.run({ type: 'Concede' }, seat('red', 'p_org'));
  return game;
};

describe('REL-29 joining says why no seat can be taken', () => {
  it('REL-29 joining a game that expired unjoined names its expiry, not "already started"', () => {
    const refused = expired().when({ type: 'JoinGame' }, player('p_late')).thenRejects('MATCH', 'GAME_OVER');
    expect(refused).toEqual({ code: 'GAME_OVER', rule: 'MATCH', status: 409, message: `${EXPIRED}; no seat can be taken any more.` });
  });

  it('REL-29 joining a full game says whether its first player is being chosen or it is being played', () => {
    expect(choosing().when({ type: 'JoinGame' }, player('p_late')).thenRejects('MATCH', 'GAME_STARTED').message).toBe(
      'Every seat of this game is taken, and blue, who won the roll-off, is choosing who takes the first turn.',
    );
    expect(playing().when({ type: 'JoinGame' }, player('p_late')).thenRejects('MATCH', 'GAME_STARTED').message).toBe(
      'This game is being played, and every seat is taken.',
    );
    expect(conceded().when({ type: 'JoinGame' }, player('p_late')).thenRejects('MATCH', 'GAME_OVER').message).toBe(
      'This game has ended (red conceded); no seat can be taken any more.',
    );
  });
});

describe('REL-29 commands refused for where the game stands', () => {
  it('REL-29 a ruleset command before play names the free seats or the chooser; after, the result', () => {
    const waiting = lobby();
    waiting.run({ type: 'JoinGame', seat: 'red' }, player('p_red'));
    expect(waiting.when({ type: 'EndPhase' }, seat('red')).thenRejects('MATCH', 'GAME_NOT_PLAYING').message).toBe(
      'This game has not started: it is waiting for players, and the blue seat is free.',
    );
    expect(lobby().when({ type: 'EndPhase' }, seat('red')).thenRejects('MATCH', 'GAME_NOT_PLAYING').message).toBe(
      'This game has not started: it is waiting for players, and the red and blue seats are free.',
    );
    expect(choosing().when({ type: 'EndPhase' }, seat('red', 'p_org')).thenRejects('MATCH', 'GAME_NOT_PLAYING').message).toMatch(
      /^Every seat of this game is taken, and blue, who won the roll-off, is choosing/,
    );
    expect(expired().when({ type: 'EndPhase' }, seat('red')).thenRejects('MATCH', 'GAME_NOT_PLAYING').message).toBe(`${EXPIRED}.`);
  });

  it('REL-29 every lifecycle command refused on an ended game gives its result', () => {
    const game = conceded();
    const organiser = seat('red', 'p_org');
    const refusals = [
      [{ type: 'Concede' }, 'there is nothing to concede'],
      [{ type: 'ExtendDeadline', by: 'PT1H' }, 'its deadlines are gone'],
      [{ type: 'PauseGame' }, 'there is nothing to pause'],
      [{ type: 'ResumeGame' }, 'nothing is paused'],
      [{ type: 'AdoptRules' }, 'it keeps the rules it was played under'],
    ] as const;
    for (const [command, so] of refusals) {
      const refused = game.when(command, organiser);
      expect(refused.state.status).toBe('ended');
      expect(refused.thenRejects(command.type === 'ResumeGame' ? 'PBM-12' : 'MATCH').message).toBe(
        `This game has ended (red conceded); ${so}.`,
      );
    }
    expect(game.when({ type: 'ChooseFirstPlayer', seat: 'red' }, seat('blue')).thenRejects('PG-5', 'NOT_CHOOSING').message).toBe(
      'This game has ended (red conceded).',
    );
    expect(game.when({ type: 'OfferDraw' }, seat('blue')).thenRejects('PBM-13', 'GAME_NOT_PLAYING').message).toBe(
      'A draw can be offered only while the game is played. This game has ended (red conceded).',
    );
  });

  it('REL-29 choosing the first player once play began names who took the first turn', () => {
    expect(playing().when({ type: 'ChooseFirstPlayer', seat: 'blue' }, seat('blue')).thenRejects('PG-5', 'NOT_CHOOSING').message).toBe(
      'red already took the first turn; nobody chooses it now.',
    );
  });
});
