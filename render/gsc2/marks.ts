/** The marks of GSC2's events on the board (VIEW-11; GSC-4 to GSC-23), by event type. */
import { pointOf } from '../pen.ts';
import type { MarkDrawers, Pen } from '../renderer.ts';
import { type Json, num, text } from '../svg.ts';

/** GSC-9, GSC-21: missiles or assault pods leave a ship: a dashed track from where they start to their target. */
const launched =
  (words: string) =>
  (d: Json, pen: Pen): void => {
    const from = pointOf(d.at);
    const target = pen.at(d.target);
    if (!from || !target) return;
    pen.mark({ kind: 'track', from: text(d.ship), to: text(d.target), ends: [from, target], svg: pen.arrow(from, target, true) });
    pen.say(words, { ...from, r: 1 }, `track:${text(d.ship)}`);
  };

const moved = (d: Json, pen: Pen) => pen.moved('move', d.ship ?? d.terrain, [pointOf(d.from), pointOf(d.to)]);

export const gscMarks: MarkDrawers = {
  ShipMoved: moved,
  TerrainMoved: moved,
  BeamFired: (d, pen) => pen.shot('shot', d.ship, d.target, d.hit === true),
  MissileAttacked: (d, pen) => pen.shot('shot', d.missile, d.target, d.hit === true),
  MdsFired: (d, pen) => pen.shot('shot', d.ship, d.missile, d.killed === true, d.killed === true ? 'shot down' : 'miss'),
  TractorBeamUsed: (d, pen) => pen.shot('shot', d.ship, d.target, undefined, 'tractor beam'),
  MissilesLaunched: launched('missiles launched'),
  PodsLaunched: launched('pods launched'),
  MissileMoved: (d, pen) => pen.moved('track', d.missile, [pointOf(d.from), pointOf(d.to)]),
  PodMoved: (d, pen) => pen.moved('track', d.pod, [pointOf(d.from), pointOf(d.to)]),
  PodRammed: (d, pen) => pen.shot('ram', d.pod, d.target, d.hit === true, d.hit === true ? 'rammed: aboard' : 'ram missed'),
  BoardersLanded: (d, pen) => pen.shot('boarding', d.ship, d.target, undefined, 'boarders land'),
  BoardingFought: (d, pen) => pen.around('boarding', d.ship, 'boarding fight', true),
  ShipCaptured: (d, pen) => pen.around('boarding', d.ship, `captured by ${text(d.by)}`),
  ShipDestroyed: (d, pen) => pen.around('destroyed', d.ship, 'destroyed'),
  DamageInflicted: (d, pen) => pen.around('damage', d.target, `${num(d.damage)} damage`, true),
  RepairAttempted: (d, pen) => pen.around('repair', d.ship, d.repaired === true ? 'repaired' : 'repair failed', true),
};
