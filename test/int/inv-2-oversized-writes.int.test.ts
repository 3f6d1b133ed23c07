/**
 * INV-1, INV-2: against DynamoDB Local, an item over DynamoDB's 400 KB limit is refused before
 * it is sent, and a request DynamoDB Local cuts off mid-body (413, connection closed) fails
 * alone: the socket's EPIPE once reached nothing that listened, and an unhandled 'error' event
 * ended the `npm start` process. This test runs in that process's place: were the error
 * unhandled, its worker would die and the run fail.
 */
import { createHash } from 'node:crypto';
import { BatchWriteItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DYNAMODB_ITEM_LIMIT_BYTES } from '../../domain/kernel/budget.ts';
import { ItemTooLarge } from '../../functions/adapters/dynamo-client.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';

let db: TestDb;
beforeAll(async () => {
  db = await freshTables();
});

describe('INV-2 an oversized write never kills the process', () => {
  it('INV-1 a read model over DynamoDB item limit is refused before it is sent, naming its size and its game; nothing is written', async () => {
    // Read models are stored packed (COST-2), so the padding must not compress: digests, fixed, not random.
    const padding = Array.from({ length: DYNAMODB_ITEM_LIMIT_BYTES / 16 }, (_, i) =>
      createHash('sha256').update(String(i)).digest('base64'),
    );
    const state = JSON.stringify({ status: 'playing', padding: padding.join('') });
    const sent = db.dynamo.requests.get('TransactWriteItems') ?? 0;
    const puts = db.dynamo.requests.get('PutItem') ?? 0;
    const refusal = await db.deps.games.putReadModel('g_huge', { version: 2, state }, 0).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ItemTooLarge);
    expect((refusal as Error).message).toMatch(
      /an item of \d+ bytes \(.*g_huge.*\) is over DynamoDB's 409600-byte limit; nothing was sent/,
    );
    expect(await db.deps.games.readModel('g_huge')).toBeNull();
    expect(db.dynamo.requests.get('TransactWriteItems') ?? 0).toBe(sent);
    // Counted as asked for (the counter sits after the guard): nothing reached the wire.
    expect(db.dynamo.requests.get('PutItem') ?? 0).toBe(puts);
  });

  it('INV-2 a 36 MB write that DynamoDB Local cuts off mid-body fails its own request, and the next request is answered', async () => {
    // BatchWriteItem is not guarded (Arbiter never sends it), so these bytes reach DynamoDB Local.
    const huge = { pk: { S: 'g_huge' }, sk: { S: 'VIEW' }, padding: { S: 'x'.repeat(36 * 1024 * 1024) } };
    const failed = await db.dynamo.client
      .send(new BatchWriteItemCommand({ RequestItems: { [db.tables.games]: [{ PutRequest: { Item: huge } }] } }))
      .then(() => null)
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    // The client still answers. (Were the closed socket's error unhandled, whenever it came, vitest would fail the run on it.)
    expect(await db.deps.games.readModel('g_huge')).toBeNull();
  });
});
