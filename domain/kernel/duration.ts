/** ISO 8601 durations (`PT48H`, `P2DT12H`, `PT30S`) for phase deadlines, in whole milliseconds. */
const PATTERN = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * A game names a few durations (its deadlines, reminders) and folding it opens a step with a
 * deadline at every turn: each is parsed once (PERF-3). Bounded, since the API also checks
 * durations that clients send.
 */
const parsed = new Map<string, number | null>();
const MAX_REMEMBERED = 64;

export const parseDuration = (text: string): number | null => {
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

export const addDuration = (isoTime: string, duration: string): string | null => {
  const ms = parseDuration(duration);
  return ms === null ? null : new Date(Date.parse(isoTime) + ms).toISOString();
};
