/**
 * Sol'una's grid (VIEW-2, VIEW-10): squares, the blocking ones filled; each model in its
 * square, its leader ringed in black, named by a label beside it; slain models are gone
 * from the grid. Mind and wounds are in the piece's description and its inspection (VIEW-13).
 */
import type { PieceLabel } from '../layout.ts';
import type { Board } from '../renderer.ts';
import { type Bounds, el, type Json, type LegendEntry, list, num, obj, seatColour, seatLegend, text, title } from '../svg.ts';

/** Each model's square centre: what the event marks point at (VIEW-11). */
export const solunaPlaces = (game: Json): Map<string, { x: number; y: number; r: number }> =>
  new Map(
    list(game.models)
      .map(obj)
      .filter((m) => !m.slain)
      .map((m) => {
        const [x, y] = list(m.at).map((n) => num(n));
        return [text(m.id), { x: (x ?? 0) + 0.5, y: (y ?? 0) + 0.5, r: 0.42 }];
      }),
  );

export const solunaBounds = (game: Json): Bounds => {
  const grid = obj(game.grid);
  return { minX: 0, minY: 0, maxX: num(grid.width, 12), maxY: num(grid.height, 12) };
};

export const drawSoluna = (game: Json, seats: readonly string[]): Board => {
  const bounds = solunaBounds(game);
  const width = bounds.maxX;
  const height = bounds.maxY;
  const parts: string[] = [];
  for (let x = 0; x < width; x += 1) {
    for (let y = 0; y < height; y += 1)
      parts.push(el('rect', { x, y, width: 1, height: 1, fill: 'none', stroke: '#bbb', 'stroke-width': 0.03 }));
  }
  for (const square of list(obj(game.grid).blocking)) {
    const [x, y] = list(square).map((n) => num(n));
    parts.push(
      el(
        'rect',
        { x: x ?? 0, y: y ?? 0, width: 1, height: 1, fill: '#6b6b6b', 'data-blocking': `${x},${y}` },
        title(`blocking square ${x},${y}`),
      ),
    );
  }
  const pieces: PieceLabel[] = [];
  for (const m of list(game.models).map(obj)) {
    if (m.slain) continue;
    const [x, y] = list(m.at).map((n) => num(n));
    const cx = (x ?? 0) + 0.5;
    const cy = (y ?? 0) + 0.5;
    const seat = text(m.seat);
    const wounds = `${num(m.woundsTaken)}/${num(m.wounds)}`;
    const words = `${text(m.name)} (${text(m.id)}, ${seat}${m.leader ? ', leader' : ''}): Mind ${num(m.currentMind)}/${num(m.mind)}, wounds ${wounds}`;
    const letter = seat.charAt(0).toUpperCase();
    parts.push(
      el(
        'g',
        {
          'data-piece': text(m.id),
          'data-seat': seat,
          'data-x': x ?? 0,
          'data-y': y ?? 0,
          tabindex: 0,
          role: 'button',
          'aria-label': words,
        },
        title(words) +
          el('circle', {
            class: 'base',
            cx,
            cy,
            r: 0.42,
            fill: seatColour(seats, seat),
            stroke: m.leader ? '#000' : '#fff',
            'stroke-width': m.leader ? 0.1 : 0.04,
          }),
      ),
    );
    pieces.push({ id: text(m.id), seat, letter, text: `${letter} ${text(m.name)}`, at: { x: cx, y: cy }, reach: 0.42 });
  }
  const legend: LegendEntry[] = [
    ...seatLegend(seats),
    {
      key: 'leader',
      swatch: (x, y, s) =>
        el('circle', { cx: x + s / 2, cy: y + s / 2, r: s * 0.42, fill: '#888', stroke: '#000', 'stroke-width': s * 0.12 }),
      text: 'leader',
    },
    { key: 'blocking', swatch: (x, y, s) => el('rect', { x, y, width: s, height: s, fill: '#6b6b6b' }), text: 'blocking square' },
  ];
  return {
    bounds,
    body: parts.join(''),
    pieces,
    names: [],
    legend,
    seats,
    edges: { unit: 'square' },
    label: `${text(game.mission)}: Sol'una grid, ${width} by ${height} squares`,
  };
};
