/** The marks of Sol'una's events on the board (VIEW-11; SOL-4 and the grid), by event type. */
import { pointOf } from '../pen.ts';
import type { MarkDrawers, Point } from '../renderer.ts';
import { list, num, obj, text } from '../svg.ts';

/** An event names a square by its corner; a mark points at its centre, where the model is drawn. */
const centre = (p: Point | null): Point | null => (p ? { x: p.x + 0.5, y: p.y + 0.5 } : p);

export const solunaMarks: MarkDrawers = {
  ModelMoved: (d, pen) => pen.moved('move', d.model, [centre(pointOf(d.from)), ...list(d.path).map((p) => centre(pointOf(p)))]),
  AttackResolved: (d, pen) => {
    const hit = obj(d.roll).success === true;
    pen.shot('shot', d.model, d.target, hit, hit ? `hit, ${num(d.damage)} damage` : 'miss');
  },
  PowerUsed: (d, pen) => pen.shot('power', d.model, d.target, undefined, text(d.power)),
  MoveBlocked: (d, pen) => {
    const to = centre(pointOf(d.to));
    if (!to) return;
    pen.mark({ kind: 'move', from: text(d.model), svg: pen.cross({ ...to, r: 0.3 }) });
    pen.say('blocked', { ...to, r: 0.3 }, `blocked:${text(d.model)}`);
  },
};
