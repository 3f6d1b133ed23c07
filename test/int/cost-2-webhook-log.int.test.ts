/**
 * COST-2 on DynamoDB Local: a webhook subscription's delivery log, rewritten by every delivery,
 * is stored packed (`logZ`), and a subscription written before keeps being read until its next change.
 */
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemBytes } from '../../functions/adapters/dynamo-client.ts';
import { WebhookTable } from '../../functions/adapters/webhook-table.ts';
import type { DeliveryLogEntry, Subscription } from '../../functions/kernel/ports.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';

let db: TestDb;
let table: WebhookTable;
beforeAll(async () => {
  db = await freshTables();
  table = new WebhookTable(db.dynamo.client, db.tables);
});

const subscription = (id: string): Subscription => ({
  id,
  playerId: 'p_hooks',
  url: 'https://example.test/hook',
  gameId: null,
  kinds: ['your-turn'],
  format: 'json',
  description: null,
  createdAt: '2026-12-07T00:00:00.000Z',
  enabled: true,
  disabledAt: null,
  disabledReason: null,
});

const entry = (i: number): DeliveryLogEntry => ({
  id: `msg_${String(i).padStart(24, '0')}`,
  kind: 'your-turn',
  eventId: `g_${String(i % 7).padStart(20, '0')}#${i}`,
  gameId: `g_${String(i % 7).padStart(20, '0')}`,
  createdAt: `2026-12-07T00:${String(i % 60).padStart(2, '0')}:00.000Z`,
  status: 'delivered',
  attempts: 1,
  lastAttemptAt: `2026-12-07T00:${String(i % 60).padStart(2, '0')}:01.000Z`,
  nextAttemptAt: null,
  responseStatus: 204,
  lastError: null,
});

const raw = async (id: string) =>
  (
    await db.dynamo.client.send(
      new GetItemCommand({
        TableName: db.tables.games,
        Key: { pk: { S: 'PLAYER#p_hooks' }, sk: { S: `HOOK#${id}` } },
        ConsistentRead: true,
      }),
    )
  ).Item ?? {};

describe('COST-2 the webhook delivery log', () => {
  it('COST-2 a full delivery log is stored packed, in a third of its JSON or less, and reads back the same', async () => {
    expect(await table.create(subscription('wh_packed'), 'whsec_x', 10)).toBe('created');
    const log = Array.from({ length: 50 }, (_, i) => entry(i));
    const written = await table.update('p_hooks', 'wh_packed', (record) => ({ ...record, log }));
    expect(written?.log).toEqual(log);
    const item = await raw('wh_packed');
    expect(item.log).toBeUndefined();
    expect(item.logZ?.B).toBeInstanceOf(Uint8Array);
    expect(itemBytes(item)).toBeLessThan(Buffer.byteLength(JSON.stringify(log)) / 3);
    expect((await table.get('p_hooks', 'wh_packed'))?.log).toEqual(log);
  });

  it('COST-2 a subscription written before keeps its log readable, and is packed at its next change', async () => {
    const log = [entry(1), entry(2)];
    await db.dynamo.client.send(
      new PutItemCommand({
        TableName: db.tables.games,
        Item: {
          pk: { S: 'PLAYER#p_hooks' },
          sk: { S: 'HOOK#wh_legacy' },
          subscription: { S: JSON.stringify(subscription('wh_legacy')) },
          secret: { S: 'whsec_y' },
          log: { S: JSON.stringify(log) },
          rev: { N: '3' },
        },
      }),
    );
    expect((await table.get('p_hooks', 'wh_legacy'))?.log).toEqual(log);
    const next = await table.update('p_hooks', 'wh_legacy', (record) => ({ ...record, log: [...record.log, entry(3)] }));
    expect(next?.log).toEqual([...log, entry(3)]);
    const item = await raw('wh_legacy');
    expect(item.log).toBeUndefined();
    expect(item.logZ?.B).toBeInstanceOf(Uint8Array);
    expect(item.rev?.N).toBe('4');
  });
});
