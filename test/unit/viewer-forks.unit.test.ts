/**
 * TB-6, TB-7 in the viewer, without a browser: a fork's log, made through the real HTTP handler
 * on the memory adapters (test/support/memory-api.ts, as test/service/forks.service.test.ts makes
 * them over HTTP). Its first line says where the game came from; the board at its first event is
 * the origin's position at the fork's version; the verdict says what the fork's own log proves
 * and that the shared prefix needs the origin's log, which the page checks when given it.
 * test/browser/viewer-takebacks.browser.test.ts follows a fork live in Chromium.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { outcomeOf } from '../../domain/verify/pending.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { drawBattlefield } from '../../render/board.ts';
import { describeEvents } from '../../web/describe.ts';
import { forkBoardNote, forkOf, linkedIndex, ORIGIN_COMMAND, verdictOf } from '../../web/fork.ts';
import type { Client } from '../support/client.ts';
import { solunaDuel } from '../support/games.ts';
import { memoryApi } from '../support/memory-api.ts';
import { rechain } from '../support/older-rules.ts';
import { act, shoot, submit } from '../support/soluna.ts';

const RULESETS = everyRuleset();

type Reply = { gameId: string; version: number; events: EventEnvelope[] };

let origin: ParsedLog;
let sandbox: ParsedLog;
let continuation: ParsedLog;
/** The sandbox after its player conceded it: ended, its own seed revealed. */
let endedSandbox: ParsedLog;
let originId: string;
/** The origin's version both forks start from: after phase 1's orders were revealed and resolved. */
let version: number;

beforeAll(async () => {
  const api = memoryApi();
  const [ann, bob] = [(await api.anon.register('Ann')).client, (await api.anon.register('Bob')).client];
  const post = async (client: Client, path: string, body: object, status = 200) => {
    const reply = await client.post<Reply>(path, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    return reply.body;
  };
  const exported = async (client: Client, gameId: string) =>
    parseLog(await (await api.fetch(`${api.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${client.apiKey}` } })).text());
  // Xul survives the shot (3 wounds), so the position carried has both leaders on the grid.
  originId = await solunaDuel(ann, bob, 3);
  await post(ann, `/games/${originId}/commands`, { commandId: 'ann-00001', command: submit([shoot('meena', 'xul')]) });
  ({ version } = await post(bob, `/games/${originId}/commands`, {
    commandId: 'bob-00001',
    command: submit([act('xul', { kind: 'none' })]),
  }));
  const sandboxId = (await post(bob, `/games/${originId}/forks`, { version, kind: 'sandbox', commandId: 'fork-00001' }, 201)).gameId;
  await post(ann, `/games/${originId}/forks`, { version, kind: 'continuation', commandId: 'fork-00002' }, 202);
  const accepted = await post(bob, `/games/${originId}/commands`, { commandId: 'bob-00002', command: { type: 'AcceptFork' } });
  const agreed = accepted.events.find((e) => e.type === 'ForkAgreed');
  if (!agreed) throw new Error('the continuation was not agreed');
  const forkId = (agreed.data as { forkId: string }).forkId;
  sandbox = await exported(bob, sandboxId);
  continuation = await exported(ann, forkId);
  // The origin ends, so its export hides no sealed orders and re-decides the fork (origin-check.ts).
  await post(ann, `/games/${originId}/commands`, { commandId: 'ann-00002', command: { type: 'Concede' } });
  origin = await exported(ann, originId);
  await post(bob, `/games/${sandboxId}/commands`, { commandId: 'bob-00003', command: { type: 'Concede' } });
  endedSandbox = await exported(bob, sandboxId);
});

const hashAt = (v: number): string => (origin.events[v - 1] as EventEnvelope).hash;

const verdict = (log: ParsedLog, with_?: ParsedLog) => {
  const results = verifyLog(log, { rulesets: RULESETS, ...(with_ ? { origin: with_ } : {}) }).map((result) => ({
    result,
    outcome: outcomeOf(result),
  }));
  return { results, ...verdictOf(results, forkOf(log.events)) };
};
const outcomes = (results: ReturnType<typeof verdict>['results']) => Object.fromEntries(results.map((r) => [r.result.check, r.outcome]));

describe('TB-7 TB-6 a fork’s log in the viewer', () => {
  it('TB-7 TB-6 SOL-3 the first line says where the game came from: game, version, chain hash, and sandbox or continuation', () => {
    const first = (log: ParsedLog) => describeEvents(RULESETS, log.events, emptyGame, log.header.viewer).lines[0];
    const from = `forked from game ${originId} at version ${version} (chain hash ${hashAt(version).slice(0, 12)}…)`;
    expect(first(sandbox)).toEqual({
      seq: 1,
      actor: 'referee',
      text: `1. referee: ${from} as a sandbox: private, its player moves every seat, no deadlines; its dice come from a seed of its own`,
    });
    expect(first(continuation)?.text).toBe(
      `1. referee: ${from} as a continuation: the same seats play on, with fresh deadlines; its dice come from a seed of its own`,
    );
  });

  it('TB-7 TB-6 SOL-3 the board at the first event is the origin’s position at that version, drawn the same, and says so', () => {
    const at = foldGame(RULESETS, origin.events.slice(0, version));
    for (const log of [sandbox, continuation]) {
      const forked = foldGame(RULESETS, log.events.slice(0, 1));
      const [mine, theirs] = [viewGame(RULESETS, forked, 'sun'), viewGame(RULESETS, at, 'sun')];
      if (!mine || !theirs) throw new Error('no view of the position');
      // The position after the reveal: xul took meena's shot or not, as the origin's dice gave; either way the fork has the same.
      expect(mine.game).toEqual(theirs.game);
      expect((mine.game as { phase: number }).phase).toBe(2);
      const fit = { width: 800, height: 600 };
      const svg = drawBattlefield(mine, { fit });
      expect(svg).toBe(drawBattlefield(theirs, { fit }));
      expect(svg).toContain('data-piece="meena"');
      expect(svg).toContain('data-piece="xul"');
    }
    expect(forkBoardNote(forkOf(sandbox.events) as never)).toBe(
      `This game starts from game ${originId} as it stood after its event ${version}: the board is the position this event carries. Events 1–${version} are that game's; this log holds what was played since.`,
    );
    expect(forkOf(origin.events)).toBeNull();
  });

  it('TB-7 TB-6 without the origin’s log the verdict names what the fork’s own log proves, and that the prefix needs the origin’s: pending, never a pass', () => {
    const prefix = `the shared prefix (events 1–${version} of game ${originId}) is not proved here: it needs the origin's log (\`${ORIGIN_COMMAND}\`, or give it to this page below)`;
    const own = `Nothing failed in this fork's own log (its chain from its first event, its seed and dice, the rules and the state from the position it carried)`;
    const running = verdict(sandbox);
    expect(outcomes(running.results)).toEqual({
      chain: 'pass',
      seed: 'pending',
      dice: 'pending',
      rules: 'pass',
      state: 'pass',
      origin: 'pending',
    });
    expect(running).toMatchObject({
      outcome: 'pending',
      text: `${own}; 2 check(s) wait for the seed, revealed when the game ends; ${prefix}.`,
    });
    // Ended, the fork's own seed and dice are checked; the prefix still is not, so it is no pass.
    const ended = verdict(endedSandbox);
    expect(outcomes(ended.results)).toEqual({ chain: 'pass', seed: 'pass', dice: 'pass', rules: 'pass', state: 'pass', origin: 'pending' });
    expect(ended).toMatchObject({ outcome: 'pending', text: `${own}; ${prefix}.` });
  });

  it('TB-7 TB-6 with the origin’s log the page proves the shared prefix; a prefix altered fails, linking to no event of the fork', () => {
    const prefix = `events 1–${version} of game ${originId}`;
    expect(verdict(endedSandbox, origin)).toMatchObject({
      outcome: 'pass',
      text: `The log holds: every check passed, the shared prefix (${prefix}) included.`,
    });
    expect(verdict(continuation, origin)).toMatchObject({
      outcome: 'pending',
      text: `Nothing failed, the shared prefix (${prefix}) included; 2 check(s) wait for the seed, revealed when the game ends.`,
    });
    // The origin's last event before the fork, with another hash: its chain no longer reaches the fork's.
    const events = origin.events.map((e, i) => (i === version - 1 ? { ...e, hash: 'f'.repeat(64) } : e));
    const altered = verdict(endedSandbox, { ...origin, events });
    const check = altered.results.find((r) => r.result.check === 'origin');
    expect(check?.outcome).toBe('fail');
    expect(check?.result.line).toBe(version + 1);
    // The verdict blames the origin's log given, not the fork.
    expect(altered).toMatchObject({
      outcome: 'fail',
      text: `The origin's log given does not hold up to this fork: ${check?.result.verdict}.`,
    });
    expect(check?.result.verdict).toMatch(new RegExp(`^origin: in the origin log, .*line ${version + 1}`));
    // That line is the origin's: the page offers no "go to event" into the fork for it.
    expect(linkedIndex(check?.result as never)).toBe(-1);
    expect(linkedIndex({ check: 'rules', ok: false, verdict: '', line: 2 })).toBe(0);
    // The fork's own first event carrying another position, chained again: that is the fork's failure, linked to its event 1.
    const [first, ...rest] = endedSandbox.events as [EventEnvelope, ...EventEnvelope[]];
    const forged = rechain([{ ...first, data: { ...(first.data as object), firstSeat: 'moon' } }, ...rest]);
    const fork = verdict({ ...endedSandbox, events: forged }, origin);
    const own = fork.results.find((r) => r.result.check === 'origin');
    expect(own).toMatchObject({ outcome: 'fail', result: { line: 2 } });
    expect(outcomes(fork.results).chain).toBe('pass');
    expect(fork.text).toMatch(/^\d check\(s\) failed: this is not the log the referee wrote\.$/);
    expect(linkedIndex(own?.result as never)).toBe(0);
    // Another game's log given as the origin: the fork is not blamed either.
    const another = verdict(endedSandbox, { ...origin, header: { ...origin.header, gameId: 'g_another' } });
    expect(another).toMatchObject({
      outcome: 'fail',
      text: `The origin's log given does not hold up to this fork: origin: the fork comes from ${originId}, but the origin log given is of g_another.`,
    });
  });
});
