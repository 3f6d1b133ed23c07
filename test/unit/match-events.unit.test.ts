/**
 * How each match event changes the match (domain/match/evolve.ts: `created`, `evolveMatch`,
 * `evolveEvent`, the domain event a logged envelope hands the fold) and whose seat a player holds
 * (`seatOf`, domain/match/state.ts). A log that does not start with GameCreated, or that holds a
 * ruleset's event before play, is a log no command writes: it is given as is (RUL-6) and its fold
 * must fail naming the event. `evolveEvent` folding a ruleset's event into a game in play, a
 * TakenBack or a ForkAgreed is reached by no decision (a decision folds only the lifecycle events
 * it emits, and only those before the ruleset begins), so those go to the exported function
 * directly; each test says so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PigEvent } from '../../docs/examples/pig/events.ts';
import { EXAMPLE_OPTIONS } from '../../docs/examples/pig/examples.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import type { PigState } from '../../docs/examples/pig/state.ts';
import { rulesetsOf } from '../../domain/catalogue.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { isMatchEvent, type TakebackProposed } from '../../domain/match/events.ts';
import { evolveEvent, foldGame } from '../../domain/match/evolve.ts';
import { seatOf } from '../../domain/match/state.ts';
import type { SolEvent } from '../../domain/soluna/events.ts';
import { solunaFold } from '../../domain/soluna/fold.ts';
import type { SolState } from '../../domain/soluna/state.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { GAME_ID, Game, lastEvent, matchOf, player, seat } from '../support/decider-spec.ts';
import { rollFace, T0 } from '../support/match-setups.ts';
import { pigWith } from '../support/pig.ts';

const red = seat('red');
const blue = seat('blue');

/** A Pig die roll of `face` by `who`, as a hand-made event: the turn total it leaves is the face. */
const dieRolled = (who: string, face: number): PigEvent => ({
  type: 'DieRolled',
  data: {
    seat: who,
    roll: { purpose: 'roll', sides: 6, value: face, draw: { seq: 1, index: 0 }, modifiers: [], total: face },
    turnTotal: face,
  },
});

/** The Pig state a match in play or ended holds. */
const pigRules = (game: Game): PigState => {
  const match = matchOf(game);
  if (match.status !== 'playing' && match.status !== 'ended') throw new Error(`no rules while ${match.status}`);
  return match.rules as PigState;
};

/** The message folding `game`'s log fails with. */
const foldFailure = (game: Game): string => {
  try {
    void game.state;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the log folded');
};

describe('RUL-9 MATCH a log the fold refuses names the event and why', () => {
  it('RUL-9 MATCH a lifecycle event before any GameCreated fails the fold at that event', () => {
    // No command writes a log that starts with anything but GameCreated: given as is.
    const game = new Game().given([{ type: 'PlayerConceded', data: { seat: 'red' } }]);
    expect(foldFailure(game)).toBe('event 1: PlayerConceded before GameCreated');
  });

  it('RUL-9 MATCH a SeatJoined before any GameCreated fails the fold the same way', () => {
    const game = new Game().given([{ type: 'SeatJoined', data: { seat: 'red', playerId: 'p_red', seedContribution: null } }]);
    expect(foldFailure(game)).toBe('event 1: SeatJoined before GameCreated');
  });

  it("RUL-9 RUL-1 a ruleset's event in the lobby fails the fold: there are no rules to fold it into", () => {
    // Only the first player's choice begins the rules, so no command writes this log: given as is.
    const game = new Game(rulesetsOf({ rulesets: [pig] }));
    game.run({ type: 'CreateGame', ruleset: 'pig', options: { rules: EXAMPLE_OPTIONS } }, player('p_org'));
    game.given([dieRolled('red', 4)]);
    expect(foldFailure(game)).toBe('event 2: DieRolled arrived while the game is lobby');
  });
});

describe("RUL-9 RUL-1 evolveEvent folds a ruleset's event into the rules of a game in play or ended", () => {
  // A decision folds only the lifecycle events it emits (provisional), and a log's ruleset events
  // go through evolveGame's own path: evolveEvent with a ruleset's event is called directly here.
  it("RUL-9 RUL-1 in play: the ruleset's evolve changes the rules and nothing else of the match", () => {
    const game = pigWith();
    const before = matchOf(game);
    const after = evolveEvent(before, dieRolled('red', 4), { gameId: GAME_ID, at: T0 }, game.rulesets);
    expect(after).toEqual({ ...before, rules: { ...pigRules(game), turnTotal: 4 } });
  });

  it("RUL-9 RUL-1 ended: the ruleset's evolve still folds, and the game stays ended", () => {
    const game = pigWith();
    game.run({ type: 'Concede' }, blue);
    const before = matchOf(game);
    expect(before).toMatchObject({ status: 'ended', result: { winner: 'red' } });
    const after = evolveEvent(before, dieRolled('red', 5), { gameId: GAME_ID, at: T0 }, game.rulesets);
    expect(after).toEqual({ ...before, rules: { ...pigRules(game), turnTotal: 5 } });
  });

  it("RUL-9 RUL-1 in the lobby evolveEvent refuses a ruleset's event, naming it and the status", () => {
    const game = new Game(rulesetsOf({ rulesets: [pig] }));
    game.run({ type: 'CreateGame', ruleset: 'pig', options: { rules: EXAMPLE_OPTIONS } }, player('p_org'));
    expect(() => evolveEvent(matchOf(game), dieRolled('red', 4), { gameId: GAME_ID, at: T0 }, game.rulesets)).toThrow(
      new Error('DieRolled arrived while the game is lobby'),
    );
  });
});

describe('RUL-9 RUL-1 the ruleset is handed each domain event exactly, never its envelope', () => {
  it('RUL-9 RUL-1 a public event reaches evolve as type and data, a sealed one with its seat too', () => {
    const log = parseLog(readFileSync(new URL('../fixtures/logs/soluna.ndjson', import.meta.url), 'utf8'));
    const given: DomainEvent[] = [];
    const spying: typeof solunaFold = {
      ...solunaFold,
      evolve: (state: SolState, event: SolEvent) => {
        given.push(event);
        return solunaFold.evolve(state, event);
      },
    };
    const folds = rulesetsOf({ folds: [spying] });
    expect(foldGame(folds, log.events).status).toBe('ended');
    // Every ruleset event, and (INV-10, from sol-0.4.0) the match's GameEnded, which ends the ruleset's state too.
    const expected = log.events
      .filter((e) => !isMatchEvent(e) || e.type === 'GameEnded')
      .map(({ type, data, visibleTo }) => (visibleTo === undefined ? { type, data } : { type, data, visibleTo }));
    // The fixture holds both kinds: Sol'una's ActionsSealed is sealed to its seat, the rest public.
    expect(expected.filter((e) => 'visibleTo' in e).length).toBe(33);
    // Strict: a public event carries no visibleTo key at all, not even an undefined one.
    expect(given).toStrictEqual(expected);
  });
});

describe('RUL-9 TB-1 TB-2 a takeback as the match folds it', () => {
  /** Pig with two rolls by red; blue proposes taking the second back, with `extra` in the command. */
  const proposed = (extra: { reason?: string }): { game: Game; data: TakebackProposed['data'] } => {
    const game = pigWith();
    rollFace(game, red, 4);
    const first = game.state.version;
    rollFace(game, red, 3);
    game.run({ type: 'ProposeTakeback', toVersion: first, ...extra }, blue);
    const event = lastEvent(game);
    expect(event.type).toBe('TakebackProposed');
    return { game, data: event.data as TakebackProposed['data'] };
  };

  it('RUL-9 TB-2 a proposal without a reason holds no reason at all', () => {
    const { game, data } = proposed({});
    const { seat: by, phaseKey, toVersion, toHash, undoes } = data;
    expect(matchOf(game).takebackProposal).toStrictEqual({ by, phaseKey, agreed: ['blue'], toVersion, toHash, undoes });
  });

  it('RUL-9 TB-2 a proposal with a reason holds it', () => {
    const { game, data } = proposed({ reason: 'misclick' });
    const { seat: by, phaseKey, toVersion, toHash, undoes } = data;
    expect(matchOf(game).takebackProposal).toStrictEqual({
      by,
      phaseKey,
      agreed: ['blue'],
      toVersion,
      toHash,
      undoes,
      reason: 'misclick',
    });
  });

  it('RUL-9 TB-1 a TakenBack is never folded inside a decision: evolveEvent refuses it', () => {
    // The rewind needs the envelope's place in the chain, which only evolveGame has; no decision
    // folds its own TakenBack, so evolveEvent is called directly.
    const { game } = proposed({});
    const before = matchOf(game);
    game.run({ type: 'AcceptTakeback' }, red);
    const takenBack = lastEvent(game);
    expect(takenBack.type).toBe('TakenBack');
    expect(() => evolveEvent(before, { type: takenBack.type, data: takenBack.data }, { gameId: GAME_ID, at: T0 }, game.rulesets)).toThrow(
      new Error('a takeback is folded from its logged event, never inside a decision'),
    );
  });
});

describe('RUL-9 TB-6 the seq an agreed continuation records', () => {
  /** Pig where red proposed a continuation from the current version: the match before blue accepts, and the log after. */
  const agreed = () => {
    const game = pigWith();
    rollFace(game, red, 4);
    const version = game.state.version;
    game.run({ type: 'ProposeFork', version }, red);
    const before = matchOf(game);
    game.run({ type: 'AcceptFork' }, blue);
    const envelope = lastEvent(game);
    expect(envelope.type).toBe('ForkAgreed');
    const forkId = (envelope.data as { forkId: string }).forkId;
    return { game, before, envelope, version, forkId };
  };

  it("RUL-9 TB-6 folded from its envelope, ForkAgreed records the envelope's seq, not the match's next version", () => {
    // evolveEvent is given the envelope as its origin, as evolveGame does, but onto the match
    // before the batch's ForkAccepted, so the envelope's seq is two past the match's version.
    const { game, before, envelope, version, forkId } = agreed();
    expect(envelope.seq).toBe(before.version + 2);
    const folded = evolveEvent(before, { type: envelope.type, data: envelope.data }, envelope, game.rulesets);
    expect(folded.forks).toEqual([{ version, forkId, seq: envelope.seq }]);
    expect(matchOf(game).forks).toEqual([{ version, forkId, seq: envelope.seq }]);
  });

  it('RUL-9 TB-6 folded in a decision (no envelope), ForkAgreed takes the version after the match’s', () => {
    // No decision folds a fork event provisionally, so evolveEvent is called directly.
    const { game, before, envelope, version, forkId } = agreed();
    const folded = evolveEvent(before, { type: envelope.type, data: envelope.data }, { gameId: GAME_ID, at: T0 }, game.rulesets);
    expect(folded.forks).toEqual([{ version, forkId, seq: before.version + 1 }]);
    expect(folded.forkProposal).toBeUndefined();
  });
});

describe('RUL-9 MATCH the seed is shown only once the game ended', () => {
  it('RUL-9 MATCH a SeedRevealed recorded while the game is still in play reveals nothing', () => {
    // Every command writes SeedRevealed right after GameEnded; this log is given as is.
    const game = pigWith();
    game.given([{ type: 'SeedRevealed', data: { seed: 'b'.repeat(64), contributions: [] } }]);
    const match = matchOf(game);
    expect(match.status).toBe('playing');
    expect('seed' in match).toBe(false);
  });

  it('RUL-9 MATCH a SeedRevealed after GameEnded records the seed', () => {
    const game = pigWith();
    game.run({ type: 'Concede' }, blue);
    const match = matchOf(game);
    expect(match.status === 'ended' && match.seed).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("RUL-9 RUL-3 a player's seat taken in events not folded yet", () => {
  it("RUL-9 RUL-3 only a SeatJoined takes a seat: a ruleset's event naming a player and a seat takes none", () => {
    const game = pigWith();
    const claimed: DomainEvent = { type: 'SeatClaimed', data: { seat: 'blue', playerId: 'p_x' } };
    expect(seatOf(game.state, 'p_x', [claimed])).toBeNull();
  });

  it('RUL-9 RUL-3 only a SeatJoined takes a seat: another lifecycle event carrying a player and a seat takes none', () => {
    // No lifecycle event but SeatJoined carries a playerId, so this RolledOff is hand-made: the
    // event's type decides, not the shape of its data.
    const game = pigWith();
    const forged: DomainEvent = { type: 'RolledOff', data: { rounds: [], winner: 'red', seat: 'red', playerId: 'p_x' } };
    expect(seatOf(game.state, 'p_x', [forged])).toBeNull();
    const joined: DomainEvent = { type: 'SeatJoined', data: { seat: 'red', playerId: 'p_x', seedContribution: null } };
    expect(seatOf(game.state, 'p_x', [forged, joined])).toBe('red');
  });
});
