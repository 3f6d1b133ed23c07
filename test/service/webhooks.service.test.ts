/**
 * Webhook notifications end to end (PBM-1 … PBM-6): the local runtime over HTTP, with real
 * receivers. Every receiver listens on 127.0.0.1 and every URL points there: no test sends
 * or resolves anything beyond this machine's loopback.
 */
import type { SQSRecord } from 'aws-lambda';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toEntry } from '../../functions/adapters/bus.ts';
import { HttpWebhookSender } from '../../functions/adapters/webhook-sender.ts';
import { ROUTES } from '../../functions/http/route-table.ts';
import type { Problem } from '../../functions/kernel/problems.ts';
import { createSubscription } from '../../functions/notifications/app/webhook-subscriptions.ts';
import type { Delivery } from '../../functions/notifications/app/webhooks.ts';
import { makeDeliverer } from '../../functions/webhooks/deliver.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, commandId, eventually, startServiceRuntime } from '../support/http.ts';
import { fakeResolver } from '../support/resolver.ts';
import { closedPort, Receiver } from '../support/webhook-receiver.ts';

/** Fast retries: 50 ms, then 100 ms; a delivery fails on its third attempt. */
const FAST = { retryBaseMs: 50, maxAttempts: 3, timeoutMs: 2_000 };

let runtime: MemoryRuntime;
let anon: Client;
const receivers: Receiver[] = [];

const receiver = async (...args: Parameters<typeof Receiver.start>) => {
  const r = await Receiver.start(...args);
  receivers.push(r);
  return r;
};

beforeAll(async () => {
  runtime = await startServiceRuntime({ webhooks: { ...FAST, allowLoopback: true } });
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

  it('PBM-1 a retried subscription (same requestId and body) answers the first result instead of subscribing twice', async () => {
    const { ann } = await players('p1-retry');
    const body = { url: 'http://127.0.0.1:9/never-called', format: 'slack', requestId: 'league-night-0001' };
    const first = await ann.post<Hook>('/me/webhooks', body);
    const again = await ann.post<Hook>('/me/webhooks', body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    expect((await ann.get<{ webhooks: Hook[] }>('/me/webhooks')).body.webhooks).toHaveLength(1);
    const other = await ann.post<{ type: string }>('/me/webhooks', { ...body, format: 'discord' });
    expect([other.status, other.body.type]).toEqual([409, 'https://arbiter.dev/problems/request-id-reused']);
  });

  it('PBM-1 the webhook routes are in the OpenAPI document, with their request schema', async () => {
    const doc = await anon.get<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>('/openapi.json');
    const routes = Object.entries(doc.body.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const webhookRoutes = ROUTES.filter((r) => r.tag === 'webhooks').map((r) => `${r.method} ${r.path}`);
    expect(webhookRoutes.length).toBe(7);
    expect(routes).toEqual(expect.arrayContaining(webhookRoutes));
    expect(JSON.stringify(doc.body.paths['/me/webhooks']?.post?.requestBody)).toContain('seat-awaited');
  });

  it('PBM-1 refuses bodies that are not a subscription, unknown kinds, unknown games and other schemes', async () => {
    const { ann } = await players('p1-bad');
    const url = 'http://127.0.0.1:9/never-called';
    const cases: [Record<string, unknown>, number, string][] = [
      [{ url, extra: true }, 400, 'invalid-body'],
      [{ url, kinds: ['everything'] }, 400, 'invalid-body'],
      [{ url, format: 'xml' }, 400, 'invalid-body'],
      [{}, 400, 'invalid-body'],
      [{ url: 'ftp://127.0.0.1/hook' }, 400, 'invalid-webhook-url'],
      [{ url: 'not a url' }, 400, 'invalid-webhook-url'],
      [{ url: 'http://user:pw@127.0.0.1/hook' }, 400, 'invalid-webhook-url'],
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

describe('PBM-2 signed deliveries', () => {
  it("PBM-2 when it becomes a player's turn, the receiver gets a delivery that the standardwebhooks package verifies", async () => {
    const { ann, bob } = await players('p2');
    const hooks = await receiver();
    const hook = await subscribe(ann, { url: hooks.url, kinds: ['your-turn'] });
    const gameId = await match(ann, bob);

    const [request] = await eventually(
      async () => hooks.received,
      (r) => r.length > 0,
    );
    if (!request) throw new Error('no delivery');
    expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(request.headers['content-type']).toBe('application/json');

    const payload = verified(hook.secret, request);
    expect(payload).toMatchObject({
      type: 'your-turn',
      data: {
        kind: 'your-turn',
        event: 'SeatAwaited',
        gameId,
        seat: { seat: 'red', playerName: 'Ann p2' },
        ruleset: 'post-galactica',
        turn: 1,
        round: 1,
        phase: 'command',
      },
    });
    expect(String(payload.data.text)).toContain('Your turn: Ann p2 (red) must act in Post Galactica game');

    // Any other secret, or a body changed by one byte, fails verification.
    const other = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(() => new Webhook(other).verify(request.body, request.headers)).toThrow();
    expect(() => new Webhook(hook.secret).verify(request.body.replace('red', 'blu'), request.headers)).toThrow();
    // Bob subscribed nothing and was told nothing; Ann's hook heard only her own turn.
    expect(hooks.received.every((r) => (verified(hook.secret, r).data as { seat: { seat: string } }).seat.seat === 'red')).toBe(true);
  });
});

describe('PBM-3 retries and the delivery log', () => {
  it('PBM-3 a receiver that answers 500 twice then 200 gets the same webhook-id three times; the log shows the attempts', async () => {
    const { ann, bob } = await players('p3');
    const hooks = await receiver((attempt) => (attempt <= 2 ? 500 : 200));
    const hook = await subscribe(ann, { url: hooks.url, kinds: ['your-turn'] });
    await match(ann, bob);

    const log = await eventually(
      () => deliveries(ann, hook.id),
      (l) => l.deliveries.length > 0 && l.deliveries.every((d) => d.status === 'delivered'),
    );
    const entry = log.deliveries[0];
    if (!entry) throw new Error('no log entry');
    expect(entry).toMatchObject({ kind: 'your-turn', status: 'delivered', attempts: 3, responseStatus: 200, lastError: null });
    expect(entry.eventId).toMatch(/:SeatAwaited:red$/);
    const attempts = hooks.byId(entry.id);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    for (const attempt of attempts) expect(verified(hook.secret, attempt)).toMatchObject({ type: 'your-turn' });
    expect(log.subscription).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('PBM-3 a receiver that always fails gets the subscription disabled, and its owner reads why', async () => {
    const { ann, bob } = await players('p3-down');
    const hooks = await receiver(() => 503);
    const hook = await subscribe(ann, { url: hooks.url, kinds: ['your-turn'] });
    await match(ann, bob);

    const disabled = await eventually(
      () => ann.get<Hook>(`/me/webhooks/${hook.id}`),
      (r) => r.body.enabled === false,
    );
    expect(disabled.body.disabledReason).toMatch(/failed 3 times; the last error: HTTP 503: receiver says 503\./);
    expect(disabled.body.disabledReason).toContain(`POST /me/webhooks/${hook.id}/enable`);
    const log = await deliveries(ann, hook.id);
    expect(log.deliveries[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      responseStatus: 503,
      lastError: 'HTTP 503: receiver says 503',
    });
    expect(hooks.received.filter((r) => r.headers['webhook-id'] === log.deliveries[0]?.id)).toHaveLength(3);

    const enabled = await ann.post<Hook>(`/me/webhooks/${hook.id}/enable`);
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('PBM-3 a refused connection is retried and then recorded as the last error', async () => {
    const { ann, bob } = await players('p3-refused');
    const hook = await subscribe(ann, { url: `http://127.0.0.1:${await closedPort()}/nobody`, kinds: ['your-turn'] });
    await match(ann, bob);
    const log = await eventually(
      () => deliveries(ann, hook.id),
      (l) => l.deliveries[0]?.status === 'failed',
    );
    expect(log.deliveries[0]).toMatchObject({ attempts: 3, responseStatus: null });
    expect(log.deliveries[0]?.lastError).toMatch(/^ECONNREFUSED/);
    expect(log.subscription.enabled).toBe(false);
  });
});

describe('PBM-4 chat formats', () => {
  it('PBM-4 Discord and Slack bodies say who must act, in which game, which turn and phase, and the deadline in UTC', async () => {
    const { ann, bob } = await players('p4');
    const [discord, slack] = [await receiver(), await receiver()];
    const toDiscord = await subscribe(ann, { url: discord.url, format: 'discord', kinds: ['seat-awaited', 'game-ended'] });
    const toSlack = await subscribe(bob, { url: slack.url, format: 'slack', kinds: ['seat-awaited', 'game-ended'] });
    const gameId = await match(ann, bob, { deadlines: { default: 'PT48H' } });
    // The first step of play: before it the read model may still show the lobby's own step (PBM-10).
    const view = await eventually(
      () => ann.get<{ step: { key: string; deadline: string } | null }>(`/games/${gameId}`),
      (r) => r.body.step?.key === 't1-command',
    );
    const deadline = `${view.body.step?.deadline.slice(0, 16).replace('T', ' ')} UTC`;
    const expected = [
      `Ann p4 (red) must act in Post Galactica game ${gameId}.`,
      'Turn 1, round 1, command phase.',
      `Deadline: ${deadline}.`,
    ].join('\n');

    const [toAnn] = await eventually(
      async () => discord.received,
      (r) => r.length > 0,
    );
    const [toBob] = await eventually(
      async () => slack.received,
      (r) => r.length > 0,
    );
    if (!toAnn || !toBob) throw new Error('no delivery');
    // TRUST-2: each also carries the receipt of the event it announces (test/service/trust-2-receipts.service.test.ts).
    expect(verified(toDiscord.secret, toAnn)).toEqual({ content: expected, allowed_mentions: { parse: [] }, embeds: [expect.anything()] });
    expect(verified(toSlack.secret, toBob)).toEqual({ text: expected, mrkdwn: false, attachments: [expect.anything()] });

    await ann.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } });
    const ended = await eventually(
      async () => slack.received.map((r) => (verified(toSlack.secret, r) as unknown as { text: string }).text),
      (texts) => texts.some((t) => t.includes('has ended')),
    );
    expect(ended.find((t) => t.includes('has ended'))).toMatch(
      new RegExp(`^Post Galactica game ${gameId} has ended: Bob p4 \\(blue\\) won \\(.+\\)\\.$`),
    );
  });
});

describe('PBM-5 no SSRF: the sender', () => {
  const sender = (timeoutMs = 2_000, maxResponseBytes = 1024) =>
    new HttpWebhookSender({ allowLoopback: true, requireHttps: false, timeoutMs, maxResponseBytes }, fakeResolver().resolve);
  const webhook = (url: string) => ({ url, headers: { 'webhook-id': 'msg_test' }, body: '{}' });

  it('PBM-5 follows no redirect: a 302 is a failed delivery and its target is never asked', async () => {
    const target = await receiver();
    const redirecting = await receiver(undefined, (_req, res) => {
      res.writeHead(302, { location: target.url });
      res.end();
    });
    const outcome = await sender().send(webhook(redirecting.url));
    expect(outcome).toMatchObject({ ok: false, status: 302, retryable: false });
    expect(outcome.ok ? '' : outcome.error).toContain('redirects are not followed');
    expect(target.received).toEqual([]);
  });

  it('PBM-5 gives up on a receiver that does not answer within the timeout', async () => {
    const silent = await receiver(() => 'hang');
    const started = Date.now();
    const outcome = await sender(300).send(webhook(silent.url));
    expect(outcome).toMatchObject({ ok: false, status: null, error: 'no answer within 300 ms', retryable: true });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('PBM-5 reads at most maxResponseBytes of an answer and hangs up', async () => {
    let written = 0;
    let closed = false;
    const flood = await receiver(undefined, (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.on('close', () => {
        closed = true;
      });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (!closed && written < 64 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const outcome = await sender(5_000, 1024).send(webhook(flood.url));
    expect(outcome).toMatchObject({ ok: false, status: 500, retryable: true });
    expect(outcome.ok ? '' : outcome.error).toMatch(/^HTTP 500: x{200}$/);
    await eventually(
      async () => closed,
      (c) => c,
    );
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });
});

const MOVING_NAME = 'moving.arbiter.test';

describe('PBM-5 no SSRF: a runtime started without --allow-loopback-webhooks', () => {
  let strict: MemoryRuntime;
  let client: Client;
  beforeAll(async () => {
    // The name is public when the subscription is made, and loopback at every lookup after.
    let lookups = 0;
    const moving = fakeResolver({
      [MOVING_NAME]: () => {
        lookups += 1;
        return lookups === 1 ? ['8.8.8.8'] : ['127.0.0.1'];
      },
    });
    strict = await startServiceRuntime({ webhooks: FAST, resolve: moving.resolve });
    client = new Client(strict.url);
  });
  afterAll(() => strict.stop());

  it('PBM-5 refuses a loopback IP literal when the subscription is made', async () => {
    const { client: ann } = await client.register('Ann p5');
    const hooks = await receiver();
    const reply = await ann.post<{ type: string; detail: string }>('/me/webhooks', { url: hooks.url });
    expect(reply.status).toBe(400);
    expect(reply.body.type).toBe('https://arbiter.dev/problems/invalid-webhook-url');
    expect(reply.body.detail).toBe('127.0.0.1 is a loopback address, which webhooks may not reach.');
    for (const url of ['http://[::1]:9/x', 'http://10.0.0.1/x', 'http://169.254.169.254/latest/meta-data', 'http://[::ffff:127.0.0.1]/x']) {
      expect((await ann.post('/me/webhooks', { url })).status, url).toBe(400);
    }
  });

  it('PBM-5 refuses at delivery a name that resolved to a public address at subscription and to loopback since; nothing is sent', async () => {
    const ann = await client.register('Ann p5-name');
    const bob = await client.register('Bob p5-name');
    const hooks = await receiver();
    const port = new URL(hooks.url).port;
    // A name, not an address: only resolving it again at delivery shows where it points now.
    const hook = await subscribe(ann.client, { url: `http://${MOVING_NAME}:${port}/hooks/arbiter`, kinds: ['your-turn'] });

    const ping = await ann.client.post<{ delivered: boolean; error: string }>(`/me/webhooks/${hook.id}/ping`);
    expect(ping.body.delivered).toBe(false);
    expect(ping.body.error).toBe('127.0.0.1 is a loopback address, which webhooks may not reach');

    await match(ann.client, bob.client);
    const disabled = await eventually(
      () => ann.client.get<Hook>(`/me/webhooks/${hook.id}`),
      (r) => r.body.enabled === false,
    );
    expect(disabled.body.disabledReason).toMatch(/was refused and will not pass on a retry: 127\.0\.0\.1 is a loopback address/);
    const log = await deliveries(ann.client, hook.id);
    expect(log.deliveries.map((d) => [d.kind, d.status, d.attempts])).toEqual([
      ['your-turn', 'failed', 1],
      ['ping', 'failed', 1],
    ]);
    expect(log.deliveries[0]?.lastError).toMatch(/loopback address/);
    expect(hooks.received).toEqual([]);
  });

  it('PBM-5 on AWS (https required) a plain http URL is refused', async () => {
    const { playerId } = await client.register('Ann p5-https');
    const deps = strict.deps;
    const onAws = { ...deps, webhooks: { ...deps.webhooks, policy: { ...deps.webhooks.policy, requireHttps: true } } };
    const refused = await createSubscription(onAws, playerId, { url: 'http://hooks.example.invalid/arbiter' }).catch((e: Problem) => e);
    expect(refused).toMatchObject({ status: 400, type: 'invalid-webhook-url', detail: 'Webhook URLs must use https, not http.' });
  });
});

describe('PBM-6 where it runs', () => {
  const sqsRecord = (messageId: string, body: unknown): SQSRecord =>
    ({ messageId, body: typeof body === 'string' ? body : JSON.stringify(body), eventSource: 'aws:sqs' }) as SQSRecord;

  it('PBM-6 the AWS delivery function turns a queued bus event into signed deliveries, a failed attempt into a delayed message, and a bad message into a batch item failure', async () => {
    const { ann, bob } = await players('p6');
    const gameId = await match(ann, bob);
    const awaited = await eventually(
      async () => runtime.bus.published.find((e) => e.gameId === gameId && e.type === 'SeatAwaited'),
      (e) => e !== undefined,
    );
    if (!awaited) throw new Error('no SeatAwaited');
    // Subscribed once the local runtime is done with the game, so only the function below delivers.
    await eventually(
      async () => runtime.webhooks.idle,
      (idle) => idle,
    );
    const hooks = await receiver((attempt) => (attempt === 1 ? 502 : 204));
    const hook = await subscribe(ann, { url: hooks.url, kinds: ['your-turn'] });

    const queued: { delivery: Delivery; delayMs: number }[] = [];
    const deliver = makeDeliverer(
      () => runtime.deps,
      () => ({ later: async (delivery, delayMs) => void queued.push({ delivery, delayMs }) }),
    );
    // The event as the rule's SQS target writes it: EventBridge's envelope around the publisher's entry. A
    // subscription hears only what is recorded from its making on, so the event is stamped as recorded now.
    const entry = toEntry({ ...awaited, at: runtime.deps.clock().toISOString() }, 'arbiter');
    const fromBus = {
      version: '0',
      id: 'eb-1',
      'detail-type': entry.DetailType,
      source: entry.Source,
      account: '123456789012',
      time: entry.Time?.toISOString(),
      region: 'eu-west-1',
      resources: [],
      detail: JSON.parse(entry.Detail ?? '{}'),
    };
    // The function logs the bad message, as it should; the log is checked here rather than left in npm test's output (DOC-5).
    const errors: unknown[][] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    const first = await deliver({ Records: [sqsRecord('m-1', fromBus), sqsRecord('m-2', 'not json')] }).finally(() => logged.mockRestore());
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'm-2' }]);
    // OPS-3: one JSON line, with the invocation's ids beside the message's.
    expect(errors.map(([line]) => JSON.parse(String(line)))).toEqual([
      {
        level: 'error',
        msg: 'webhook delivery failed',
        function: 'webhooks',
        requestId: 'none',
        coldStart: true,
        messageId: 'm-2',
        gameId: null,
        commandId: null,
        error: expect.stringMatching(/^SyntaxError: /),
        stack: expect.any(String),
      },
    ]);
    expect(hooks.received.map((r) => r.attempt)).toEqual([1]);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.delayMs).toBe(FAST.retryBaseMs);

    // The delayed message comes back (early ones are put back again), and the second attempt passes.
    await eventually(
      async () => {
        const next = queued.shift();
        if (next) expect((await deliver({ Records: [sqsRecord('m-3', { delivery: next.delivery })] })).batchItemFailures).toEqual([]);
        return hooks.received.length;
      },
      (n) => n === 2,
    );
    const [one, two] = hooks.received;
    expect(two?.headers['webhook-id']).toBe(one?.headers['webhook-id']);
    expect(verified(hook.secret, two ?? { headers: {}, body: '' })).toMatchObject({ type: 'your-turn', data: { gameId } });

    // SQS may deliver a message twice: a finished delivery is not sent again.
    expect((await deliver({ Records: [sqsRecord('m-1', fromBus)] })).batchItemFailures).toEqual([]);
    expect(hooks.received).toHaveLength(2);
    expect((await deliveries(ann, hook.id)).deliveries).toMatchObject([{ status: 'delivered', attempts: 2, responseStatus: 204 }]);
  });
});
