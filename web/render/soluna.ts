/**
 * Sol'una's grid (VIEW-2): squares, the blocking ones filled; each model in its square
 * with its Mind and wounds; slain models are gone from the grid.
 */
import { el, frame, type Json, label, list, num, obj, seatColour, text, title } from './svg.ts';

export const drawSoluna = (game: Json, seats: readonly string[]): string => {
  const grid = obj(game.grid);
  const width = num(grid.width, 12);
  const height = num(grid.height, 12);
  const parts: string[] = [];
  for (let x = 0; x < width; x += 1) {
    for (let y = 0; y < height; y += 1)
      parts.push(el('rect', { x, y, width: 1, height: 1, fill: 'none', stroke: '#bbb', 'stroke-width': 0.03 }));
  }
  for (const square of list(grid.blocking)) {
    const [x, y] = list(square).map((n) => num(n));
    parts.push(
      el(
        'rect',
        { x: x ?? 0, y: y ?? 0, width: 1, height: 1, fill: '#6b6b6b', 'data-blocking': `${x},${y}` },
        title(`blocking square ${x},${y}`),
      ),
    );
  }
  for (const m of list(game.models).map(obj)) {
    if (m.slain) continue;
    const [x, y] = list(m.at).map((n) => num(n));
    const cx = (x ?? 0) + 0.5;
    const cy = (y ?? 0) + 0.5;
    const seat = text(m.seat);
    const wounds = `${num(m.woundsTaken)}/${num(m.wounds)}`;
    const words = `${text(m.name)} (${text(m.id)}, ${seat}${m.leader ? ', leader' : ''}): Mind ${num(m.currentMind)}/${num(m.mind)}, wounds ${wounds}`;
    parts.push(
      el(
        'g',
        { 'data-piece': text(m.id), 'data-seat': seat, 'data-x': x ?? 0, 'data-y': y ?? 0, tabindex: 0 },
        title(words) +
          el('circle', {
            class: 'base',
            cx,
            cy,
            r: 0.42,
            fill: seatColour(seats, seat),
            stroke: m.leader ? '#000' : '#fff',
            'stroke-width': m.leader ? 0.08 : 0.04,
          }) +
          label(cx, cy + 0.12, `${seat.charAt(0).toUpperCase()}${text(m.name).charAt(0)}`, 0.3) +
          label(cx, cy - 0.2, `M${num(m.currentMind)} W${num(m.woundsTaken)}`, 0.17),
      ),
    );
  }
  return frame(width, height, parts.join(''), seats, `${text(game.mission)}: Sol'una grid, ${width} by ${height} squares`);
};
