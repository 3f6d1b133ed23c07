/** AWS-4 the arithmetic of capacity units the benchmark prints: units from item sizes, as DynamoDB bills them. */
import { describe, expect, it } from 'vitest';
import { itemBytes, readUnits, writeUnits } from '../../functions/adapters/dynamo-client.ts';

describe('item sizes', () => {
  it('AWS-4 an item is the bytes of its attribute names and values', () => {
    // 'pk' 2 + 'GAME#g1' 7, 'sk' 2 + 'SECRET' 6, 'seed' 4 + 64 hex digits.
    expect(itemBytes({ pk: { S: 'GAME#g1' }, sk: { S: 'SECRET' }, seed: { S: 'a'.repeat(64) } })).toBe(85);
  });

  it('AWS-4 strings count UTF-8 bytes, numbers one byte per two significant digits plus one', () => {
    expect(itemBytes({ s: { S: 'é' } })).toBe(1 + 2);
    expect(itemBytes({ seq: { N: '12345' } })).toBe(3 + 4);
    expect(itemBytes({ seq: { N: '1000' } })).toBe(3 + 2);
  });
});

describe('write units', () => {
  it('AWS-4 one WCU per started kilobyte of each item, at least one', () => {
    expect(writeUnits([100], { transactional: false })).toBe(1);
    expect(writeUnits([1024], { transactional: false })).toBe(1);
    expect(writeUnits([1025], { transactional: false })).toBe(2);
    expect(writeUnits([0], { transactional: false })).toBe(1);
  });

  it('AWS-4 a transaction doubles the units of each item it writes', () => {
    // Two events of 600 bytes, a 200-byte idempotency record, a 3,000-byte snapshot: (1 + 1 + 1 + 3) x 2.
    expect(writeUnits([600, 600, 200, 3000], { transactional: true })).toBe(12);
  });
});

describe('read units', () => {
  it('AWS-4 one RCU per started 4 KB read strongly consistent, at least one', () => {
    expect(readUnits(0, { consistent: true })).toBe(1);
    expect(readUnits(4096, { consistent: true })).toBe(1);
    expect(readUnits(4097, { consistent: true })).toBe(2);
    expect(readUnits(140 * 700, { consistent: true })).toBe(24);
  });

  it('AWS-4 an eventually consistent read costs half', () => {
    expect(readUnits(4097, { consistent: false })).toBe(1);
    expect(readUnits(10_000, { consistent: false })).toBe(1.5);
  });
});
