import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import { parseDuration } from '../../domain/kernel/duration.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { Game, player, seat, TEST_SEED } from '../support/decider-spec.ts';

const RULESETS = everyRuleset();

const system: Actor = { kind: 'system' };

const withDeadlines = () => {
  const game = new Game();
  game.run(
    {
      type: 'CreateGame',
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red', deadlines: { default: 'PT48H', phases: { movement: 'PT1H' } } },
    },
    player('p_red'),
  );
  game.run({ type: 'JoinGame' }, player('p_blue'));
  return game;
};

const at = (now: string) => ({ rulesets: RULESETS, now, actor: system, seed: TEST_SEED });

describe('ISO 8601 durations', () => {
  it('parses weeks, days, hours, minutes and seconds', () => {
    expect(parseDuration('PT48H')).toBe(48 * 3600_000);
    expect(parseDuration('P1W2DT3H4M5.5S')).toBe(((9 * 24 + 3) * 60 + 4) * 60_000 + 5500);
    expect(parseDuration('P')).toBeNull();
    expect(parseDuration('48h')).toBeNull();
  });
});

describe('PERF-3 durations are parsed once', () => {
  it('PERF-3 a duration asked again, valid or not, gives the same answer, past the 64 it remembers too', () => {
    const texts = Array.from({ length: 100 }, (_, i) => `PT${i + 1}M`);
    const first = [...texts, 'P', '48h'].map(parseDuration);
    expect(first.slice(0, 100)).toEqual(texts.map((_, i) => (i + 1) * 60_000));
    expect(first.slice(100)).toEqual([null, null]);
    expect([...texts, 'P', '48h'].map(parseDuration)).toEqual(first);
  });
});

describe('phase deadlines', () => {
  it('every step gets its deadline from the phase duration or the default', () => {
    const game = withDeadlines();
    expect((game.state as { step: unknown }).step).toEqual({
      key: 't1-command',
      phase: 'command',
      openedAt: '2026-01-01T00:00:00.000Z',
      deadline: '2026-01-03T00:00:00.000Z',
    });
  });
  it('PG-4 a missed Post Galactica deadline ends the phase as if the active player had', () => {
    const game = withDeadlines();
    const decision = decideGame(game.state, { type: 'DeadlineReached', phaseKey: 't1-command' }, at('2026-01-03T00:00:00.000Z'), 'g_test');
    expect(decision).toEqual({
      ok: true,
      events: [
        {
          type: 'DeadlinePassed',
          data: { phaseKey: 't1-command', phase: 'command', deadline: '2026-01-03T00:00:00.000Z', awaiting: ['red'] },
        },
        { type: 'PhaseStarted', data: { phase: 'resource', seat: 'red' } },
      ],
    });
  });
  it('a fire for a step that already closed decides nothing', () => {
    const game = withDeadlines();
    game.run({ type: 'EndPhase' }, seat('red'));
    expect(decideGame(game.state, { type: 'DeadlineReached', phaseKey: 't1-command' }, at('2026-02-01T00:00:00.000Z'), 'g_test')).toEqual({
      ok: true,
      events: [],
    });
  });
  it('an early fire decides nothing', () => {
    const game = withDeadlines();
    expect(decideGame(game.state, { type: 'DeadlineReached', phaseKey: 't1-command' }, at('2026-01-02T00:00:00.000Z'), 'g_test')).toEqual({
      ok: true,
      events: [],
    });
  });
  it('a fire for a finished game decides nothing', () => {
    const game = withDeadlines();
    game.run({ type: 'Concede' }, seat('blue'));
    expect(decideGame(game.state, { type: 'DeadlineReached', phaseKey: 't1-command' }, at('2026-02-01T00:00:00.000Z'), 'g_test')).toEqual({
      ok: true,
      events: [],
    });
  });
  it('only the system may declare a deadline passed', () => {
    withDeadlines().when({ type: 'DeadlineReached', phaseKey: 't1-command' }, seat('red')).thenRejects('MATCH', 'SYSTEM_ONLY');
  });
  it('refuses a deadline for a phase the ruleset does not have', () => {
    new Game()
      .when({ type: 'CreateGame', ruleset: 'post-galactica', options: { deadlines: { phases: { lunch: 'PT1H' } } } }, player('p1'))
      .thenRejects('MATCH', 'UNKNOWN_PHASE');
  });
});
