/**
 * PBM-14 over HTTP: games recorded under older Post Galactica rules than the server
 * implements. One whose log decides the same under the current rules moves on with the
 * next command; one that does not keeps answering 409 until its organiser adopts the
 * current rules. The exported log of each passes verify, with its older part named.
 *
 * An older server's game is played on a second runtime (`recorder`) by the same players, its
 * log rewritten as the older rules would have recorded it, and appended whole, with its seed,
 * to the server under test as a new game through the game store's port: the log and seed an
 * older server would have left, which the server then reads, projects and commands on.
 */

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type EventEnvelope, findChainBreak } from '../../domain/kernel/envelope.ts';
import { canonicalJson, sha256Hex } from '../../domain/kernel/hash.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { gameSnapshot } from '../../functions/games/app/game-fold.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, commandId, eventually, startServiceRuntime } from '../support/http.ts';
import { ageLog, olderVersion, withOldTurnLimit } from '../support/older-rules.ts';

const RULESETS = everyRuleset();

const CURRENT = RULESETS.getRuleset('post-galactica').rulesVersion;
const OLD = olderVersion('post-galactica');
const ROOT = join(import.meta.dirname, '..', '..');
const ARBITER_BIN = join(ROOT, 'node_modules', '.bin', 'arbiter');
let runtime: MemoryRuntime;
/** Where the games are first played, before their logs are rewritten as an older server's. */
let recorder: MemoryRuntime;
let ann: Client;
let annId: string;
let bob: Client;

beforeAll(async () => {
  [runtime, recorder] = await Promise.all([startServiceRuntime(), startServiceRuntime()]);
  const anon = new Client(runtime.url);
  let bobId: string;
  ({ client: ann, playerId: annId } = await anon.register('Ann'));
  ({ client: bob, playerId: bobId } = await anon.register('Bob'));
  // The same players, keys and all, on the recorder.
  for (const playerId of [annId, bobId]) {
    const player = await runtime.deps.games.player(playerId);
    if (!player) throw new Error(`no player ${playerId}`);
    await recorder.deps.games.createPlayer(player, player.createdAt ?? new Date().toISOString());
  }
});

const dir = mkdtempSync(join(tmpdir(), 'arbiter-rules-'));
afterAll(async () => {
  await Promise.all([runtime?.stop(), recorder?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

type Events = { events: EventEnvelope[]; version: number };
const command = (as: Client, gameId: string, body: Record<string, unknown>) =>
  as.post<Events & { type: string; detail: string; code: string }>(`/games/${gameId}/commands`, { commandId: commandId(), command: body });
const stored = (gameId: string) => runtime.deps.store.readAfter(gameId, 0);

/** Ann (the organiser, red) and Bob (blue) start a match on the recorder; red goes first and ends one phase. */
const startedGame = async (): Promise<string> => {
  const annThere = new Client(recorder.url, ann.apiKey);
  const bobThere = new Client(recorder.url, bob.apiKey);
  const gameId = (await annThere.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' })).body.gameId;
  const joined = await bobThere.post<Events>(`/games/${gameId}/join`, {});
  const winner = (joined.body.events.find((e) => e.type === 'RolledOff')?.data as { winner: string } | undefined)?.winner;
  expect((await command(winner === 'red' ? annThere : bobThere, gameId, { type: 'ChooseFirstPlayer', seat: 'red' })).status).toBe(200);
  expect((await command(annThere, gameId, { type: 'EndPhase' })).status).toBe(200);
  return gameId;
};

/**
 * The game's log as a server of `version`'s rules would have recorded it (`edit` changing what
 * they decided differently), with its seed, appended to the server under test, and its read
 * model projected from it there.
 */
const recordUnder = async (version: string, gameId: string, edit?: (event: EventEnvelope) => unknown): Promise<number> => {
  const aged = ageLog(await recorder.deps.store.readAfter(gameId, 0), version, edit);
  // The seed, read the way the command path reads it (beside a command record, here of no command).
  const { seed } = await recorder.deps.games.secretAndCommand(gameId, 'no-command');
  const appended = await runtime.deps.store.append({
    gameId,
    expectedVersion: 0,
    events: aged,
    ...(seed === null ? {} : { seed }),
    snapshot: await gameSnapshot(runtime.deps, foldGame(RULESETS, aged)),
  });
  expect(appended).toEqual({ ok: true });
  await runtime.stream.idle();
  return aged.length;
};

/** Rewrite the game's log as a server of the older rules would have recorded it (see recordUnder). */
const recordUnderOlderRules = async (gameId: string, edit?: (event: EventEnvelope) => unknown): Promise<number> => {
  const older = await recordUnder(OLD, gameId, edit);
  await eventually(
    () => runtime.deps.games.readModel(gameId),
    (model) => model?.version === older,
  );
  return older;
};

/** Bob concedes; the whole log, with the seed, as Ann downloads it, checked by verify. */
const concededAndVerified = async (gameId: string) => {
  expect((await command(bob, gameId, { type: 'Concede' })).status).toBe(200);
  const total = (await stored(gameId)).length;
  await eventually(
    () => runtime.deps.games.readModel(gameId),
    (model) => model?.version === total,
  );
  const reply = await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${ann.apiKey}` } });
  const text = await reply.text();
  const log = parseLog(text);
  expect(log.header).toMatchObject({ status: 'ended', rulesVersion: CURRENT });
  return { results: verifyLog(log), text };
};

/** `arbiter verify` on the downloaded file, as a player settling a dispute runs it. */
const arbiterVerify = async (text: string) => {
  const file = join(dir, 'game.ndjson');
  writeFileSync(file, text);
  try {
    // The installed bin itself, without npx's own start-up (test/unit/cli.unit.test.ts checks what `npx arbiter` runs).
    const { stdout } = await promisify(execFile)(process.execPath, [ARBITER_BIN, 'verify', file], { cwd: ROOT });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
};

describe('PBM-14 a rules change never strands a running game', () => {
  it('PBM-14 a game whose log decides the same under the current rules moves to them with its next command, and play goes on', async () => {
    const gameId = await startedGame();
    const older = await recordUnderOlderRules(gameId);
    expect((await ann.get<{ rulesVersion: string }>(`/games/${gameId}`)).body.rulesVersion).toBe(OLD);

    const body = { commandId: commandId(), command: { type: 'EndPhase' } };
    const reply = await ann.post<Events>(`/games/${gameId}/commands`, body);
    expect(reply.status).toBe(200);
    // A retry answers what the first answer did, the adoption included (REL-8).
    const retry = await ann.post<Events & { replayed: boolean }>(`/games/${gameId}/commands`, body);
    expect(retry.body).toMatchObject({ replayed: true, version: reply.body.version, events: reply.body.events });
    const [adopted, ...played] = reply.body.events;
    expect(adopted).toMatchObject({
      seq: older + 1,
      type: 'RulesVersionAdopted',
      data: { from: OLD, to: CURRENT, how: 'replayed' },
      actor: 'system',
      commandId: `@rules.${CURRENT}`,
      rulesVersion: CURRENT,
      command: { type: 'AdoptRules' },
    });
    expect(played.length).toBeGreaterThan(0);
    expect(played.every((e) => e.rulesVersion === CURRENT && e.actor === 'red')).toBe(true);
    const log = await stored(gameId);
    expect(log.filter((e) => e.type === 'RulesVersionAdopted')).toHaveLength(1);
    expect(findChainBreak(log)).toBeNull();
    await eventually(
      () => ann.get<{ rulesVersion: string; version: number }>(`/games/${gameId}`),
      (r) => r.body.rulesVersion === CURRENT && r.body.version === log.length,
    );

    const { results } = await concededAndVerified(gameId);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.find((r) => r.check === 'rules')?.verdict).toContain(
      `events 1–${older} were decided under ${OLD} and re-decide the same under ${CURRENT}, as the adoption after them claims`,
    );
  });

  it('PBM-14 a game the current rules decide differently answers 409 until its organiser adopts them; nobody else may', async () => {
    const gameId = await startedGame();
    const older = await recordUnderOlderRules(gameId, withOldTurnLimit);

    const refused = await command(ann, gameId, { type: 'EndPhase' });
    expect(refused.status).toBe(409);
    expect(refused.body.type).toMatch(/rules-version$/);
    expect(refused.body.detail).toBe(
      `This game is played under post-galactica rules ${OLD}, but this server implements ${CURRENT}, and its log does not decide the same under them (they decide event 1 (GameCreated) differently); nothing was written. Its organiser may adopt ${CURRENT} from the current position with the command AdoptRules.`,
    );
    expect(await stored(gameId)).toHaveLength(older);

    const stranger = await command(bob, gameId, { type: 'AdoptRules' });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({ code: 'NOT_ORGANISER', rule: 'MATCH' });
    expect(await stored(gameId)).toHaveLength(older);

    const adopted = await command(ann, gameId, { type: 'AdoptRules' });
    expect(adopted.status).toBe(200);
    expect(adopted.body.events).toMatchObject([
      {
        seq: older + 1,
        type: 'RulesVersionAdopted',
        data: { from: OLD, to: CURRENT, how: 'organiser' },
        actor: 'red',
        rulesVersion: CURRENT,
      },
    ]);
    expect((await command(ann, gameId, { type: 'AdoptRules' })).body).toMatchObject({ status: 409, code: 'NOTHING_TO_ADOPT' });

    const played = await command(ann, gameId, { type: 'EndPhase' });
    expect(played.status).toBe(200);
    expect(played.body.events.every((e) => e.rulesVersion === CURRENT)).toBe(true);

    const { results, text } = await concededAndVerified(gameId);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const named = `events 1–${older} were decided under ${OLD}, which this build does not implement; not re-adjudicated`;
    expect(results.find((r) => r.check === 'rules')?.verdict).toContain(named);
    const cli = await arbiterVerify(text);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(named);
    expect(cli.stdout).toContain('verdict: the log holds');
  });

  it('PBM-14 a game under newer rules than the server (a rollback) is refused as before, and never moved backwards', async () => {
    const gameId = await startedGame();
    const newer = CURRENT.replace(/\d+\.\d+\.\d+$/, '99.0.0');
    const written = await recordUnder(newer, gameId);
    for (const body of [{ type: 'EndPhase' }, { type: 'AdoptRules' }]) {
      const refused = await command(ann, gameId, body);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(
        `This game is played under post-galactica rules ${newer}, but this server implements ${CURRENT}; nothing was written.`,
      );
    }
    expect(await stored(gameId)).toHaveLength(written);
  });

  it('PBM-14 concurrent commands on a game to migrate: one adoption, nothing lost, nothing duplicated', async () => {
    const gameId = await startedGame();
    const older = await recordUnderOlderRules(gameId);
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => command(i % 2 ? ann : bob, gameId, { type: 'EndPhase' })));
    expect(replies.some((r) => r.status === 200)).toBe(true);
    expect(replies.every((r) => [200, 403, 409].includes(r.status))).toBe(true);
    const log = await stored(gameId);
    expect(findChainBreak(log)).toBeNull();
    expect(log.filter((e) => e.type === 'RulesVersionAdopted')).toMatchObject([{ seq: older + 1, data: { how: 'replayed' } }]);
    const accepted = replies.filter((r) => r.status === 200).flatMap((r) => r.body.events.filter((e) => e.type !== 'RulesVersionAdopted'));
    expect(accepted.map((e) => e.seq).sort((a, b) => a - b)).toEqual(log.slice(older + 1).map((e) => e.seq));
  });
});

describe('ARC-4 rules adoption goes through the one command path', () => {
  it("ARC-4 the system's AdoptRules carries the idempotency record of any command: its body hash and its events' seqs", async () => {
    const gameId = await startedGame();
    const older = await recordUnderOlderRules(gameId);
    const given = { type: 'EndPhase' };
    const id = commandId();
    const reply = await ann.post<Events>(`/games/${gameId}/commands`, { commandId: id, command: given });
    expect(reply.status).toBe(200);
    const hashOf = (caller: unknown, command: unknown) => sha256Hex(canonicalJson({ caller, command, expectedVersion: null }));
    expect(await runtime.deps.games.command(gameId, `@rules.${CURRENT}`)).toEqual({
      bodyHash: hashOf({ kind: 'system' }, { type: 'AdoptRules' }),
      firstSeq: older + 1,
      lastSeq: older + 1,
    });
    // The player's command answers the adoption with its own events (REL-8), as it did when the migration appended them itself.
    expect(await runtime.deps.games.command(gameId, id)).toEqual({
      bodyHash: hashOf({ kind: 'player', playerId: annId }, given),
      firstSeq: older + 1,
      lastSeq: reply.body.version,
      by: annId,
    });
  });

  it('HALL-5 a command that adopts newer rules is one pass: the game is loaded once, the adoption and the command appended in turn', async () => {
    const gameId = await startedGame();
    const older = await recordUnderOlderRules(gameId);
    const load = vi.spyOn(runtime.deps.store, 'load');
    const append = vi.spyOn(runtime.deps.store, 'append');
    try {
      const reply = await ann.post<Events>(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'EndPhase' } });
      expect(reply.status).toBe(200);
      // Loads of this game (the reads of other games, by the stream's consumers, are theirs).
      expect(load.mock.calls.filter(([id]) => id === gameId)).toHaveLength(1);
      const appended = append.mock.calls.map(([request]) => request).filter((request) => request.gameId === gameId);
      expect(appended.map((request) => [request.expectedVersion, request.command?.commandId.startsWith('@rules.')])).toEqual([
        [older, true],
        [older + 1, false],
      ]);
      expect(reply.body.events[0]).toMatchObject({ seq: older + 1, type: 'RulesVersionAdopted' });
    } finally {
      load.mockRestore();
      append.mockRestore();
    }
  });
});
