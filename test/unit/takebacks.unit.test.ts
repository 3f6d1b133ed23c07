import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import type { Match } from '../../domain/match/state.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { Game, player, seat } from '../support/decider-spec.ts';
import { arena, rules, TROOPERS, toPhase, unit } from '../support/post-galactica.ts';

const RULESETS = everyRuleset();
const red = seat('red');
const blue = seat('blue');

const match = (game: Game): Match => {
  const state = game.state;
  if (state.status === 'empty') throw new Error('no game');
  return state;
};
const takenBack = (data: Record<string, unknown>): DomainEvent => ({ type: 'TakenBack', data: { how: 'own', ...data } });
const position = (game: Game, id: string) => unit(game, id)?.position ?? null;

/** Red in its first Movement Phase, its troopers at (10, 14). */
const inMovement = (setup: Parameters<typeof arena>[1] = {}) => {
  const game = arena([], setup);
  toPhase(game, 'movement', 'red');
  return game;
};
const move = (game: Game, x: number, y: number) => game.run({ type: 'Move', unitId: TROOPERS, path: [{ x, y }] }, red);

describe('TB-1 a seat takes back its own latest commands', () => {
  it('TB-1 PG-9 a move taken back: the event that voids it names the seat, the version and the voided event', () => {
    const game = inMovement();
    const before = game.state.version;
    move(game, 12, 14);
    game
      .when({ type: 'TakeBack', reason: 'misclick' }, red)
      .then([takenBack({ seat: 'red', toVersion: before, voids: [{ from: before + 1, to: before + 1 }], reason: 'misclick' })]);
  });

  it('TB-1 PG-9 after the takeback the state is the state at that version, and the voided event stays in the log', () => {
    const game = inMovement();
    const before = game.state.version;
    const atBefore = viewGame(RULESETS, game.state, 'red');
    move(game, 12, 14);
    expect(position(game, TROOPERS)).toEqual({ x: 12, y: 14 });
    game.run({ type: 'TakeBack' }, red);
    expect(game.log.length).toBe(before + 2);
    expect(position(game, TROOPERS)).toEqual({ x: 10, y: 14 });
    const after = viewGame(RULESETS, game.state, 'red');
    expect(after?.game).toEqual(atBefore?.game);
    expect(after?.version).toBe(before + 2);
    expect(after?.voided).toEqual([{ from: before + 1, to: before + 1, by: before + 2 }]);
  });

  it('TB-1 PG-9 by default only the latest command; with toVersion back to the end of an earlier one', () => {
    const game = inMovement();
    const start = game.state.version;
    move(game, 11, 14);
    const first = game.state.version;
    game.run({ type: 'Move', unitId: 'red-vanguard-troopers-2', path: [{ x: 11, y: 22 }] }, red);
    game.run({ type: 'TakeBack' }, red);
    expect(position(game, TROOPERS)).toEqual({ x: 11, y: 14 });
    expect(position(game, 'red-vanguard-troopers-2')).toEqual({ x: 10, y: 22 });
    game.run({ type: 'Move', unitId: 'red-sentinel-walker-1', path: [{ x: 10, y: 8 }] }, red);
    game.when({ type: 'TakeBack', toVersion: start }, red).then([
      takenBack({
        seat: 'red',
        toVersion: start,
        voids: [
          { from: start + 1, to: first },
          { from: game.state.version, to: game.state.version },
        ],
      }),
    ]);
    game.run({ type: 'TakeBack', toVersion: start }, red);
    expect(position(game, TROOPERS)).toEqual({ x: 10, y: 14 });
    expect(position(game, 'red-sentinel-walker-1')).toEqual({ x: 9, y: 8 });
  });

  it('TB-1 a version that is not the end of one of your commands in the window is refused, naming the ones that are', () => {
    const game = inMovement();
    const start = game.state.version;
    move(game, 11, 14);
    // Red's EndPhase into Movement rolled nothing and kept the step red's: the window opens before it.
    const v = game.when({ type: 'TakeBack', toVersion: start + 1 }, red).thenRejects('TB-1', 'NOT_A_TAKEBACK_POINT');
    expect(v.message).toMatch(
      new RegExp(
        `^You can take back to version (\\d+, )*\\d+ or ${start}: the end of one of your commands since event \\d+, the last point anything became known to anyone else; not to ${start + 1}\\.$`,
      ),
    );
  });

  it('TB-1 PG-4 a takeback across phases of the same turn returns to the earlier step with a fresh full deadline', () => {
    const game = inMovement({ deadlines: { default: 'PT1H' } });
    move(game, 12, 14);
    const movementStep = match(game).step;
    game.run({ type: 'EndPhase' }, red, undefined, '2026-01-01T00:30:00.000Z');
    expect(match(game).step?.key).toBe('t1-action');
    game.run({ type: 'TakeBack' }, red, undefined, '2026-01-01T00:40:00.000Z');
    expect(match(game).step).toEqual({ ...movementStep, openedAt: '2026-01-01T00:40:00.000Z', deadline: '2026-01-01T01:40:00.000Z' });
    expect(rules(game).phase).toBe('movement');
    expect(position(game, TROOPERS)).toEqual({ x: 12, y: 14 });
  });
});

describe('TB-1 nothing known to anyone else is taken back', () => {
  it('TB-1 another seat acted: the takeback is refused with 409, naming since when', () => {
    const game = inMovement();
    move(game, 12, 14);
    const v = game.when({ type: 'TakeBack' }, blue).thenRejects('TB-1', 'NOTHING_TO_TAKE_BACK');
    expect(v.status).toBe(409);
    expect(v.message).toMatch(/^Nothing of yours to take back since event \d+: red acted\.$/);
  });

  it('TB-1 PG-4 the step passed to the other seat: nothing of the turn before is taken back', () => {
    const game = inMovement();
    move(game, 12, 14);
    for (let i = 0; i < 10 && rules(game).activeSeat === 'red'; i += 1) game.run({ type: 'EndPhase' }, red);
    const v = game.when({ type: 'TakeBack' }, red).thenRejects('TB-1', 'NOTHING_TO_TAKE_BACK');
    expect(v.message).toMatch(/^Nothing of yours to take back since event \d+: (the step passed to blue|a die was rolled)\.$/);
  });

  it('TB-1 a die was rolled: the roll and everything before it stand', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: {} }, player('p_red'));
    game.run({ type: 'JoinGame' }, player('p_blue'));
    const winner = match(game).rollOff?.winner ?? 'red';
    // The roll-off is the system's (the last join); the winner's choice follows it.
    game.when({ type: 'TakeBack' }, seat(winner)).thenRejects('TB-1', 'GAME_NOT_PLAYING');
  });
});

describe('TB-4 the takeback policy of a game', () => {
  it('TB-4 a game created with takebacks "none" records it and refuses every takeback', () => {
    const game = inMovement();
    const none = new Game();
    none.run(
      { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red', takebacks: 'none' } },
      player('p_red'),
    );
    expect(match(none).options.takebacks).toBe('none');
    none.run({ type: 'JoinGame' }, player('p_blue'));
    const v = none.when({ type: 'TakeBack' }, red).thenRejects('TB-4', 'TAKEBACKS_OFF');
    expect(v.message).toContain('"none"');
    // The default (no option) records nothing and allows own takebacks.
    expect(match(game).options.takebacks).toBeUndefined();
  });
});

describe('TB-7 folds understand takebacks', () => {
  it('TB-7 a fold started mid-window (a snapshot, a read model as JSON) rewinds the same as the fold of the whole log', () => {
    const game = inMovement();
    const start = game.state.version;
    move(game, 11, 14);
    game.run({ type: 'Move', unitId: 'red-sentinel-walker-1', path: [{ x: 10, y: 8 }] }, red);
    game.run({ type: 'TakeBack', toVersion: start }, red);
    const whole = foldGame(RULESETS, game.log);
    const cut = game.log.length - 2;
    const snapshot = JSON.parse(JSON.stringify(foldGame(RULESETS, game.log.slice(0, cut))));
    const resumed = foldGame(RULESETS, game.log.slice(cut), snapshot);
    expect(JSON.parse(JSON.stringify(resumed))).toEqual(JSON.parse(JSON.stringify(whole)));
    expect(position(game, TROOPERS)).toEqual({ x: 10, y: 14 });
  });
});
