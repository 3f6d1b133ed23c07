/** Values of a game's view as words, for the lines a person reads (the CLI's summary, a piece's inspection). */
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
