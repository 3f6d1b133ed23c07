/**
 * REL-23's cost on DynamoDB: twenty waits on one game share one watcher, which sends one Query
 * per interval, counted by the DynamoDB client. The rest of PBM-8's waiting reads and REL-23
 * run on memory (test/service/waiting.service.test.ts).
 */
import type { QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { DEFAULT_WAIT_LIMITS } from '../../functions/games/app/waiting.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { Client, commandId, eventually, startTestRuntime } from '../support/http.ts';

type EventsPage = { events: EventEnvelope[]; next: number | null };

/** A Post Galactica game with both seats taken, waiting for the roll-off's winner to choose. */
const startedGame = async (on: Client) => {
  const red = (await on.register('Ann')).client;
  const blue = (await on.register('Bob')).client;
  const created = await red.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' });
  expect(created.status).toBe(201);
  const gameId = created.body.gameId;
  const joined = await blue.post<{ events: EventEnvelope[] }>(`/games/${gameId}/join`, {});
  expect(joined.status).toBe(200);
  const rollOff = joined.body.events.find((e) => e.type === 'RolledOff')?.data as { winner: 'red' | 'blue' };
  return { gameId, red, blue, winner: rollOff.winner === 'red' ? red : blue };
};

/** A wait sent with its own hang-up, as a client that gives up would; null when hung up (or cut off: the test then fails on it). */
const holdWait = (client: Client, path: string, headers: Record<string, string> = {}) => {
  const line = new AbortController();
  const answer = fetch(`${client.base}${path}`, { headers: { authorization: `Bearer ${client.apiKey}`, ...headers }, signal: line.signal })
    .then(async (r) => ({ status: r.status, body: (await r.json()) as EventsPage }))
    .catch(() => null);
  return { answer, hangUp: () => line.abort() };
};

describe('REL-23 waits share one reader, end with their client, and are bounded per key', () => {
  const CAP = 4;
  let rel: Runtime;
  let relAnon: Client;
  const stats = async () => rel.deps.waits.stats();
  /**
   * Queries of one game's events sent so far: a wait's reads of the log and of the last seq
   * are Queries of its game, counted by game so that another game's stream work (a consumer
   * folding it) is never taken for a wait's read.
   */
  const byGame = new Map<string, number>();
  const queries = (gameId: string) => byGame.get(gameId) ?? 0;

  beforeAll(async () => {
    rel = await startTestRuntime({ waits: { maxWaitsPerKey: CAP } });
    rel.dynamo.client.middlewareStack.add(
      (next, context) => async (args) => {
        const game = (args.input as QueryCommandInput).ExpressionAttributeValues?.[':g']?.S;
        if (context.commandName === 'QueryCommand' && game) byGame.set(game, queries(game) + 1);
        return next(args);
      },
      { step: 'initialize', name: 'countQueriesByGame' },
    );
    relAnon = new Client(rel.url);
  });
  afterAll(() => rel.stop());

  it('REL-23 twenty waits on one game cost the store one read per interval, not twenty, and each gets the new event', async () => {
    const { gameId, red, blue, winner } = await startedGame(relAnon);
    const last = (await red.get<EventsPage>(`/games/${gameId}/events`)).body.events.at(-1)?.seq ?? 0;
    // Quiet first: the projector has applied the game, so the waits' reads are all that is read.
    await eventually(
      () => red.get<{ version: number }>(`/games/${gameId}`),
      (r) => r.body.version === last,
    );
    const extra = await Promise.all([1, 2, 3].map((n) => relAnon.register(`Kib${n}`)));
    // Five players (CAP waits each); the three who are not seated may read the public game too.
    const players = [red, blue, ...extra.map((e) => e.client)];
    const waits = players.flatMap((p) => Array.from({ length: CAP }, () => holdWait(p, `/games/${gameId}/events?after=${last}&wait=20`)));
    expect(waits).toHaveLength(20);
    await eventually(stats, (s) => s.waiters === 20);
    expect((await stats()).watchers).toBe(1);

    // The stream consumers (publisher, timer reactor, webhook fan-out) may still be reading this
    // game's last events: count from the first interval in which the watcher's read was the only one.
    const settled = async () => {
      const from = { reads: queries(gameId), probes: (await stats()).probes };
      const to = await eventually(stats, (s) => s.probes >= from.probes + 1);
      return queries(gameId) - from.reads === to.probes - from.probes;
    };
    await eventually(settled, (quiet) => quiet);
    const before = { reads: queries(gameId), probes: (await stats()).probes, at: Date.now() };
    await eventually(stats, (s) => s.probes >= before.probes + 4);
    const reads = queries(gameId) - before.reads;
    const probes = (await stats()).probes - before.probes;
    // One Query per read of the one watcher (one more may be in flight at either edge), for all twenty waits...
    expect(reads).toBeGreaterThanOrEqual(probes - 1);
    expect(reads).toBeLessThanOrEqual(probes + 1);
    // ...and it reads at most once a pollFirstMs: twenty waits reading for themselves would read twenty times as often.
    expect(reads).toBeLessThanOrEqual((Date.now() - before.at) / DEFAULT_WAIT_LIMITS.pollFirstMs + 2);
    expect(reads / waits.length).toBeLessThan(1);

    const id = commandId();
    expect(
      (await winner.post(`/games/${gameId}/commands`, { commandId: id, command: { type: 'ChooseFirstPlayer', seat: 'red' } })).status,
    ).toBe(200);
    const answers = await Promise.all(waits.map((w) => w.answer));
    for (const answer of answers) {
      expect(answer?.status).toBe(200);
      expect(answer?.body.events.some((e) => e.commandId === id)).toBe(true);
    }
    expect(await stats()).toMatchObject({ watchers: 0, waiters: 0, held: 0 });
  }, 60_000);
});
