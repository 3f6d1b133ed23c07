/**
 * INV-10 TB-2: a takeback to a version inside one command's events is refused (`MID_COMMAND`),
 * naming the nearest versions it may go back to on both sides: the version before that command
 * and the end of it. The decider reads the end from the log after the version (`ctx.undone`) and
 * the start from the match's open undo window, which holds its seat's run (TB-1); where the
 * match no longer knows where the command began (something became known since), the end alone
 * is named. Every version a sentence names is one a proposal is then accepted for.
 */
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { type Game, seat } from '../support/decider-spec.ts';
import { pigWith } from '../support/pig.ts';
import { act, mission, playing, profile, shoot, submit } from '../support/soluna.ts';

const sun = seat('sun', 'p_sun');
const moon = seat('moon', 'p_moon');

/** A duel where sun has sealed twice and moon not yet: sun's run is open, 7-8 and 9-10 its two SubmitActions. */
const sealedTwice = () => {
  const game = playing(
    mission([profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })], [profile({ id: 'xul', mind: 10, at: [3, 0], leader: true })]),
  );
  const start = game.state.version;
  game.run(submit([shoot('meena', 'xul')]), sun);
  game.run(submit([act('meena', { kind: 'none' })]), sun);
  return { game, start };
};

const refusal = (game: Game, toVersion: number, by: Actor) =>
  game.when({ type: 'ProposeTakeback', toVersion }, by).thenRejects('TB-2', 'MID_COMMAND').message;

const accepted = (game: Game, toVersion: number, by: Actor) =>
  game.when({ type: 'ProposeTakeback', toVersion }, by).events.map((e) => e.type);

describe('INV-10 MID_COMMAND names the nearest versions', () => {
  it('INV-10 TB-2 SOL-3 inside a command with another after it: the version before it and its end', () => {
    const { game, start } = sealedTwice();
    expect(game.log.slice(start).map((e) => [e.seq, e.type])).toEqual([
      [7, 'ActionsSealed'],
      [8, 'ActionsCommitted'],
      [9, 'ActionsSealed'],
      [10, 'ActionsCommitted'],
    ]);
    expect(refusal(game, 7, moon)).toBe("Version 7 lies inside one command's events (7 to 8); go back to 6 or 8.");
    expect(accepted(game, 6, moon)).toEqual(['TakebackProposed']);
    expect(accepted(game, 8, moon)).toEqual(['TakebackProposed']);
  });

  it('INV-10 TB-2 SOL-3 inside the latest command: the version before it, as its end is the version the game is at', () => {
    const { game } = sealedTwice();
    expect(refusal(game, 9, sun)).toBe("Version 9 lies inside the latest command's events (9 to 10); go back to 8.");
    expect(accepted(game, 8, sun)).toEqual(['TakebackProposed']);
  });

  it('INV-10 TB-2 PIG where a roll closed the run, the end of the command alone is named', () => {
    const game = pigWith();
    const red = seat('red');
    const blue = seat('blue');
    const rolled = game.state.version + 1;
    game.run({ type: 'Roll' }, red, scriptedDice([4], rolled));
    game.run({ type: 'Hold' }, red);
    const held = rolled + 1;
    expect(refusal(game, held, blue)).toBe(`Version ${held} lies inside the latest command's events; go back to before that command.`);
    game.run({ type: 'Roll' }, blue, scriptedDice([2], game.state.version + 1));
    expect(refusal(game, held, red)).toBe(
      `Version ${held} lies inside one command's events (up to ${held + 1}); go back to ${held + 1}, or to before that command.`,
    );
    expect(accepted(game, held + 1, red)).toEqual(['TakebackProposed']);
  });
});
