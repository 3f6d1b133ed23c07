/**
 * How logged envelopes fold into a game (domain/match/evolve.ts: `evolveGame`, `foldEvents`,
 * `foldGame`). PERF-3 folds a run of ruleset events in place, into one match the fold made
 * itself; that must give exactly the state of folding event by event with `evolveGame`, key for
 * key (toStrictEqual: a key holding undefined is a difference), after every event, for games
 * with every control open (draw offers, pause requests, takeback and fork proposals), with
 * absence counts (PBM-11), with far takebacks (TB-2, TB-3), and for real rulesets' logs.
 * A far takeback's fold gives the state at its version itself when it holds it, whether it
 * starts at the log's start or from a state a host gave (docs/design.md §8). Events no
 * command records in that state (a ruleset's event in the lobby or after the end, a
 * proposal on an ended game, a takeback to before play) are appended with `given`, as a
 * forged or damaged log would hold them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_OPTIONS } from '../../docs/examples/pig/examples.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import { type Rulesets, rulesetsOf } from '../../domain/catalogue.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { TakebackProposed, TakenBack } from '../../domain/match/events.ts';
import { evolveGame, foldEvents, foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { Game, matchOf, player, seat } from '../support/decider-spec.ts';
import { at, organisedPig, organiser, rollFace, system } from '../support/match-setups.ts';

const red = seat('red');
const blue = seat('blue');

/** The states after each event of `log`, folded one event at a time by `evolveGame` (a far takeback reads them back). */
const eventByEvent = (rulesets: Rulesets, log: readonly EventEnvelope[]): GameState[] => {
  const states: GameState[] = [];
  let state: GameState = emptyGame;
  for (const envelope of log) {
    state = evolveGame(rulesets, state, envelope, (version) => states[version - 1]);
    states.push(state);
  }
  return states;
};

/**
 * PERF-3: the fold (in place over runs of ruleset events) gives exactly the event-by-event
 * state after every event, whether it starts from the log's start or resumes from any state
 * (which it never changes); each state ends with its event's seq, hash and time.
 */
const expectFoldsAgree = (rulesets: Rulesets, log: readonly EventEnvelope[], cuts: readonly number[] = log.map((_, i) => i)) => {
  const states = eventByEvent(rulesets, log);
  log.forEach((envelope, i) => {
    const state = states[i] as GameState;
    expect(state.status === 'empty' ? null : [state.version, state.lastHash, state.updatedAt], `after event ${i + 1}`).toEqual([
      envelope.seq,
      envelope.hash,
      envelope.at,
    ]);
  });
  const history = (version: number) => states[version - 1];
  for (const cut of cuts) {
    expect(foldGame(rulesets, log.slice(0, cut + 1)), `folded to event ${cut + 1}`).toStrictEqual(states[cut]);
    const before = states[cut] as GameState;
    const frozen = structuredClone(before);
    expect(foldGame(rulesets, log.slice(cut + 1), before, history), `resumed after event ${cut + 1}`).toStrictEqual(states.at(-1));
    expect(before).toStrictEqual(frozen);
  }
  return states;
};

/** The TakenBack an organiser's correction to `toVersion` would record, appended as given: no command records it to there. */
const correctionTo = (toVersion: number): TakenBack => ({
  type: 'TakenBack',
  data: { seat: null, toVersion, voids: [], how: 'organiser', toHash: 'f'.repeat(64), reason: 'forged' },
});

describe('RUL-9 PERF-3 folding in place gives exactly the state of folding event by event', () => {
  it('RUL-9 PBM-13 TB-2 TB-6 Pig with a draw offer, a pause request, a fork and a takeback proposal each open across ruleset events: every state agrees', () => {
    const game = organisedPig();
    const start = game.state.version;
    // PBM-13: blue offers a draw in red's turn 1; red's Hold ends the turn, and the offer lapses with it.
    game.run({ type: 'OfferDraw' }, blue);
    rollFace(game, red, 4);
    expect(matchOf(game).drawOffer).toMatchObject({ by: 'blue', phaseKey: 't1' });
    game.run({ type: 'Hold' }, red);
    // PBM-13: red asks for a pause in blue's turn 2; blue's pig-out ends the turn and the request.
    game.run({ type: 'RequestPause' }, red);
    rollFace(game, blue, 5);
    rollFace(game, blue, 1);
    // TB-6: red proposes a continuation from an earlier version in turn 3; red's Hold ends the turn and it lapses.
    game.run({ type: 'ProposeFork', version: start }, red);
    expect(matchOf(game).forkProposal).toBeDefined();
    rollFace(game, red, 3);
    game.run({ type: 'Hold' }, red);
    // TB-2: blue proposes a takeback in its own turn 4 and then rolls: anything else recorded lapses the proposal.
    const kept = game.state.version;
    rollFace(game, blue, 2);
    game.run({ type: 'ProposeTakeback', toVersion: kept }, blue);
    expect(matchOf(game).takebackProposal).toMatchObject({ by: 'blue', toVersion: kept });
    rollFace(game, blue, 6);
    const states = expectFoldsAgree(game.rulesets, game.log);
    const end = foldGame(game.rulesets, game.log);
    if (end.status !== 'playing') throw new Error(`expected a game in play, got ${end.status}`);
    expect([end.drawOffer, end.pauseRequest, end.forkProposal, end.takebackProposal]).toEqual([undefined, undefined, undefined, undefined]);
    expect(end.rules).toMatchObject({ turn: 4, active: 'blue', turnTotal: 8, scores: { red: 7 } });
    // A game without absence rules keeps no missed counts, not even a key for them.
    for (const state of states) expect(Object.hasOwn(state, 'missed')).toBe(false);
    expect(Object.hasOwn(end, 'missed')).toBe(false);
  });

  it('RUL-9 PBM-11 absence counts: a missed deadline counts, and the seat’s next event in a run of ruleset events sets it back to 0', () => {
    const game = organisedPig({ deadlines: { default: 'PT1H' }, absence: { maxMissed: 5 } });
    rollFace(game, red, 4, at(1));
    const step = matchOf(game).step;
    // PIG-6: red's turn times out and red holds what it rolled; the missed deadline counts against red.
    game.run({ type: 'DeadlineReached', phaseKey: step?.key ?? '' }, system, undefined, step?.deadline ?? at(61));
    expect(matchOf(game).missed).toEqual({ red: 1 });
    rollFace(game, blue, 3, at(62));
    game.run({ type: 'Hold' }, blue, undefined, at(63));
    // Blue's Hold ends with red's TurnStarted: red's Roll folds next, in the same run of ruleset events.
    rollFace(game, red, 5, at(64));
    expectFoldsAgree(game.rulesets, game.log);
    expect(foldGame(game.rulesets, game.log)).toMatchObject({ missed: { red: 0, blue: 0 } });
    expect(foldGame(game.rulesets, game.log.slice(0, -1))).toMatchObject({ missed: { red: 1, blue: 0 } });
  });

  it('RUL-9 PERF-3 the reference logs of the real rulesets: every state agrees, from the start and resumed', () => {
    const rulesets = everyRuleset();
    for (const name of ['post-galactica', 'soluna', 'gsc2']) {
      const { events } = parseLog(readFileSync(new URL(`../fixtures/logs/${name}.ndjson`, import.meta.url), 'utf8'));
      // Every tenth event and the last few: a fold of every prefix of these logs is needlessly slow.
      const cuts = events.map((_, i) => i).filter((i) => i % 10 === 0 || i >= events.length - 3);
      expect(expectFoldsAgree(rulesets, events, cuts).at(-1)?.status).toMatch(/^(playing|ended)$/);
    }
  });

  it('RUL-9 MATCH foldGame folds any iterable of envelopes, not only an array', () => {
    const game = organisedPig();
    rollFace(game, red, 4);
    game.run({ type: 'Hold' }, red);
    function* envelopes() {
      yield* game.log;
    }
    const folded = foldGame(game.rulesets, envelopes());
    expect(folded).toStrictEqual(foldGame(game.rulesets, game.log));
    expect(folded).toMatchObject({ status: 'playing', version: game.log.length, rules: { active: 'blue', scores: { red: 4 } } });
  });
});

describe('RUL-9 TB-2 TB-3 a far takeback folds onto the state at its version, which the fold gives when it holds it', () => {
  /** Red rolls three times; blue takes the last two back to after the first, red agreeing. */
  const takenBack = () => {
    const game = organisedPig();
    const start = game.state.version;
    const first = rollFace(game, red, 4);
    rollFace(game, red, 3);
    rollFace(game, red, 2);
    game.run({ type: 'ProposeTakeback', toVersion: first }, blue);
    game.run({ type: 'AcceptTakeback' }, red);
    const end = foldGame(game.rulesets, game.log);
    expect(end).toMatchObject({ status: 'playing', rules: { turnTotal: 4 }, voided: [{ from: first + 1, to: first + 2 }] });
    return { game, start, first, end, stateAt: (version: number) => foldGame(game.rulesets, game.log.slice(0, version)) };
  };

  it('RUL-9 TB-2 resumed from a state a host gave, with no history: from the version itself, from just before it, from earlier', () => {
    const { game, start, first, end, stateAt } = takenBack();
    // The takeback's version is the state the fold starts from, the first event it folds, or one further on.
    for (const from of [first, first - 1, start - 1]) {
      expect(foldGame(game.rulesets, game.log.slice(from), stateAt(from)), `resumed after event ${from}`).toStrictEqual(end);
    }
  });

  it('RUL-9 TB-2 PERF-4 a fold moving forward over the whole log from a later state re-folds the version from the log’s start', () => {
    const { game, first, end, stateAt } = takenBack();
    // verify's LogFold folds a log forward in steps, so its state is past the version and it gives no history.
    const from = first + 2;
    expect(foldEvents(game.rulesets, stateAt(from), game.log, from)).toStrictEqual(end);
  });

  it('RUL-9 TB-2 a fold over part of a log that starts after the game began asks the history for a version before its state', () => {
    const { game, first, end, stateAt } = takenBack();
    // A host holding the log from `first` on, folding from a later state: the version is in its events but before that state.
    const part = game.log.slice(first - 1);
    const from = 2;
    expect(part[from - 1]?.seq).toBe(first + 1);
    const asked: number[] = [];
    const history = (version: number) => {
      asked.push(version);
      return stateAt(version);
    };
    expect(foldEvents(game.rulesets, stateAt(first + 1), part, from, part.length, history)).toStrictEqual(end);
    expect(asked).toEqual([first]);
  });

  it('RUL-9 TB-3 a takeback to a version the game was not in play at: the fold says which, or that it was not given the state', () => {
    const game = organisedPig();
    rollFace(game, red, 4);
    const seq = game.log.length + 1;
    // Version 1 (the game created) is in the log, so the fold gives its state itself: a lobby.
    game.given([correctionTo(1)], organiser);
    expect(() => foldGame(game.rulesets, game.log)).toThrow(`event ${seq}: TakenBack: the game was not in play at event 1`);
    // PERF-4: so does a fold moving forward over the whole log from the state before the takeback (verify's LogFold).
    const before = foldGame(game.rulesets, game.log.slice(0, seq - 1));
    expect(() => foldEvents(game.rulesets, before, game.log, seq - 1)).toThrow(
      `event ${seq}: TakenBack: the game was not in play at event 1`,
    );
    // A version after the takeback's own is no event of the log: without a history the fold is not given its state.
    game.log.pop();
    game.given([correctionTo(seq + 1)], organiser);
    expect(() => foldGame(game.rulesets, game.log)).toThrow(
      `event ${seq}: TakenBack: the state at event ${seq + 1} was not given to the fold (docs/design.md §8)`,
    );
  });
});

describe('RUL-9 MATCH events no command records in that state', () => {
  it('RUL-9 RUL-1 a ruleset’s event in the lobby is refused by the fold, naming the event and the status', () => {
    const game = new Game(rulesetsOf({ rulesets: [pig] }));
    game.run({ type: 'CreateGame', ruleset: 'pig', options: { rules: EXAMPLE_OPTIONS } }, organiser);
    game.given([{ type: 'TurnStarted', data: { turn: 1, seat: 'red' } }]);
    expect(() => foldGame(game.rulesets, game.log)).toThrow('event 2: TurnStarted arrived while the game is lobby');
  });

  /** A Pig game red won at its first Hold: 5 and 6 reach the smallest target Pig allows, 10. */
  const ended = () => {
    const game = new Game(rulesetsOf({ rulesets: [pig] }));
    game.run({ type: 'CreateGame', ruleset: 'pig', options: { rules: { target: 10 }, firstPlayer: 'red' } }, organiser);
    game.run({ type: 'JoinGame', seat: 'red' }, player('p_red'));
    game.run({ type: 'JoinGame', seat: 'blue' }, player('p_blue'));
    rollFace(game, red, 5);
    rollFace(game, red, 6);
    game.run({ type: 'Hold' }, red);
    expect(matchOf(game)).toMatchObject({ status: 'ended', step: null, result: { winner: 'red' } });
    return game;
  };

  it('RUL-9 PBM-12 a ruleset’s event after the game ended opens no step: an ended game waits for nobody', () => {
    const game = ended();
    game.given([{ type: 'TurnStarted', data: { turn: 2, seat: 'blue' } }]);
    const state = foldGame(game.rulesets, game.log);
    expect(state).toMatchObject({ status: 'ended', step: null, version: game.log.length, rules: { active: 'blue', turn: 2 } });
    expect(state).toStrictEqual(eventByEvent(game.rulesets, game.log).at(-1));
  });

  it('RUL-9 TB-2 a takeback proposal recorded on an ended game is not kept: every control ends with the game', () => {
    const game = ended();
    const last = game.log.at(-1) as EventEnvelope;
    const proposed: TakebackProposed = {
      type: 'TakebackProposed',
      data: {
        seat: 'blue',
        phaseKey: 't1',
        toVersion: last.seq - 1,
        toHash: last.hash,
        undoes: { voids: [], commands: [], rolls: [], summary: 'Undoes nothing.' },
      },
    };
    game.given([proposed], blue);
    const state = foldGame(game.rulesets, game.log);
    expect(state.status).toBe('ended');
    expect(state.status !== 'empty' && Object.hasOwn(state, 'takebackProposal')).toBe(false);
    expect(state.version).toBe(last.seq + 1);
  });
});
