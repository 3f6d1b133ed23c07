/**
 * When a store checkpoints a stream, the same on every adapter (docs/design.md §5): with a
 * stream's first batch, and with each batch that crosses a multiple of SNAPSHOT_EVERY. The
 * newest checkpoint then lies within the newest SNAPSHOT_EVERY events, so one read of that many
 * items finds it with the events after it.
 *
 * COST-1, COST-2: eight, because a command's read is billed by the 4 KB: a realistic Post
 * Galactica checkpoint packs to under 4 KB and an event item is about half a kilobyte, so the
 * checkpoint and seven events fit the 2 RCU a command may read, while the checkpoint's 4 to 5
 * WCU, written once in eight events, stays under the 1 WCU a command it may add.
 */
export const SNAPSHOT_EVERY = 8;

/** Whether a batch landing on `expectedVersion` and ending at `last` writes a checkpoint. */
export const crossesSnapshot = (expectedVersion: number, last: number): boolean =>
  expectedVersion === 0 || Math.floor(last / SNAPSHOT_EVERY) > Math.floor(expectedVersion / SNAPSHOT_EVERY);
