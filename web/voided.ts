/**
 * TB-7 in the viewer: which events of a log no longer count, and the words the page uses for
 * them. A takeback voids runs of events (TB-1: `TakenBack.voids`); they stay in the log, so the
 * page lists them struck through and, stepping onto one, shows the board as it was then but
 * says so. Orders sealed again before their reveal (TB-5) replace the earlier sealed event and
 * its commitment: not void (the other seat saw the commitment), but superseded.
 */
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import type { TakenBack } from '../domain/match/events.ts';

export type Mark =
  | { readonly kind: 'voided'; readonly by: number; readonly seat: string | null; readonly toVersion: number; readonly reason?: string }
  | { readonly kind: 'superseded'; readonly by: number };

type Takeback = TakenBack['data'];

/** "5", "5–7" or "5–7 and 9". */
const ranges = (voids: Takeback['voids']): string => {
  const each = voids.map((r) => (r.from === r.to ? String(r.from) : `${r.from}–${r.to}`));
  return each.length < 2 ? (each[0] ?? 'none') : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
};

/** Who took back: the seat, or the organiser for a correction (TB-3 records no seat). */
const who = (seat: string | null): string => seat ?? 'the organiser';

/** The takeback line of the event list: the rewind, by whom and why. */
export const takebackText = (seq: number, actor: string, data: Takeback): string => {
  const voided =
    data.voids.length === 0
      ? 'nothing'
      : `event${data.voids.some((r) => r.from !== r.to) || data.voids.length > 1 ? 's' : ''} ${ranges(data.voids)}`;
  const why = data.reason ? `, because "${data.reason}"` : ', no reason given';
  return `${seq}. ${actor}: takeback by ${who(data.seat)}: back to version ${data.toVersion}, voiding ${voided}${why}`;
};

/** A public commitment to `seat`'s sealed orders: it follows the sealed event and names the seat and a hash. */
const commits = (event: EventEnvelope | undefined, seat: string): boolean => {
  const data = event?.data as { seat?: unknown; hash?: unknown } | null | undefined;
  return event?.visibleTo === undefined && data?.seat === seat && typeof data.hash === 'string';
};

/**
 * Every event of `events` that no longer counts, by seq. `reveals` are the ruleset's reveal
 * event types (its fold's `revealTypes`): a sealing before the reveal replaces the same seat's
 * earlier one (its sealed event and the public commitment after it); a reveal ends that. A
 * sealing a takeback voided replaces nothing.
 */
export const voidMarks = (events: readonly EventEnvelope[], reveals: readonly string[]): Map<number, Mark> => {
  const marks = new Map<number, Mark>();
  for (const e of events) {
    if (e.type !== 'TakenBack') continue;
    const { seat, toVersion, reason, voids } = e.data as Takeback;
    for (const r of voids)
      for (let seq = r.from; seq <= r.to; seq += 1)
        marks.set(seq, { kind: 'voided', by: e.seq, seat, toVersion, ...(reason === undefined ? {} : { reason }) });
  }
  /** Per seat, the seqs of its sealed orders that stand until the reveal. */
  let standing = new Map<string, number[]>();
  for (const [i, e] of events.entries()) {
    if (reveals.includes(e.type)) standing = new Map();
    const seat = e.visibleTo;
    if (seat === undefined || marks.has(e.seq)) continue;
    for (const seq of standing.get(seat) ?? []) marks.set(seq, { kind: 'superseded', by: e.seq });
    const next = events[i + 1];
    standing.set(seat, next && commits(next, seat) ? [e.seq, next.seq] : [e.seq]);
  }
  return marks;
};

/** What the event list adds to a line that no longer counts. */
export const markText = (mark: Mark): string =>
  mark.kind === 'voided' ? `voided by event ${mark.by}` : `replaced by event ${mark.by}: orders sealed again before the reveal`;

/** What the page says under the board when the event shown no longer counts. */
export const boardNote = (seq: number, mark: Mark): string =>
  mark.kind === 'voided'
    ? `Event ${seq} was voided by event ${mark.by}: ${who(mark.seat)} took the game back to version ${mark.toVersion}${mark.reason ? ` ("${mark.reason}")` : ''}. The board shows the game as it was then; play went on from version ${mark.toVersion}, and the event stays in the log.`
    : `Event ${seq} was replaced by event ${mark.by}: the seat sealed its orders again before the reveal. Only the last orders sealed are revealed.`;
