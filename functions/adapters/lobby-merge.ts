/**
 * REL-31: the first `want` entries of several key-ordered partitions, in order, reading each
 * partition forward in chunks only as far as the merge needs it. A partition is read in a small
 * chunk first (its fair share of the page) and in doubling chunks when the merge empties it, so
 * a page whose games are spread over the partitions reads little more than itself, and one whose
 * games sit in a few partitions takes a few more rounds. No partition is read past `want`
 * entries, which bounds a page whatever the partitions hold.
 */

/** A partition's next entries from `start` (where the previous chunk ended), and where they end. */
export type ReadChunk<T, K> = (partition: string, start: K | undefined, limit: number) => Promise<{ entries: T[]; end: K | undefined }>;

interface Source<T, K> {
  readonly partition: string;
  readonly buffer: T[];
  start: K | undefined;
  fetched: number;
  chunk: number;
  done: boolean;
}

export const mergePartitions = async <T, K>(
  partitions: readonly string[],
  want: number,
  order: (entry: T) => string,
  read: ReadChunk<T, K>,
): Promise<T[]> => {
  const share = Math.ceil(want / Math.max(1, partitions.length)) + 1;
  const sources: Source<T, K>[] = partitions.map((partition) => ({
    partition,
    buffer: [],
    start: undefined,
    fetched: 0,
    chunk: share,
    done: false,
  }));
  const refill = async (source: Source<T, K>) => {
    const limit = Math.min(source.chunk, want - source.fetched);
    const { entries, end } = await read(source.partition, source.start, limit);
    source.buffer.push(...entries);
    source.fetched += entries.length;
    source.start = end;
    source.chunk *= 2;
    source.done = end === undefined || source.fetched >= want;
  };
  const merged: T[] = [];
  while (merged.length < want) {
    const empty = sources.filter((s) => s.buffer.length === 0 && !s.done);
    if (empty.length > 0) {
      await Promise.all(empty.map(refill));
      continue;
    }
    let first: Source<T, K> | undefined;
    for (const source of sources) {
      const head = source.buffer[0];
      if (head !== undefined && (first === undefined || order(head) < order(first.buffer[0] as T))) first = source;
    }
    if (!first) break;
    merged.push(first.buffer.shift() as T);
  }
  return merged;
};
