/**
 * REL-30: a webhook retry that is pending when the local runtime stops is made after it
 * starts again, on the same tables. The delivery is a reminder's (PBM-7): its event is
 * published by a timer and never written to the stream, so the stream's replay at start
 * cannot bring it back; only the kept retry can. The receiver listens on 127.0.0.1 only.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../functions/adapters/dynamo-client.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { WebhookRetries } from '../../infra/local/webhook-retries.ts';
import { Client, eventually, startTestRuntime } from '../support/http.ts';
import { Receiver } from '../support/webhook-receiver.ts';

/** The first retry is due 3 s after the failed attempt: time to stop the runtime before it. */
const SLOW_RETRY = { retryBaseMs: 3_000, maxAttempts: 3, timeoutMs: 2_000, allowLoopback: true };

const running = new Set<Runtime>();
const receivers: Receiver[] = [];
afterAll(async () => {
  for (const runtime of running) await runtime.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

const start = async (tablePrefix: string): Promise<{ runtime: Runtime; anon: Client }> => {
  const runtime = await startTestRuntime({ tablePrefix, webhooks: SLOW_RETRY });
  running.add(runtime);
  return { runtime, anon: new Client(runtime.url) };
};

const stop = async (runtime: Runtime) => {
  running.delete(runtime);
  await runtime.stop();
};

type Log = { deliveries: { id: string; kind: string; status: string; attempts: number; responseStatus: number | null }[] };

describe('REL-30 webhook retries across a restart', () => {
  it('REL-30 a reminder delivery that failed before a restart is retried after it, with the same webhook-id', async () => {
    const tablePrefix = `r30${Date.now().toString(36)}-`;
    const hooks = await Receiver.start((attempt) => (attempt === 1 ? 500 : 204));
    receivers.push(hooks);

    const first = await start(tablePrefix);
    const ann = await first.anon.register('Ann');
    const bob = await first.anon.register('Bob');
    const hook = await ann.client.post<{ id: string }>('/me/webhooks', { url: hooks.url, kinds: ['deadline-approaching'] });
    expect(hook.status).toBe(201);
    // Red (Ann) acts first; her step's reminder is due 8 s in (one the timer reactor sees due already is skipped), long before its deadline.
    const created = await ann.client.post<{ gameId: string }>('/games', {
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red', deadlines: { default: 'PT120S' }, reminders: ['PT112S'] },
    });
    expect(created.status).toBe(201);
    expect((await bob.client.post(`/games/${created.body.gameId}/join`, {})).status).toBe(200);

    const log = (client: Client) => async () => (await client.get<Log>(`/me/webhooks/${hook.body.id}/deliveries`)).body;
    const failed = await eventually(log(ann.client), (l) => l.deliveries[0]?.status === 'retrying', 30_000);
    await stop(first.runtime);
    const id = failed.deliveries[0]?.id ?? '';
    // Stopped before the retry was due: only the failed attempt reached the receiver, and the retry is kept.
    expect(hooks.byId(id).map((r) => r.attempt)).toEqual([1]);
    const { client } = createDynamoClient({ endpoint: first.runtime.dynamoEndpoint });
    const kept = new WebhookRetries(client, first.runtime.tables);
    expect((await kept.all()).map((retry) => retry.delivery.id)).toEqual([id]);

    const second = await start(tablePrefix);
    const delivered = await eventually(
      log(second.anon.as(ann.client.apiKey ?? '')),
      (l) => l.deliveries[0]?.status === 'delivered',
      30_000,
    );
    expect(delivered.deliveries).toEqual([
      expect.objectContaining({ id, kind: 'deadline-approaching', status: 'delivered', attempts: 2, responseStatus: 204 }),
    ]);
    expect(hooks.byId(id).map((r) => r.attempt)).toEqual([1, 2]);
    // Done, so no longer kept.
    await eventually(
      async () => second.runtime.webhooks.idle,
      (idle) => idle,
    );
    expect(await kept.all()).toEqual([]);
    client.destroy();
    await stop(second.runtime);
  }, 90_000);
});
