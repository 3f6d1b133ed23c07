/**
 * When a store checkpoints a stream, the same on every adapter (docs/design.md §5): with a
 * stream's first batch, and with each batch that crosses a multiple of SNAPSHOT_EVERY. The
 * newest checkpoint then lies within the newest SNAPSHOT_EVERY events, so one read of that many
 * items finds it with the events after it.
 *
 * COST-1, COST-2: seven, because a command's read is billed by the started 4 KB: a realistic
 * checkpoint packs to 2-4 KB and an event item is about half a kilobyte to one, so the newest
 * seven items, the checkpoint among them, fit the 2 RCU a command may read (eight did not, in the
 * Post Galactica reference battle: its shots' events are larger), while in a game of one-event
 * commands the checkpoint's 3-5 WCU, written once in seven, stays under the 1 WCU a command it
 * may add. A ruleset whose commands append many events a time (Sol'una, GSC2) crosses a boundary
 * about every other command and pays more: test/int/cost-1-capacity.int.test.ts states how much.
 */
export const SNAPSHOT_EVERY = 7;

/** Whether a batch landing on `expectedVersion` and ending at `last` writes a checkpoint. */
export const crossesSnapshot = (expectedVersion: number, last: number): boolean =>
  expectedVersion === 0 || Math.floor(last / SNAPSHOT_EVERY) > Math.floor(expectedVersion / SNAPSHOT_EVERY);
