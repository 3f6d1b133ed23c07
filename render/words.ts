/** Values of a game's view as words, for the lines a person reads (the CLI's summary, a piece's inspection). */
import { parseDuration } from '../domain/kernel/duration.ts';
import { obj } from './svg.ts';

/** A number rounded to hundredths; `?` where the view holds none. */
export const figure = (value: unknown): string => (typeof value === 'number' ? String(Math.round(value * 100) / 100) : '?');

/** A name or a number as it is; `?` where the view holds neither. */
export const word = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '?');

/** A position: a square `[x,y]` or a point `(x, y)`. */
export const spot = (p: unknown): string => {
  if (Array.isArray(p)) return `[${p.map(figure).join(',')}]`;
  const { x, y } = obj(p);
  return `(${figure(x)}, ${figure(y)})`;
};

/**
 * TABLE-7: a GSC2 facing (0 to 7, north and then 45° steps clockwise) as a compass point, the
 * one notation the board, a ship's inspection, the CLI and the event list all write.
 */
export const compass = (facing: unknown): string =>
  typeof facing === 'number' && Number.isInteger(facing)
    ? (['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'][((facing % 8) + 8) % 8] ?? '?')
    : '?';

/** A value of the view as it reads in a row: a string as it is, anything else as JSON. */
export const json = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** "a", "a and b", "a, b and c"; `none` for an empty list. */
export const listed = (items: readonly string[], none = 'none'): string =>
  items.length === 0 ? none : items.length === 1 ? (items[0] ?? none) : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** "1 unit", "3 units": a count with its noun. */
export const counted = (n: unknown, noun: string, plural = `${noun}s`): string => `${figure(n)} ${n === 1 ? noun : plural}`;

/** TABLE-7: a distance on the table, in inches as the rules write it (`6"`), the one notation for lengths. */
export const inches = (value: unknown): string => `${figure(value)}"`;

/** Names or ids as they are, in a sentence's list: `meena, oren and ila`. */
export const names = (value: unknown, none = 'none'): string => listed((Array.isArray(value) ? value : []).map(word), none);

/** A roll as a sentence's clause: `rolled 5 (6 with modifiers) against 4`. */
export const rolled = (roll: unknown): string => {
  const r = obj(roll);
  if (typeof r.value !== 'number') return 'rolled';
  const total = typeof r.total === 'number' && r.total !== r.value ? ` (${figure(r.total)} with modifiers)` : '';
  const against = r.effectiveTarget ?? r.target;
  const need = typeof against === 'number' ? `, needing ${figure(against)}${r.compare === 'atMost' ? ' or less' : ' or more'}` : '';
  return `rolled ${figure(r.value)}${total}${need}`;
};

/** Resources as words, zeros left out: `3 carbon and 1 crystal`; `nothing` when all are zero. */
export const resources = (value: unknown): string => {
  const parts = Object.entries(obj(value))
    .filter(([, n]) => typeof n === 'number' && n !== 0)
    .map(([kind, n]) => `${figure(n)} ${kind}`);
  return listed(parts, 'nothing');
};

/** A reason the rules wrote, quoted so its own words are not read as the sentence's. */
export const quoted = (value: unknown): string => `“${word(value)}”`;

/** `2026-05-01T11:15:00.000Z` → `2026-05-01 11:15 UTC`: a moment as a person reads it. */
export const utc = (iso: unknown): string => {
  const date = new Date(word(iso));
  return Number.isNaN(date.getTime()) ? word(iso) : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** A step or phase by its name: Sol'una numbers its phases (`p4`: phase 4), the others name them (`the movement phase`). */
export const phaseWords = (phase: unknown): string => {
  const numbered = /^p?(\d+)$/.exec(word(phase));
  return numbered ? `phase ${numbered[1]}` : `the ${word(phase)} phase`;
};

/**
 * An ISO 8601 duration as a person says it, in its largest whole unit: `PT1H` → `1 hour`,
 * `P2D` → `2 days`, `PT90M` → `90 minutes`; as written where it is none.
 */
export const duration = (iso: unknown): string => {
  const ms = parseDuration(word(iso));
  if (ms === null) return word(iso);
  const units: readonly [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  const [size, unit] = units.find(([size]) => ms % size === 0 && ms >= size) ?? [1000, 'second'];
  return counted(ms / size, unit);
};
