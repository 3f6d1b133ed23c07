/** REL-31: the lobby's merge of index partitions, over partitions held in memory. */
import { describe, expect, it } from 'vitest';
import { mergePartitions } from '../../functions/adapters/lobby-merge.ts';

/** Partitions of ordered keys, read as the index is: from where the last chunk ended, counting what each read. */
const partitions = (spread: Record<string, readonly string[]>) => {
  const read: Record<string, number> = {};
  const chunk = async (partition: string, start: number | undefined, limit: number) => {
    const all = spread[partition] ?? [];
    const from = start ?? 0;
    const entries = all.slice(from, from + limit);
    read[partition] = (read[partition] ?? 0) + entries.length;
    return { entries: [...entries], end: from + limit < all.length ? from + limit : undefined };
  };
  return { read, chunk, names: Object.keys(spread) };
};

const keys = (prefix: string, n: number, step = 1, offset = 0) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(offset + i * step).padStart(4, '0')}`);

describe('REL-31 merging the lobby partitions', () => {
  it('REL-31 lists the first entries of every partition in order, reading each no further than the merge needs', async () => {
    const spread = { a: keys('k', 100, 3, 0), b: keys('k', 100, 3, 1), c: keys('k', 100, 3, 2) };
    const { read, chunk, names } = partitions(spread);
    const merged = await mergePartitions(names, 11, (k: string) => k, chunk);
    expect(merged).toEqual(keys('k', 11));
    // Each partition's fair share of 11 over 3, plus one: 5 each, not 11.
    expect(read).toEqual({ a: 5, b: 5, c: 5 });
  });

  it('REL-31 reads no partition past the page + 1 when all of the page sits in one of them', async () => {
    const spread = { a: keys('a', 500), b: keys('b', 500), c: [], d: keys('d', 2) };
    const { read, chunk, names } = partitions(spread);
    const merged = await mergePartitions(names, 51, (k: string) => k, chunk);
    expect(merged).toEqual(keys('a', 51));
    expect(Math.max(...Object.values(read))).toBeLessThanOrEqual(51);
    expect(read.a).toBe(51);
  });

  it('REL-31 gives fewer than asked when the partitions hold fewer, and nothing from none', async () => {
    const { chunk, names } = partitions({ a: ['a1', 'a3'], b: ['a2'] });
    expect(await mergePartitions(names, 10, (k: string) => k, chunk)).toEqual(['a1', 'a2', 'a3']);
    expect(await mergePartitions([], 10, (k: string) => k, chunk)).toEqual([]);
  });
});
