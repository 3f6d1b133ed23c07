/**
 * GSC2's battle (VIEW-2): the table is open space, so the picture frames everything the
 * whole game ever put on it (VIEW-10: `extent`, from the log), and the scale holds from
 * the first event to the last. Ships point along their facing (north up, 45° steps) and
 * carry each battery's firing arc, shown on hover or focus in the page and only when asked
 * in a standalone SVG (VIEW-15); missiles and assault pods in flight point at their
 * targets; terrain is drawn with its drift.
 */
import type { FixedLabel, PieceLabel } from '../layout.ts';
import type { Board, BoardOptions } from '../renderer.ts';
import { type Bounds, el, type Json, type LegendEntry, list, num, obj, seatColour, seatLegend, text, title } from '../svg.ts';
import { compass } from '../words.ts';

/** Each mount's arc as bearings from the heading, clockwise in degrees (GSC-13; as domain/gsc2/geometry.ts inArc). */
const ARCS: Readonly<Record<string, readonly [number, number]>> = {
  F: [-45, 45],
  A: [135, 225],
  R: [45, 135],
  L: [-135, -45],
  FS: [-90, 90],
  AS: [90, 270],
  RS: [0, 180],
  LS: [-180, 0],
  T: [0, 360],
};
const ARC_RADIUS = 12;

const toward = (x: number, y: number, degrees: number, r: number): [number, number] => {
  const a = (degrees * Math.PI) / 180;
  return [x + r * Math.sin(a), y + r * Math.cos(a)];
};

const arc = (x: number, y: number, heading: number, mount: string, colour: string, id: string): string => {
  const [from, to] = ARCS[mount] ?? [0, 0];
  if (to - from >= 360)
    return el(
      'circle',
      { cx: x, cy: y, r: ARC_RADIUS, fill: colour, 'fill-opacity': 0.08, stroke: colour, 'stroke-width': 0.1 },
      title(`battery ${id}: turret, any direction`),
    );
  const [x1, y1] = toward(x, y, heading + from, ARC_RADIUS);
  const [x2, y2] = toward(x, y, heading + to, ARC_RADIUS);
  const large = to - from > 180 ? 1 : 0;
  // Clockwise on the table is counter-clockwise in SVG's unflipped sweep: the group flips y.
  const d = `M ${x} ${y} L ${x1} ${y1} A ${ARC_RADIUS} ${ARC_RADIUS} 0 ${large} 0 ${x2} ${y2} Z`;
  return el('path', { d, fill: colour, 'fill-opacity': 0.08, stroke: colour, 'stroke-width': 0.1 }, title(`battery ${id}: ${mount} arc`));
};

/** Whole feet around every point given, and at least the 4' square the fleets start on. */
export const gscBoundsOf = (points: readonly { x: number; y: number; r: number }[]): Bounds => {
  const b = { minX: 0, minY: 0, maxX: 48, maxY: 48 };
  for (const p of points) {
    b.minX = Math.min(b.minX, p.x - p.r);
    b.minY = Math.min(b.minY, p.y - p.r);
    b.maxX = Math.max(b.maxX, p.x + p.r);
    b.maxY = Math.max(b.maxY, p.y + p.r);
  }
  // Whole feet, so the frame moves rarely as ships fly.
  return {
    minX: Math.floor(b.minX / 12) * 12,
    minY: Math.floor(b.minY / 12) * 12,
    maxX: Math.ceil(b.maxX / 12) * 12,
    maxY: Math.ceil(b.maxY / 12) * 12,
  };
};

const at = (p: Json) => ({ x: num(obj(p.at).x, num(p.x)), y: num(obj(p.at).y, num(p.y)) });

/** Where each ship, missile and pod is: what the event marks point at (VIEW-11). */
export const gscPlaces = (game: Json): Map<string, { x: number; y: number; r: number }> => {
  const places = new Map<string, { x: number; y: number; r: number }>();
  for (const s of Object.values(obj(game.ships)).map(obj)) places.set(text(s.id), { ...at(s), r: 1.5 });
  for (const m of Object.values(obj(game.missiles)).map(obj)) places.set(text(m.id), { ...at(m), r: 0.35 });
  for (const p of Object.values(obj(game.podsInFlight)).map(obj)) places.set(text(p.id), { ...at(p), r: 0.35 });
  for (const t of list(game.terrain).map(obj)) places.set(text(t.id), { x: num(t.x), y: num(t.y), r: num(t.radius) });
  return places;
};

/** The frame of a picture of this state: the game's whole extent if known, grown by anything outside it. */
export const gscBounds = (game: Json, extent?: Bounds): Bounds => {
  const ships = Object.values(obj(game.ships)).map(obj);
  const missiles = Object.values(obj(game.missiles)).map(obj);
  const pods = Object.values(obj(game.podsInFlight)).map(obj);
  const terrain = list(game.terrain).map(obj);
  return gscBoundsOf([
    // Ships reach 2" round their point, so every point of the extent is framed as a ship's would be.
    ...(extent
      ? [
          { x: extent.minX, y: extent.minY, r: 2 },
          { x: extent.maxX, y: extent.maxY, r: 2 },
        ]
      : []),
    ...ships.map((s) => ({ ...at(s), r: 2 })),
    ...missiles.map((m) => ({ ...at(m), r: 1 })),
    ...pods.map((p) => ({ ...at(p), r: 1 })),
    ...terrain.map((t) => ({ x: num(t.x), y: num(t.y), r: num(t.radius) })),
  ]);
};

/** An asteroid field or satellite, or a dust cloud, as the board draws it; its legend swatch is the same disc. */
const terrainDisc = (cx: number, cy: number, r: number, dust: boolean, strokeWidth: number): string =>
  el('circle', { cx, cy, r, fill: dust ? '#d9cfe8' : '#a39e93', 'fill-opacity': 0.7, stroke: '#555', 'stroke-width': strokeWidth });

export const drawGsc2 = (game: Json, seats: readonly string[], drawing: BoardOptions = {}): Board => {
  const ships = Object.values(obj(game.ships)).map(obj);
  const missiles = Object.values(obj(game.missiles)).map(obj);
  const pods = Object.values(obj(game.podsInFlight)).map(obj);
  const terrain = list(game.terrain).map(obj);
  const designs = obj(game.designs);
  const bounds = gscBounds(game, drawing.extent);
  const arcsShown = drawing.arcs ?? 'hover';
  const parts: string[] = [];
  const names: FixedLabel[] = [];
  const pieces: PieceLabel[] = [];

  for (const t of terrain) {
    const { x, y } = { x: num(t.x), y: num(t.y) };
    names.push({
      id: `terrain:${text(t.id)}`,
      text: text(t.id),
      at: { x, y },
      reach: Math.max(0.3, num(t.radius)),
      centred: num(t.radius) >= 2,
    });
    const drift = obj(t.drift);
    const moving = num(drift.x) !== 0 || num(drift.y) !== 0;
    parts.push(
      el(
        'g',
        { 'data-terrain': text(t.id) },
        title(`${text(t.kind)} ${text(t.id)}${moving ? `, drifting ${num(drift.x)}", ${num(drift.y)}" a turn` : ''}`) +
          terrainDisc(x, y, Math.max(0.3, num(t.radius)), t.kind === 'dust', 0.08) +
          (moving
            ? el('line', {
                x1: x,
                y1: y,
                x2: x + num(drift.x) * 2,
                y2: y + num(drift.y) * 2,
                stroke: '#555',
                'stroke-width': 0.12,
                'stroke-dasharray': '0.4 0.3',
              })
            : ''),
      ),
    );
  }

  const where = new Map(ships.map((s) => [text(s.id), at(s)]));
  for (const s of ships) {
    if (s.status !== 'active') continue;
    const { x, y } = at(s);
    const seat = text(s.seat);
    const colour = seatColour(seats, seat);
    const facing = num(s.facing);
    const heading = facing * 45;
    const design = obj(designs[text(s.design)]);
    const length = 1 + num(design.size, 4) * 0.12;
    const [nx, ny] = toward(x, y, heading, length);
    const [lx, ly] = toward(x, y, heading - 140, length * 0.7);
    const [rx, ry] = toward(x, y, heading + 140, length * 0.7);
    const arcs =
      arcsShown === 'none'
        ? ''
        : list(design.batteries)
            .map(obj)
            .map((b) => arc(x, y, heading, text(b.mount), colour, text(b.id)))
            .join('');
    const words = `${text(s.name)} (${text(s.id)}, ${seat}, ${text(s.design)}): hull ${num(s.hull)}, crew ${num(s.crew)}, facing ${compass(s.facing)}`;
    parts.push(
      el(
        'g',
        {
          'data-piece': text(s.id),
          'data-seat': seat,
          'data-x': num(at(s).x),
          'data-y': num(at(s).y),
          'data-facing': facing,
          tabindex: 0,
          role: 'button',
          'aria-label': words,
          class: 'ship',
        },
        title(words) +
          (arcs ? `<g class="arcs${arcsShown === 'all' ? ' shown' : ''}">${arcs}</g>` : '') +
          el('polygon', {
            class: 'base',
            points: `${nx},${ny} ${lx},${ly} ${rx},${ry}`,
            fill: colour,
            stroke: '#000',
            'stroke-width': 0.08,
          }),
      ),
    );
    const letter = seat.charAt(0).toUpperCase();
    pieces.push({ id: text(s.id), seat, letter, text: `${letter} ${text(s.name)}`, at: { x, y }, reach: length });
  }

  const flying = (kind: 'missile' | 'pod', m: Json, target: { x: number; y: number } | undefined) => {
    const { x, y } = at(m);
    const colour = seatColour(seats, text(m.seat));
    const line = target
      ? el('line', { x1: x, y1: y, x2: target.x, y2: target.y, stroke: colour, 'stroke-width': 0.08, 'stroke-dasharray': '0.3 0.3' })
      : '';
    const mark =
      kind === 'missile'
        ? el('circle', { cx: x, cy: y, r: 0.35, fill: colour, stroke: '#000', 'stroke-width': 0.05 })
        : el('rect', { x: x - 0.35, y: y - 0.35, width: 0.7, height: 0.7, fill: colour, stroke: '#000', 'stroke-width': 0.05 });
    return el(
      'g',
      { [`data-${kind}`]: text(m.id), 'data-x': num(at(m).x), 'data-y': num(at(m).y) },
      title(`${kind} ${text(m.id)} of ${text(m.seat)}${target ? '' : ''}`) + line + mark,
    );
  };
  for (const m of missiles) parts.push(flying('missile', m, where.get(text(m.target))));
  for (const p of pods) {
    const heading = obj(p.heading);
    const target = heading.target
      ? where.get(text(heading.target))
      : heading.point
        ? (obj(heading.point) as { x: number; y: number })
        : undefined;
    parts.push(flying('pod', p, target));
  }

  const width = bounds.maxX - bounds.minX;
  const height = bounds.maxY - bounds.minY;
  // A line every foot, so distances read off the table as on a mat.
  const grid = [
    ...Array.from({ length: Math.floor(width / 12) - 1 }, (_, i) => bounds.minX + (i + 1) * 12).map((gx) =>
      el('line', { x1: gx, y1: bounds.minY, x2: gx, y2: bounds.maxY, stroke: '#ddd', 'stroke-width': 0.05 }),
    ),
    ...Array.from({ length: Math.floor(height / 12) - 1 }, (_, i) => bounds.minY + (i + 1) * 12).map((gy) =>
      el('line', { x1: bounds.minX, y1: gy, x2: bounds.maxX, y2: gy, stroke: '#ddd', 'stroke-width': 0.05 }),
    ),
  ].join('');
  const keyed: LegendEntry[] = [
    {
      key: 'ship',
      swatch: (x, y, s) =>
        el('polygon', {
          points: `${x + s / 2},${y} ${x + s},${y + s} ${x},${y + s}`,
          fill: '#888',
          stroke: '#000',
          'stroke-width': s * 0.06,
        }),
      text: 'ship (points along its facing)',
    },
    {
      key: 'missile',
      swatch: (x, y, s) =>
        el('circle', { cx: x + s / 2, cy: y + s / 2, r: s * 0.3, fill: '#888', stroke: '#000', 'stroke-width': s * 0.06 }),
      text: 'missile',
    },
    {
      key: 'pod',
      swatch: (x, y, s) =>
        el('rect', {
          x: x + s * 0.2,
          y: y + s * 0.2,
          width: s * 0.6,
          height: s * 0.6,
          fill: '#888',
          stroke: '#000',
          'stroke-width': s * 0.06,
        }),
      text: 'assault pod',
    },
    {
      key: 'terrain',
      swatch: (x, y, s) => terrainDisc(x + s / 2, y + s / 2, s / 2, false, s * 0.06),
      text: 'asteroids, satellites',
    },
    {
      key: 'dust',
      swatch: (x, y, s) => terrainDisc(x + s / 2, y + s / 2, s / 2, true, s * 0.06),
      text: 'dust cloud',
    },
  ];
  return {
    bounds,
    body: grid + parts.join(''),
    pieces,
    names,
    // Every key, always: a legend that grew as missiles appeared would change the picture's scale (VIEW-10).
    legend: [...seatLegend(seats), ...keyed],
    seats,
    edges: { unit: 'inch', every: 12 },
    label: `GSC2 battle, turn ${num(game.turn)}; the frame spans x ${bounds.minX} to ${bounds.maxX}, y ${bounds.minY} to ${bounds.maxY} inches`,
  };
};
