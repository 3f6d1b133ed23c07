/**
 * API-6 locally: which DynamoDB requests have the local runtime read the stream at once
 * (`writesTo`, infra/local/stream-poller.ts). Events are only ever put, so a put into the
 * events table, alone, in a transaction or in a batch, is what puts a record on its stream.
 */
import { describe, expect, it } from 'vitest';
import { writesTo } from '../../infra/local/stream-poller.ts';

const EVENTS = 'arbiter-events';

describe('the writes that have the local stream read at once', () => {
  it('API-6 a put into the events table, alone, in a transaction or in a batch', () => {
    expect(writesTo('PutItemCommand', { TableName: EVENTS }, EVENTS)).toBe(true);
    expect(writesTo('TransactWriteItemsCommand', { TransactItems: [{ ConditionCheck: {} }, { Put: { TableName: EVENTS } }] }, EVENTS)).toBe(
      true,
    );
    expect(writesTo('BatchWriteItemCommand', { RequestItems: { [EVENTS]: [] } }, EVENTS)).toBe(true);
  });

  it('API-6 not a write to another table, nor a read of the events table', () => {
    expect(writesTo('PutItemCommand', { TableName: 'arbiter-games' }, EVENTS)).toBe(false);
    expect(writesTo('TransactWriteItemsCommand', { TransactItems: [{ Put: { TableName: 'arbiter-games' } }] }, EVENTS)).toBe(false);
    expect(writesTo('BatchWriteItemCommand', { RequestItems: { 'arbiter-games': [] } }, EVENTS)).toBe(false);
    expect(writesTo('QueryCommand', { TableName: EVENTS }, EVENTS)).toBe(false);
    expect(writesTo('GetItemCommand', { TableName: EVENTS }, EVENTS)).toBe(false);
    expect(writesTo('TransactWriteItemsCommand', {}, EVENTS)).toBe(false);
  });
});
