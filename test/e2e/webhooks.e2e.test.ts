/**
 * Webhook notifications end to end (PBM-1 … PBM-6): the local runtime over HTTP, with real
 * receivers. Every receiver listens on 127.0.0.1 and every URL points there: no test sends
 * or resolves anything beyond this machine's loopback.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../functions/app/problems.ts';
import { createSubscription } from '../../functions/app/webhook-subscriptions.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { Client, commandId, eventually, startTestRuntime } from '../support/http.ts';
import { closedPort, Receiver } from '../support/webhook-receiver.ts';

/** Fast retries: 50 ms, then 100 ms; a delivery fails on its third attempt. */
const FAST = { retryBaseMs: 50, maxAttempts: 3, timeoutMs: 2_000 };

let runtime: Runtime;
let anon: Client;
const receivers: Receiver[] = [];

const receiver = async (...args: Parameters<typeof Receiver.start>) => {
  const r = await Receiver.start(...args);
  receivers.push(r);
  return r;
};

beforeAll(async () => {
  runtime = await startTestRuntime({ webhooks: { ...FAST, allowLoopback: true } });
  anon = new Client(runtime.url);
});
afterAll(async () => {
  await runtime.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

interface Hook {
  id: string;
  url: string;
  gameId: string | null;
  kinds: string[];
  format: string;
  enabled: boolean;
  disabledReason: string | null;
  secret?: string;
}
interface LogEntry {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  eventId: string | null;
}
type Log = { subscription: Hook; deliveries: LogEntry[] };

const players = async (tag: string) => {
  const ann = await anon.register(`Ann ${tag}`);
  const bob = await anon.register(`Bob ${tag}`);
  return { ann: ann.client, bob: bob.client };
};

const subscribe = async (client: Client, body: Record<string, unknown>) => {
  const reply = await client.post<Hook>('/me/webhooks', body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as Hook & { secret: string };
};

/** A Post Galactica match where red (the creator) moves first: once Bob joins, red must act. */
const match = async (red: Client, blue: Client, options: Record<string, unknown> = {}) => {
  const created = await red.post<{ gameId: string }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', ...options },
  });
  expect(created.status).toBe(201);
  const joined = await blue.post(`/games/${created.body.gameId}/join`, {});
  expect(joined.status).toBe(200);
  return created.body.gameId;
};

const deliveries = async (client: Client, hookId: string) => (await client.get<Log>(`/me/webhooks/${hookId}/deliveries`)).body;

/** A body verified by the Standard Webhooks library, as any receiver would. */
const verified = (secret: string, request: { headers: Record<string, string>; body: string }) =>
  new Webhook(secret).verify(request.body, request.headers) as { type: string; timestamp: string; data: Record<string, unknown> };

describe('PBM-1 subscriptions', () => {
  it('PBM-1 a player subscribes a URL, sees the secret once, lists, reads, pings and deletes it', async () => {
    const { ann, bob } = await players('p1');
    const hooks = await receiver();
    const created = await ann.post<Hook>('/me/webhooks', { url: hooks.url, kinds: ['your-turn', 'game-ended'], description: 'my bot' });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/me/webhooks/${created.body.id}`);
    expect(created.body).toMatchObject({ url: hooks.url, gameId: null, kinds: ['your-turn', 'game-ended'], format: 'json', enabled: true });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const listed = await ann.get<{ webhooks: Hook[] }>('/me/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('etag')).toBeTruthy();
    expect(listed.body.webhooks.map((h) => h.id)).toEqual([created.body.id]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
    expect((await ann.get(`/me/webhooks/${created.body.id}`)).body).not.toHaveProperty('secret');
    expect((await bob.get(`/me/webhooks/${created.body.id}`)).status).toBe(404);
    expect((await bob.get<{ webhooks: Hook[] }>('/me/webhooks')).body.webhooks).toEqual([]);

    const ping = await ann.post<{ deliveryId: string; delivered: boolean; status: number }>(`/me/webhooks/${created.body.id}/ping`);
    expect(ping.body).toMatchObject({ delivered: true, status: 204, error: null });
    expect(hooks.received).toHaveLength(1);
    const request = hooks.received[0];
    if (!request) throw new Error('no ping arrived');
    expect(request.headers['webhook-id']).toBe(ping.body.deliveryId);
    expect(verified(created.body.secret ?? '', request)).toMatchObject({ type: 'ping', data: { subscriptionId: created.body.id } });
    expect((await deliveries(ann, created.body.id)).deliveries).toMatchObject([
      { id: ping.body.deliveryId, kind: 'ping', status: 'delivered', attempts: 1, responseStatus: 204 },
    ]);

    expect((await bob.call('DELETE', `/me/webhooks/${created.body.id}`)).status).toBe(404);
    expect((await ann.call('DELETE', `/me/webhooks/${created.body.id}`)).status).toBe(204);
    expect((await ann.get<{ webhooks: Hook[] }>('/me/webhooks')).body.webhooks).toEqual([]);
    expect((await ann.call('DELETE', `/me/webhooks/${created.body.id}`)).status).toBe(404);
  });

  it('PBM-1 refuses bodies that are not a subscription, unknown kinds, unknown games and other schemes', async () => {
    const { ann } = await players('p1-bad');
    const url = 'http://127.0.0.1:9/never-called';
    const cases: [Record<string, unknown>, number, string][] = [
      [{ url, extra: true }, 400, 'invalid-body'],
      [{ url, kinds: ['everything'] }, 400, 'invalid-body'],
      [{ url, format: 'xml' }, 400, 'invalid-body'],
      [{}, 400, 'invalid-body'],
      [{ url: 'ftp://127.0.0.1/hook' }, 422, 'invalid-webhook-url'],
      [{ url: 'not a url' }, 422, 'invalid-webhook-url'],
      [{ url: 'http://user:pw@127.0.0.1/hook' }, 422, 'invalid-webhook-url'],
      [{ url, gameId: 'g_nosuchgame' }, 404, 'not-found'],
    ];
    for (const [body, status, type] of cases) {
      const reply = await ann.post<{ type: string }>('/me/webhooks', body);
      expect({ body, status: reply.status, type: reply.body.type }).toEqual({ body, status, type: `https://arbiter.dev/problems/${type}` });
    }
    expect((await anon.post('/me/webhooks', { url })).status).toBe(401);
  });

  it('PBM-1 a subscription for one game hears only that game; one for all games hears every game of the player', async () => {
    const { ann, bob } = await players('p1-scope');
    const [one, all] = [await receiver(), await receiver()];
    const everyGame = await subscribe(ann, { url: all.url });
    const create = async () =>
      (await ann.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } })).body
        .gameId;
    const [a, b] = [await create(), await create()];
    const onlyB = await subscribe(ann, { url: one.url, gameId: b });
    expect(onlyB.gameId).toBe(b);
    for (const game of [a, b]) await bob.post(`/games/${game}/join`, {});

    const gamesOf = (r: Receiver, secret: string) =>
      new Set(r.received.map((req) => (verified(secret, req).data as { gameId: string }).gameId));
    await eventually(
      async () => gamesOf(all, everyGame.secret),
      (games) => games.has(a) && games.has(b),
    );
    await eventually(
      async () => runtime.webhooks.idle && gamesOf(one, onlyB.secret).has(b),
      (done) => done,
    );
    expect(gamesOf(one, onlyB.secret)).toEqual(new Set([b]));
  });
});
