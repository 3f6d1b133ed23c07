/** ISO 8601 durations (`PT48H`, `P2DT12H`, `PT30S`) for phase deadlines, in whole milliseconds. */
const PATTERN = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

const DAY_MS = 86_400_000;

/**
 * REL-18: the longest duration a game may name (a deadline, a reminder, `openFor`, an
 * `ExtendDeadline`), and the furthest a deadline may lie after the moment it is set: one
 * year. EventBridge Scheduler documents no maximum for a one-time schedule's `at(…)` (it
 * takes a four-digit year), so every deadline within this bound can be scheduled.
 */
export const MAX_DURATION_DAYS = 365;
export const MAX_DURATION = `P${MAX_DURATION_DAYS}D`;
export const MAX_DURATION_MS = MAX_DURATION_DAYS * DAY_MS;

/**
 * The latest instant `addDuration` gives. Past it an ISO string grows a six-digit year that
 * no longer sorts as text, and past year 275760 a Date is invalid; only a log written
 * before REL-18's bounds can reach it, and the timer reactor reports such a step.
 */
export const LATEST_TIME = '9999-12-31T23:59:59.999Z';
/** COST-3: `LATEST_TIME` as milliseconds, parsed once: the fold adds a duration at every step it opens. */
const LATEST_MS = Date.parse(LATEST_TIME);

/**
 * A game names a few durations (its deadlines, reminders) and folding it opens a step with a
 * deadline at every turn: each is parsed once (PERF-3). Bounded, since the API also checks
 * durations that clients send.
 */
const parsed = new Map<string, number | null>();
const MAX_REMEMBERED = 64;

/**
 * Milliseconds, or null when `text` is not an ISO 8601 duration; may exceed any bound (even be
 * Infinity). A command's field may hold anything, so anything that is not text is null too.
 */
export const parseDuration = (text: string): number | null => {
  if (typeof text !== 'string') return null;
  const known = parsed.get(text);
  if (known !== undefined) return known;
  const ms = parse(text);
  if (parsed.size < MAX_REMEMBERED) parsed.set(text, ms);
  return ms;
};

const parse = (text: string): number | null => {
  const match = PATTERN.exec(text);
  if (!match || text === 'P' || text.endsWith('T')) return null;
  const [, weeks, days, hours, minutes, seconds] = match;
  const n = (part: string | undefined) => (part === undefined ? 0 : Number(part));
  return Math.round(((((n(weeks) * 7 + n(days)) * 24 + n(hours)) * 60 + n(minutes)) * 60 + n(seconds)) * 1000);
};

/** REL-18: whether `text` is a duration of at most `MAX_DURATION` (a text that is no duration is not "too long"). */
export const isWithinMaxDuration = (text: string): boolean => (parseDuration(text) ?? 0) <= MAX_DURATION_MS;

/** REL-18: whether a deadline set at `now` lies within the bound (at most `MAX_DURATION` later). */
export const isWithinDeadlineBound = (deadline: string, now: string | Date): boolean =>
  Date.parse(deadline) <= new Date(now).getTime() + MAX_DURATION_MS;

/**
 * `isoTime` plus `duration`, never an invalid date: null when either is not what it should
 * be, and at most `LATEST_TIME` however long the duration.
 */
export const addDuration = (isoTime: string, duration: string): string | null => {
  const ms = parseDuration(duration);
  const start = Date.parse(isoTime);
  if (ms === null || Number.isNaN(start)) return null;
  const end = start + ms;
  return end >= LATEST_MS ? LATEST_TIME : new Date(end).toISOString();
};
