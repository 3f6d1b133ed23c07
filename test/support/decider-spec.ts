/**
 * given(events).when(command).then(events) for the game decider (after emmett's
 * DeciderSpecification): the domain is pure, so rule tests need no mocks.
 */
import { expect } from 'vitest';
import type { Actor, Ctx } from '../../domain/kernel/context.ts';
import { actorLabel } from '../../domain/kernel/context.ts';
import type { Dice } from '../../domain/kernel/dice.ts';
import { type DomainEvent, type EventEnvelope, sealBatch } from '../../domain/kernel/envelope.ts';
import type { RuleViolation } from '../../domain/kernel/violation.ts';
import { decideGame, type GameCommand } from '../../domain/match/decide.ts';
import { emptyGame, foldGame, type GameState } from '../../domain/match/state.ts';

export const TEST_SEED = 'a'.repeat(64);
export const GAME_ID = 'g_test';

export interface When {
  readonly state: GameState;
  readonly events: readonly DomainEvent[];
  then(expected: readonly DomainEvent[]): void;
  thenRejects(rule: string, code?: string): RuleViolation;
}

export const seat = (name: string, playerId = `p_${name}`): Actor => ({ kind: 'player', playerId, seat: name });
export const player = (playerId: string): Actor => ({ kind: 'player', playerId, seat: null });

export const ctxFor = (actor: Actor, dice?: Dice, now = '2026-01-01T00:00:00.000Z'): Ctx =>
  dice ? { now, actor, seed: TEST_SEED, dice } : { now, actor, seed: TEST_SEED };

/** A log built command by command through the real decider, as the store would write it. */
export class Game {
  log: EventEnvelope[] = [];
  get state(): GameState {
    return foldGame(this.log, emptyGame);
  }
  run(command: GameCommand, actor: Actor, dice?: Dice, now?: string): readonly DomainEvent[] {
    const state = this.state;
    const ctx = ctxFor(actor, dice, now);
    const decision = decideGame(state, command, ctx, GAME_ID);
    if (!decision.ok) throw new Error(`${decision.violation.code} (${decision.violation.rule}): ${decision.violation.message}`);
    const head = this.log.at(-1) ?? null;
    this.log.push(
      ...sealBatch(head, decision.events, {
        gameId: GAME_ID,
        at: ctx.now,
        actor: actorLabel(actor),
        commandId: `c${this.log.length}`,
        rulesVersion: 'test',
        command,
      }),
    );
    return decision.events;
  }
  when(command: GameCommand, actor: Actor, dice?: Dice, now?: string): When {
    const state = this.state;
    const decision = decideGame(state, command, ctxFor(actor, dice, now), GAME_ID);
    return {
      state,
      events: decision.ok ? decision.events : [],
      // biome-ignore lint/suspicious/noThenProperty: given/when/then reads like the rules; this object is never awaited
      then(expected) {
        if (!decision.ok) throw new Error(`rejected: ${decision.violation.message}`);
        expect(decision.events).toEqual(expected);
      },
      thenRejects(rule, code) {
        if (decision.ok) throw new Error(`expected a ${rule} violation, got ${JSON.stringify(decision.events)}`);
        expect(decision.violation.rule).toBe(rule);
        if (code) expect(decision.violation.code).toBe(code);
        expect(decision.violation.message.length).toBeGreaterThan(10);
        return decision.violation;
      },
    };
  }
}

/** A Post Galactica game with both seats joined and red chosen to go first. */
export const startedPostGalactica = (): Game => {
  const game = new Game();
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' }, player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'));
  const state = game.state;
  if (state.status !== 'choosing' || !state.rollOff) throw new Error('expected a roll-off');
  game.run({ type: 'ChooseFirstPlayer', seat: 'red' }, seat(state.rollOff.winner));
  return game;
};
