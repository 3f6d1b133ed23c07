/**
 * TB-6 forks and continuations (domain/match/fork.ts): the ids a fork is derived under; who may
 * read, and so fork, a private game; the fork decided on an origin that is missing, another
 * game's, at a version it never reached or not in play, or with sealed orders pending; the
 * continuation's options and players; the sandbox's acting seat; and the continuation agreed like
 * a draw (PBM-13): who may propose, accept and decline it, the organiser's proposal (no seat, so
 * nobody's agreement yet), a one-seat game agreeing at once, and how each event changes the
 * origin. Where no command reaches a state (a seat no player holds in a game in play, a proposal
 * left from an earlier phase, what the service asks before a proposal), the exported function is
 * called alone.
 */

import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import { type DomainEvent, type EventEnvelope, sealBatch } from '../../domain/kernel/envelope.ts';
import type { Decision } from '../../domain/kernel/violation.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import {
  acceptFork,
  actingSeat,
  continuationId,
  continuationRefused,
  type ForkOrigin,
  hiddenFrom,
  proposeFork,
  sandboxId,
} from '../../domain/match/fork.ts';
import type { MatchCtx } from '../../domain/match/match-ctx.ts';
import { emptyGame, type GameState, type Match } from '../../domain/match/state.ts';
import { ctxFor, GAME_ID, Game, matchOf, player, refusalOf, seat } from '../support/decider-spec.ts';
import { organisedPostGalactica, organiser, solunaDuel, sunSealed, system } from '../support/match-setups.ts';
import { pigWith } from '../support/pig.ts';
import { shoot } from '../support/soluna.ts';

const FORK_ID = 'g_fork';
const NOW = '2026-01-02T00:00:00.000Z';
const stranger = player('p_eve');
const red = seat('red');
const blue = seat('blue');
type Kind = 'sandbox' | 'continuation';

/** Sun seals its actions in `game`, which then awaits moon alone. */
const sealSun = (game: Game): Game => {
  game.run({ type: 'SubmitActions', actions: [shoot('meena', 'xul')] }, seat('sun'));
  return game;
};

/** The origin as the service hands it to the fork's decision: its state at `version`, and as it stands. */
const originOf = (game: Game, version: number): ForkOrigin => ({
  gameId: GAME_ID,
  at: foldGame(game.rulesets, game.log.slice(0, version)),
  head: game.state,
});

const forkCtx = (game: Game, actor: Actor, origin: ForkOrigin | undefined): MatchCtx => ({
  ...ctxFor(actor, undefined, NOW),
  rulesets: game.rulesets,
  seed: 'b'.repeat(64),
  ...(origin ? { origin } : {}),
});

/** `ForkGame` from `version` of the game, decided on the fork `forkId` (empty unless `onto` says otherwise). */
const decideFork = (
  game: Game,
  version: number,
  kind: Kind,
  actor: Actor,
  { forkId = FORK_ID, origin = originOf(game, version), onto = emptyGame as GameState } = {},
) => decideGame(onto, { type: 'ForkGame', from: { gameId: GAME_ID, version }, kind }, forkCtx(game, actor, origin), forkId);

const forkedOf = (decision: Decision<DomainEvent>) => {
  if (!decision.ok) throw new Error(`${decision.violation.code}: ${decision.violation.message}`);
  const [forked] = decision.events as [DomainEvent];
  expect(forked.type).toBe('GameForked');
  return forked.data as Record<string, unknown>;
};

/** The fork's log as the store writes its one event, folded. */
const foldedFork = (game: Game, decision: Decision<DomainEvent>): GameState => {
  if (!decision.ok) throw new Error(decision.violation.message);
  const log: EventEnvelope[] = sealBatch(null, decision.events, {
    gameId: FORK_ID,
    at: NOW,
    actor: 'system',
    commandId: 'c0',
    rulesVersion: 'test',
    command: null,
  });
  return foldGame(game.rulesets, log);
};

/** The continuation from the game's current version, proposed by red and accepted by blue: its version and derived id. */
const agreedContinuation = (game: Game) => {
  const version = game.state.version;
  game.run({ type: 'ProposeFork', version }, red);
  const forkId = continuationId(GAME_ID, game.state.version + 2);
  game.run({ type: 'AcceptFork' }, blue);
  return { version, forkId };
};

describe('RUL-9 TB-6 the ids a fork is derived under', () => {
  it('RUL-9 TB-6 a continuation’s id is derived from its origin and the seq of its agreement, so a retry finds the same game', () => {
    expect(continuationId('g_test', 7)).toBe('g_4466155470f5a766ffeb');
    expect(continuationId('g_test', 8)).toBe('g_7c17313d5d7d50119088');
    expect(continuationId('g_other', 7)).toBe('g_c5fc43989b6d03e4b865');
  });

  it('RUL-9 TB-6 a sandbox’s id is derived from its requester and their command id, as a game’s is', () => {
    expect(sandboxId('p_ann', 'fork-00001')).toBe('g_144a681a4bbd1fac3a7e');
    expect(sandboxId('p_ann', 'fork-00002')).toBe('g_29fadac3f9d14ca73621');
    expect(sandboxId('p_bob', 'fork-00001')).toBe('g_20f861b2254522759bca');
  });
});

describe('RUL-9 TB-6 API-8 who may read a game may fork it', () => {
  it('RUL-9 TB-6 API-8 a stranger to a private game may not fork it; its seats and its unseated organiser may', () => {
    const game = organisedPostGalactica({ visibility: 'private' });
    const version = game.state.version;
    expect(refusalOf(decideFork(game, version, 'sandbox', stranger))).toMatchObject({
      code: 'NOT_READABLE',
      rule: 'TB-6',
      status: 403,
      message: 'Only who may read a game may fork it (API-8).',
    });
    expect(forkedOf(decideFork(game, version, 'sandbox', player('p_blue')))).toMatchObject({
      createdBy: 'p_blue',
      players: { red: 'p_blue', blue: 'p_blue' },
    });
    expect(forkedOf(decideFork(game, version, 'sandbox', organiser))).toMatchObject({
      createdBy: 'p_org',
      players: { red: 'p_org', blue: 'p_org' },
    });
  });

  it('RUL-9 TB-6 a sandbox is a player’s: the system may not start one', () => {
    const game = organisedPostGalactica();
    expect(refusalOf(decideFork(game, game.state.version, 'sandbox', system))).toMatchObject({
      code: 'PLAYERS_ONLY',
      rule: 'TB-6',
      status: 403,
      message: 'A sandbox is a player’s.',
    });
  });
});

describe('RUL-9 TB-6 a fork is decided on its origin', () => {
  it('RUL-9 TB-6 MATCH a fork is a new game: an id that already names one is refused', () => {
    const game = organisedPostGalactica();
    expect(refusalOf(decideFork(game, game.state.version, 'sandbox', player('p_red'), { onto: game.state }))).toMatchObject({
      code: 'GAME_EXISTS',
      rule: 'MATCH',
      status: 409,
      message: 'A game with this id already exists.',
    });
  });

  it('RUL-9 TB-6 without its origin’s log, with another game’s, or with a game that has no events, a fork is refused', () => {
    const game = organisedPostGalactica();
    const version = game.state.version;
    const noOrigin = `A fork is decided with the log of the game it comes from, ${GAME_ID}.`;
    const expected = { code: 'NO_ORIGIN', rule: 'TB-6', status: 409, message: noOrigin };
    const missing = decideGame(
      emptyGame,
      { type: 'ForkGame', from: { gameId: GAME_ID, version }, kind: 'sandbox' },
      forkCtx(game, player('p_red'), undefined),
      FORK_ID,
    );
    expect(refusalOf(missing)).toMatchObject(expected);
    const another = { ...originOf(game, version), gameId: 'g_another' };
    expect(refusalOf(decideFork(game, version, 'sandbox', player('p_red'), { origin: another }))).toMatchObject(expected);
    // The store's answer for a game it does not hold: nothing at any version, nothing now.
    const none: ForkOrigin = { gameId: GAME_ID, at: emptyGame, head: emptyGame };
    expect(refusalOf(decideFork(game, 0, 'sandbox', player('p_red'), { origin: none }))).toMatchObject(expected);
  });

  it('RUL-9 TB-6 a version the origin has not reached, or its version 0, is no version to fork from', () => {
    const game = organisedPostGalactica();
    const beyond = game.state.version + 3;
    expect(refusalOf(decideFork(game, beyond, 'sandbox', player('p_red')))).toMatchObject({
      code: 'NO_SUCH_VERSION',
      rule: 'TB-6',
      status: 409,
      message: `The game has no version ${beyond}; fork from a version it has reached.`,
    });
    expect(refusalOf(decideFork(game, 0, 'sandbox', player('p_red')))).toMatchObject({
      code: 'NO_SUCH_VERSION',
      message: 'The game has no version 0; fork from a version it has reached.',
    });
  });

  it('RUL-9 TB-6 a version before play began, or where the game had ended, has no position in play, and says which', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'Concede' }, blue);
    expect(refusalOf(decideFork(game, 1, 'sandbox', player('p_red')))).toMatchObject({
      code: 'NOT_IN_PLAY',
      rule: 'TB-6',
      message: 'At version 1 the game had not started yet, so there is no position in play to fork.',
    });
    const last = game.state.version;
    expect(refusalOf(decideFork(game, last, 'sandbox', player('p_red')))).toMatchObject({
      code: 'NOT_IN_PLAY',
      message: `At version ${last} the game had ended, so there is no position in play to fork.`,
    });
  });

  it('RUL-9 TB-6 from an ended game a sandbox may start where sealed orders were pending: the seed is revealed, nothing is hidden', () => {
    const game = sunSealed();
    const sealedAt = game.state.version;
    game.run({ type: 'Concede' }, seat('moon'));
    expect(forkedOf(decideFork(game, sealedAt, 'sandbox', player('p_moon')))).toMatchObject({
      kind: 'sandbox',
      createdBy: 'p_moon',
      players: { sun: 'p_moon', moon: 'p_moon' },
    });
  });

  it('RUL-9 TB-6 hiddenFrom: only a game in play has sealed orders pending, an ended one none (its seed is revealed)', () => {
    // The fork's decision asks only of a state in play, so the function is called alone on the others.
    const game = sunSealed();
    const sealed = matchOf(game);
    expect(hiddenFrom(game.rulesets, sealed, 'moon')).toEqual(['sun']);
    expect(hiddenFrom(game.rulesets, sealed, 'sun')).toEqual([]);
    game.run({ type: 'Concede' }, seat('moon'));
    expect(hiddenFrom(game.rulesets, game.state, null)).toEqual([]);
    expect(hiddenFrom(game.rulesets, emptyGame, null)).toEqual([]);
  });
});

describe('RUL-9 TB-6 a continuation, started by the server for the fork every seat agreed', () => {
  it('RUL-9 TB-6 a player may not start even an agreed continuation: the server starts it', () => {
    const game = organisedPostGalactica();
    const { version, forkId } = agreedContinuation(game);
    expect(refusalOf(decideFork(game, version, 'continuation', player('p_red'), { forkId }))).toMatchObject({
      code: 'NOT_AGREED',
      rule: 'TB-6',
      status: 409,
      message: 'A continuation starts when every seat has accepted it: propose one with POST /games/{id}/forks.',
    });
  });

  it('RUL-9 TB-6 only the fork agreed, under its id and from its version, starts: another id or version is refused', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'EndPhase' }, red);
    const { version, forkId } = agreedContinuation(game);
    expect(refusalOf(decideFork(game, version, 'continuation', system, { forkId: 'g_other' }))).toMatchObject({
      code: 'NOT_AGREED',
      message: `No continuation from version ${version} called g_other was agreed on ${GAME_ID}.`,
    });
    const earlier = version - 1;
    expect(refusalOf(decideFork(game, earlier, 'continuation', system, { forkId }))).toMatchObject({
      code: 'NOT_AGREED',
      message: `No continuation from version ${earlier} called ${forkId} was agreed on ${GAME_ID}.`,
    });
    expect(forkedOf(decideFork(game, version, 'continuation', system, { forkId }))).toMatchObject({ kind: 'continuation' });
  });

  it('RUL-9 TB-6 a continuation keeps the origin’s options (deadlines and visibility) and its players, and folds to them', () => {
    const game = organisedPostGalactica({ visibility: 'private' });
    const { version, forkId } = agreedContinuation(game);
    const decision = decideFork(game, version, 'continuation', system, { forkId });
    const data = forkedOf(decision);
    expect(data.options).toEqual(matchOf(game).options);
    expect(data.options).toMatchObject({ deadlines: { default: 'PT1H' }, visibility: 'private' });
    expect(data).toMatchObject({ createdBy: 'p_org', players: { red: 'p_red', blue: 'p_blue' } });
    expect(foldedFork(game, decision)).toMatchObject({
      status: 'playing',
      seats: [
        { name: 'red', playerId: 'p_red', seedContribution: null },
        { name: 'blue', playerId: 'p_blue', seedContribution: null },
      ],
    });
  });

  it('RUL-9 TB-6 a continuation agreed where sealed orders are pending is refused: GameForked is public to every seat', () => {
    // ProposeFork leaves that check to the service (continuationRefused), so the seats can agree to it here.
    const game = sunSealed();
    const version = game.state.version;
    game.run({ type: 'ProposeFork', version }, seat('sun'));
    const forkId = continuationId(GAME_ID, game.state.version + 2);
    game.run({ type: 'AcceptFork' }, seat('moon'));
    expect(refusalOf(decideFork(game, version, 'continuation', system, { forkId }))).toMatchObject({
      code: 'HIDDEN_ORDERS_PENDING',
      rule: 'TB-6',
      status: 409,
      message: `At version ${version} sun had sealed orders the other seats may not see yet; fork from a version before they sealed or after the reveal, or once the game has ended.`,
    });
  });

  it('RUL-9 TB-6 a seat no player holds is carried with no player into the continuation', () => {
    // No command empties a seat of a game in play, so the origin's state is given with blue emptied.
    const game = organisedPostGalactica();
    const { version, forkId } = agreedContinuation(game);
    const origin = originOf(game, version);
    const at = origin.at as Match;
    const emptied = { ...at, seats: at.seats.map((s) => (s.name === 'blue' ? { ...s, playerId: null } : s)) };
    const decision = decideFork(game, version, 'continuation', system, { forkId, origin: { ...origin, at: emptied } });
    expect(forkedOf(decision)).toMatchObject({ players: { red: 'p_red', blue: '' } });
  });

  it('RUL-9 TB-6 continuationRefused: what the service asks before a proposal, from every version', () => {
    // The service's own question (functions/games/app/forks.ts); no command of the decider asks it.
    const game = organisedPostGalactica();
    game.run({ type: 'EndPhase' }, red);
    const at = (version: number) => foldGame(game.rulesets, game.log.slice(0, version));
    const version = game.state.version;
    expect(continuationRefused(game.rulesets, at(version), version)).toBeNull();
    expect(continuationRefused(game.rulesets, at(version), version + 1)).toMatchObject({
      ok: false,
      violation: { code: 'NO_SUCH_VERSION', rule: 'TB-6' },
    });
    const sealed = solunaDuel();
    const before = sealed.state.version;
    sealSun(sealed);
    const sealedAt = sealed.state.version;
    expect(continuationRefused(sealed.rulesets, sealed.state, sealedAt)).toMatchObject({
      ok: false,
      violation: {
        code: 'HIDDEN_ORDERS_PENDING',
        rule: 'TB-6',
        message: `At version ${sealedAt} sun had sealed orders the other seats may not see yet; fork from a version before they sealed or after the reveal, or once the game has ended.`,
      },
    });
    expect(continuationRefused(sealed.rulesets, foldGame(sealed.rulesets, sealed.log.slice(0, before)), before)).toBeNull();
  });
});

describe('RUL-9 TB-6 the seat a player acts as', () => {
  it('RUL-9 TB-6 in a sandbox its player acts as the seat awaited, not the first; in the origin its creator acts as its own seat', () => {
    const game = sunSealed();
    const version = game.state.version;
    // Sun has sealed: the game awaits moon alone.
    const sandbox = foldedFork(game, decideFork(game, version, 'sandbox', player('p_sun')));
    expect(actingSeat(game.rulesets, sandbox, 'p_sun')).toBe('moon');
    expect(actingSeat(game.rulesets, game.state, 'p_sun')).toBe('sun');
    expect(actingSeat(game.rulesets, game.state, 'p_moon')).toBe('moon');
    expect(actingSeat(game.rulesets, emptyGame, 'p_sun')).toBeNull();
  });

  it('RUL-9 TB-6 a sandbox’s seats are all its requester’s, folded from GameForked', () => {
    const game = organisedPostGalactica();
    const sandbox = foldedFork(game, decideFork(game, game.state.version, 'sandbox', player('p_blue')));
    expect(sandbox).toMatchObject({
      seats: [
        { name: 'red', playerId: 'p_blue', seedContribution: null },
        { name: 'blue', playerId: 'p_blue', seedContribution: null },
      ],
      fork: { kind: 'sandbox' },
    });
  });
});

describe('RUL-9 TB-6 PBM-13 who may propose, accept and decline a continuation', () => {
  it('RUL-9 TB-6 a player who holds no seat and is not the organiser, or the system, may not propose one', () => {
    const game = organisedPostGalactica();
    const version = game.state.version;
    for (const actor of [stranger, system]) {
      expect(game.when({ type: 'ProposeFork', version }, actor).thenRejects('TB-6', 'NOT_SEATED')).toMatchObject({
        status: 403,
        message: 'Only a seat or the organiser may propose a continuation.',
      });
    }
  });

  it('RUL-9 TB-6 a seat that is not the organiser may propose one while the game is played', () => {
    const game = organisedPostGalactica();
    const version = game.state.version;
    game
      .when({ type: 'ProposeFork', version }, blue)
      .then([{ type: 'ForkProposed', data: { by: 'blue', version, phaseKey: 't1-command' } }]);
  });

  it('RUL-9 TB-6 nobody proposes one before the game is played', () => {
    const game = new Game();
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' }, player('p_red'));
    const refusal = game.when({ type: 'ProposeFork', version: 1 }, red).thenRejects('TB-6', 'GAME_NOT_PLAYING');
    expect(refusal.status).toBe(409);
  });

  it('RUL-9 TB-6 a second proposal while one is open is refused, naming its proposer or the organiser', () => {
    const game = organisedPostGalactica();
    const version = game.state.version;
    game.run({ type: 'ProposeFork', version }, red);
    expect(game.when({ type: 'ProposeFork', version }, blue).thenRejects('TB-6', 'ALREADY_PROPOSED').message).toBe(
      `red has already proposed a continuation from version ${version}; accept or decline it.`,
    );
    const ruled = organisedPostGalactica();
    ruled.run({ type: 'ProposeFork', version }, organiser);
    expect(ruled.when({ type: 'ProposeFork', version }, red).thenRejects('TB-6', 'ALREADY_PROPOSED').message).toBe(
      `The organiser has already proposed a continuation from version ${version}; accept or decline it.`,
    );
  });

  it('RUL-9 TB-6 only a seated player may accept one: not the unseated organiser, not the system', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'ProposeFork', version: game.state.version }, red);
    for (const actor of [organiser, system]) {
      expect(game.when({ type: 'AcceptFork' }, actor).thenRejects('TB-6', 'NOT_SEATED')).toMatchObject({
        status: 403,
        message: 'Only a seated player may accept a continuation.',
      });
    }
  });

  it('RUL-9 TB-6 the unseated organiser’s proposal has nobody’s agreement yet; a seat’s acceptance is folded, and the organiser may withdraw it', () => {
    const game = organisedPostGalactica();
    const version = game.state.version;
    game
      .when({ type: 'ProposeFork', version }, organiser)
      .then([{ type: 'ForkProposed', data: { by: null, version, phaseKey: 't1-command' } }]);
    game.run({ type: 'ProposeFork', version }, organiser);
    expect(matchOf(game).forkProposal).toEqual({ by: null, version, phaseKey: 't1-command', agreed: [] });
    game.when({ type: 'AcceptFork' }, red).then([{ type: 'ForkAccepted', data: { seat: 'red' } }]);
    game.run({ type: 'AcceptFork' }, red);
    expect(matchOf(game).forkProposal).toEqual({ by: null, version, phaseKey: 't1-command', agreed: ['red'] });
    game.when({ type: 'AcceptFork' }, red).thenRejects('TB-6', 'ALREADY_AGREED');
    game.when({ type: 'DeclineFork' }, organiser).then([{ type: 'ForkDeclined', data: { seat: null } }]);
    game.run({ type: 'DeclineFork' }, organiser);
    expect(matchOf(game).forkProposal).toBeUndefined();
    expect(matchOf(game).forks).toBeUndefined();
  });

  it('RUL-9 TB-6 the unseated organiser may not decline a seat’s proposal, nor may a stranger; with nothing proposed a seat has nothing to decline', () => {
    const game = organisedPostGalactica();
    game.when({ type: 'DeclineFork' }, blue).thenRejects('TB-6', 'NOTHING_PROPOSED');
    game.when({ type: 'DeclineFork' }, organiser).thenRejects('TB-6', 'NOT_SEATED');
    game.run({ type: 'ProposeFork', version: game.state.version }, red);
    for (const actor of [organiser, stranger]) {
      expect(game.when({ type: 'DeclineFork' }, actor).thenRejects('TB-6', 'NOT_SEATED')).toMatchObject({
        status: 403,
        message: 'Only a seat, or the organiser who proposed it, may decline a continuation.',
      });
    }
  });

  it('RUL-9 TB-6 a seat’s declining folds to no proposal and no agreed fork', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'ProposeFork', version: game.state.version }, red);
    game.run({ type: 'DeclineFork' }, blue);
    expect(matchOf(game).forkProposal).toBeUndefined();
    expect(matchOf(game).forks).toBeUndefined();
    expect(game.log.at(-1)).toMatchObject({ type: 'ForkDeclined', data: { seat: 'blue' } });
  });

  it('RUL-9 TB-6 TB-3 the organiser’s ruling on an ended game (phase "") is open: its seats accept it, and the last agrees it', () => {
    const game = organisedPostGalactica();
    game.run({ type: 'Concede' }, blue);
    game.run({ type: 'ProposeFork', version: 4 }, organiser);
    game.when({ type: 'AcceptFork' }, red).then([{ type: 'ForkAccepted', data: { seat: 'red' } }]);
    game.run({ type: 'AcceptFork' }, red);
    const seq = game.state.version + 2;
    game.when({ type: 'AcceptFork' }, blue).then([
      { type: 'ForkAccepted', data: { seat: 'blue' } },
      { type: 'ForkAgreed', data: { version: 4, forkId: continuationId(GAME_ID, seq) } },
    ]);
  });
});

describe('RUL-9 TB-6 PBM-13 every seat agrees: one seat, or a seat no player holds', () => {
  it('RUL-9 TB-6 PBM-13 a seat alone is every seat: its proposal is the agreement', () => {
    const game = pigWith(['red']);
    const version = game.state.version;
    const seq = version + 2;
    game.when({ type: 'ProposeFork', version }, red).then([
      { type: 'ForkProposed', data: { by: 'red', version, phaseKey: matchOf(game).step?.key } },
      { type: 'ForkAgreed', data: { version, forkId: continuationId(GAME_ID, seq) } },
    ]);
    // The organiser is no seat: its proposal waits for red.
    expect(game.when({ type: 'ProposeFork', version }, organiser).events).toHaveLength(1);
  });

  it('RUL-9 TB-6 PBM-13 a seat no player holds need not agree', () => {
    // No command empties a seat of a game in play, so the proposal is decided on such a match directly.
    const game = organisedPostGalactica();
    const match = matchOf(game);
    const redAlone: Match = { ...match, seats: match.seats.map((s) => (s.name === 'blue' ? { ...s, playerId: null } : s)) };
    const version = match.version;
    expect(proposeFork(redAlone, { version }, ctxFor(red), version + 1)).toEqual({
      ok: true,
      events: [
        { type: 'ForkProposed', data: { by: 'red', version, phaseKey: 't1-command' } },
        { type: 'ForkAgreed', data: { version, forkId: continuationId(GAME_ID, version + 2) } },
      ],
    });
  });

  it('RUL-9 TB-6 PBM-13 a proposal left from an earlier phase is no open proposal: nothing to accept', () => {
    // The fold drops a proposal when its phase ends (lapse), so no command meets a stale one: decided directly.
    const game = organisedPostGalactica();
    const match = matchOf(game);
    const stale: Match = { ...match, forkProposal: { by: 'red', version: 3, phaseKey: 't0-command', agreed: ['red'] } };
    expect(refusalOf(acceptFork(stale, ctxFor(blue), match.version + 1)).code).toBe('NOTHING_PROPOSED');
  });
});
