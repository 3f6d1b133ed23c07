/**
 * TB-6 the origin check of `arbiter verify fork.ndjson --origin origin.ndjson`
 * (domain/verify/origin-check.ts), on real pairs of logs: an origin played with the `Game`
 * harness, and its fork's `GameForked` decided on that origin as the service decides it
 * (functions/games/app/forks.ts: the origin at the fork's version and as it stood when the fork was
 * made), both exported as GET /games/{id}/log writes them. Each way the pair can be wrong is one
 * edit of a real log, and each test asserts the whole check result: name, outcome, line, verdict.
 * Everything is built inside the tests: code run when the file is collected is code StrykerJS
 * cannot attribute to one test.
 */
import { describe, expect, it } from 'vitest';
import { type Actor, actorLabel } from '../../domain/kernel/context.ts';
import { seedCommitment } from '../../domain/kernel/dice.ts';
import { type EventEnvelope, sealBatch } from '../../domain/kernel/envelope.ts';
import { canonicalJson } from '../../domain/kernel/hash.ts';
import { decideGame } from '../../domain/match/decide.ts';
import type { GameForked } from '../../domain/match/events.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { continuationId } from '../../domain/match/fork.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { redactEvents } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { logHeader, type ParsedLog, parseLog, serializeLog } from '../../domain/verify/log.ts';
import { checkOrigin } from '../../domain/verify/origin-check.ts';
import { ctxFor, GAME_ID, type Game, player, seat, startedPostGalactica } from '../support/decider-spec.ts';
import { rechain } from '../support/older-rules.ts';
import { mission, playing, profile, shoot } from '../support/soluna.ts';

const RULESETS = everyRuleset();
const SANDBOX_ID = 'g_sandbox';
/** The origin is played at the harness's time (2026-01-01); the fork is made a day later; the origin goes on a day after that. */
const FORK_AT = '2026-01-02T00:00:00.000Z';
const LATER = '2026-01-03T00:00:00.000Z';
/** The fork's own seed: the service draws a new one for every fork. */
const FORK_SEED = 'b'.repeat(64);

/** A game's log as GET /games/{id}/log exports it (functions/games/app/export.ts) and `arbiter verify` reads it back. */
const exported = (gameId: string, events: readonly EventEnvelope[], state: GameState, viewer: string | null = null): ParsedLog => {
  if (state.status === 'empty') throw new Error('no game to export');
  return parseLog(serializeLog(logHeader(RULESETS, gameId, state, viewer), events));
};

/** The origin's whole log (an ended game's export, or a running one with nothing sealed in it). */
const originLog = (game: Game, events: readonly EventEnvelope[] = game.log): ParsedLog => exported(GAME_ID, events, game.state);

/** A fork's log exported: it folds alone from its GameForked. */
const forkLogOf = (forkId: string, events: readonly EventEnvelope[]): ParsedLog => exported(forkId, events, foldGame(RULESETS, events));

interface ForkRequest {
  readonly version: number;
  readonly kind: 'sandbox' | 'continuation';
  readonly actor: Actor;
  readonly forkId: string;
  /** The origin as the service loads it when the fork is made; by default the game as it stands now. */
  readonly head?: GameState;
}

/** The fork's first event as the store writes it, decided at FORK_AT on the origin at `version` and as it stood then. */
const forkEvents = (game: Game, { version, kind, actor, forkId, head = game.state }: ForkRequest): EventEnvelope[] => {
  const command = { type: 'ForkGame', from: { gameId: GAME_ID, version }, kind };
  const origin = { gameId: GAME_ID, at: foldGame(RULESETS, game.log.slice(0, version)), head };
  const decision = decideGame(emptyGame, command, { ...ctxFor(actor, undefined, FORK_AT), seed: FORK_SEED, origin }, forkId);
  if (!decision.ok) throw new Error(decision.violation.message);
  return sealBatch(null, decision.events, {
    gameId: forkId,
    at: FORK_AT,
    actor: actorLabel(actor),
    commandId: 'fork-1',
    rulesVersion: 'test',
    command,
  });
};

/**
 * A Post Galactica game started, a sandbox p_red forked from it at that version on FORK_AT, and
 * the origin played on one phase after it (LATER).
 */
const sandboxStory = () => {
  const game = startedPostGalactica();
  const version = game.state.version;
  const fork = forkEvents(game, { version, kind: 'sandbox', actor: player('p_red'), forkId: SANDBOX_ID });
  game.run({ type: 'EndPhase' }, seat('red'), undefined, LATER);
  const hash = (game.log[version - 1] as EventEnvelope).hash;
  return { game, version, hash, fork, sandbox: forkLogOf(SANDBOX_ID, fork), origin: originLog(game) };
};

const passed = (version: number, hash: string) => ({
  check: 'origin',
  ok: true,
  verdict: `origin: the fork starts from ${GAME_ID} after event ${version} (chain hash ${hash.slice(0, 12)}…): the origin's chain holds to there and its state there is the one the fork carries`,
});

/** The fork's first event with its data edited, chained again as a forger would. */
const withForkData = (fork: readonly EventEnvelope[], edit: (data: GameForked['data']) => object): EventEnvelope[] => {
  const [first, ...rest] = fork as [EventEnvelope, ...EventEnvelope[]];
  return rechain([{ ...first, data: edit(first.data as GameForked['data']) }, ...rest]);
};

/** What the re-decided GameForked differs in, as the check prints it. */
const differs = (version: number, logged: EventEnvelope, decided: object) => ({
  check: 'origin',
  ok: false,
  verdict: `origin: line 2 (event 1) differs from the fork its origin's log decides at version ${version}`,
  line: 2,
  detail: [`  logged:     ${canonicalJson({ type: logged.type, data: logged.data })}`, `  re-decided: ${canonicalJson(decided)}`],
});

/** The fork's log after its player conceded it: ended, so its header reveals the fork's own seed. */
const endedFork = (forkId: string, fork: readonly EventEnvelope[]): EventEnvelope[] => {
  const state = foldGame(RULESETS, fork);
  const command = { type: 'Concede' };
  const decision = decideGame(state, command, { ...ctxFor(seat('red', 'p_red'), undefined, LATER), seed: FORK_SEED }, forkId);
  if (!decision.ok) throw new Error(decision.violation.message);
  return [
    ...fork,
    ...sealBatch(fork.at(-1) ?? null, decision.events, {
      gameId: forkId,
      at: LATER,
      actor: 'red',
      commandId: 'c1',
      rulesVersion: 'test',
      command,
    }),
  ];
};

describe('RUL-9 TB-6 the shared prefix proved with the origin’s log', () => {
  it('RUL-9 TB-6 a sandbox re-decided on its origin passes, with the origin exported as it went on after the fork or exactly at the fork’s version', () => {
    const { game, version, hash, sandbox, origin } = sandboxStory();
    expect(checkOrigin(sandbox, origin, RULESETS)).toEqual(passed(version, hash));
    // Exported when the fork was made: the origin log ends at the fork's version, which is all the proof needs.
    expect(checkOrigin(sandbox, originLog(game, game.log.slice(0, version)), RULESETS)).toEqual(passed(version, hash));
  });

  it('RUL-9 TB-6 what the origin logged after the fork’s version is no part of the shared prefix: an edit there does not fail the check', () => {
    const { game, version, hash, sandbox } = sandboxStory();
    const last = game.log.length - 1;
    const edited = game.log.map((e, i) => (i === last ? { ...e, data: { ...(e.data as object), seat: 'blue' } } : e));
    expect(checkOrigin(sandbox, originLog(game, edited), RULESETS)).toEqual(passed(version, hash));
  });

  it('RUL-9 TB-6 VIEW-8 no origin given: pending, naming the origin game and version the prefix needs', () => {
    const { version, sandbox } = sandboxStory();
    expect(checkOrigin(sandbox, undefined, RULESETS)).toEqual({
      check: 'origin',
      ok: false,
      pending: true,
      verdict: `origin: this log forks ${GAME_ID} at version ${version}; give that game's log (--origin) to prove the shared prefix`,
    });
  });

  it('RUL-9 TB-6 a log that is no fork has no origin check, and given an origin it fails at line 2', () => {
    const { origin } = sandboxStory();
    const noFork = { check: 'origin', ok: false, verdict: 'origin: this log does not begin with GameForked, so it is no fork', line: 2 };
    expect(checkOrigin(origin, undefined, RULESETS)).toBeNull();
    expect(checkOrigin(origin, origin, RULESETS)).toEqual(noFork);
    // A header with no events at all is no fork either.
    const empty = { ...origin, events: [] };
    expect(checkOrigin(empty, undefined, RULESETS)).toBeNull();
    expect(checkOrigin(empty, origin, RULESETS)).toEqual(noFork);
  });

  it('RUL-9 TB-6 another game’s log given as the origin fails at line 2, naming both games', () => {
    const { sandbox } = sandboxStory();
    expect(checkOrigin(sandbox, sandbox, RULESETS)).toEqual({
      check: 'origin',
      ok: false,
      verdict: `origin: the fork comes from ${GAME_ID}, but the origin log given is of ${SANDBOX_ID}`,
      line: 2,
    });
  });

  it('RUL-9 TB-6 an origin log that ends before the fork’s version fails at line 2, counting its events', () => {
    const { game, version, sandbox } = sandboxStory();
    expect(checkOrigin(sandbox, originLog(game, game.log.slice(0, version - 1)), RULESETS)).toEqual({
      check: 'origin',
      ok: false,
      verdict: `origin: the fork starts at event ${version}, but the origin log has only ${version - 1} events`,
      line: 2,
    });
  });

  it('RUL-9 TB-6 a prefix edited in the origin fails at the edited line, as its hash chain check says', () => {
    const { game, sandbox } = sandboxStory();
    const edited = game.log.map((e, i) => (i === 1 ? { ...e, data: { ...(e.data as object), seat: 'blue' } } : e));
    expect(checkOrigin(sandbox, originLog(game, edited), RULESETS)).toEqual({
      check: 'origin',
      ok: false,
      verdict: 'origin: in the origin log, the hash chain is broken at line 3 (event 2): its content does not match its hash',
      line: 3,
    });
  });

  it('RUL-9 TB-6 a chain hash that differs at the fork’s version fails at that line of the origin, both hashes shown', () => {
    const { game, version, hash, fork, origin } = sandboxStory();
    const other = 'f'.repeat(64);
    const named = forkLogOf(
      SANDBOX_ID,
      withForkData(fork, (data) => ({ ...data, from: { ...data.from, hash: other } })),
    );
    expect(checkOrigin(named, origin, RULESETS)).toEqual({
      check: 'origin',
      ok: false,
      verdict: `origin: the fork starts from chain hash ffffffffffff… at event ${version}, but line ${version + 1} of the origin log has ${hash.slice(0, 12)}…`,
      line: version + 1,
    });
    // The origin edited before the version and chained again: intact, but no longer the chain the fork started from.
    const rechained = rechain(game.log.map((e, i) => (i === 1 ? { ...e, data: { ...(e.data as object), seat: 'blue' } } : e)));
    const theirs = (rechained[version - 1] as EventEnvelope).hash;
    expect(checkOrigin(forkLogOf(SANDBOX_ID, fork), originLog(game, rechained), RULESETS)).toEqual({
      check: 'origin',
      ok: false,
      verdict: `origin: the fork starts from chain hash ${hash.slice(0, 12)}… at event ${version}, but line ${version + 1} of the origin log has ${theirs.slice(0, 12)}…`,
      line: version + 1,
    });
  });

  it('RUL-9 TB-6 a fork edited to start at version 0, or between two events, fails at line 2, its own GameForked; version 1 is checked as any other', () => {
    const { fork, origin } = sandboxStory();
    for (const version of [0, 2.5]) {
      const named = forkLogOf(
        SANDBOX_ID,
        withForkData(fork, (data) => ({ ...data, from: { ...data.from, version } })),
      );
      expect(checkOrigin(named, origin, RULESETS)).toEqual({
        check: 'origin',
        ok: false,
        verdict: `origin: the fork names version ${version} of ${GAME_ID}, but a fork starts after one of its events, at a whole version from 1`,
        line: 2,
      });
    }
    // Version 1 is a whole version from 1: it is checked as any other, and its chain hash is not the fork's.
    const first = forkLogOf(
      SANDBOX_ID,
      withForkData(fork, (data) => ({ ...data, from: { ...data.from, version: 1 } })),
    );
    expect(checkOrigin(first, origin, RULESETS)).toMatchObject({ check: 'origin', ok: false, line: 2 });
    expect(checkOrigin(first, origin, RULESETS)?.verdict).toMatch(
      /^origin: the fork starts from chain hash [0-9a-f]{12}… at event 1, but line 2 of the origin log has /,
    );
  });

  it('RUL-9 TB-6 a GameForked whose carried state was edited fails at line 2, the logged and the re-decided event side by side', () => {
    const { version, fork, origin } = sandboxStory();
    const [decided] = fork as [EventEnvelope];
    const forged = withForkData(fork, (data) => ({ ...data, firstSeat: 'blue' }));
    expect(checkOrigin(forkLogOf(SANDBOX_ID, forged), origin, RULESETS)).toEqual(
      differs(version, forged[0] as EventEnvelope, { type: 'GameForked', data: decided.data }),
    );
  });

  it('RUL-9 TB-6 a GameForked whose command was removed fails at line 2: there is nothing to re-decide', () => {
    const { fork, origin } = sandboxStory();
    const [first, ...rest] = fork as [EventEnvelope, ...EventEnvelope[]];
    const bare = forkLogOf(SANDBOX_ID, rechain([{ ...first, command: null }, ...rest]));
    expect(checkOrigin(bare, origin, RULESETS)).toEqual({
      check: 'origin',
      ok: false,
      verdict: 'origin: line 2 (event 1) carries no command',
      line: 2,
    });
  });

  it('RUL-9 TB-6 once the fork has ended its revealed seed is re-decided too: its own passes, another seed differs at line 2', () => {
    const { version, hash, fork, origin } = sandboxStory();
    const ended = forkLogOf(SANDBOX_ID, endedFork(SANDBOX_ID, fork));
    expect(ended.header.seed).toBe(FORK_SEED);
    expect(checkOrigin(ended, origin, RULESETS)).toEqual(passed(version, hash));
    // The header reveals a seed the logged GameForked did not commit to: re-decided with it, the commitment differs.
    const otherSeed = 'c'.repeat(64);
    const [first] = fork as [EventEnvelope];
    const data = first.data as GameForked['data'];
    expect(checkOrigin({ ...ended, header: { ...ended.header, seed: otherSeed } }, origin, RULESETS)).toEqual(
      differs(version, first, { type: 'GameForked', data: { ...data, seedCommitment: seedCommitment(otherSeed) } }),
    );
  });

  it('RUL-9 TB-6 PBM-13 a continuation is re-decided on the origin as it stood when it was made: agreed at that very time, after its version', () => {
    const game = startedPostGalactica();
    const version = game.state.version;
    game.run({ type: 'ProposeFork', version }, seat('red'));
    // The service starts the continuation at the moment the last seat accepts, so ForkAgreed and GameForked share their time.
    game.run({ type: 'AcceptFork' }, seat('blue'), undefined, FORK_AT);
    const agreed = game.log.at(-1) as EventEnvelope;
    expect(agreed.type).toBe('ForkAgreed');
    const forkId = continuationId(GAME_ID, agreed.seq);
    const fork = forkEvents(game, { version, kind: 'continuation', actor: { kind: 'system' }, forkId });
    game.run({ type: 'EndPhase' }, seat('red'), undefined, LATER);
    const hash = (game.log[version - 1] as EventEnvelope).hash;
    expect(checkOrigin(forkLogOf(forkId, fork), originLog(game), RULESETS)).toEqual(passed(version, hash));
  });
});

/** A Sol'una duel between p_sun and p_moon in its first phase, nothing sealed yet (version 6). */
const solunaDuel = (): Game =>
  playing(
    mission([profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })], [profile({ id: 'xul', mind: 10, at: [3, 0], leader: true })]),
  );

/** Sun seals its actions: ActionsSealed, visible to sun only, then the public ActionsCommitted. */
const sunSeals = (game: Game, at?: string) =>
  game.run({ type: 'SubmitActions', actions: [shoot('meena', 'xul')] }, seat('sun'), undefined, at);

/** The origin as moon exports it while the game runs: sun's sealed event keeps only its place in the chain. */
const moonsExport = (game: Game): ParsedLog => exported(GAME_ID, redactEvents(game.log, 'moon'), game.state, 'moon');

describe('RUL-9 TB-6 VIEW-8 forks of a game with sealed orders', () => {
  it('RUL-9 TB-6 VIEW-8 an origin exported while it runs, hiding sealed events before the fork’s version: pending, from the first hidden line', () => {
    const game = solunaDuel();
    sunSeals(game);
    const version = game.state.version;
    // Sun may fork where its own orders are sealed; moon's export hides them (event 7, line 8).
    const fork = forkLogOf(SANDBOX_ID, forkEvents(game, { version, kind: 'sandbox', actor: player('p_sun'), forkId: SANDBOX_ID }));
    expect(checkOrigin(fork, moonsExport(game), RULESETS)).toEqual({
      check: 'origin',
      ok: false,
      pending: true,
      verdict: 'origin: the origin log hides sealed events from line 8; export it again once it has ended to re-decide the fork',
    });
  });

  it('RUL-9 TB-6 VIEW-8 sealed events only after the fork’s version do not stop the re-decision: moon’s running export proves moon’s sandbox', () => {
    const game = solunaDuel();
    const version = game.state.version;
    const fork = forkLogOf(SANDBOX_ID, forkEvents(game, { version, kind: 'sandbox', actor: player('p_moon'), forkId: SANDBOX_ID }));
    // Sun seals after the fork was made, right after its version: event version + 1 is the hidden one.
    sunSeals(game, LATER);
    const origin = moonsExport(game);
    expect(origin.events[version]?.type).toBe('Sealed');
    expect(checkOrigin(fork, origin, RULESETS)).toEqual(passed(version, (game.log[version - 1] as EventEnvelope).hash));
  });

  it('RUL-9 TB-6 VIEW-8 a sandbox from before sealed orders, made after they were sealed: the running export cannot re-decide it, so pending', () => {
    const game = solunaDuel();
    const version = game.state.version;
    sunSeals(game);
    // Moon forks from before sun sealed (legal), at FORK_AT, after the seal: the fork was decided on the origin as it
    // stood then, sealed events included, which moon's running export hides. Once this threw "unhandled case: Sealed".
    const fork = forkLogOf(SANDBOX_ID, forkEvents(game, { version, kind: 'sandbox', actor: player('p_moon'), forkId: SANDBOX_ID }));
    expect(checkOrigin(fork, moonsExport(game), RULESETS)).toEqual({
      check: 'origin',
      ok: false,
      pending: true,
      verdict: `origin: the origin log hides sealed events from line ${version + 2}; export it again once it has ended to re-decide the fork`,
    });
    // The same fork against the origin's full log is proved.
    expect(checkOrigin(fork, originLog(game), RULESETS)).toEqual(passed(version, (game.log[version - 1] as EventEnvelope).hash));
  });

  it('RUL-9 TB-6 a sandbox that shows its requester orders sealed from them when it was made fails at line 2 as illegal, though the origin ended later', () => {
    const game = solunaDuel();
    sunSeals(game);
    const version = game.state.version;
    game.run({ type: 'Concede' }, seat('moon'), undefined, LATER);
    // Forged: dated FORK_AT, while the game ran and sun's orders were hidden from moon, but decided on the ended game.
    const fork = forkEvents(game, { version, kind: 'sandbox', actor: player('p_moon'), forkId: SANDBOX_ID, head: game.state });
    expect(checkOrigin(forkLogOf(SANDBOX_ID, fork), originLog(game), RULESETS)).toEqual({
      check: 'origin',
      ok: false,
      verdict: `origin: line 2 (event 1): the fork is illegal from its origin: At version ${version} sun had sealed orders you may not see yet; fork from a version before they sealed or after the reveal, or once the game has ended. (TB-6)`,
      line: 2,
    });
  });

  it('RUL-9 TB-6 VIEW-8 an origin export hiding its very first event is pending from line 2', () => {
    const { sandbox, origin } = sandboxStory();
    const [first, ...rest] = origin.events as [EventEnvelope, ...EventEnvelope[]];
    const { command: _command, ...kept } = first;
    const hidden = { ...origin, events: [{ ...kept, type: 'Sealed', data: null, commandId: 'sealed' }, ...rest] };
    expect(checkOrigin(sandbox, hidden, RULESETS)).toEqual({
      check: 'origin',
      ok: false,
      pending: true,
      verdict: 'origin: the origin log hides sealed events from line 2; export it again once it has ended to re-decide the fork',
    });
  });

  it('RUL-9 TB-6 an origin whose events up to the fork’s time do not fold fails, naming the version and the fold’s error', () => {
    const game = startedPostGalactica();
    const version = game.state.version;
    game.run({ type: 'EndPhase' }, seat('red'));
    // Made after the origin went on one phase: the fork is decided on the origin as it stood, event version + 1 included.
    const fork = forkEvents(game, { version, kind: 'sandbox', actor: player('p_red'), forkId: SANDBOX_ID });
    const broken = rechain(game.log.map((e, i) => (i === version ? { ...e, type: 'PhaseSkipped' } : e)));
    expect(checkOrigin(forkLogOf(SANDBOX_ID, fork), originLog(game, broken), RULESETS)).toEqual({
      check: 'origin',
      ok: false,
      verdict: `origin: the origin log does not fold to version ${version}: event ${version + 1}: unhandled case: {"type":"PhaseSkipped","data":{"phase":"resource","seat":"red"}}`,
    });
  });
});
