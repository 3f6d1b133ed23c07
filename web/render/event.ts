/**
 * The current event drawn on the board (VIEW-11): a shot as a line from shooter to target,
 * solid on a hit and dashed on a miss; a move as its path; a missile's or pod's track; a
 * ram; a boarding; a Worker's building; a piece destroyed (a cross where it stood). Pieces
 * are found in the state before the event and after it, so a ship destroyed by the event
 * is still marked where it was. Every mark carries `data-event-mark` and its ends as data
 * attributes, and its outcome word is a label the layout keeps clear of the others.
 */
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { gscPlaces } from './gsc2.ts';
import type { FixedLabel } from './layout.ts';
import { pgPlaces } from './post-galactica.ts';
import { solunaPlaces } from './soluna.ts';
import { el, type Json, list, num, obj, round, text, title } from './svg.ts';

export interface EventMarks {
  /** SVG in table units, drawn over the pieces. */
  readonly svg: string;
  /** Outcome words ("hit", "miss", "destroyed"): labels laid out with the others. */
  readonly labels: readonly FixedLabel[];
}

type Place = { x: number; y: number; r: number };
type Places = (game: Json) => Map<string, Place>;

const PLACES: Readonly<Record<string, Places>> = { 'post-galactica': pgPlaces, gsc2: gscPlaces, soluna: solunaPlaces };

/** The ink of every mark: near-black, so it reads on every seat's colour and on the table. */
const INK = '#111';
const MISS = '#666';

type Kind = 'shot' | 'move' | 'track' | 'ram' | 'boarding' | 'build' | 'destroyed' | 'damage' | 'repair' | 'deploy' | 'power';

interface Mark {
  readonly kind: Kind;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly outcome?: 'hit' | 'miss' | undefined;
  /** Where the mark starts and ends, in table units: the shooter's and the target's centres, a path's ends. */
  readonly ends?: readonly [{ x: number; y: number }, { x: number; y: number }] | undefined;
  readonly svg: string;
}

const pointOf = (p: unknown): { x: number; y: number } | null => {
  if (Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number') return { x: p[0], y: p[1] };
  const o = obj(p);
  return typeof o.x === 'number' && typeof o.y === 'number' ? { x: o.x, y: o.y } : null;
};

/** A line between two points, ending in an arrowhead drawn as a small triangle (no markers: a standalone SVG keeps no ids). */
const arrow = (a: { x: number; y: number }, b: { x: number; y: number }, dashed: boolean, width: number, colour = INK): string => {
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

const path = (points: readonly { x: number; y: number }[], width: number): string => {
  if (points.length < 2) return '';
  const last = points[points.length - 1] as { x: number; y: number };
  const before = points[points.length - 2] as { x: number; y: number };
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
const between = (a: Place, b: Place): [{ x: number; y: number }, { x: number; y: number }] => {
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
 * The marks of one event. `before` and `after` are the ruleset's game views around it
 * (either may be null before the battle); `width` is the mark's stroke in table units.
 */
export const eventMarks = (ruleset: string, event: EventEnvelope, before: unknown, after: unknown, width = 0.15): EventMarks | null => {
  const places = PLACES[ruleset];
  if (!places || event.data === null) return null;
  const then = before ? places(obj(before)) : new Map<string, Place>();
  const now = after ? places(obj(after)) : new Map<string, Place>();
  const at = (id: unknown): Place | undefined => then.get(text(id)) ?? now.get(text(id));
  const d = obj(event.data);
  const marks: Mark[] = [];
  const labels: FixedLabel[] = [];
  const say = (words: string, p: Place, id: string) =>
    labels.push({ id: `event:${id}`, text: words, at: p, reach: p.r + width * 4, must: true });

  const shot = (kind: Kind, fromId: unknown, toId: unknown, hit: boolean | undefined, words?: string) => {
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
  };
  const moved = (kind: Kind, id: unknown, points: ({ x: number; y: number } | null)[]) => {
    const ps = points.filter((p): p is { x: number; y: number } => p !== null);
    if (ps.length < 2) return;
    marks.push({
      kind,
      from: text(id),
      ends: [ps[0] as { x: number; y: number }, ps[ps.length - 1] as { x: number; y: number }],
      svg: path(ps, width),
    });
  };
  const around = (kind: Kind, id: unknown, words: string, dashed = false) => {
    const p = at(id);
    if (!p) return;
    marks.push({ kind, to: text(id), svg: kind === 'destroyed' ? cross(p, width) : ring(p, width, dashed) });
    say(words, p, `${kind}:${text(id)}`);
  };
  const centre = (p: { x: number; y: number } | null): { x: number; y: number } | null =>
    p && ruleset === 'soluna' ? { x: p.x + 0.5, y: p.y + 0.5 } : p;

  switch (`${ruleset}:${event.type}`) {
    // GSC2 (GSC-4 to GSC-23)
    case 'gsc2:ShipMoved':
    case 'gsc2:TerrainMoved':
      moved('move', d.ship ?? d.terrain, [pointOf(d.from), pointOf(d.to)]);
      break;
    case 'gsc2:BeamFired':
      shot('shot', d.ship, d.target, d.hit === true);
      break;
    case 'gsc2:MissileAttacked':
      shot('shot', d.missile, d.target, d.hit === true);
      break;
    case 'gsc2:MdsFired':
      shot('shot', d.ship, d.missile, d.killed === true, d.killed === true ? 'shot down' : 'miss');
      break;
    case 'gsc2:TractorBeamUsed':
      shot('shot', d.ship, d.target, undefined, 'tractor beam');
      break;
    case 'gsc2:MissilesLaunched':
    case 'gsc2:PodsLaunched': {
      const from = pointOf(d.at);
      const target = at(d.target);
      if (from && target) {
        marks.push({ kind: 'track', from: text(d.ship), to: text(d.target), ends: [from, target], svg: arrow(from, target, true, width) });
        say(event.type === 'gsc2:PodsLaunched' ? 'pods launched' : 'missiles launched', { ...from, r: 1 }, `track:${text(d.ship)}`);
      }
      break;
    }
    case 'gsc2:MissileMoved':
      moved('track', d.missile, [pointOf(d.from), pointOf(d.to)]);
      break;
    case 'gsc2:PodMoved':
      moved('track', d.pod, [pointOf(d.from), pointOf(d.to)]);
      break;
    case 'gsc2:PodRammed':
      shot('ram', d.pod, d.target, d.hit === true, d.hit === true ? 'rammed: aboard' : 'ram missed');
      break;
    case 'gsc2:BoardersLanded':
      shot('boarding', d.ship, d.target, undefined, 'boarders land');
      break;
    case 'gsc2:BoardingFought':
      around('boarding', d.ship, 'boarding fight', true);
      break;
    case 'gsc2:ShipCaptured':
      around('boarding', d.ship, `captured by ${text(d.by)}`);
      break;
    case 'gsc2:ShipDestroyed':
      around('destroyed', d.ship, 'destroyed');
      break;
    case 'gsc2:DamageInflicted':
      around('damage', d.target, `${num(d.damage)} damage`, true);
      break;
    case 'gsc2:RepairAttempted':
      around('repair', d.ship, d.repaired === true ? 'repaired' : 'repair failed', true);
      break;
    // Post Galactica (PG-7 to PG-18)
    case 'post-galactica:UnitMoved':
      moved('move', d.unitId, list(d.path).map(pointOf));
      break;
    case 'post-galactica:AttackResolved':
      shot('shot', d.attackerId, d.targetId, num(d.hits) > 0, num(d.hits) > 0 ? `${num(d.hits)} hit(s)` : 'miss');
      break;
    case 'post-galactica:UnitDestroyed':
      around('destroyed', d.unitId, 'destroyed');
      break;
    case 'post-galactica:ConstructionStarted': {
      const builder = at(d.builderId);
      const site = { x: num(d.x), y: num(d.y), r: 0.5 };
      marks.push({
        kind: 'build',
        from: text(d.builderId),
        to: text(d.unitId),
        svg: (builder ? arrow(builder, site, true, width) : '') + ring(site, width, true),
      });
      say('building', site, `build:${text(d.unitId)}`);
      break;
    }
    case 'post-galactica:CountdownCompleted':
      if (d.kind === 'construction') around('build', d.unitId, 'built');
      break;
    case 'post-galactica:ProductionStarted':
      around('build', d.buildingId, 'producing', true);
      break;
    case 'post-galactica:UnitsDeployed':
      for (const p of list(d.placements).map(obj)) {
        const place = at(p.unitId);
        if (place) marks.push({ kind: 'deploy', to: text(p.unitId), svg: ring(place, width, true) });
      }
      break;
    case 'post-galactica:UnitRepaired':
      shot('repair', d.by, d.unitId, undefined, 'repaired');
      break;
    // Sol'una (SOL-4 and the grid)
    case 'soluna:ModelMoved':
      moved('move', d.model, [centre(pointOf(d.from)), ...list(d.path).map((p) => centre(pointOf(p)))]);
      break;
    case 'soluna:AttackResolved': {
      const hit = obj(d.roll).success === true;
      shot('shot', d.model, d.target, hit, hit ? `hit, ${num(d.damage)} damage` : 'miss');
      break;
    }
    case 'soluna:PowerUsed':
      shot('power', d.model, d.target, undefined, text(d.power));
      break;
    case 'soluna:MoveBlocked': {
      const to = centre(pointOf(d.to));
      if (to) {
        marks.push({ kind: 'move', from: text(d.model), svg: cross({ ...to, r: 0.3 }, width) });
        say('blocked', { ...to, r: 0.3 }, `blocked:${text(d.model)}`);
      }
      break;
    }
  }
  if (marks.length === 0) return null;
  const svg = marks
    .map((m) =>
      el(
        'g',
        {
          class: 'event-mark',
          'data-event-mark': m.kind,
          'data-from': m.from,
          'data-to': m.to,
          'data-outcome': m.outcome,
          'data-ends': m.ends?.map((p) => `${round(p.x)},${round(p.y)}`).join(' '),
        },
        title(`event ${event.seq}: ${event.type}`) + m.svg,
      ),
    )
    .join('');
  return { svg, labels };
};
