/**
 * The shapes an event's marks are drawn with (VIEW-11), shared by every renderer: a shot as
 * a line from shooter to target, solid on a hit and dashed on a miss; a move as its path; a
 * ring round a piece; a cross where one was destroyed. `penFor` gives a renderer these
 * shapes at the picture's width, with its pieces found before the event and after it, so a
 * ship destroyed by the event is still marked where it was.
 */
import type { FixedLabel } from './layout.ts';
import type { Mark, MarkKind, Pen, Place, Point } from './renderer.ts';
import { el, obj, text } from './svg.ts';

/** The ink of every mark: near-black, so it reads on every seat's colour and on the table. */
const INK = '#111';
const MISS = '#666';

/** A point as an event's data holds it: `{ x, y }` or a square's `[x, y]`. */
export const pointOf = (p: unknown): Point | null => {
  if (Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number') return { x: p[0], y: p[1] };
  const o = obj(p);
  return typeof o.x === 'number' && typeof o.y === 'number' ? { x: o.x, y: o.y } : null;
};

/** A line between two points, ending in an arrowhead drawn as a small triangle (no markers: a standalone SVG keeps no ids). */
const arrow = (a: Point, b: Point, dashed: boolean, width: number, colour = INK): string => {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length;
  const uy = dy / length;
  const head = Math.min(length * 0.4, width * 6);
  const bx = b.x - ux * head;
  const by = b.y - uy * head;
  const wing = head * 0.5;
  return (
    el('line', {
      x1: a.x,
      y1: a.y,
      x2: bx,
      y2: by,
      stroke: colour,
      'stroke-width': width,
      'stroke-dasharray': dashed ? `${width * 3} ${width * 2}` : undefined,
      'stroke-linecap': 'round',
    }) + el('polygon', { points: `${b.x},${b.y} ${bx - uy * wing},${by + ux * wing} ${bx + uy * wing},${by - ux * wing}`, fill: colour })
  );
};

const path = (points: readonly Point[], width: number): string => {
  if (points.length < 2) return '';
  const last = points[points.length - 1] as Point;
  const before = points[points.length - 2] as Point;
  return (
    el('polyline', {
      points: points
        .slice(0, -1)
        .map((p) => `${p.x},${p.y}`)
        .join(' '),
      fill: 'none',
      stroke: INK,
      'stroke-width': width,
      'stroke-dasharray': `${width * 3} ${width * 2}`,
      'stroke-linejoin': 'round',
    }) + arrow(before, last, true, width)
  );
};

const ring = (p: Place, width: number, dashed = false): string =>
  el('circle', {
    cx: p.x,
    cy: p.y,
    r: p.r + width * 3,
    fill: 'none',
    stroke: INK,
    'stroke-width': width,
    'stroke-dasharray': dashed ? `${width * 2} ${width * 2}` : undefined,
  });

const cross = (p: Place, width: number): string => {
  const s = Math.max(p.r, width * 4) * 1.2;
  return (
    el('line', { x1: p.x - s, y1: p.y - s, x2: p.x + s, y2: p.y + s, stroke: INK, 'stroke-width': width * 1.5 }) +
    el('line', { x1: p.x - s, y1: p.y + s, x2: p.x + s, y2: p.y - s, stroke: INK, 'stroke-width': width * 1.5 })
  );
};

/** A line from `from` to `to` ending at the edge of the target's shape, so the arrowhead is seen. */
const between = (a: Place, b: Place): [Point, Point] => {
  const d = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / d;
  const uy = (b.y - a.y) / d;
  const start = Math.min(a.r, d * 0.3);
  const end = Math.min(b.r, d * 0.3);
  return [
    { x: a.x + ux * start, y: a.y + uy * start },
    { x: b.x - ux * end, y: b.y - uy * end },
  ];
};

/**
 * A pen that draws into `marks` and `labels`: `then` and `now` are where the pieces stood
 * before the event and stand after it; `width` is a mark's stroke in table units.
 */
export const penFor = (then: Map<string, Place>, now: Map<string, Place>, width: number, marks: Mark[], labels: FixedLabel[]): Pen => {
  const at = (id: unknown): Place | undefined => then.get(text(id)) ?? now.get(text(id));
  const say = (words: string, p: Place, id: string) =>
    labels.push({ id: `event:${id}`, text: words, at: p, reach: p.r + width * 4, must: true });
  return {
    at,
    say,
    mark: (mark) => marks.push(mark),
    arrow: (a, b, dashed) => arrow(a, b, dashed, width),
    ring: (p, dashed) => ring(p, width, dashed),
    cross: (p) => cross(p, width),
    shot: (kind: MarkKind, fromId, toId, hit, words) => {
      const a = at(fromId);
      const b = at(toId);
      if (!a || !b) return;
      const [p, q] = between(a, b);
      const outcome = hit === undefined ? undefined : hit ? 'hit' : 'miss';
      marks.push({
        kind,
        from: text(fromId),
        to: text(toId),
        outcome,
        ends: [a, b],
        svg: arrow(p, q, hit === false, width, hit === false ? MISS : INK),
      });
      const said = words ?? outcome;
      if (said) say(said, b, `${kind}:${text(toId)}`);
    },
    moved: (kind, id, points) => {
      const ps = points.filter((p): p is Point => p !== null);
      if (ps.length < 2) return;
      marks.push({ kind, from: text(id), ends: [ps[0] as Point, ps[ps.length - 1] as Point], svg: path(ps, width) });
    },
    around: (kind, id, words, dashed = false) => {
      const p = at(id);
      if (!p) return;
      marks.push({ kind, to: text(id), svg: kind === 'destroyed' ? cross(p, width) : ring(p, width, dashed) });
      say(words, p, `${kind}:${text(id)}`);
    },
  };
};
