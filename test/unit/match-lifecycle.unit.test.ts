/**
 * The match lifecycle from the lobby to its ends (domain/match: lobby, start, stalls, ending,
 * refusals, record): the options a new game records, joining a game with no seat free, the
 * first player, deadlines reached while choosing and in play, conceding, the sentences refusals
 * use, and the command as it goes into the log. A few states no command reaches (a choice with
 * no roll-off, a match with absence but no count of missed deadlines) go to the exported function
 * directly, and a few only a log given as is reaches go through `given`; each says so.
 */

import { describe, expect, it } from 'vitest';
import { PIG_COMMANDS } from '../../docs/examples/pig/command-docs.ts';
import type { PigEvent } from '../../docs/examples/pig/events.ts';
import { EXAMPLE_OPTIONS } from '../../docs/examples/pig/examples.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import { rulesetCatalogue } from '../../domain/catalogue.ts';
import { rollKey, scriptedDice, seededDice } from '../../domain/kernel/dice.ts';
import { GENESIS_HASH } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import type { MatchCtx } from '../../domain/match/match-ctx.ts';
import { recordCommand } from '../../domain/match/record.ts';
import { listed, standing } from '../../domain/match/refusals.ts';
import { deadlineReached } from '../../domain/match/stalls.ts';
import { begin } from '../../domain/match/start.ts';
import { emptyGame, type GameState, type Match } from '../../domain/match/state.ts';
import { rulesetList } from '../../domain/ruleset-list.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { ctxFor, eventsOf, GAME_ID, Game, matchOf, player, seat, startedPostGalactica, TEST_SEED } from '../support/decider-spec.ts';
import { system } from '../support/match-setups.ts';

const HOUR_LATER = '2026-01-01T01:00:00.000Z';

/** A Post Galactica game's GameCreated as the decider writes it, with these options. */
const createPostGalactica = (options: Record<string, unknown>) =>
  new Game().when({ type: 'CreateGame', ruleset: 'post-galactica', options }, player('p_red'));

/** The options a Post Galactica GameCreated records, given these. */
const createdOptions = (options: Record<string, unknown>): Record<string, unknown> => {
  const [created] = createPostGalactica(options).events;
  if (created?.type !== 'GameCreated') throw new Error('no GameCreated');
  return (created.data as { options: Record<string, unknown> }).options;
};

/** Post Galactica, red first by the mission, each step an hour long, and one missed deadline forfeits (PBM-11). */
const playingWithAbsence = () => {
  const game = new Game();
  const options = { firstPlayer: 'red', deadlines: { default: 'PT1H' }, absence: { maxMissed: 0 } };
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options }, player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'));
  return game;
};

/** Post Galactica waiting for blue's choice of the first player (blue rolled 5 against 2), an hour to choose. */
const choosing = () => {
  const game = new Game();
  game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { deadlines: { default: 'PT1H' } } }, player('p_red'));
  game.run({ type: 'JoinGame' }, player('p_blue'), scriptedDice([2, 5]));
  return game;
};

/** The phase timer's command for the step `match` waits in. */
const fireFor = (match: Match) => ({ type: 'DeadlineReached', phaseKey: match.step?.key ?? 'none' }) as const;

/** Pig (docs/examples/pig) under another id and seats, in a catalogue with every real ruleset. */
const pigCatalogue = async (id: string, seatNames: readonly string[], extra: Record<string, unknown> = {}) => {
  const catalogue = rulesetCatalogue([
    ...rulesetList,
    { id, commandDocs: PIG_COMMANDS, load: async () => ({ ...pig, id, seatNames, ...extra }) },
  ]);
  await catalogue.load(id);
  return catalogue;
};

describe('RUL-9 creating a game: the options it records', () => {
  it('RUL-9 PG-5 a first player that is no seat of the ruleset is refused under the ruleset’s first-player rule', () => {
    const refused = createPostGalactica({ firstPlayer: 'green' }).thenRejects('PG-5', 'UNKNOWN_SEAT');
    expect(refused.message).toBe('firstPlayer must be "roll-off" or one of the seats red, blue.');
  });

  it('RUL-9 PBM-7 the reminders asked for are recorded in GameCreated', () => {
    expect(createdOptions({ deadlines: { default: 'PT24H' }, reminders: ['PT1H', 'PT10M'] }).reminders).toEqual(['PT1H', 'PT10M']);
  });

  it('RUL-9 CLUB-1 CLUB-6 a club game records its club and whether it is rated, unrated unless said', () => {
    const clubOf = (club: Record<string, unknown>) => createdOptions({ club }).club;
    expect(clubOf({ clubId: 'c_chess' })).toEqual({ clubId: 'c_chess', rated: false });
    expect(clubOf({ clubId: 'c_chess', rated: true })).toEqual({ clubId: 'c_chess', rated: true });
    expect(clubOf({ clubId: 'c_chess', rated: false })).toEqual({ clubId: 'c_chess', rated: false });
  });

  it('RUL-9 MATCH a one-seat game starts as its creator sits, its opening dice drawn for that game (its id) at seq 1', async () => {
    // A Pig for one seat whose begin rolls a die: the creator's seat is the last, so CreateGame starts the game.
    const opening = { purpose: 'opening roll', sides: 6, rule: 'PIG-2' };
    const soloBegin = (state: Parameters<typeof pig.begin>[0], rc: Parameters<typeof pig.begin>[1]): PigEvent[] => [
      ...pig.begin(state, rc),
      { type: 'DieRolled', data: { seat: 'red', roll: rc.dice.roll(opening), turnTotal: 0 } },
      { type: 'DieRolled', data: { seat: 'red', roll: rc.dice.roll(opening), turnTotal: 0 } },
    ];
    const game = new Game(await pigCatalogue('pig-solo', ['red'], { begin: soloBegin }));
    const created = game.when(
      { type: 'CreateGame', ruleset: 'pig-solo', seat: 'red', options: { rules: EXAMPLE_OPTIONS, firstPlayer: 'red' } },
      player('p_red'),
    );
    const dice = seededDice(rollKey(TEST_SEED, []), GAME_ID, 1);
    expect(created.events.map((e) => e.type)).toEqual([
      'GameCreated',
      'SeatJoined',
      'FirstPlayerChosen',
      'TurnStarted',
      'DieRolled',
      'DieRolled',
    ]);
    expect(created.events.slice(4).map((e) => (e.data as { roll: unknown }).roll)).toEqual([dice.roll(opening), dice.roll(opening)]);
  });
});

describe('RUL-9 joining a game whose log left no seat free', () => {
  it('RUL-9 MATCH a join naming no seat, when none is free, is refused as SEAT_TAKEN, never a crash', () => {
    // No command leaves a lobby full (the last join starts the game): only a log given as is does.
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica' }, player('p_red'));
    game.given([
      { type: 'SeatJoined', data: { seat: 'red', playerId: 'p_red', seedContribution: null } },
      { type: 'SeatJoined', data: { seat: 'blue', playerId: 'p_blue', seedContribution: null } },
    ]);
    const refused = game.when({ type: 'JoinGame' }, player('p_green')).thenRejects('MATCH', 'SEAT_TAKEN');
    expect([refused.message, refused.status]).toEqual(['Every seat of this game is taken.', 409]);
  });
});

describe('RUL-9 REL-29 the sentences of refusals and endings list seats as English does', () => {
  it('RUL-9 PBM-10 REL-29 three free seats are "red, blue and green", in the lobby’s refusal and in its expiry', async () => {
    const game = new Game(await pigCatalogue('pig3', ['red', 'blue', 'green']));
    game.run({ type: 'CreateGame', ruleset: 'pig3', options: { rules: EXAMPLE_OPTIONS } }, player('p_red'));
    const refused = game.when({ type: 'ChooseFirstPlayer', seat: 'red' }, seat('red')).thenRejects('PIG-1', 'NOT_CHOOSING');
    expect(refused.message).toBe('This game has not started: it is waiting for players, and the red, blue and green seats are free.');
    const expiry = '2026-01-08T00:00:00.000Z';
    const expired = game.when(fireFor(matchOf(game)), system, undefined, expiry).events;
    // What an expiry records besides its sentence is stalls.unit.test.ts' (PBM-10); here the seats are listed.
    expect(expired[1]).toMatchObject({
      type: 'GameEnded',
      data: { reason: 'expired: the red, blue and green seats were not taken within P7D (PBM-10)' },
    });
  });

  it('RUL-9 REL-29 a list of no names is empty, of one name that name', () => {
    // Every caller lists at least one seat, so only a direct call asks for an empty list.
    expect(listed([])).toBe('');
    expect(listed(['red'])).toBe('red');
    expect(listed(['red', 'blue'])).toBe('red and blue');
  });

  it('RUL-9 REL-29 a game choosing its first player with no roll-off recorded names “the roll-off winner”', () => {
    // The fold sets the roll-off with the status, so no log reaches this: the function is asked directly.
    const match = { ...matchOf(choosing()), rollOff: null };
    expect(standing(match)).toBe(
      'Every seat of this game is taken, and the roll-off winner, who won the roll-off, is choosing who takes the first turn.',
    );
  });
});

describe('RUL-9 the first player', () => {
  it('RUL-9 PG-5 beginning play before a first player was chosen is a programming error, thrown', () => {
    // begin follows a FirstPlayerChosen in every caller; this holds that guard, which no command reaches.
    const match = matchOf(choosing());
    expect(() => begin(match, [], ctxFor(system), match.version + 1)).toThrow(
      new Error('the first player was chosen but the game is not playing'),
    );
  });

  it('RUL-9 PBM-9 a missed choice with no roll-off recorded decides nothing', () => {
    // The fold sets the roll-off with the status, so no log reaches this: the function is asked directly.
    const match = { ...matchOf(choosing()), rollOff: null };
    expect(deadlineReached(match, fireFor(match), ctxFor(system, undefined, HOUR_LATER), match.version + 1)).toEqual({
      ok: true,
      events: [],
    });
  });
});

describe('RUL-9 PBM-11 absent players', () => {
  it('RUL-9 PBM-11 a seat with no count of missed deadlines yet has missed none: one more than maxMissed 0 forfeits it', () => {
    // The fold keeps `missed` whenever absence is set; a match without it is asked directly.
    const { missed: _missed, ...match } = matchOf(playingWithAbsence());
    const decision = deadlineReached(match as Match, fireFor(match as Match), ctxFor(system, undefined, HOUR_LATER), match.version + 1);
    expect(decision.ok && decision.events[1]).toEqual({
      type: 'GameEnded',
      data: { winner: 'blue', reason: 'red missed 1 deadline (PBM-11)', rule: 'PBM-11' },
    });
  });

  it('RUL-9 PBM-11 a seat nobody took never wins by another seat’s forfeit', () => {
    // Only a log written as is reaches play with a seat nobody took: the real one without blue's SeatJoined.
    const events = eventsOf(playingWithAbsence().log).filter(
      (e) => !(e.type === 'SeatJoined' && (e.data as { seat: string }).seat === 'blue'),
    );
    const game = new Game().given(events);
    const forfeit = game.when(fireFor(matchOf(game)), system, undefined, HOUR_LATER).events;
    // The forfeit's sentence and rule are the test above's; what matters here is that nobody wins.
    expect(forfeit[1]).toMatchObject({ type: 'GameEnded', data: { winner: null } });
  });
});

describe('RUL-9 conceding', () => {
  it('RUL-9 MATCH only a seated player concedes: the phase timer is refused (403)', () => {
    const refused = playingWithAbsence().when({ type: 'Concede' }, system).thenRejects('MATCH', 'NOT_SEATED');
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('Only a seated player can concede.');
  });
});

describe('RUL-9 the command as it goes into the log', () => {
  const rulesVersions = (state: GameState, command: Parameters<typeof recordCommand>[1], ctx: MatchCtx, gameId: string) => {
    const decision = recordCommand(state, command, ctx, gameId, 'c_1');
    if (!decision.ok) throw new Error(decision.violation.message);
    return decision.events;
  };

  it('RUL-9 RUL-10 a new game’s events open the chain under the rules version its GameCreated names', () => {
    const events = rulesVersions(
      emptyGame,
      { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' },
      ctxFor(player('p_red')),
      GAME_ID,
    );
    const version = everyRuleset().getRuleset('post-galactica').rulesVersion;
    expect(events[0]?.data).toMatchObject({ rulesVersion: version });
    expect(events.map((e) => [e.seq, e.rulesVersion])).toEqual([
      [1, version],
      [2, version],
    ]);
    expect(events[0]?.prevHash).toBe(GENESIS_HASH);
  });

  it('RUL-9 TB-6 a fork’s events are recorded under the rules version its origin played under', () => {
    const origin = startedPostGalactica();
    const RULESETS = origin.rulesets;
    const version = origin.state.version;
    const ctx: MatchCtx = {
      ...ctxFor(player('p_red'), undefined, '2026-01-02T00:00:00.000Z'),
      seed: 'b'.repeat(64),
      origin: { gameId: GAME_ID, at: foldGame(RULESETS, origin.log.slice(0, version)), head: origin.state },
    };
    const fork = rulesVersions(emptyGame, { type: 'ForkGame', from: { gameId: GAME_ID, version }, kind: 'sandbox' }, ctx, 'g_fork');
    expect(fork.map((e) => [e.type, e.rulesVersion])).toEqual([['GameForked', matchOf(origin).rulesVersion]]);
    expect(matchOf(origin).rulesVersion).toBe(RULESETS.getRuleset('post-galactica').rulesVersion);
  });
});
