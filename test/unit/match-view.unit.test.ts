/**
 * What each viewer is shown of a match (domain/match/view.ts). The whole view of a game in play
 * and of a lobby that expired; the open pause request, the continuation proposed and agreed, and
 * the fork's origin, each shown only while it holds; whom a game awaits before it exists and
 * while the first player is chosen; and the log as another seat reads it, where a sealed event
 * and the public commitment of the same command both lose their client-chosen command id
 * (REL-11), on one page or across two. Where no command reaches a state (a game not created yet,
 * a choice with no roll-off), the exported function is called alone.
 */

import { describe, expect, it } from 'vitest';
import { type EventEnvelope, sealBatch } from '../../domain/kernel/envelope.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { continuationId } from '../../domain/match/fork.ts';
import { emptyGame, type Match } from '../../domain/match/state.ts';
import { awaitingSeats, type GameView, redactEvent, redactEvents, viewGame } from '../../domain/match/view.ts';
import { ctxFor, GAME_ID, Game, matchOf, player, seat, TEST_SEED } from '../support/decider-spec.ts';
import { sunSealed, system, T0 } from '../support/match-setups.ts';
import { pigWith } from '../support/pig.ts';

const red = seat('red');
const blue = seat('blue');

/** What `viewer` is shown of `game` now; a failure of the test when the game does not exist. */
const viewOf = (game: Game, viewer: string | null): GameView => {
  const view = viewGame(game.rulesets, game.state, viewer);
  if (view === null) throw new Error('no view');
  return view;
};

/** Pig between p_red and p_blue, red first, as every viewer is shown it at its first turn (Pig hides nothing). */
const pigAtStart = (game: Game, viewer: string | null): GameView => ({
  gameId: GAME_ID,
  ruleset: 'pig',
  rulesVersion: 'pig-0.1.0',
  status: 'playing',
  version: 5,
  you: viewer,
  seats: [
    { name: 'red', playerId: 'p_red' },
    { name: 'blue', playerId: 'p_blue' },
  ],
  awaiting: ['red'],
  step: { key: 't1', phase: 'turn', openedAt: T0, deadline: null },
  options: { firstPlayer: 'red', deadlines: {}, rules: { target: 20 } },
  seedCommitment: matchOf(game).seedCommitment,
  rollOff: null,
  firstSeat: 'red',
  result: null,
  seed: null,
  createdAt: T0,
  updatedAt: T0,
  game: { status: 'playing', seats: ['red', 'blue'], target: 20, scores: { red: 0, blue: 0 }, turn: 1, active: 'red', turnTotal: 0 },
});

/** The envelope of `type` in the log; a failure of the test when there is none. */
const eventOf = (log: readonly EventEnvelope[], type: string): EventEnvelope => {
  const event = log.find((e) => e.type === type);
  if (!event) throw new Error(`no ${type}`);
  return event;
};

/** p_red's sandbox of `origin` at its current version, as the service writes the fork's one event under g_fork. */
const sandboxOf = (origin: Game): Game => {
  const version = origin.state.version;
  const from = { gameId: GAME_ID, version };
  const ctx = {
    ...ctxFor(player('p_red')),
    rulesets: origin.rulesets,
    seed: 'b'.repeat(64),
    origin: { gameId: GAME_ID, at: foldGame(origin.rulesets, origin.log.slice(0, version)), head: origin.state },
  };
  const decision = decideGame(emptyGame, { type: 'ForkGame', from, kind: 'sandbox' }, ctx, 'g_fork');
  if (!decision.ok) throw new Error(decision.violation.message);
  const fork = new Game(origin.rulesets);
  const meta = { gameId: 'g_fork', at: T0, actor: 'player:p_red', commandId: 'c0', rulesVersion: 'test', command: null };
  fork.log = sealBatch(null, decision.events, meta);
  return fork;
};

describe('RUL-9 MATCH the view of a game', () => {
  it('RUL-9 MATCH a game not created yet has no view and awaits nobody', () => {
    // The service asks for a missing game's view, and the publisher for what the state before CreateGame awaited.
    const rulesets = new Game().rulesets;
    expect(viewGame(rulesets, emptyGame, null)).toBeNull();
    expect(viewGame(rulesets, emptyGame, 'red')).toBeNull();
    expect(awaitingSeats(rulesets, emptyGame)).toEqual([]);
  });

  it('RUL-9 MATCH a game in play shows every viewer its first seat and the ruleset’s state as that viewer may see it', () => {
    const game = pigWith();
    expect(viewOf(game, 'red')).toEqual(pigAtStart(game, 'red'));
    expect(viewOf(game, 'blue')).toEqual(pigAtStart(game, 'blue'));
    expect(viewOf(game, null)).toEqual(pigAtStart(game, null));
  });

  it('RUL-9 PBM-10 a lobby that expired is ended with no first seat and no ruleset state: play never began', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { openFor: 'PT1H' } }, player('p_red'));
    game.run({ type: 'DeadlineReached', phaseKey: 'lobby' }, system, undefined, '2026-01-01T01:00:00.000Z');
    expect(viewOf(game, 'red')).toEqual({
      gameId: GAME_ID,
      ruleset: 'post-galactica',
      rulesVersion: matchOf(game).rulesVersion,
      status: 'ended',
      version: 5,
      you: 'red',
      seats: [
        { name: 'red', playerId: 'p_red' },
        { name: 'blue', playerId: null },
      ],
      awaiting: [],
      step: null,
      options: { firstPlayer: 'roll-off', deadlines: {}, rules: {}, openFor: 'PT1H' },
      seedCommitment: matchOf(game).seedCommitment,
      rollOff: null,
      firstSeat: null,
      result: { winner: null, reason: 'expired: the blue seat was not taken within PT1H (PBM-10)' },
      seed: TEST_SEED,
      createdAt: T0,
      updatedAt: '2026-01-01T01:00:00.000Z',
      game: null,
    });
  });

  it('RUL-9 PBM-9 while choosing, only the roll-off winner is awaited, and nobody without a roll-off', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' }, player('p_red'));
    expect(viewOf(game, 'red').awaiting).toEqual([]);
    game.run({ type: 'JoinGame' }, player('p_blue'));
    const choosing = matchOf(game);
    const winner = choosing.rollOff?.winner;
    expect(choosing.status).toBe('choosing');
    expect(awaitingSeats(game.rulesets, choosing)).toEqual([winner]);
    // Every fold sets the roll-off with the choosing status; the function is asked alone what a choice without one awaits.
    expect(awaitingSeats(game.rulesets, { ...choosing, rollOff: null })).toEqual([]);
    // A lobby awaits no seat's action whatever it carries: its players join, they do not act. No fold gives a
    // lobby a roll-off, so the function is asked alone about one that carries it.
    expect(awaitingSeats(game.rulesets, { ...choosing, status: 'lobby' } as Match)).toEqual([]);
  });
});

describe('RUL-9 PBM-13 TB-6 proposals shown while they are open', () => {
  it('RUL-9 PBM-13 a pause request is shown to every viewer until it is declined', () => {
    const game = pigWith();
    expect(viewOf(game, 'blue')).not.toHaveProperty('pauseRequest');
    game.run({ type: 'RequestPause' }, red);
    for (const viewer of ['red', 'blue', null]) {
      expect(viewOf(game, viewer).pauseRequest).toEqual({ by: 'red', phaseKey: 't1', agreed: ['red'] });
    }
    game.run({ type: 'DeclinePause' }, blue);
    const declined = viewOf(game, 'red');
    expect([declined.version, 'pauseRequest' in declined]).toEqual([7, false]);
  });

  it('RUL-9 TB-6 a continuation proposed is shown with who agrees; once agreed, the fork it started is listed instead', () => {
    const game = pigWith();
    game.run({ type: 'ProposeFork', version: 5 }, red);
    expect(viewOf(game, 'blue').forkProposal).toEqual({ by: 'red', version: 5, phaseKey: 't1', agreed: ['red'] });
    expect(viewOf(game, 'blue')).not.toHaveProperty('forks');
    game.run({ type: 'AcceptFork' }, blue);
    const view = viewOf(game, 'blue');
    expect(view).not.toHaveProperty('forkProposal');
    expect(view.forks).toEqual([{ version: 5, forkId: continuationId(GAME_ID, 8), seq: 8 }]);
  });

  it('RUL-9 TB-6 a fork shows every viewer the game, version and chain hash it came from, and its kind; its origin shows none', () => {
    const origin = pigWith();
    expect(viewOf(origin, 'red')).not.toHaveProperty('fork');
    const from = { gameId: GAME_ID, version: 5, hash: origin.log[4]?.hash };
    const fork = sandboxOf(origin);
    expect(viewOf(fork, 'red').fork).toEqual({ from, kind: 'sandbox' });
    expect(viewOf(fork, null).fork).toEqual({ from, kind: 'sandbox' });
  });
});

describe('RUL-9 REL-11 the log as another seat reads it', () => {
  it('RUL-9 REL-11 another seat sees the sealed event and its commitment under the command id "sealed"; the sealer sees its own', () => {
    const game = sunSealed();
    const sealed = eventOf(game.log, 'ActionsSealed');
    const committed = eventOf(game.log, 'ActionsCommitted');
    expect(committed.commandId).toBe(sealed.commandId);
    const { command: _command, ...bare } = sealed;
    const moon = redactEvents(game.log, 'moon');
    expect(moon.slice(0, -2)).toEqual(game.log.slice(0, -2));
    expect(moon.slice(-2)).toEqual([
      { ...bare, type: 'Sealed', data: null, commandId: 'sealed' },
      { ...committed, commandId: 'sealed' },
    ]);
    expect(redactEvents(game.log, 'sun')).toEqual(game.log);
  });

  it('RUL-9 REL-11 a page that starts at the commitment hides its command id by the sealed event before the page', () => {
    const game = sunSealed();
    const committed = eventOf(game.log, 'ActionsCommitted');
    const sealed = eventOf(game.log, 'ActionsSealed');
    expect(redactEvents([committed], 'moon', sealed)).toEqual([{ ...committed, commandId: 'sealed' }]);
    expect(redactEvents([committed], 'sun', sealed)).toEqual([committed]);
    // Every later event of a page follows the event before it on the page, not `before`.
    const afterSealed = game.log.slice(-2);
    expect(redactEvents(afterSealed, 'moon', game.log.at(-3)).map((e) => e.commandId)).toEqual(['sealed', 'sealed']);
  });

  it('RUL-9 REL-11 an event of another command after a sealed event keeps its own command id', () => {
    // No shipped ruleset ends a command on its sealed event (each publishes a commitment after it), so the
    // pairing is asked of the function alone: only the sealed event's own command is hidden.
    const game = sunSealed();
    const sealed = eventOf(game.log, 'ActionsSealed');
    const earlier = game.log.at(-3) as EventEnvelope;
    expect(earlier.commandId).not.toBe(sealed.commandId);
    expect(redactEvent(earlier, 'moon', sealed)).toBe(earlier);
  });
});
