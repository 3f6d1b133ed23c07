/**
 * INV-1 in the match layer: a game keeps at most MAX_TAKEBACKS takebacks (each keeps its voided
 * runs in the state for ever), agrees at most MAX_FORKS continuations, and a takeback's reason
 * is 1 to 500 characters; a game under the rules before (RUL-10) decides as it did.
 */
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import { decideGame, type GameCommand } from '../../domain/match/decide.ts';
import type { Match } from '../../domain/match/state.ts';
import { MAX_FORKS, MAX_REASON, MAX_TAKEBACKS, takebacksSoFar } from '../../domain/match/takeback-fairness.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { matchOf, seat } from '../support/decider-spec.ts';
import { act, mission, playing, profile, submit } from '../support/soluna.ts';

const RULESETS = everyRuleset();
const sun = seat('sun', 'p_sun');

/** A Sol'una duel where sun has just sealed orders it may take back alone. */
const sealedBySun = (): Match => {
  const meena = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true });
  const xul = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true });
  const game = playing(mission([meena], [xul]));
  game.run(submit([act('meena', { kind: 'none' })]), sun);
  return matchOf(game);
};

/** The state as if `n` earlier takebacks had voided one event each (what the fold keeps of them). */
const withTakebacks = (match: Match, n: number): Match => ({
  ...match,
  voided: Array.from({ length: n }, (_, i) => ({ from: -2 * i - 2, to: -2 * i - 2, by: -2 * i - 1 })),
});

const decide = (state: Match, command: GameCommand, actor: Actor = sun) =>
  decideGame(state, command, { rulesets: RULESETS, now: '2026-06-01T00:00:00.000Z', actor, seed: 'a'.repeat(64) }, state.gameId);

const refusal = (decision: ReturnType<typeof decide>) => (decision.ok ? null : decision.violation);

describe('INV-1 a game keeps at most 100 takebacks', () => {
  it('INV-1 TB-1 the 101st takeback is refused with 409 naming the cap; the 100th is taken', () => {
    expect(MAX_TAKEBACKS).toBe(100);
    const state = sealedBySun();
    expect(takebacksSoFar(withTakebacks(state, 99))).toBe(99);
    expect(decide(withTakebacks(state, 99), { type: 'TakeBack' }).ok).toBe(true);
    const refused = refusal(decide(withTakebacks(state, 100), { type: 'TakeBack' }));
    expect(refused).toMatchObject({ rule: 'TB-1', code: 'TOO_MANY_TAKEBACKS', status: 409 });
    expect(refused?.message).toContain('This game has had 100 takebacks, the most a game keeps');
  });

  it('INV-1 RUL-10 under sol-0.3.0, before the cap, the 101st takeback is taken as it was', () => {
    const state = { ...withTakebacks(sealedBySun(), 100), rulesVersion: 'sol-0.3.0' };
    expect(decide(state, { type: 'TakeBack' }).ok).toBe(true);
  });
});

describe('INV-1 a takeback states its reason in 1 to 500 characters', () => {
  it('INV-1 TB-1 a reason of 501 characters or none at all is refused 422 BAD_REASON; 500 is taken', () => {
    expect(MAX_REASON).toBe(500);
    const state = sealedBySun();
    expect(refusal(decide(state, { type: 'TakeBack', reason: 'x'.repeat(501) }))).toMatchObject({ code: 'BAD_REASON', rule: 'TB-1' });
    expect(refusal(decide(state, { type: 'TakeBack', reason: '' }))).toMatchObject({ code: 'BAD_REASON' });
    expect(decide(state, { type: 'TakeBack', reason: 'x'.repeat(500) }).ok).toBe(true);
    expect(decide(state, { type: 'TakeBack' }).ok).toBe(true);
    expect(decide({ ...state, rulesVersion: 'sol-0.3.0' }, { type: 'TakeBack', reason: 'x'.repeat(60_000) }).ok).toBe(true);
  });
});

describe('INV-1 a game agrees at most 20 continuations', () => {
  it('INV-1 TB-6 with 20 agreed, a 21st proposal is refused 409 TOO_MANY_FORKS; with 19 it is proposed', () => {
    expect(MAX_FORKS).toBe(20);
    const state = sealedBySun();
    const forks = (n: number): Match => ({
      ...state,
      forks: Array.from({ length: n }, (_, i) => ({ version: 5, forkId: `g_${i}`, seq: i + 1 })),
    });
    expect(decide(forks(19), { type: 'ProposeFork', version: 5 }).ok).toBe(true);
    expect(refusal(decide(forks(20), { type: 'ProposeFork', version: 5 }))).toMatchObject({
      rule: 'TB-6',
      code: 'TOO_MANY_FORKS',
      status: 409,
    });
  });
});
