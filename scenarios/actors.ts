/**
 * Who acts in a scripted game, and the context the domain decides it in: a fixed seed and
 * clock, every ruleset loaded. Shared by the tests (test/support/decider-spec.ts re-exports it)
 * and the tools and benchmarks that play the same games, which import nothing from test/
 * (HALL-1): these are plain domain values, with no test runner behind them.
 */
import type { Actor } from '../domain/kernel/context.ts';
import type { Dice } from '../domain/kernel/dice.ts';
import type { MatchCtx } from '../domain/match/match-ctx.ts';
import { everyRuleset } from '../domain/rulesets.ts';

// Decides commands of every ruleset in-process, so every referee is loaded.
export const RULESETS = everyRuleset();

export const DEFAULT_NOW = '2026-01-01T00:00:00.000Z';
export const TEST_SEED = 'a'.repeat(64);

export const seat = (name: string, playerId = `p_${name}`): Actor => ({ kind: 'player', playerId, seat: name });
export const player = (playerId: string): Actor => ({ kind: 'player', playerId, seat: null });

export const ctxFor = (actor: Actor, dice?: Dice, now = DEFAULT_NOW): MatchCtx =>
  dice ? { rulesets: RULESETS, now, actor, seed: TEST_SEED, dice } : { rulesets: RULESETS, now, actor, seed: TEST_SEED };
