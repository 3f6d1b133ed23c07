/**
 * TB-6 forks in the domain: the continuation agreed like a draw (PBM-13), the fork decided on its
 * origin's state (`ctx.origin`), the sandbox's player acting as the seat awaited, and the origin
 * check of `verify` proving the shared prefix.
 */
import { describe, expect, it } from 'vitest';
import { type DomainEvent, type EventEnvelope, sealBatch } from '../../domain/kernel/envelope.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { actingSeat, continuationId, type ForkOrigin } from '../../domain/match/fork.ts';
import type { MatchCtx } from '../../domain/match/match-ctx.ts';
import { emptyGame, type GameState, type Match } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { LOG_FORMAT, type ParsedLog } from '../../domain/verify/log.ts';
import { checkOrigin } from '../../domain/verify/origin-check.ts';
import { integrationEvents } from '../../functions/games/app/publishing.ts';
import type { IntegrationEvent } from '../../functions/kernel/ports.ts';
import { kindFor, noticeOf } from '../../functions/notifications/app/webhook-fanout.ts';
import { noticeText } from '../../functions/notifications/app/webhook-messages.ts';
import { ctxFor, GAME_ID, type Game, player, seat, startedPostGalactica } from '../support/decider-spec.ts';
import { rechain } from '../support/older-rules.ts';
import { mission, playing, profile, shoot } from '../support/soluna.ts';

const RULESETS = everyRuleset();
const FORK_ID = 'g_fork';
const NOW = '2026-01-02T00:00:00.000Z';

/** The origin as the service hands it to the fork's decision: its state at `version`, and as it stands. */
const originOf = (game: Game, version: number): ForkOrigin => ({
  gameId: GAME_ID,
  at: foldGame(RULESETS, game.log.slice(0, version)),
  head: game.state,
});

const forkCtx = (game: Game, version: number, actor = player('p_red')): MatchCtx => ({
  ...ctxFor(actor, undefined, NOW),
  seed: 'b'.repeat(64),
  origin: originOf(game, version),
});

const decideFork = (game: Game, version: number, kind: 'sandbox' | 'continuation', actor = player('p_red')) =>
  decideGame(emptyGame, { type: 'ForkGame', from: { gameId: GAME_ID, version }, kind }, forkCtx(game, version, actor), FORK_ID);

/** The fork's log: its one GameForked event as the store writes it. */
const forkLog = (game: Game, version: number, kind: 'sandbox' | 'continuation', actor = player('p_red')): EventEnvelope[] => {
  const decision = decideFork(game, version, kind, actor);
  if (!decision.ok) throw new Error(decision.violation.message);
  const command = { type: 'ForkGame', from: { gameId: GAME_ID, version }, kind };
  const label = actor.kind === 'system' ? 'system' : `player:${actor.kind === 'player' ? actor.playerId : ''}`;
  return sealBatch(null, decision.events, { gameId: FORK_ID, at: NOW, actor: label, commandId: 'c0', rulesVersion: 'test', command });
};

const parsed = (gameId: string, events: readonly EventEnvelope[], state: GameState): ParsedLog => ({
  header: {
    format: LOG_FORMAT,
    gameId,
    ruleset: state.status === 'empty' ? '' : state.ruleset,
    rulesVersion: 'test',
    seats: [],
    seedCommitment: '',
    status: state.status,
    seed: null,
    viewer: null,
    state: null,
  },
  events,
});

/** A Sol'una game whose first phase awaits both seats; sun (p_sun) has sealed its actions. */
const sunSealed = (): Game => {
  const game = playing(
    mission([profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })], [profile({ id: 'xul', mind: 10, at: [3, 0], leader: true })]),
  );
  game.run({ type: 'SubmitActions', actions: [shoot('meena', 'xul')] }, seat('sun'));
  return game;
};

describe('TB-6 a continuation, agreed by every seat', () => {
  it('TB-6 PBM-13 a seat proposes, the other accepts: ForkAgreed names the fork the service starts, under an id derived from it', () => {
    const game = startedPostGalactica();
    const version = game.state.version;
    expect(game.run({ type: 'ProposeFork', version }, seat('red'))).toEqual([
      { type: 'ForkProposed', data: { by: 'red', version, phaseKey: 't1-command' } },
    ]);
    expect(game.state).toMatchObject({ forkProposal: { by: 'red', version, agreed: ['red'] } });
    game.when({ type: 'AcceptFork' }, seat('red')).thenRejects('TB-6', 'ALREADY_AGREED');
    const seq = game.state.version + 2;
    game.when({ type: 'AcceptFork' }, seat('blue')).then([
      { type: 'ForkAccepted', data: { seat: 'blue' } },
      { type: 'ForkAgreed', data: { version, forkId: continuationId(GAME_ID, seq) } },
    ]);
    game.run({ type: 'AcceptFork' }, seat('blue'));
    const state = game.state;
    expect(state.status !== 'empty' && state.forks).toEqual([{ version, forkId: continuationId(GAME_ID, seq), seq }]);
    expect(state.status !== 'empty' && state.forkProposal).toBeUndefined();
  });

  it('TB-6 PBM-13 a proposal lapses when its phase ends, and a declined one is gone', () => {
    const game = startedPostGalactica();
    game.run({ type: 'ProposeFork', version: 3 }, seat('red'));
    game.run({ type: 'EndPhase' }, seat('red'));
    expect(game.state.status !== 'empty' && game.state.forkProposal).toBeUndefined();
    game.when({ type: 'AcceptFork' }, seat('blue')).thenRejects('TB-6', 'NOTHING_PROPOSED');
    game.run({ type: 'ProposeFork', version: 3 }, seat('red'));
    game.when({ type: 'DeclineFork' }, seat('blue')).then([{ type: 'ForkDeclined', data: { seat: 'blue' } }]);
  });

  it('TB-6 TB-3 an ended game continues only by its organiser’s ruling; a seat that is not the organiser may not propose it', () => {
    const game = startedPostGalactica();
    game.run({ type: 'Concede' }, seat('blue'));
    game.when({ type: 'ProposeFork', version: 4 }, seat('blue')).thenRejects('TB-6', 'RULING_NEEDED');
    // p_red created the game: its ruling is proposed in the ended game's step ('') and does not lapse.
    game
      .when({ type: 'ProposeFork', version: 4 }, seat('red'))
      .then([{ type: 'ForkProposed', data: { by: 'red', version: 4, phaseKey: '' } }]);
    game.when({ type: 'ProposeFork', version: 99 }, seat('red')).thenRejects('TB-6', 'NO_SUCH_VERSION');
  });
});

describe('TB-6 the fork decided on its origin', () => {
  it('TB-6 a sandbox carries the origin’s position at the version, its chain hash there, a seed of its own, and folds alone', () => {
    const game = startedPostGalactica();
    game.run({ type: 'EndPhase' }, seat('red'));
    const version = game.state.version - 1;
    const at = foldGame(RULESETS, game.log.slice(0, version));
    const [forked] = forkLog(game, version, 'sandbox');
    expect(forked?.data).toMatchObject({
      from: { gameId: GAME_ID, version, hash: game.log[version - 1]?.hash },
      kind: 'sandbox',
      seats: ['red', 'blue'],
      players: { red: 'p_red', blue: 'p_red' },
      createdBy: 'p_red',
      options: { visibility: 'private', deadlines: {} },
    });
    const fork = foldGame(RULESETS, forkLog(game, version, 'sandbox'));
    expect(fork.status === 'playing' && at.status === 'playing' && fork.rules).toEqual(at.status === 'playing' && at.rules);
    expect(fork).toMatchObject({ gameId: FORK_ID, version: 1, fork: { from: { version }, kind: 'sandbox' } });
    expect(fork.status !== 'empty' && fork.seedCommitment).not.toBe(game.state.status !== 'empty' && game.state.seedCommitment);
  });

  it('TB-6 refused where sealed orders hidden from the requester are pending, allowed to their sealer, and never before play', () => {
    const game = sunSealed();
    const version = game.state.version;
    const refused = decideFork(game, version, 'sandbox', player('p_moon'));
    expect(refused.ok || refused.violation).toMatchObject({ rule: 'TB-6', code: 'HIDDEN_ORDERS_PENDING', status: 409 });
    expect(refused.ok || refused.violation.message).toContain('sun had sealed orders you may not see yet');
    expect(decideFork(game, version, 'sandbox', player('p_sun')).ok).toBe(true);
    expect(decideFork(game, version - 2, 'sandbox', player('p_moon')).ok).toBe(true);
    const lobby = decideFork(game, 1, 'sandbox', player('p_moon'));
    expect(lobby.ok || lobby.violation).toMatchObject({ code: 'NOT_IN_PLAY' });
  });

  it('TB-6 a continuation is the server’s, and only one every seat agreed; a player may not start one', () => {
    const game = startedPostGalactica();
    const version = game.state.version;
    const byPlayer = decideFork(game, version, 'continuation', player('p_red'));
    expect(byPlayer.ok || byPlayer.violation).toMatchObject({ code: 'NOT_AGREED' });
    const unagreed = decideFork(game, version, 'continuation', { kind: 'system' });
    expect(unagreed.ok || unagreed.violation).toMatchObject({ code: 'NOT_AGREED' });
    game.run({ type: 'ProposeFork', version }, seat('red'));
    const seq = game.state.version + 2;
    game.run({ type: 'AcceptFork' }, seat('blue'));
    const agreed = decideGameAs(game, version, continuationId(GAME_ID, seq));
    expect(agreed.ok && agreed.events[0]?.data).toMatchObject({ kind: 'continuation', players: { red: 'p_red', blue: 'p_blue' } });
  });

  it('TB-6 in a sandbox its player acts as the seat the game awaits', () => {
    const game = sunSealed();
    const sandbox = foldGame(RULESETS, forkLog(game, game.state.version - 2, 'sandbox'));
    expect(actingSeat(RULESETS, sandbox, 'p_red')).toBe('sun');
    expect(actingSeat(RULESETS, sandbox, 'p_moon')).toBeNull();
  });
});

/** The continuation's ForkGame decided by the server, under `forkId`. */
const decideGameAs = (game: Game, version: number, forkId: string) =>
  decideGame(
    emptyGame,
    { type: 'ForkGame', from: { gameId: GAME_ID, version }, kind: 'continuation' },
    forkCtx(game, version, { kind: 'system' }),
    forkId,
  );

/**
 * A sandbox forked at the start of a Post Galactica game whose origin went on one phase. Played in
 * each test, not when the file is collected: code run outside a test is code StrykerJS cannot
 * attribute to one (RUL-9), so every mutant on that path would run every test of its scope.
 */
const forkedAtStart = () => {
  const game = startedPostGalactica();
  const version = game.state.version;
  game.run({ type: 'EndPhase' }, seat('red'));
  const fork = parsed(FORK_ID, forkLog(game, version, 'sandbox'), emptyGame);
  const origin = parsed(GAME_ID, game.log, game.state);
  return { game, version, fork, origin };
};

describe('TB-6 verify proves the shared prefix with the origin’s log', () => {
  it('TB-6 the fork’s first event re-decided on the origin’s fold is the logged one; without the origin the check is pending', () => {
    const { fork, origin } = forkedAtStart();
    expect(checkOrigin(fork, origin, RULESETS)).toMatchObject({ check: 'origin', ok: true });
    expect(checkOrigin(fork, undefined, RULESETS)).toMatchObject({ check: 'origin', pending: true });
  });

  it('TB-6 a tampered prefix fails at its line; re-chained, at the version the fork names; a forged carried state at line 2', () => {
    const { game, version, fork, origin } = forkedAtStart();
    const altered = game.log.map((e, i) => (i === 1 ? { ...e, data: { ...(e.data as object), seat: 'blue' } } : e));
    expect(checkOrigin(fork, { ...origin, events: altered }, RULESETS)).toMatchObject({ ok: false, line: 3 });
    expect(checkOrigin(fork, { ...origin, events: rechain(altered) }, RULESETS)).toMatchObject({ ok: false, line: version + 1 });
    const [first] = fork.events as [EventEnvelope];
    const data = first.data as { rules: { round: number } };
    const forged: DomainEvent = { type: first.type, data: { ...data, rules: { ...data.rules, round: 7 } } };
    const forgedLog = { ...fork, events: rechain([{ ...first, data: forged.data }]) };
    const result = checkOrigin(forgedLog, origin, RULESETS);
    expect(result).toMatchObject({ ok: false, line: 2 });
    expect(result?.verdict).toBe(`origin: line 2 (event 1) differs from the fork its origin's log decides at version ${version}`);
  });
});

describe('TB-7 every seat hears of a continuation', () => {
  it('TB-7 a proposal and a started continuation become integration events every seat’s continuation or your-turn subscription hears', () => {
    const game = startedPostGalactica();
    const version = game.state.version;
    const before = game.state;
    game.run({ type: 'ProposeFork', version }, seat('red'));
    const proposal = game.log.at(-1) as EventEnvelope;
    const [proposed] = integrationEvents(RULESETS, [{ event: proposal, before, after: game.state }]);
    expect(proposed).toMatchObject({ id: `${GAME_ID}:${proposal.seq}:ForkProposed`, type: 'ForkProposed', detail: { by: 'red', version } });
    const event = proposed as IntegrationEvent;
    expect(kindFor(event, ['your-turn'], 'p_blue')).toBe('continuation');
    expect(kindFor(event, ['continuation'], 'p_red')).toBe('continuation');
    expect(kindFor(event, ['game-ended'], 'p_blue')).toBeNull();
    const state = game.state as Match;
    const notice = noticeOf(RULESETS, event, 'continuation', 'wh_1', state, new Map([['p_red', 'Ann']]));
    expect(noticeText(notice)).toBe(
      `Ann (red) proposed continuing Post Galactica game ${GAME_ID} from version ${version} in a new game; it starts when every seat accepts (AcceptFork).`,
    );

    const seq = game.state.version + 2;
    game.run({ type: 'AcceptFork' }, seat('blue'));
    const [forked] = sealBatch(
      null,
      (decideGameAs(game, version, continuationId(GAME_ID, seq)) as { events: readonly DomainEvent[] }).events,
      {
        gameId: FORK_ID,
        at: NOW,
        actor: 'system',
        commandId: '@fork',
        rulesVersion: 'test',
        command: null,
      },
    ) as [EventEnvelope];
    const after = foldGame(RULESETS, [forked]);
    const [started] = integrationEvents(RULESETS, [{ event: forked, before: emptyGame, after }]);
    // Only where it came from: never the state the event carries.
    expect(started).toMatchObject({ type: 'ContinuationStarted', detail: { from: { gameId: GAME_ID, version } } });
    expect(Object.keys((started as IntegrationEvent).detail)).toEqual(['from']);
    const startedNotice = noticeOf(RULESETS, started as IntegrationEvent, 'continuation', 'wh_1', after as Match, new Map());
    expect(noticeText(startedNotice)).toBe(
      `Post Galactica game ${FORK_ID} has started: it continues game ${GAME_ID} from version ${version}, with the same seats and new deadlines.`,
    );
  });
});
