import { placeLabels } from './labels.ts';
import { type Box, emWidth, type FixedLabel, PAD, type PieceLabel, type PlacedLabel } from './layout.ts';
import { seatColour } from './palette.ts';

/**
 * The small SVG vocabulary the battlefield pictures are drawn with. Every picture is a
 * string, so the page (web/) and `arbiter replay --svg` draw exactly the same thing.
 * Table units (inches or squares) are SVG user units; y grows up the table, as in the rules.
 * Words are not scaled with the table: each picture is laid out for the pixels it is shown at
 * (VIEW-10), so its labels and legend are at least 12 px.
 */

export type Json = Record<string, unknown>;

export const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const num = (value: unknown, fallback = 0): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
export const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export { inkOn, seatColour } from './palette.ts';

export const round = (n: number): string => String(Math.round(n * 1000) / 1000);

export const attrs = (a: Readonly<Record<string, string | number | undefined>>): string =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${esc(typeof v === 'number' ? round(v) : (v as string))}"`)
    .join('');

export const el = (name: string, a: Readonly<Record<string, string | number | undefined>>, inner = ''): string =>
  inner === '' ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${inner}</${name}>`;

export const title = (words: string): string => `<title>${esc(words)}</title>`;

/** The area of the table a picture frames, in table units; fixed for a whole game (VIEW-10). */
export interface Bounds {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** The pixels a picture may take: the page's board, or the standalone SVG's nominal size. */
export interface Fit {
  readonly width: number;
  readonly height: number;
}

/** What the picture is shown at when nothing says otherwise: a standalone SVG, as `arbiter replay --svg` writes it. */
export const DEFAULT_FIT: Fit = { width: 960, height: 720 };

/** The smallest text on the board, in screen pixels (VIEW-10), with a little to spare for rounding. */
export const MIN_TEXT_PX = 12.5;

/** The page's fonts (web/index.html), so a standalone SVG reads as the page does (VIEW-15). */
export const FONT = 'system-ui, sans-serif';

/** One key of the legend: a small shape drawn at (x, y) with side s, in screen units, and its words. */
export interface LegendEntry {
  readonly key: string;
  readonly swatch: (x: number, y: number, s: number) => string;
  readonly text: string;
}

export const seatLegend = (seats: readonly string[]): LegendEntry[] =>
  seats.map((seat) => ({
    key: `seat:${seat}`,
    swatch: (x, y, s) => el('rect', { x, y, width: s, height: s, fill: seatColour(seats, seat), stroke: '#000', 'stroke-width': s * 0.06 }),
    text: `${seat} (${seat.charAt(0).toUpperCase()})`,
  }));

export interface Picture {
  readonly bounds: Bounds;
  /** Everything drawn on the table, in table units (the group flips y so it grows up). */
  readonly body: string;
  /** The current event's marks (VIEW-11), over the pieces and under the words. */
  readonly marks?: string | undefined;
  readonly pieces: readonly PieceLabel[];
  readonly names: readonly FixedLabel[];
  readonly legend: readonly LegendEntry[];
  readonly seats: readonly string[];
  /** What a screen reader says for the whole picture. */
  readonly label: string;
  /** A line above the table: game, event n of N, turn and phase (VIEW-15). */
  readonly caption?: string | undefined;
  readonly fit?: Fit | undefined;
  /** What the numbers along the table's bottom and left edges count (TABLE-2); none when absent. */
  readonly edges?: Edges | undefined;
}

/** A grid's squares, numbered as the forms take them ([x, y] from 0), or inches marked every `every`. */
export type Edges = { readonly unit: 'square' } | { readonly unit: 'inch'; readonly every: number };

/** One number on an edge: the axis it counts, where along that axis it stands, and its words. */
export interface EdgeMark {
  readonly axis: 'x' | 'y';
  readonly at: number;
  readonly text: string;
}

/** The numbers along the bottom (x) and left (y) edges of a table of `bounds` (TABLE-2). */
export const edgeMarks = (bounds: Bounds, edges: Edges | undefined): EdgeMark[] => {
  if (!edges) return [];
  const along = (axis: 'x' | 'y', min: number, max: number): EdgeMark[] => {
    if (edges.unit === 'square')
      return Array.from({ length: Math.max(0, Math.round(max - min)) }, (_, i) => ({ axis, at: min + i + 0.5, text: String(min + i) }));
    const marks: EdgeMark[] = [];
    for (let v = Math.ceil(min / edges.every) * edges.every; v <= max + 1e-9; v += edges.every)
      marks.push({ axis, at: v, text: `${round(v)}"` });
    return marks;
  };
  return [...along('x', bounds.minX, bounds.maxX), ...along('y', bounds.minY, bounds.maxY)];
};

/** The bands the edge numbers take, in font sizes: to the left, as wide as the widest; below, one line. */
const edgeBands = (bounds: Bounds, edges: Edges | undefined): { left: number; bottom: number } => {
  const marks = edgeMarks(bounds, edges);
  if (marks.length === 0) return { left: 0, bottom: 0 };
  return { left: Math.max(...marks.filter((m) => m.axis === 'y').map((m) => emWidth(m.text))) + 0.6, bottom: 1.3 };
};

/** How the words are laid out: the font size and margin in table units, the legend's rows, the scale. */
export interface Layout {
  readonly size: number;
  readonly margin: number;
  readonly pxPerUnit: number;
  readonly captionHeight: number;
  readonly legendRows: readonly (readonly { entry: LegendEntry; x: number }[])[];
  readonly viewBox: Box;
  /** The bands left of and below the table that the edge numbers take, in table units (TABLE-2). */
  readonly bands: { readonly left: number; readonly bottom: number };
}

const legendRows = (entries: readonly LegendEntry[], width: number, size: number) => {
  const rows: { entry: LegendEntry; x: number }[][] = [[]];
  let x = 0;
  for (const entry of entries) {
    const w = size * (1.4 + emWidth(entry.text)) + size;
    if (x > 0 && x + w > width) {
      rows.push([]);
      x = 0;
    }
    rows[rows.length - 1]?.push({ entry, x });
    x += w;
  }
  return rows;
};

/** The scale, font size and margins that put every word at MIN_TEXT_PX or more when the picture fills `fit`. */
export const layoutOf = (bounds: Bounds, legend: readonly LegendEntry[], caption: boolean, fit: Fit, edges?: Edges): Layout => {
  const width = bounds.maxX - bounds.minX;
  const height = bounds.maxY - bounds.minY;
  const em = edgeBands(bounds, edges);
  let px = Math.min(fit.width / width, fit.height / height);
  let layout: Layout | null = null;
  // The legend's rows depend on the font size, the font size on the scale, the scale on the rows: a few rounds settle it.
  for (let round = 0; round < 6; round += 1) {
    const size = MIN_TEXT_PX / px;
    const margin = Math.max(size * 1.2, Math.min(width, height) * 0.02);
    const bands = { left: em.left * size, bottom: em.bottom * size };
    const rows = legendRows(legend, width + 2 * margin + bands.left, size);
    const captionHeight = caption ? size * 1.8 : 0;
    const legendHeight = rows.length * size * 1.6 + size * 0.4;
    const viewBox = {
      x: bounds.minX - margin - bands.left,
      y: -bounds.maxY - margin - captionHeight,
      w: width + 2 * margin + bands.left,
      h: height + 2 * margin + bands.bottom + captionHeight + legendHeight,
    };
    const fitted = Math.min(fit.width / viewBox.w, fit.height / viewBox.h);
    layout = { size, margin, pxPerUnit: fitted, captionHeight, legendRows: rows, viewBox, bands };
    if (Math.abs(fitted - px) < px * 0.001) break;
    px = fitted;
  }
  return layout as Layout;
};

/** A stack of pieces (TABLE-2): a ring round them all and their count on it, in screen coordinates. */
const drawStack = (stack: NonNullable<PlacedLabel['stack']>, size: number, colour: string): string => {
  const r = size * 0.55;
  const cx = stack.at.x + stack.reach * Math.SQRT1_2;
  const cy = -(stack.at.y + stack.reach * Math.SQRT1_2);
  return (
    el('circle', {
      class: 'stack',
      cx: stack.at.x,
      cy: -stack.at.y,
      r: stack.reach,
      fill: 'none',
      stroke: colour,
      'stroke-width': size * 0.1,
      'stroke-dasharray': `${size * 0.3} ${size * 0.2}`,
    }) +
    el('circle', { cx, cy, r, fill: '#111' }) +
    el(
      'text',
      { x: cx, y: cy, 'font-size': size * 0.8, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: '#fff' },
      String(stack.count),
    )
  );
};

/**
 * A placed label, in screen coordinates (the table's y flipped): a light box, its words, the
 * seat's colour as its border; a leader line to its pieces when it stands away; a stack's ring.
 */
const drawLabel = (p: PlacedLabel, size: number, seats: readonly string[]): string => {
  const colour = p.seat ? seatColour(seats, p.seat) : '#555';
  const { box } = p;
  const leader = p.leader
    ? el('line', {
        class: 'leader',
        x1: p.leader[0].x,
        y1: -p.leader[0].y,
        x2: p.leader[1].x,
        y2: -p.leader[1].y,
        // Dark, not the seat's colour: it crosses pieces of that colour.
        stroke: '#222',
        'stroke-width': size * 0.08,
      })
    : '';
  return el(
    'g',
    {
      class: p.kind === 'piece' ? 'label piece-label' : 'label',
      'data-label-for': p.for.join(' '),
      ...(p.seat ? { 'data-seat': p.seat } : {}),
      ...(p.key ? { 'data-key': p.text } : {}),
    },
    (p.stack ? drawStack(p.stack, size, colour) : '') +
      leader +
      el('rect', {
        x: box.x,
        y: -(box.y + box.h),
        width: box.w,
        height: box.h,
        rx: size * 0.2,
        fill: '#fff',
        'fill-opacity': 0.88,
        stroke: colour,
        'stroke-width': size * (p.kind === 'piece' ? 0.12 : 0.06),
      }) +
      el(
        'text',
        { x: box.x + PAD * size, y: -(box.y + box.h / 2), 'font-size': size, 'dominant-baseline': 'central', fill: '#111' },
        esc(p.text),
      ),
  );
};

/** The key's entries (TABLE-2): each numbered label's number, and the words it stands for. */
const keyEntries = (labels: readonly PlacedLabel[]): LegendEntry[] =>
  labels
    .filter((l) => l.key !== undefined)
    .map((l) => ({
      key: `key:${l.text}`,
      swatch: (x, y, s) =>
        el('rect', { x, y, width: s, height: s, rx: s * 0.2, fill: '#fff', stroke: '#111', 'stroke-width': s * 0.08 }) +
        el(
          'text',
          { x: x + s / 2, y: y + s / 2, 'font-size': s * 0.75, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: '#111' },
          esc(l.text),
        ),
      text: l.key as string,
    }));

/** The picture's layout and every label placed: what `frame` draws, and what the tests check (VIEW-10). */
export const arrange = (picture: Picture): { layout: Layout; labels: PlacedLabel[] } => {
  const { bounds } = picture;
  const place = (keys: readonly LegendEntry[]) => {
    const layout = layoutOf(bounds, [...picture.legend, ...keys], picture.caption !== undefined, picture.fit ?? DEFAULT_FIT, picture.edges);
    const { size, margin } = layout;
    // Labels keep off the edges' numbers: no margin on a side that has them.
    const left = layout.bands.left > 0 ? 0 : margin;
    const below = layout.bands.bottom > 0 ? 0 : margin;
    const labelArea: Box = {
      x: bounds.minX - left,
      y: bounds.minY - below,
      w: bounds.maxX - bounds.minX + left + margin,
      h: bounds.maxY - bounds.minY + below + margin,
    };
    return { layout, labels: placeLabels(picture.pieces, picture.names, size, labelArea) };
  };
  // A key under the board takes room, so the words shrink a little: a few rounds settle which labels are numbered.
  const words = (entries: readonly LegendEntry[]) => entries.map((e) => `${e.key} ${e.text}`).join('\n');
  let keys: LegendEntry[] = [];
  let placed = place(keys);
  for (let round = 0; round < 4 && words(keyEntries(placed.labels)) !== words(keys); round += 1) {
    keys = keyEntries(placed.labels);
    placed = place(keys);
  }
  return placed;
};

/** The numbers along the bottom and left edges, with a tick at each inch mark, in screen coordinates (TABLE-2). */
const drawEdges = (picture: Picture, size: number): string => {
  const { bounds } = picture;
  const tick = picture.edges?.unit === 'inch' ? size * 0.35 : 0;
  const marks = edgeMarks(bounds, picture.edges).map((m) =>
    m.axis === 'x'
      ? (tick
          ? el('line', { x1: m.at, y1: -bounds.minY, x2: m.at, y2: -bounds.minY + tick, stroke: '#555', 'stroke-width': size * 0.08 })
          : '') +
        el(
          'text',
          {
            x: m.at,
            y: -bounds.minY + tick + size * 0.6,
            'font-size': size,
            'text-anchor': 'middle',
            'dominant-baseline': 'central',
            fill: '#333',
          },
          esc(m.text),
        )
      : (tick
          ? el('line', { x1: bounds.minX - tick, y1: -m.at, x2: bounds.minX, y2: -m.at, stroke: '#555', 'stroke-width': size * 0.08 })
          : '') +
        el(
          'text',
          {
            x: bounds.minX - tick - size * 0.15,
            y: -m.at,
            'font-size': size,
            'text-anchor': 'end',
            'dominant-baseline': 'central',
            fill: '#333',
          },
          esc(m.text),
        ),
  );
  return marks.length ? `<g class="edges" data-edges="${picture.edges?.unit}">${marks.join('')}</g>` : '';
};

/** The whole picture: caption, table, marks, labels and legend, laid out for the pixels it is shown at. */
export const frame = (picture: Picture): string => {
  const { bounds, seats } = picture;
  const { layout, labels } = arrange(picture);
  const { size, margin, viewBox: vb, pxPerUnit } = layout;
  const width = bounds.maxX - bounds.minX;
  const height = bounds.maxY - bounds.minY;
  const legendTop = -bounds.minY + margin + layout.bands.bottom;
  const legend = layout.legendRows
    .flatMap((row, r) =>
      row.map(({ entry, x }) => {
        const left = vb.x + size * 0.5 + x;
        const middle = legendTop + size * (0.9 + r * 1.6);
        return el(
          'g',
          { 'data-legend': entry.key },
          entry.swatch(left, middle - size * 0.5, size) +
            el(
              'text',
              { x: left + size * 1.4, y: middle, 'font-size': size, 'dominant-baseline': 'central', fill: '#222' },
              esc(entry.text),
            ),
        );
      }),
    )
    .join('');
  const caption =
    picture.caption === undefined
      ? ''
      : el(
          'text',
          {
            class: 'caption',
            x: vb.x + size * 0.5,
            y: vb.y + layout.captionHeight * 0.55,
            'font-size': size * 1.05,
            'font-weight': 600,
            'dominant-baseline': 'central',
            fill: '#111',
          },
          esc(picture.caption),
        );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${round(vb.x)} ${round(vb.y)} ${round(vb.w)} ${round(vb.h)}"` +
    // TABLE-9: a named group, not an image: an image's children are hidden from assistive
    // technology, and its pieces are buttons a keyboard reaches.
    ` width="${Math.floor(vb.w * pxPerUnit)}" height="${Math.floor(vb.h * pxPerUnit)}" font-family="${FONT}" role="group" aria-label="${esc(picture.label)}"` +
    ` data-table-width="${round(width)}" data-table-height="${round(height)}" data-font-size="${round(size)}"` +
    // The table's edges, for the page to keep a click's point on the table (web/play.ts).
    ` data-bounds="${round(bounds.minX)} ${round(bounds.minY)} ${round(bounds.maxX)} ${round(bounds.maxY)}">` +
    el('rect', { x: vb.x, y: vb.y, width: vb.w, height: vb.h, fill: '#fafafa' }) +
    caption +
    el('rect', { x: bounds.minX, y: -bounds.maxY, width, height, fill: '#f1efe7', stroke: '#555', 'stroke-width': size * 0.08 }) +
    drawEdges(picture, size) +
    `<g class="table" transform="scale(1 -1)">${picture.body}${picture.marks ? `<g class="event-marks">${picture.marks}</g>` : ''}</g>` +
    `<g class="labels">${labels.map((p) => drawLabel(p, size, seats)).join('')}</g>` +
    `<g class="legend">${legend}</g>` +
    '</svg>'
  );
};
