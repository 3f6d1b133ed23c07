/**
 * Sol'una's ruler (TABLE-2): squares between two squares as the referee counts them (diagonal
 * steps count one), whether Line Of Sight is clear, and, from a model's square, which of its
 * attacks and powers reach the other: the referee's own grid functions (domain/soluna/grid.ts)
 * and its test of reach (in range, and in sight unless a melee attack).
 */
import { distance, type Grid, lineOfSight, type Square } from '../../domain/soluna/grid.ts';
import type { Measure, RulerEnd } from '../renderer.ts';
import { type Json, list, num, obj, text } from '../svg.ts';

const squareOf = (end: RulerEnd): Square => [Math.floor(end.x), Math.floor(end.y)];

export const solunaMeasure = (game: Json, from: RulerEnd, to: RulerEnd): Measure => {
  const g = obj(game.grid);
  const grid: Grid = {
    width: num(g.width, 12),
    height: num(g.height, 12),
    blocking: list(g.blocking).map((s) => list(s).map((n) => num(n)) as unknown as Square),
  };
  const [a, b] = [squareOf(from), squareOf(to)];
  const apart = distance(a, b);
  const sight = lineOfSight(grid, a, b);
  const lines = [`[${a[0]},${a[1]}] to [${b[0]},${b[1]}]`, `Line Of Sight: ${sight ? 'clear' : 'blocked'}`];
  const model = list(game.models)
    .map(obj)
    .find((m) => !m.slain && (from.id ? text(m.id) === from.id : list(m.at)[0] === a[0] && list(m.at)[1] === a[1]));
  if (model) {
    const uses: { use: Json; sight: boolean }[] = [
      ...list(model.attacks).map((w) => ({ use: obj(w), sight: obj(w).kind === 'ranged' })),
      ...[...list(model.artifacts), ...list(model.psionics)].map((p) => ({ use: obj(p), sight: true })),
    ];
    for (const { use, sight: needs } of uses) {
      const range = num(use.range);
      const verdict = apart > range ? 'out of range' : needs && !sight ? 'in range, no Line Of Sight' : 'reaches';
      lines.push(`${text(model.name)}'s ${text(use.name)} (range ${range}): ${verdict}`);
    }
  }
  return { distance: `${apart} square${apart === 1 ? '' : 's'}`, lines };
};
