/**
 * REL-28: a webhook URL's host is checked when the subscription is made, as at delivery.
 * Without the loopback flag, `localhost` in any case or encoding, with or without the
 * trailing dot, and names that resolve to loopback (as /etc/hosts can make them) are the
 * same 400 as a loopback address, not a 201 that the first delivery disables. Host names
 * go to the test's resolver, never to DNS; real deliveries go only to 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, startServiceRuntime } from '../support/http.ts';
import { fakeResolver } from '../support/resolver.ts';
import { Receiver } from '../support/webhook-receiver.ts';

/**
 * What the test resolver answers: names /etc/hosts could map to loopback, one that is half
 * internal, one that is public (subscribed to, never delivered to: it has no game), and localhost.
 */
const NAMES = {
  'hooks.internal.test': ['127.0.0.1'],
  'v6.internal.test': ['::1'],
  'mixed.internal.test': ['93.184.216.34', '10.0.0.1'],
  'public.arbiter.test': ['93.184.216.34'],
  localhost: ['127.0.0.1'],
  'localhost.': ['127.0.0.1'],
};

let strict: MemoryRuntime;
let loopback: MemoryRuntime;
const strictNames = fakeResolver(NAMES);
const loopbackNames = fakeResolver(NAMES);
const receivers: Receiver[] = [];

beforeAll(async () => {
  strict = await startServiceRuntime({ resolve: strictNames.resolve });
  loopback = await startServiceRuntime({ webhooks: { allowLoopback: true, retryBaseMs: 50 }, resolve: loopbackNames.resolve });
});
afterAll(async () => {
  for (const r of receivers) await r.close();
  await Promise.all([strict.stop(), loopback.stop()]);
});

interface Refusal {
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly errors: readonly { pointer: string; detail: string }[];
}

const subscribe = async (runtime: MemoryRuntime, name: string, url: string) => {
  const { client } = await new Client(runtime.url).register(name);
  return { client, reply: await client.post<Refusal & { id: string }>('/me/webhooks', { url }) };
};

/** The 400 of a loopback address, as the host named in `detail` would get it. */
const loopbackRefusal = (host: string) => ({
  type: 'https://arbiter.dev/problems/invalid-webhook-url',
  title: 'This URL cannot receive webhooks',
  status: 400,
  detail: `${host} is a loopback address, which webhooks may not reach.`,
  errors: [{ pointer: '/url', detail: `${host} is a loopback address, which webhooks may not reach.` }],
});

describe('REL-28 loopback names are refused at subscription', () => {
  it('REL-28 the 400 of a loopback address, for comparison', async () => {
    const { reply } = await subscribe(strict, 'Ann REL-28 ip', 'http://127.0.0.1:9/hook');
    expect([reply.status, reply.body]).toEqual([400, loopbackRefusal('127.0.0.1')]);
  });

  it.each([
    ['http://localhost:9/hook', 'localhost'],
    ['http://LocalHost:9/hook', 'localhost'],
    ['http://localhost.:9/hook', 'localhost.'],
    ['http://%6c%6f%63%61%6c%68%6f%73%74:9/hook', 'localhost'],
    ['http://hooks.localhost/hook', 'hooks.localhost'],
    ['http://A.LOCALHOST./hook', 'a.localhost.'],
  ])('REL-28 %s is refused by its name, as a loopback address is, without asking the resolver', async (url, host) => {
    const { reply } = await subscribe(strict, 'Ann REL-28 name', url);
    expect([reply.status, reply.body]).toEqual([400, loopbackRefusal(host)]);
    expect(strictNames.asked).not.toContain(host);
  });

  it('REL-28 a name that resolves to loopback, or to any internal address among others, is refused when the subscription is made', async () => {
    for (const [host, address] of [
      ['hooks.internal.test', '127.0.0.1'],
      ['v6.internal.test', '::1'],
    ] as const) {
      const { reply } = await subscribe(strict, 'Ann REL-28 hosts', `http://${host}:9/hook`);
      expect([reply.status, reply.body]).toEqual([400, loopbackRefusal(address)]);
    }
    const mixed = await subscribe(strict, 'Ann REL-28 mixed', 'http://mixed.internal.test/hook');
    expect([mixed.reply.status, mixed.reply.body.detail]).toEqual([
      400,
      '10.0.0.1 is a private-network address, which webhooks may not reach.',
    ]);
    expect(strictNames.asked).toEqual(expect.arrayContaining(['hooks.internal.test', 'v6.internal.test', 'mixed.internal.test']));
  });

  it('REL-28 a name that does not resolve is a 400 that says so; a public one is accepted', async () => {
    const unknown = await subscribe(strict, 'Ann REL-28 unknown', 'http://nowhere.arbiter.test/hook');
    expect([unknown.reply.status, unknown.reply.body.detail]).toEqual([
      400,
      'nowhere.arbiter.test did not resolve (ENOTFOUND); check the name, and try again once it resolves.',
    ]);
    const fine = await subscribe(strict, 'Ann REL-28 public', 'http://public.arbiter.test/hook');
    expect(fine.reply.status).toBe(201);
  });
});

describe('REL-28 with the loopback flag on', () => {
  it('REL-28 localhost is accepted, and a ping through the resolver reaches the receiver on 127.0.0.1', async () => {
    const hooks = await Receiver.start();
    receivers.push(hooks);
    const port = new URL(hooks.url).port;
    const { client, reply } = await subscribe(loopback, 'Ann REL-28 local', `http://LocalHost.:${port}/hook`);
    expect(reply.status).toBe(201);
    const ping = await client.post<{ delivered: boolean; status: number }>(`/me/webhooks/${reply.body.id}/ping`);
    expect([ping.status, ping.body.delivered, ping.body.status]).toEqual([200, true, 204]);
    expect(hooks.received).toHaveLength(1);
    expect(loopbackNames.asked).toContain('localhost.');
  });
});
