/**
 * A player's webhook limit (REL-25) under concurrency, over HTTP against the local runtime on
 * DynamoDB Local: the count is an item written in the same transaction as each creation, and
 * racing transactions on it conflict and are retried, which only DynamoDB shows; and a data
 * folder's webhooks from before the count are items only a table holds. The rate limits
 * (REL-26) run on memory (test/service/limits.service.test.ts). No webhook here is ever sent:
 * creating one resolves nothing, and every URL names a host under example.org.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoClient } from '../../functions/adapters/dynamo-client.ts';
import { defaultWebhookPolicy } from '../../functions/notifications/app/webhooks.ts';
import type { Runtime } from '../../infra/local/runtime.ts';
import { Client, startTestRuntime } from '../support/http.ts';
import { fakeResolver } from '../support/resolver.ts';

const LIMIT = defaultWebhookPolicy.maxSubscriptions;

let runtime: Runtime;
let anon: Client;

beforeAll(async () => {
  // Creations are raised over the rate limit here: REL-25 is about the count, not the rate.
  // Subscriptions resolve their host (REL-28): this one answers a public address, never
  // delivered to, since no player here is in a game and nothing pings.
  const { resolve } = fakeResolver({ 'hooks.example.org': ['93.184.216.34'] });
  runtime = await startTestRuntime({ rateLimits: { webhooks: 1000 }, resolve });
  anon = new Client(runtime.url);
});
afterAll(() => runtime.stop());

type Reply = { id?: string; detail?: string; type?: string };

const createMany = (client: Client, n: number, tag: string) =>
  Promise.all(Array.from({ length: n }, (_, i) => client.post<Reply>('/me/webhooks', { url: `https://hooks.example.org/${tag}/${i}` })));

const statuses = (replies: readonly { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of replies) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

const listed = async (client: Client) => (await client.get<{ webhooks: { id: string }[] }>('/me/webhooks')).body.webhooks;

describe('REL-25 the webhook limit under concurrency', () => {
  it(`REL-25 40 concurrent creations give exactly ${LIMIT} webhooks; deleting one lets exactly one more in`, async () => {
    const { client } = await anon.register('Ann');
    const first = await createMany(client, 40, 'first');
    expect(statuses(first)).toEqual({ 201: LIMIT, 409: 40 - LIMIT });
    const refused = first.find((r) => r.status === 409);
    expect(refused?.headers.get('content-type')).toBe('application/problem+json');
    expect(refused?.body.type).toBe('https://arbiter.dev/problems/too-many-webhooks');
    expect(refused?.body.detail).toBe(`A player may have ${LIMIT} webhooks; DELETE /me/webhooks/{id} one you no longer need.`);
    const hooks = await listed(client);
    expect(hooks).toHaveLength(LIMIT);

    expect((await client.call('DELETE', `/me/webhooks/${hooks[0]?.id}`)).status).toBe(204);
    const second = await createMany(client, 40, 'second');
    expect(statuses(second)).toEqual({ 201: 1, 409: 39 });
    expect(await listed(client)).toHaveLength(LIMIT);
  }, 90_000);

  it('REL-25 a player whose webhooks were made before the count has them counted: the limit holds at once', async () => {
    const { client, playerId } = await anon.register('Bob');
    const db = createDynamoClient({ endpoint: runtime.dynamoEndpoint });
    // What an older data folder holds: subscriptions and no count item beside them.
    for (let i = 0; i < LIMIT - 1; i += 1) {
      const subscription = {
        id: `wh_legacy${i}`,
        playerId,
        url: `https://hooks.example.org/legacy/${i}`,
        gameId: null,
        kinds: ['your-turn'],
        format: 'json',
        description: null,
        createdAt: new Date().toISOString(),
        enabled: true,
        disabledAt: null,
        disabledReason: null,
      };
      await db.client.send(
        new PutItemCommand({
          TableName: runtime.tables.games,
          Item: {
            pk: { S: `PLAYER#${playerId}` },
            sk: { S: `HOOK#${subscription.id}` },
            subscription: { S: JSON.stringify(subscription) },
            secret: { S: 'whsec_legacy' },
            log: { S: '[]' },
            rev: { N: '1' },
          },
        }),
      );
    }
    db.client.destroy();
    const replies = await createMany(client, 10, 'after');
    expect(statuses(replies)).toEqual({ 201: 1, 409: 9 });
    expect(await listed(client)).toHaveLength(LIMIT);
    // Deleting a webhook made before the count lets exactly one more in.
    expect((await client.call('DELETE', '/me/webhooks/wh_legacy0')).status).toBe(204);
    expect(statuses(await createMany(client, 10, 'again'))).toEqual({ 201: 1, 409: 9 });
  });
});
