/**
 * Post Galactica's battlefield (VIEW-2): terrain, deployment zones, resource nodes and
 * objectives from the mission; every unit on the table at its position with its base to
 * scale, its models and Cohesion; Command Centers and other buildings as squares; each
 * countdown's counters on the building or unit it counts down to.
 */
import { el, frame, type Json, label, list, num, obj, seatColour, text, title } from './svg.ts';

const terrainShape = (t: Json): string => {
  const shape = obj(t.shape);
  const fill = t.impassable ? '#6b6b6b' : t.blocksLineOfSight === false ? '#c9c3a8' : '#9c927a';
  const common = { fill, stroke: '#444', 'stroke-width': 0.08, 'data-terrain': text(t.id) };
  const name = title(
    `${text(t.name)}${t.impassable ? ', impassable' : ''}${t.blocksLineOfSight === false ? ', does not block line of sight' : ''}`,
  );
  if (shape.type === 'rect')
    return el('rect', { ...common, x: num(shape.x), y: num(shape.y), width: num(shape.width), height: num(shape.height) }, name);
  const points = list(shape.points)
    .map(obj)
    .map((p) => `${num(p.x)},${num(p.y)}`)
    .join(' ');
  return el('polygon', { ...common, points }, name);
};

export const drawPostGalactica = (game: Json, seats: readonly string[]): string => {
  const mission = obj(game.mission);
  const field = obj(mission.battlefield);
  const width = num(field.width, 48);
  const height = num(field.height, 36);
  const parts: string[] = [];

  for (const [seat, zone] of Object.entries(obj(mission.deploymentZones)).map(([s, z]) => [s, obj(z)] as const)) {
    parts.push(
      el('rect', {
        x: num(zone.x),
        y: num(zone.y),
        width: num(zone.width),
        height: num(zone.height),
        fill: seatColour(seats, seat),
        'fill-opacity': 0.1,
      }),
    );
  }
  for (const t of list(mission.terrain).map(obj)) parts.push(terrainShape(t));

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
  }

  const counters = new Map<string, number>();
  for (const c of list(game.countdowns).map(obj)) counters.set(text(c.unitId), (counters.get(text(c.unitId)) ?? 0) + num(c.counters));

  for (const u of list(game.units).map(obj)) {
    if (u.embarkedIn) continue;
    const x = num(u.x);
    const y = num(u.y);
    const r = num(u.baseRadius, 0.5);
    const seat = text(u.seat);
    const colour = seatColour(seats, seat);
    const building = u.kind === 'building';
    const models = num(u.models, 1);
    const statuses = list(u.statuses).map(text);
    const words = `${text(u.name)} (${text(u.id)}, ${seat}): cohesion ${num(u.cohesion)}/${num(u.maxCohesion)}${models > 1 ? `, ${models} models` : ''}${
      u.complete === false ? ', under construction' : ''
    }${statuses.length ? `, ${statuses.join(', ')}` : ''}`;
    const piece = { 'data-piece': text(u.id), 'data-seat': seat, 'data-x': x, 'data-y': y, 'data-r': r, tabindex: 0 };
    const base = building
      ? el('rect', {
          x: x - r,
          y: y - r,
          width: 2 * r,
          height: 2 * r,
          fill: colour,
          'fill-opacity': u.complete === false ? 0.4 : 0.9,
          stroke: '#000',
          'stroke-width': 0.1,
        })
      : el('circle', { class: 'base', cx: x, cy: y, r, fill: colour, 'fill-opacity': 0.9, stroke: '#000', 'stroke-width': 0.08 });
    const health = num(u.maxCohesion) > 0 ? num(u.cohesion) / num(u.maxCohesion) : 1;
    const bar =
      el('rect', { x: x - r, y: y - r - 0.45, width: 2 * r, height: 0.25, fill: '#ddd' }) +
      el('rect', { x: x - r, y: y - r - 0.45, width: 2 * r * Math.max(0, Math.min(1, health)), height: 0.25, fill: '#222' });
    const mark = label(
      x,
      y,
      models > 1 ? `${seat.charAt(0).toUpperCase()}${models}` : seat.charAt(0).toUpperCase(),
      Math.max(0.45, r * 0.8),
    );
    const countdown = counters.get(text(u.id));
    const badge = countdown
      ? el('circle', { cx: x + r, cy: y + r, r: 0.45, fill: '#F0E442', stroke: '#000', 'stroke-width': 0.05 }) +
        label(x + r, y + r, String(countdown), 0.5, '#000')
      : '';
    parts.push(el('g', piece, title(words) + base + bar + mark + badge));
  }
  return frame(width, height, parts.join(''), seats, `${text(mission.name)}: Post Galactica battlefield, ${width} by ${height} inches`);
};
