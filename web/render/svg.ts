/**
 * The small SVG vocabulary the battlefield pictures are drawn with. Every picture is a
 * string, so the page (web/) and `arbiter replay --svg` draw exactly the same thing.
 * Table units (inches or squares) are SVG user units; y grows up the table, as in the rules.
 */

export type Json = Record<string, unknown>;

export const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const num = (value: unknown, fallback = 0): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
export const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Okabe–Ito colours: told apart with every common colour-vision deficiency. Each seat also has a letter. */
const SEAT_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7'];
export const seatColour = (seats: readonly string[], seat: string): string =>
  SEAT_COLOURS[Math.max(0, seats.indexOf(seat)) % SEAT_COLOURS.length] as string;

export const round = (n: number): string => String(Math.round(n * 1000) / 1000);

export const attrs = (a: Readonly<Record<string, string | number | undefined>>): string =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${esc(typeof v === 'number' ? round(v) : (v as string))}"`)
    .join('');

export const el = (name: string, a: Readonly<Record<string, string | number | undefined>>, inner = ''): string =>
  inner === '' ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${inner}</${name}>`;

export const title = (words: string): string => `<title>${esc(words)}</title>`;

/**
 * The picture's frame: a viewBox of the table with a margin, y flipped so the table's y
 * grows upwards, and a legend of the seats below it.
 */
export const frame = (width: number, height: number, body: string, seats: readonly string[], label: string): string => {
  const m = Math.max(0.5, Math.min(width, height) * 0.04);
  const legend = seats
    .map((seat, i) => {
      const x = m + i * (width / Math.max(2, seats.length));
      return (
        el('rect', { x, y: height + m * 0.6, width: m, height: m, fill: seatColour(seats, seat) }) +
        el('text', { x: x + m * 1.4, y: height + m * 1.45, 'font-size': m, fill: '#222' }, esc(`${seat} (${seat.charAt(0).toUpperCase()})`))
      );
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${round(-m)} ${round(-m)} ${round(width + 2 * m)} ${round(height + 3 * m)}" role="img" aria-label="${esc(label)}" data-table-width="${round(width)}" data-table-height="${round(height)}">` +
    el('rect', { x: -m, y: -m, width: width + 2 * m, height: height + 3 * m, fill: '#fafafa' }) +
    el('rect', { x: 0, y: 0, width, height, fill: '#f1efe7', stroke: '#555', 'stroke-width': 0.08 }) +
    `<g transform="matrix(1 0 0 -1 0 ${round(height)})">${body}</g>` +
    legend +
    '</svg>'
  );
};

/** Text is drawn upright inside the flipped table group. */
export const label = (x: number, y: number, words: string, size: number, fill = '#fff'): string =>
  el(
    'text',
    {
      x,
      y: -y,
      transform: 'scale(1 -1)',
      'font-size': size,
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      fill,
      'font-family': 'sans-serif',
    },
    esc(words),
  );
