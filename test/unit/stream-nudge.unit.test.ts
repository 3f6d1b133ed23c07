/**
 * API-6 locally: which DynamoDB requests have the local runtime read the stream at once
 * (`writesTo`, infra/local/stream-poller.ts). Events are only ever put, so a put into the
 * events table, alone, in a transaction or in a batch, is what puts a record on its stream.
 */
import { describe, expect, it } from 'vitest';
import { writesTo } from '../../infra/local/stream-poller.ts';
import { gamesPutInto } from '../../infra/local/wait-pokes.ts';

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

describe('the games whose waits a write answers at once (COST-7)', () => {
  const event = (gameId: string) => ({ gameId: { S: gameId }, seq: { N: '1' } });

  it('COST-7 the games a put into the events table names, alone, in a transaction or in a batch, each once', () => {
    expect(gamesPutInto('PutItemCommand', { TableName: EVENTS, Item: event('g_a') }, EVENTS)).toEqual(['g_a']);
    const transaction = {
      TransactItems: [
        { Put: { TableName: EVENTS, Item: event('g_a') } },
        { Put: { TableName: EVENTS, Item: event('g_a') } },
        { ConditionCheck: {} },
        { Put: { TableName: 'arbiter-games', Item: event('g_b') } },
      ],
    };
    expect(gamesPutInto('TransactWriteItemsCommand', transaction, EVENTS)).toEqual(['g_a']);
    const batch = { RequestItems: { [EVENTS]: [{ PutRequest: { Item: event('g_c') } }, { PutRequest: { Item: event('g_d') } }] } };
    expect(gamesPutInto('BatchWriteItemCommand', batch, EVENTS)).toEqual(['g_c', 'g_d']);
  });

  it('COST-7 none for a write to another table or a read', () => {
    expect(gamesPutInto('PutItemCommand', { TableName: 'arbiter-games', Item: event('g_a') }, EVENTS)).toEqual([]);
    expect(gamesPutInto('QueryCommand', { TableName: EVENTS }, EVENTS)).toEqual([]);
    expect(
      gamesPutInto('BatchWriteItemCommand', { RequestItems: { 'arbiter-games': [{ PutRequest: { Item: event('g_a') } }] } }, EVENTS),
    ).toEqual([]);
  });
});
