/**
 * given(events).when(command).then(events) for the game decider (after emmett's
 * DeciderSpecification): the domain is pure, so rule tests need no mocks.
 */

import { expect } from 'vitest';
import type { Rulesets } from '../../domain/catalogue.ts';
import type { Actor } from '../../domain/kernel/context.ts';
import { actorLabel } from '../../domain/kernel/context.ts';
import type { Dice } from '../../domain/kernel/dice.ts';
import { type DomainEvent, type EventEnvelope, sealBatch } from '../../domain/kernel/envelope.ts';
import type { Decision, RuleViolation } from '../../domain/kernel/violation.ts';
import { undoneFromLog } from '../../domain/match/command-table.ts';
import { decideGame, type GameCommand } from '../../domain/match/decide.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState, type Match } from '../../domain/match/state.ts';
import { ctxFor, DEFAULT_NOW, player, RULESETS, seat, TEST_SEED } from '../../scenarios/actors.ts';

export { ctxFor, player, seat, TEST_SEED };

const SYSTEM: Actor = { kind: 'system' };
export const GAME_ID = 'g_test';

export interface When {
  readonly state: GameState;
  readonly events: readonly DomainEvent[];
  then(expected: readonly DomainEvent[]): void;
  thenRejects(rule: string, code?: string): RuleViolation;
}

/** The domain events of a log, without their envelopes: what `given` takes back. */
export const eventsOf = (log: readonly EventEnvelope[]): DomainEvent[] =>
  log.map(({ type, data, visibleTo }) => (visibleTo === undefined ? { type, data } : { type, data, visibleTo }));

/** What a decision refused with; a failure of the test when it was taken. */
export const refusalOf = (decision: Decision<unknown>): RuleViolation => {
  if (decision.ok) throw new Error(`expected a refusal, got ${JSON.stringify(decision.events)}`);
  return decision.violation;
};

/** The match a game folded to, for the functions called alone; a failure of the test before CreateGame. */
export const matchOf = (game: Game): Match => {
  const state = game.state;
  if (state.status === 'empty') throw new Error('no game');
  return state;
};

/** The last event of a game's log. */
export const lastEvent = (game: Game): EventEnvelope => game.log.at(-1) as EventEnvelope;

/**
 * A log built command by command through the real decider, as the store would write it,
 * or from given events (RUL-6). `log` stays a public array that tests read and append
 * to; `state` folds only what was appended since the last read, and folds again from
 * the start when the array was replaced or an event already folded was changed.
 */
export class Game {
  log: EventEnvelope[] = [];
  /** The log as last folded: the array, the envelopes folded (by identity), and their state. */
  #folded: { log: readonly EventEnvelope[]; seen: EventEnvelope[]; state: GameState } = { log: this.log, seen: [], state: emptyGame };

  /** `rulesets`: what the game is folded and decided with; every ruleset of domain/ by default. */
  constructor(readonly rulesets: Rulesets = RULESETS) {}

  get state(): GameState {
    const { log } = this;
    const cache = this.#folded;
    const intact = cache.log === log && cache.seen.every((event, i) => log[i] === event);
    const seen = intact ? cache.seen : [];
    // TB-2, TB-3: a far takeback in the new events folds onto the state at its version, re-folded from the log.
    const history = (version: number) => foldGame(this.rulesets, log.slice(0, version));
    const state = foldGame(this.rulesets, log.slice(seen.length), intact ? cache.state : emptyGame, history);
    this.#folded = { log, seen: seen.length === log.length ? seen : [...log], state };
    return state;
  }

  /** given(events): facts sealed onto the log as the store would hold them, decided by nobody's command. */
  given(events: readonly DomainEvent[], by: Actor = SYSTEM, at = DEFAULT_NOW): this {
    this.log.push(
      ...sealBatch(this.log.at(-1) ?? null, events, {
        gameId: GAME_ID,
        at,
        actor: actorLabel(by),
        commandId: `given-${this.log.length}`,
        rulesVersion: 'test',
        command: null,
      }),
    );
    return this;
  }

  run(command: GameCommand, actor: Actor, dice?: Dice, now?: string): readonly DomainEvent[] {
    const state = this.state;
    // TB-2, TB-3: a far takeback's decider is given the log after its version, as the command path gives it.
    const ctx = { ...ctxFor(actor, dice, now), rulesets: this.rulesets, ...undoneFromLog(command, state, this.log) };
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
    const ctx = { ...ctxFor(actor, dice, now), rulesets: this.rulesets, ...undoneFromLog(command, state, this.log) };
    const decision = decideGame(state, command, ctx, GAME_ID);
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

/** emmett's `given(events).when(command).then(events)`: a game whose log holds just these events. */
export const given = (events: readonly DomainEvent[], by: Actor = SYSTEM, at = DEFAULT_NOW): Game => new Game().given(events, by, at);

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
