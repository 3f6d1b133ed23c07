/**
 * When a store snapshots a stream, the same on every adapter (docs/design.md §5): with the batch
 * that crosses a multiple of SNAPSHOT_EVERY, so that a load folds at most that many events and a
 * batch on top of the newest snapshot.
 */
export const SNAPSHOT_EVERY = 50;

/** Whether a batch landing on `expectedVersion` and ending at `last` writes a snapshot. */
export const crossesSnapshot = (expectedVersion: number, last: number): boolean =>
  Math.floor(last / SNAPSHOT_EVERY) > Math.floor(expectedVersion / SNAPSHOT_EVERY);
