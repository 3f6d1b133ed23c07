/**
 * PBM-14 over HTTP: games recorded under older Post Galactica rules than the server
 * implements. One whose log decides the same under the current rules moves on with the
 * next command; one that does not keeps answering 409 until its organiser adopts the
 * current rules. The exported log of each passes verify, with its older part named.
 */

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventEnvelope, findChainBreak } from '../../domain/kernel/envelope.ts';
import { canonicalJson, sha256Hex } from '../../domain/kernel/hash.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { eventToItem } from '../../functions/adapters/event-codec.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { Client, commandId, eventually, startTestRuntime } from '../support/http.ts';
import { ageLog, olderVersion, withOldTurnLimit } from '../support/older-rules.ts';

const RULESETS = everyRuleset();

const CURRENT = RULESETS.getRuleset('post-galactica').rulesVersion;
const OLD = olderVersion('post-galactica');
let runtime: Runtime;
let ann: Client;
let annId: string;
let bob: Client;

beforeAll(async () => {
  runtime = await startTestRuntime();
  const anon = new Client(runtime.url);
  ({ client: ann, playerId: annId } = await anon.register('Ann'));
  bob = (await anon.register('Bob')).client;
});

const dir = mkdtempSync(join(tmpdir(), 'arbiter-rules-'));
afterAll(async () => {
  await runtime?.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Events = { events: EventEnvelope[]; version: number };
const command = (as: Client, gameId: string, body: Record<string, unknown>) =>
  as.post<Events & { type: string; detail: string; code: string }>(`/games/${gameId}/commands`, { commandId: commandId(), command: body });
const stored = (gameId: string) => runtime.deps.store.readAfter(gameId, 0);

/** Ann (the organiser, red) and Bob (blue) start a match; red goes first and ends one phase. */
const startedGame = async (): Promise<string> => {
  const gameId = (await ann.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' })).body.gameId;
  const joined = await bob.post<Events>(`/games/${gameId}/join`, {});
  const winner = (joined.body.events.find((e) => e.type === 'RolledOff')?.data as { winner: string } | undefined)?.winner;
  expect((await command(winner === 'red' ? ann : bob, gameId, { type: 'ChooseFirstPlayer', seat: 'red' })).status).toBe(200);
  expect((await command(ann, gameId, { type: 'EndPhase' })).status).toBe(200);
  return gameId;
};

/**
 * Rewrite the game's stored log as a server of the older rules would have recorded it,
 * and its read model to match (what `npm run rebuild` would compute).
 */
const recordUnderOlderRules = async (gameId: string, edit?: (event: EventEnvelope) => unknown): Promise<number> => {
  const events = await stored(gameId);
  await eventually(
    () => runtime.deps.games.readModel(gameId),
    (model) => model?.version === events.length,
  );
  const aged = ageLog(events, OLD, edit);
  for (const event of aged) {
    await runtime.dynamo.client.send(new PutItemCommand({ TableName: runtime.tables.events, Item: eventToItem(event) }));
  }
  const state = foldGame(RULESETS, aged);
  await runtime.deps.games.putReadModel(gameId, { version: state.version, state: JSON.stringify(state) }, 'any');
  return aged.length;
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
    const { stdout } = await promisify(execFile)('npx', ['arbiter', 'verify', file], { cwd: join(import.meta.dirname, '..', '..') });
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
    expect((await command(ann, gameId, { type: 'AdoptRules' })).body).toMatchObject({ status: 422, code: 'NOTHING_TO_ADOPT' });

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
    const events = await stored(gameId);
    await eventually(
      () => runtime.deps.games.readModel(gameId),
      (model) => model?.version === events.length,
    );
    for (const event of ageLog(events, newer)) {
      await runtime.dynamo.client.send(new PutItemCommand({ TableName: runtime.tables.events, Item: eventToItem(event) }));
    }
    for (const body of [{ type: 'EndPhase' }, { type: 'AdoptRules' }]) {
      const refused = await command(ann, gameId, body);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(
        `This game is played under post-galactica rules ${newer}, but this server implements ${CURRENT}; nothing was written.`,
      );
    }
    expect(await stored(gameId)).toHaveLength(events.length);
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
    });
  });
});
