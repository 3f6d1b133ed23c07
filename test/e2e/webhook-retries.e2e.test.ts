/**
 * REL-30: a webhook retry that is pending when the local runtime stops is made after it
 * starts again, on the same tables. The deliveries are a reminder's (PBM-7): its event is
 * published by a timer and never written to the stream, so the stream's replay at start
 * cannot bring it back; only the kept retry can. Receivers listen on 127.0.0.1 only.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../functions/adapters/dynamo-client.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { WebhookRetries } from '../../infra/local/webhook-retries.ts';
import { Client, eventually, startTestRuntime } from '../support/http.ts';
import { Receiver, type Responder } from '../support/webhook-receiver.ts';

/** The first retry is due 3 s after the failed attempt: time to stop the runtime before it. */
const SLOW_RETRY = { retryBaseMs: 3_000, maxAttempts: 3, timeoutMs: 2_000, allowLoopback: true };

const running = new Set<Runtime>();
const receivers: Receiver[] = [];
afterAll(async () => {
  for (const runtime of running) await runtime.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

const start = async (tablePrefix: string): Promise<Runtime> => {
  const runtime = await startTestRuntime({ tablePrefix, webhooks: SLOW_RETRY });
  running.add(runtime);
  return runtime;
};

const stop = async (runtime: Runtime) => {
  running.delete(runtime);
  await runtime.stop();
};

type Log = { deliveries: { id: string; kind: string; status: string; attempts: number; responseStatus: number | null }[] };

/**
 * A runtime where Ann's step has a reminder 8 s in (one the timer reactor finds due already
 * is skipped), long before its deadline, and her webhook hears reminders at a receiver that
 * answers `respond`.
 */
const reminded = async (respond: Responder) => {
  const tablePrefix = `r30${randomBytes(5).toString('hex')}-`;
  const hooks = await Receiver.start(respond);
  receivers.push(hooks);
  const runtime = await start(tablePrefix);
  const anon = new Client(runtime.url);
  const ann = (await anon.register('Ann')).client;
  const bob = (await anon.register('Bob')).client;
  const hook = await ann.post<{ id: string }>('/me/webhooks', { url: hooks.url, kinds: ['deadline-approaching'] });
  expect(hook.status).toBe(201);
  const created = await ann.post<{ gameId: string }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', deadlines: { default: 'PT120S' }, reminders: ['PT112S'] },
  });
  expect(created.status).toBe(201);
  expect((await bob.post(`/games/${created.body.gameId}/join`, {})).status).toBe(200);
  const { client } = createDynamoClient({ endpoint: runtime.dynamoEndpoint });
  return {
    tablePrefix,
    hooks,
    runtime,
    /** Ann's delivery log, from the runtime at `url`. */
    log: async (url = runtime.url) => (await new Client(url, ann.apiKey).get<Log>(`/me/webhooks/${hook.body.id}/deliveries`)).body,
    /** What the runtime keeps in its table to retry. */
    kept: async () => (await new WebhookRetries(client, runtime.tables).all()).map((retry) => retry.delivery.id),
    done: () => client.destroy(),
  };
};

/** Restart on the same tables; the retry is made, once, with the same id, and is no longer kept. */
const retriedAfterRestart = async (game: Awaited<ReturnType<typeof reminded>>, id: string) => {
  const second = await start(game.tablePrefix);
  const delivered = await eventually(
    () => game.log(second.url),
    (l) => l.deliveries[0]?.status === 'delivered',
    30_000,
  );
  expect(delivered.deliveries).toEqual([
    expect.objectContaining({ id, kind: 'deadline-approaching', status: 'delivered', attempts: 2, responseStatus: 204 }),
  ]);
  expect(game.hooks.byId(id).map((r) => r.attempt)).toEqual([1, 2]);
  await eventually(
    async () => second.webhooks.idle,
    (idle) => idle,
  );
  expect(await game.kept()).toEqual([]);
  game.done();
  await stop(second);
};

// Side by side: each test waits in real time for its reminder (8 s in) and its retry (3 s after the
// failed attempt), using little CPU meanwhile; one after the other they held a worker for about
// 25 s, often the last file of the storage tier to end (ARC-3). Each has its own tables, runtime
// and receiver.
describe.concurrent('REL-30 webhook retries across a restart', () => {
  it('REL-30 a reminder delivery that failed before a restart is retried after it, with the same webhook-id', async () => {
    const game = await reminded((attempt) => (attempt === 1 ? 500 : 204));
    const failed = await eventually(game.log, (l) => l.deliveries[0]?.status === 'retrying', 30_000);
    await stop(game.runtime);
    const id = failed.deliveries[0]?.id ?? '';
    // Stopped before the retry was due: only the failed attempt reached the receiver, and the retry is kept.
    expect(game.hooks.byId(id).map((r) => r.attempt)).toEqual([1]);
    expect(await game.kept()).toEqual([id]);
    await retriedAfterRestart(game, id);
  }, 90_000);

  it('REL-30 an attempt still in flight when the runtime stops is waited for, and its retry is kept for the next start', async () => {
    const game = await reminded((attempt) => (attempt === 1 ? 'hang' : 204));
    await eventually(
      async () => game.hooks.received.length,
      (n) => n === 1,
      30_000,
    );
    // The receiver never answers: stopping waits out the attempt's 2 s timeout, which fails it.
    await stop(game.runtime);
    const [attempt] = game.hooks.received;
    const id = attempt?.headers['webhook-id'] ?? '';
    expect(await game.kept()).toEqual([id]);
    await retriedAfterRestart(game, id);
  }, 90_000);
});
