/**
 * Post Galactica's battlefield (VIEW-2, VIEW-10): terrain, deployment zones, resource nodes
 * and objectives from the mission, each named on the board or in the legend; every unit on
 * the table at its position with its base to scale and a bar of its Cohesion; Command
 * Centers and other buildings as squares; each countdown's counters on the label of the
 * building or unit it counts down to.
 */
import type { FixedLabel, PieceLabel } from '../layout.ts';
import type { Board } from '../renderer.ts';
import { type Bounds, el, type Json, type LegendEntry, list, num, obj, seatColour, seatLegend, text, title } from '../svg.ts';

/** Terrain fills: impassable darkest, open (sight passes) lightest (PG-9, PG-11). */
const TERRAIN = { impassable: '#6b6b6b', blocking: '#9c927a', open: '#c9c3a8' } as const;
const terrainKind = (t: Json): keyof typeof TERRAIN => (t.impassable ? 'impassable' : t.blocksLineOfSight === false ? 'open' : 'blocking');
const TERRAIN_WORDS: Readonly<Record<keyof typeof TERRAIN, string>> = {
  impassable: 'impassable terrain',
  blocking: 'terrain that blocks sight',
  open: 'terrain sight passes over',
};

/** The centre of a terrain shape and how far it reaches: where its name goes. */
const terrainCentre = (shape: Json): { x: number; y: number } => {
  if (shape.type === 'rect') return { x: num(shape.x) + num(shape.width) / 2, y: num(shape.y) + num(shape.height) / 2 };
  const points = list(shape.points).map(obj);
  const n = Math.max(1, points.length);
  return { x: points.reduce((s, p) => s + num(p.x), 0) / n, y: points.reduce((s, p) => s + num(p.y), 0) / n };
};

const terrainShape = (t: Json): string => {
  const shape = obj(t.shape);
  const common = { fill: TERRAIN[terrainKind(t)], stroke: '#444', 'stroke-width': 0.08, 'data-terrain': text(t.id) };
  const name = title(`${text(t.name)}: ${TERRAIN_WORDS[terrainKind(t)]}`);
  if (shape.type === 'rect')
    return el('rect', { ...common, x: num(shape.x), y: num(shape.y), width: num(shape.width), height: num(shape.height) }, name);
  const points = list(shape.points)
    .map(obj)
    .map((p) => `${num(p.x)},${num(p.y)}`)
    .join(' ');
  return el('polygon', { ...common, points }, name);
};

/** Where each unit on the table stands and how far its base reaches: what the event marks point at (VIEW-11). */
export const pgPlaces = (game: Json): Map<string, { x: number; y: number; r: number }> =>
  new Map(
    list(game.units)
      .map(obj)
      .filter((u) => !u.embarkedIn && typeof u.x === 'number' && typeof u.y === 'number')
      .map((u) => [text(u.id), { x: num(u.x), y: num(u.y), r: num(u.baseRadius, 0.5) }]),
  );

export const pgBounds = (game: Json): Bounds => {
  const field = obj(obj(game.mission).battlefield);
  return { minX: 0, minY: 0, maxX: num(field.width, 48), maxY: num(field.height, 36) };
};

const swatch =
  (shape: 'rect' | 'circle' | 'diamond', fill: string, opacity = 1) =>
  (x: number, y: number, s: number): string =>
    shape === 'circle'
      ? el('circle', { cx: x + s / 2, cy: y + s / 2, r: s / 2, fill, 'fill-opacity': opacity, stroke: '#000', 'stroke-width': s * 0.08 })
      : shape === 'diamond'
        ? el('polygon', { points: `${x + s / 2},${y} ${x + s},${y + s / 2} ${x + s / 2},${y + s} ${x},${y + s / 2}`, fill })
        : el('rect', { x, y, width: s, height: s, fill, 'fill-opacity': opacity, stroke: '#444', 'stroke-width': s * 0.06 });

export const drawPostGalactica = (game: Json, seats: readonly string[]): Board => {
  const mission = obj(game.mission);
  const bounds = pgBounds(game);
  const parts: string[] = [];
  const names: FixedLabel[] = [];
  const legend: LegendEntry[] = seatLegend(seats);
  const keys = new Set<string>();

  for (const [seat, zone] of Object.entries(obj(mission.deploymentZones)).map(([s, z]) => [s, obj(z)] as const)) {
    const colour = seatColour(seats, seat);
    parts.push(
      el(
        'rect',
        {
          x: num(zone.x),
          y: num(zone.y),
          width: num(zone.width),
          height: num(zone.height),
          fill: colour,
          'fill-opacity': 0.1,
          stroke: colour,
          'stroke-opacity': 0.5,
          'stroke-width': 0.1,
          'stroke-dasharray': '0.5 0.3',
          'data-zone': seat,
        },
        title(`deployment zone of ${seat}`),
      ),
    );
    names.push({
      id: `zone:${seat}`,
      text: `${seat} zone`,
      at: { x: num(zone.x) + num(zone.width) / 2, y: num(zone.y) + num(zone.height) - 1 },
      reach: 0,
      centred: true,
    });
    keys.add('zone');
  }
  for (const t of list(mission.terrain).map(obj)) {
    parts.push(terrainShape(t));
    names.push({ id: `terrain:${text(t.id)}`, text: text(t.name), at: terrainCentre(obj(t.shape)), reach: 0, centred: true });
    keys.add(`terrain:${terrainKind(t)}`);
  }

  const remaining = new Map(list(game.resourceNodes).map((n) => [text(obj(n).id), obj(n).remaining]));
  for (const node of list(mission.resourceNodes).map(obj)) {
    const x = num(node.x);
    const y = num(node.y);
    const left = remaining.get(text(node.id)) ?? node.total;
    parts.push(
      el(
        'polygon',
        {
          points: `${x},${y + 0.9} ${x + 0.9},${y} ${x},${y - 0.9} ${x - 0.9},${y}`,
          fill: node.kind === 'crystal' ? '#56B4E9' : '#333',
          'data-node': text(node.id),
        },
        title(`${text(node.kind)} node ${text(node.id)}: ${text(left)} left`),
      ),
    );
    keys.add(`node:${text(node.kind)}`);
  }

  const held = obj(game.objectives);
  for (const o of list(mission.objectives).map(obj)) {
    const owner = text(held[text(o.id)]);
    parts.push(
      el(
        'circle',
        {
          cx: num(o.x),
          cy: num(o.y),
          r: 0.8,
          fill: owner ? seatColour(seats, owner) : '#fff',
          stroke: '#000',
          'stroke-width': 0.15,
          'data-objective': text(o.id),
        },
        title(`objective ${text(o.name)} (${num(o.points)} VP)${owner ? `, held by ${owner}` : ''}`),
      ),
    );
    names.push({
      id: `objective:${text(o.id)}`,
      text: `${text(o.name)}${owner ? ` (${owner})` : ''}`,
      at: { x: num(o.x), y: num(o.y) },
      reach: 0.8,
    });
    keys.add('objective');
  }

  const counters = new Map<string, number>();
  for (const c of list(game.countdowns).map(obj)) counters.set(text(c.unitId), (counters.get(text(c.unitId)) ?? 0) + num(c.counters));

  const pieces: PieceLabel[] = [];
  for (const u of list(game.units).map(obj)) {
    if (u.embarkedIn || typeof u.x !== 'number' || typeof u.y !== 'number') continue;
    const x = num(u.x);
    const y = num(u.y);
    const r = num(u.baseRadius, 0.5);
    const seat = text(u.seat);
    const colour = seatColour(seats, seat);
    const building = u.kind === 'building';
    const models = num(u.models, 1);
    const statuses = list(u.statuses).map((s) => text(obj(s).name));
    const countdown = counters.get(text(u.id));
    const words = `${text(u.name)} (${text(u.id)}, ${seat}): cohesion ${num(u.cohesion)}/${num(u.maxCohesion)}${models > 1 ? `, ${models} models` : ''}${
      u.complete === false ? ', under construction' : ''
    }${countdown ? `, ${countdown} counter(s) left` : ''}${statuses.length ? `, ${statuses.join(', ')}` : ''}`;
    const letter = seat.charAt(0).toUpperCase();
    const piece = {
      'data-piece': text(u.id),
      'data-seat': seat,
      'data-x': x,
      'data-y': y,
      'data-r': r,
      tabindex: 0,
      role: 'button',
      'aria-label': words,
    };
    const base = building
      ? el('rect', {
          class: 'base',
          x: x - r,
          y: y - r,
          width: 2 * r,
          height: 2 * r,
          fill: colour,
          'fill-opacity': u.complete === false ? 0.4 : 0.9,
          stroke: '#000',
          'stroke-width': 0.1,
          'stroke-dasharray': u.complete === false ? '0.3 0.2' : undefined,
        })
      : el('circle', { class: 'base', cx: x, cy: y, r, fill: colour, 'fill-opacity': 0.9, stroke: '#000', 'stroke-width': 0.08 });
    const health = num(u.maxCohesion) > 0 ? num(u.cohesion) / num(u.maxCohesion) : 1;
    const bar =
      el('rect', { x: x - r, y: y - r - 0.45, width: 2 * r, height: 0.25, fill: '#ddd' }) +
      el('rect', { x: x - r, y: y - r - 0.45, width: 2 * r * Math.max(0, Math.min(1, health)), height: 0.25, fill: '#222' });
    parts.push(el('g', piece, title(words) + base + bar));
    keys.add(building ? 'building' : 'unit');
    const name = `${letter} ${text(u.name)}${models > 1 ? ` (${models})` : ''}${countdown ? ` [${countdown}]` : ''}`;
    pieces.push({ id: text(u.id), seat, text: name, letter, at: { x, y }, reach: r + (building ? 0.45 : 0.45) });
  }

  const keyed: LegendEntry[] = [
    { key: 'unit', swatch: swatch('circle', '#888'), text: 'unit' },
    { key: 'building', swatch: swatch('rect', '#888'), text: 'building ([n]: counters left)' },
    { key: 'zone', swatch: swatch('rect', '#888', 0.15), text: 'deployment zone' },
    { key: 'objective', swatch: swatch('circle', '#fff'), text: 'objective' },
    { key: 'node:carbon', swatch: swatch('diamond', '#333'), text: 'carbon node' },
    { key: 'node:crystal', swatch: swatch('diamond', '#56B4E9'), text: 'crystal node' },
    { key: 'terrain:impassable', swatch: swatch('rect', TERRAIN.impassable), text: TERRAIN_WORDS.impassable },
    { key: 'terrain:blocking', swatch: swatch('rect', TERRAIN.blocking), text: TERRAIN_WORDS.blocking },
    { key: 'terrain:open', swatch: swatch('rect', TERRAIN.open), text: TERRAIN_WORDS.open },
  ];
  // Units and buildings always: the legend may not grow in a game, or the scale would change (VIEW-10).
  legend.push(...keyed.filter((k) => keys.has(k.key) || k.key === 'unit' || k.key === 'building'));
  const width = bounds.maxX - bounds.minX;
  const height = bounds.maxY - bounds.minY;
  return {
    bounds,
    body: parts.join(''),
    pieces,
    names,
    legend,
    seats,
    edges: { unit: 'inch', every: 6 },
    label: `${text(mission.name)}: Post Galactica battlefield, ${width} by ${height} inches`,
  };
};
