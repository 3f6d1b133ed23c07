import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { everyFold } from '../../domain/folds.ts';
import { rollFace, rollKey, scriptedDice } from '../../domain/kernel/dice.ts';
import { isMatchCommand, matchCommandSchemas, matchCommands } from '../../domain/match/command-table.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { seatOf } from '../../domain/match/state.ts';
import { redactEvent, viewGame } from '../../domain/match/view.ts';
import { everyRuleset, rulesets } from '../../domain/rulesets.ts';
import { solunaFold } from '../../domain/soluna/fold.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { GAME_ID, Game, player, seat, TEST_SEED } from '../support/decider-spec.ts';

const RULESETS = everyRuleset();

const created = () => {
  const game = new Game();
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' }, player('p_red'));
  return game;
};

describe('creating a match', () => {
  it('records the ruleset, its seats and the commitment to the dice seed, never the seed', () => {
    const game = created();
    const [createdEvent, joined] = game.log;
    expect(createdEvent?.type).toBe('GameCreated');
    expect(createdEvent?.data).toMatchObject({ ruleset: 'post-galactica', seats: ['red', 'blue'], createdBy: 'p_red' });
    expect((createdEvent!.data as { seedCommitment: string }).seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(game.log)).not.toContain(TEST_SEED);
    expect(joined?.data).toEqual({ seat: 'red', playerId: 'p_red', seedContribution: null });
    expect(game.state.status).toBe('lobby');
  });
  it('refuses an unknown ruleset', () => {
    new Game().when({ type: 'CreateGame', ruleset: 'chess' }, player('p1')).thenRejects('MATCH', 'UNKNOWN_RULESET');
  });
  it('refuses options the ruleset does not know', () => {
    new Game()
      .when({ type: 'CreateGame', ruleset: 'post-galactica', options: { rules: { flying: true } } }, player('p1'))
      .thenRejects('MATCH', 'BAD_OPTIONS');
  });
});

describe('joining', () => {
  it('takes the first free seat and refuses a second seat for the same player', () => {
    const game = created();
    game.when({ type: 'JoinGame' }, player('p_red')).thenRejects('MATCH', 'ALREADY_SEATED');
    game.when({ type: 'JoinGame', seat: 'red' }, player('p_x')).thenRejects('MATCH', 'SEAT_TAKEN');
    game.when({ type: 'JoinGame', seat: 'green' }, player('p_x')).thenRejects('MATCH', 'UNKNOWN_SEAT');
  });
  it('PG-5 starts with a roll-off as soon as the last seat is taken', () => {
    const game = created();
    const events = game.run({ type: 'JoinGame' }, player('p_blue'), scriptedDice([2, 5]));
    expect(events.map((e) => e.type)).toEqual(['SeatJoined', 'RolledOff']);
    expect(events[1]?.data).toMatchObject({ winner: 'blue', rounds: [{ rolls: [{ seat: 'red' }, { seat: 'blue' }] }] });
    expect(game.state.status).toBe('choosing');
  });
  it('PG-5 ties are rolled again by the tied players only', () => {
    const game = created();
    const [, rolled] = game.run({ type: 'JoinGame' }, player('p_blue'), scriptedDice([4, 4, 6, 1]));
    const data = rolled?.data as { rounds: { rolls: { seat: string; roll: { value: number } }[] }[]; winner: string };
    expect(data.rounds.map((r) => r.rolls.map((x) => x.roll.value))).toEqual([
      [4, 4],
      [6, 1],
    ]);
    expect(data.winner).toBe('red');
  });
  it("PG-5 the roll-off is drawn from the committed seed mixed with the players' contributions", () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', seedContribution: '0123456789abcdef' }, player('p_red'));
    game.run({ type: 'JoinGame', seedContribution: 'fedcba9876543210' }, player('p_blue'));
    const rolled = game.log.find((e) => e.type === 'RolledOff');
    const roll = (rolled!.data as { rounds: { rolls: { roll: { value: number; draw: { seq: number; index: number } } }[] }[] }).rounds[0]
      ?.rolls[0]?.roll;
    const key = rollKey(TEST_SEED, ['0123456789abcdef', 'fedcba9876543210']);
    expect(roll?.draw).toEqual({ seq: 3, index: 0 });
    expect(roll?.value).toBe(rollFace(key, GAME_ID, 3, 0, 6));
  });
});

describe('choosing the first player', () => {
  const rolledOff = () => {
    const game = created();
    game.run({ type: 'JoinGame' }, player('p_blue'), scriptedDice([2, 5]));
    return game;
  };
  it('PG-5 the winner chooses who takes the first turn, even the opponent', () => {
    const game = rolledOff();
    const events = game.run({ type: 'ChooseFirstPlayer', seat: 'red' }, seat('blue'));
    expect(events.map((e) => e.type)).toEqual(['FirstPlayerChosen', 'TurnStarted', 'PhaseStarted']);
    expect(events[0]?.data).toEqual({ seat: 'red', chosenBy: 'blue', rule: 'PG-5' });
    expect(game.state).toMatchObject({ status: 'playing', firstSeat: 'red', rules: { activeSeat: 'red', phase: 'command' } });
  });
  it('PG-5 the loser of the roll-off may not choose', () => {
    rolledOff().when({ type: 'ChooseFirstPlayer', seat: 'red' }, seat('red')).thenRejects('PG-5', 'NOT_ROLL_OFF_WINNER');
  });
  it('PG-5 a mission may name the first player, and then nobody rolls', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'blue' } }, player('p_red'));
    const events = game.run({ type: 'JoinGame' }, player('p_blue'));
    expect(events.map((e) => e.type)).toEqual(['SeatJoined', 'FirstPlayerChosen', 'TurnStarted', 'PhaseStarted']);
    expect(events[1]?.data).toMatchObject({ seat: 'blue', chosenBy: 'mission' });
  });
});

describe('conceding', () => {
  it('ends the game for the opponent and reveals the seed', () => {
    const game = created();
    game.run({ type: 'JoinGame' }, player('p_blue'), scriptedDice([2, 5]));
    game.run({ type: 'ChooseFirstPlayer', seat: 'red' }, seat('blue'));
    const events = game.run({ type: 'Concede' }, seat('red'));
    expect(events.map((e) => e.type)).toEqual(['PlayerConceded', 'GameEnded', 'SeedRevealed']);
    expect(game.state).toMatchObject({ status: 'ended', result: { winner: 'blue', reason: 'red conceded' }, seed: TEST_SEED });
    game.when({ type: 'Concede' }, seat('blue')).thenRejects('MATCH', 'GAME_OVER');
  });
  it('is refused to a player without a seat', () => {
    created().when({ type: 'Concede' }, player('p_x')).thenRejects('MATCH', 'NOT_SEATED');
  });
});

describe('views and redaction', () => {
  it('shows the seed only after the end, and whose action is awaited', () => {
    const game = created();
    game.run({ type: 'JoinGame' }, player('p_blue'), scriptedDice([2, 5]));
    expect(viewGame(RULESETS, game.state, 'red')).toMatchObject({ status: 'choosing', awaiting: ['blue'], seed: null, you: 'red' });
  });
  it('hides a sealed event from every other seat but keeps its place in the chain', () => {
    const event = { ...created().log[0]!, visibleTo: 'red' };
    expect(redactEvent(event, 'red')).toBe(event);
    const hidden = redactEvent(event, 'blue');
    expect(hidden).toMatchObject({ type: 'Sealed', data: null, seq: event.seq, hash: event.hash });
    expect(hidden).not.toHaveProperty('command');
  });
});

describe('one shape for every ruleset', () => {
  it('RUL-1 folding a log hands the ruleset each domain event, never its envelope', () => {
    const log = parseLog(readFileSync(new URL('../fixtures/logs/soluna.ndjson', import.meta.url), 'utf8'));
    const evolve = vi.spyOn(solunaFold, 'evolve');
    try {
      expect(foldGame(everyFold(), log.events).status).toBe('ended');
      const given = evolve.mock.calls.map(([, event]) => event);
      expect(given.length).toBeGreaterThan(20);
      for (const event of given) expect(Object.keys(event).every((key) => ['type', 'data', 'visibleTo'].includes(key))).toBe(true);
    } finally {
      evolve.mockRestore();
    }
  });
  it("RUL-4 a lifecycle command is told from a ruleset's command by its type alone", () => {
    const lifecycle = [...matchCommandSchemas.keys()];
    expect(lifecycle.every((type) => isMatchCommand({ type }))).toBe(true);
    for (const ruleset of rulesets.values()) {
      expect(matchCommands(ruleset).every(({ type }) => isMatchCommand({ type }))).toBe(true);
      expect(ruleset.commands.filter(({ type }) => isMatchCommand({ type }))).toEqual([]);
    }
  });
  it("RUL-3 a player's seat: the one they hold, or the one their command's own SeatJoined takes", () => {
    const game = created();
    expect(seatOf(game.state, 'p_red')).toBe('red');
    expect(seatOf(game.state, 'p_blue')).toBeNull();
    const joined = { type: 'SeatJoined', data: { seat: 'blue', playerId: 'p_blue', seedContribution: null } };
    expect(seatOf(game.state, 'p_blue', [joined])).toBe('blue');
    expect(seatOf(game.state, 'p_other', [joined])).toBeNull();
  });
});
