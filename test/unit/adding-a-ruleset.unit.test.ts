/**
 * RUL-7: the example ruleset of docs/adding-a-ruleset.md (Pig, docs/examples/pig) plays
 * complete matches through the real match lifecycle. It joins the rulesets as one more entry
 * of the list, in a lookup this file builds and passes, so production code does not know it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PIG_COMMANDS } from '../../docs/examples/pig/command-docs.ts';
import { EXAMPLE_OPTIONS } from '../../docs/examples/pig/examples.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import type { PigState } from '../../docs/examples/pig/state.ts';
import { type RulesetEntry, rulesetCatalogue } from '../../domain/catalogue.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { GameState } from '../../domain/match/state.ts';
import { rulesetList } from '../../domain/ruleset-list.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { Game, player, seat, TEST_SEED } from '../support/decider-spec.ts';
import { startMatch } from '../support/finished-games.ts';

/** Pig as its line in domain/ruleset-list.ts would list it, and a catalogue of that list, with Pig loaded. */
const PIG: RulesetEntry = { id: 'pig', commandDocs: PIG_COMMANDS, load: async () => pig };
const WITH_PIG = rulesetCatalogue([...rulesetList, PIG]);
beforeAll(() => WITH_PIG.load('pig'));

const ROOT = join(import.meta.dirname, '..', '..');
const GUIDE = 'docs/adding-a-ruleset.md';
const EXAMPLE = 'docs/examples/pig';

const pigState = (state: GameState): PigState => {
  if (state.status !== 'playing' && state.status !== 'ended') throw new Error(`the game is ${state.status}`);
  return state.rules as PigState;
};

/** Red and blue seated, the roll-off won by red (6 against 2), red to play first. */
const redFirst = (options: Record<string, unknown> = {}): Game => {
  const game = new Game(WITH_PIG);
  game.run({ type: 'CreateGame', ruleset: 'pig', seat: 'red', options: { rules: EXAMPLE_OPTIONS, ...options } }, player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'), scriptedDice([6, 2]));
  game.run({ type: 'ChooseFirstPlayer', seat: 'red' }, seat('red'));
  return game;
};

const die = (value: number) => expect.objectContaining({ sides: 6, value, rule: 'PIG-2' });

describe('the Pig example, one more entry of the list', () => {
  it('RUL-7 a match of Pig to 20 is played from CreateGame to the seed reveal: red banks 11, blue pigs out, red reaches 20 and wins', () => {
    const game = redFirst();
    expect(game.state).toMatchObject({ status: 'playing', ruleset: 'pig', firstSeat: 'red', step: { key: 't1', phase: 'turn' } });
    expect(pigState(game.state)).toMatchObject({ target: 20, turn: 1, active: 'red', scores: { red: 0, blue: 0 } });

    game.run({ type: 'Roll' }, seat('red'), scriptedDice([5]));
    game.run({ type: 'Roll' }, seat('red'), scriptedDice([6]));
    game.when({ type: 'Roll' }, seat('blue'), scriptedDice([6])).thenRejects('PIG-1', 'NOT_YOUR_TURN');
    game.when({ type: 'Hold' }, seat('red')).then([
      { type: 'Held', data: { seat: 'red', banked: 11, score: 11, by: 'seat' } },
      { type: 'TurnStarted', data: { turn: 2, seat: 'blue' } },
    ]);
    game.run({ type: 'Hold' }, seat('red'));

    game.when({ type: 'Hold' }, seat('blue')).thenRejects('PIG-4', 'NOTHING_TO_HOLD');
    game.run({ type: 'Roll' }, seat('blue'), scriptedDice([4]));
    game.when({ type: 'Roll' }, seat('blue'), scriptedDice([1])).then([
      { type: 'DieRolled', data: { seat: 'blue', roll: die(1), turnTotal: 0 } },
      { type: 'PiggedOut', data: { seat: 'blue', lost: 4 } },
      { type: 'TurnStarted', data: { turn: 3, seat: 'red' } },
    ]);
    game.run({ type: 'Roll' }, seat('blue'), scriptedDice([1]));

    game.run({ type: 'Roll' }, seat('red'), scriptedDice([3]));
    game.run({ type: 'Roll' }, seat('red'), scriptedDice([6]));
    const end = game.run({ type: 'Hold' }, seat('red'));
    expect(end.map((e) => e.type)).toEqual(['Held', 'GameEnded', 'SeedRevealed']);
    expect(game.state).toMatchObject({ status: 'ended', result: { winner: 'red', reason: 'red reached 20 of 20' }, seed: TEST_SEED });
    expect(pigState(game.state).scores).toEqual({ red: 20, blue: 0 });
    game.when({ type: 'Roll' }, seat('blue')).thenRejects('MATCH', 'GAME_NOT_PLAYING');
  });

  it('RUL-7 PIG-6 when the turn deadline passes the seat holds what it rolled, and the die passes', () => {
    const game = redFirst({ deadlines: { default: 'PT1H' } });
    game.run({ type: 'Roll' }, seat('red'), scriptedDice([5]));
    const events = game.run({ type: 'DeadlineReached', phaseKey: 't1' }, { kind: 'system' }, undefined, '2026-01-01T01:00:00.000Z');
    expect(events.slice(1)).toEqual([
      { type: 'Held', data: { seat: 'red', banked: 5, score: 5, by: 'deadline' } },
      { type: 'TurnStarted', data: { turn: 2, seat: 'blue' } },
    ]);
    expect(game.state).toMatchObject({ status: 'playing', step: { key: 't2', deadline: '2026-01-01T02:00:00.000Z' } });
  });

  it("RUL-7 a match played with the game's own fair dice ends when a seat reaches 20, and its exported log verifies", () => {
    const game = startMatch('pig', { ...EXAMPLE_OPTIONS }, WITH_PIG);
    for (let i = 0; i < 500 && game.state.status === 'playing'; i += 1) {
      const rules = pigState(game.state);
      const banked = rules.scores[rules.active] ?? 0;
      const enough = rules.turnTotal >= 8 || banked + rules.turnTotal >= rules.target;
      game.give({ type: enough ? 'Hold' : 'Roll' }, game.seat(rules.active));
    }
    const state = game.state;
    const rules = pigState(state);
    const reached = Object.entries(rules.scores).filter(([, score]) => score >= 20);
    expect(reached).toHaveLength(1);
    expect(state.status === 'ended' && state.result.winner).toBe(reached[0]?.[0]);
    const log = game.log();
    expect(log.events.filter((e) => e.type === 'DieRolled').length).toBeGreaterThan(3);
    expect(verifyLog(log, { rulesets: WITH_PIG }).filter((check) => !check.ok)).toEqual([]);
  });
});

describe('the guide', () => {
  const guide = readFileSync(join(ROOT, GUIDE), 'utf8');

  it("RUL-7 every code excerpt the guide quotes from a file is that file's text", () => {
    const excerpts = [...guide.matchAll(/```ts (\S+)\n([\s\S]*?)```/g)];
    expect(excerpts.length).toBeGreaterThan(2);
    for (const [, path = '', code = ''] of excerpts) {
      expect(readFileSync(join(ROOT, path), 'utf8'), `${GUIDE} quotes ${path}`).toContain(code);
    }
  });

  it('RUL-7 the guide names every file of the example', () => {
    const files = readdirSync(join(ROOT, EXAMPLE)).filter((f) => f.endsWith('.ts'));
    expect(files).toHaveLength(12);
    expect(files.filter((f) => !guide.includes(`${EXAMPLE}/${f}`))).toEqual([]);
  });
});
