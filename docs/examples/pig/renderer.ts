/**
 * Pig's drawing side (HALL-4): what the page, the viewer and `arbiter replay` show of a game.
 * One value, like the ruleset: a real ruleset's lives in `render/<id>/` and joins the one
 * line in render/renderers.ts. The table is a score track per seat, from 0 to the target:
 * each seat's pawn stands at its score, the turn total it risks drawn ahead of it.
 */

import type { Board, Inspection, MarkDrawers, Place, Renderer } from '../../../render/renderer.ts';
import { REF, SEAT } from '../../../render/renderer.ts';
import type { Json } from '../../../render/svg.ts';
import { el, list, num, obj, seatColour, seatLegend, text, title } from '../../../render/svg.ts';

/** Each seat's lane: one unit apart, the pawn in its middle. */
const laneOf = (game: Json, seat: string): number => list(game.seats).map(text).indexOf(seat) * 2 + 1;
const scoreOf = (game: Json, seat: string): number => num(obj(game.scores)[seat]);

/** Each seat's pawn, at its score on its lane: what an event's mark points at (VIEW-11). */
const places = (game: Json): Map<string, Place> =>
  new Map(list(game.seats).map((s) => [text(s), { x: scoreOf(game, text(s)), y: laneOf(game, text(s)), r: 0.4 }]));

const draw = (game: Json, seats: readonly string[]): Board => {
  const target = num(game.target, 100);
  const parts: string[] = [];
  const pieces = seats.map((seat) => {
    const { x, y } = { x: scoreOf(game, seat), y: laneOf(game, seat) };
    const risked = seat === text(game.active) ? num(game.turnTotal) : 0;
    const words = `${seat}: ${x} of ${target}${risked ? `, ${risked} at risk this turn` : ''}`;
    parts.push(
      el('line', { x1: 0, y1: y, x2: target, y2: y, stroke: '#bbb', 'stroke-width': 0.1 }),
      risked ? el('rect', { x, y: y - 0.2, width: risked, height: 0.4, fill: seatColour(seats, seat), 'fill-opacity': 0.3 }) : '',
      el(
        'g',
        { 'data-piece': seat, 'data-seat': seat, tabindex: 0, role: 'button', 'aria-label': words },
        title(words) +
          el('circle', { class: 'base', cx: x, cy: y, r: 0.4, fill: seatColour(seats, seat), stroke: '#fff', 'stroke-width': 0.05 }),
      ),
    );
    const letter = seat.charAt(0).toUpperCase();
    return { id: seat, seat, letter, text: `${letter} ${x}`, at: { x, y }, reach: 0.4 };
  });
  return {
    bounds: { minX: 0, minY: 0, maxX: target, maxY: seats.length * 2 },
    body: parts.join(''),
    pieces,
    names: [],
    legend: seatLegend(seats),
    seats,
    label: `Pig: each seat's score on a track to ${target}`,
  };
};

const marks: MarkDrawers = {
  DieRolled: (d, pen) => pen.around('power', d.seat, `rolled ${num(obj(d.roll).value)}`, true),
  PiggedOut: (d, pen) => pen.around('damage', d.seat, `pigged out: ${num(d.lost)} lost`, true),
  Held: (d, pen) => {
    const from = pen.at(d.seat);
    if (from)
      pen.moved('move', d.seat, [
        { x: num(d.score) - num(d.banked), y: from.y },
        { x: num(d.score), y: from.y },
      ]);
  },
};

const inspect = (game: Json, id: string): Inspection | null => {
  if (!list(game.seats).map(text).includes(id)) return null;
  const rows: [string, string][] = [['score', `${scoreOf(game, id)} of ${num(game.target)}`]];
  if (text(game.active) === id) rows.push(['this turn', `${num(game.turnTotal)} at risk`]);
  return { heading: id, rows };
};

const where = (game: Json): string => `turn ${num(game.turn)}, ${text(game.active)} to roll`;

const summary = (game: Json, seats: readonly string[]): string[] => [
  `turn ${num(game.turn)}: ${text(game.active)} rolls, ${num(game.turnTotal)} at risk; first to ${num(game.target)} wins`,
  '',
  ...seats.map((seat) => `${seat}: ${scoreOf(game, seat)}`),
];

export const pigRenderer: Renderer = {
  id: 'pig',
  draw,
  places,
  marks,
  // VIEW-12: a roll and a hold are the seat's (a hold at the deadline, PIG-6, the referee's); the rest the rules resolve.
  actors: { TurnStarted: REF, DieRolled: SEAT, PiggedOut: REF, Held: SEAT },
  inspect,
  where,
  summary,
};
