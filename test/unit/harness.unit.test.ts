/**
 * The rule-test harness itself (RUL-6): given(events).when(command).then(events), and the
 * folded state it caches between reads of `Game.state`.
 */

import { describe, expect, it } from 'vitest';
import { foldGame } from '../../domain/match/evolve.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { eventsOf, type Game, given, seat } from '../support/decider-spec.ts';
import { arena, RAIDERS, rules, TROOPERS, toPhase } from '../support/post-galactica.ts';

const RULESETS = everyRuleset();

const ATTACK = { type: 'RangedAttack', unitId: 'red-sentinel-walker-1', targetId: RAIDERS } as const;

/** Red's Sentinel Walker in range of blue's Raiders, red's Ranged Phase open. */
const rangedPhase = (): Game => {
  const game = arena([{ unitId: RAIDERS, x: 30, y: 3 }]);
  toPhase(game, 'ranged');
  return game;
};

describe('given events instead of commands', () => {
  it('RUL-6 given the events a game logged, an attack decides the same events, dice included, as in the game built by commands', () => {
    const built = rangedPhase();
    const expected = built.when(ATTACK, seat('red')).events;
    expect(expected.map((e) => e.type)).toContain('AttackResolved');

    const fromEvents = given(eventsOf(built.log));
    fromEvents.when(ATTACK, seat('red')).then(expected);
    // The same position: only the hash chain differs, as the given events were sealed by no command,
    // and what may be taken back (TB-1), which depends on who gave the commands the given events lack.
    expect({ ...fromEvents.state, lastHash: '', undo: null }).toEqual({ ...built.state, lastHash: '', undo: null });
    expect(fromEvents.log.map((e) => e.commandId)[0]).toBe('given-0');
  });

  it('RUL-6 given events, a command the rules refuse is rejected with its rule, and `then` will not pass it', () => {
    const game = given(eventsOf(rangedPhase().log));
    const refused = game.when({ type: 'RangedAttack', unitId: RAIDERS, targetId: TROOPERS }, seat('blue'));
    expect(refused.thenRejects('PG-4', 'NOT_YOUR_TURN').status).toBe(403);
    expect(refused.events).toEqual([]);
    expect(() => refused.then([])).toThrow(/rejected/);
    expect(() => game.when(ATTACK, seat('red')).thenRejects('PG-11')).toThrow(/expected a PG-11 violation/);
  });

  it('RUL-6 given events append to a game built by commands, after what it logged', () => {
    const game = rangedPhase();
    const before = game.log.length;
    const turn = rules(game).turn;
    game.given([{ type: 'PhaseStarted', data: { phase: 'melee', seat: 'red' } }]);
    expect(game.log).toHaveLength(before + 1);
    expect(game.log.at(-1)).toMatchObject({ seq: before + 1, prevHash: game.log.at(-2)?.hash, actor: 'system', type: 'PhaseStarted' });
    expect(rules(game)).toMatchObject({ phase: 'melee', turn });
  });
});

describe('the folded state is cached', () => {
  it('RUL-6 after every command the cached state is the state a fresh fold of the log gives', () => {
    const game = rangedPhase();
    game.run(ATTACK, seat('red'));
    for (let i = 0; i < 10; i += 1) {
      game.run({ type: 'EndPhase' }, seat(rules(game).activeSeat));
      expect(game.state).toEqual(foldGame(RULESETS, game.log));
    }
    expect(rules(game).activeSeat).toBe('blue');
    // Read twice with nothing appended: the same object, not a second fold.
    expect(game.state).toBe(game.state);
  });

  it('RUL-6 a log appended to, shortened, replaced or edited in place from outside is folded again', () => {
    const game = rangedPhase();
    const whole = [...game.log];
    const folded = game.state;

    game.log.length = whole.length - 3;
    expect(game.state).toEqual(foldGame(RULESETS, whole.slice(0, -3)));
    game.log.push(...whole.slice(-3));
    expect(game.state).toEqual(folded);

    game.log = whole.slice(0, 2);
    expect(game.state).toEqual(foldGame(RULESETS, whole.slice(0, 2)));

    game.log = [...whole];
    expect(game.state).toEqual(folded);
    const first = whole[0];
    if (!first) throw new Error('an empty log');
    game.log[0] = { ...first, at: '2026-02-01T00:00:00.000Z' };
    const state = game.state;
    expect(state.status !== 'empty' && state.createdAt).toBe('2026-02-01T00:00:00.000Z');
    expect(state).toEqual(foldGame(RULESETS, game.log));
  });
});
