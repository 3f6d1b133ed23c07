/** The marks of Post Galactica's events on the board (VIEW-11; PG-7 to PG-18), by event type. */
import { pointOf } from '../pen.ts';
import type { MarkDrawers } from '../renderer.ts';
import { list, num, obj, text } from '../svg.ts';

export const pgMarks: MarkDrawers = {
  UnitMoved: (d, pen) => pen.moved('move', d.unitId, list(d.path).map(pointOf)),
  AttackResolved: (d, pen) =>
    pen.shot('shot', d.attackerId, d.targetId, num(d.hits) > 0, num(d.hits) > 0 ? `${num(d.hits)} hit(s)` : 'miss'),
  UnitDestroyed: (d, pen) => pen.around('destroyed', d.unitId, 'destroyed'),
  // PG-10: a Worker's building site, an arrow from the builder to it.
  ConstructionStarted: (d, pen) => {
    const builder = pen.at(d.builderId);
    const site = { x: num(d.x), y: num(d.y), r: 0.5 };
    pen.mark({
      kind: 'build',
      from: text(d.builderId),
      to: text(d.unitId),
      svg: (builder ? pen.arrow(builder, site, true) : '') + pen.ring(site, true),
    });
    pen.say('building', site, `build:${text(d.unitId)}`);
  },
  CountdownCompleted: (d, pen) => {
    if (d.kind === 'construction') pen.around('build', d.unitId, 'built');
  },
  ProductionStarted: (d, pen) => pen.around('build', d.buildingId, 'producing', true),
  UnitsDeployed: (d, pen) => {
    for (const p of list(d.placements).map(obj)) {
      const place = pen.at(p.unitId);
      if (place) pen.mark({ kind: 'deploy', to: text(p.unitId), svg: pen.ring(place, true) });
    }
  },
  UnitRepaired: (d, pen) => pen.shot('repair', d.by, d.unitId, undefined, 'repaired'),
};
