/** TABLE-7: GSC2's events as sentences (render/sentences.ts): ships and missiles by id, points as `(x, y)`, lengths in inches, facings as compass points. */
import type { Sentences } from '../renderer.ts';
import { type Json, list, num, obj } from '../svg.ts';
import { compass, counted, figure, inches, listed, names, quoted, rolled, spot, word } from '../words.ts';

const stepOf = (d: Json): string => `the ${word(d.step)} step of turn ${word(d.turn)}`;
const hit = (d: Json, yes: string, no: string): string => (d.hit === true ? yes : no);

/** GSC-20: troops as words: `2 assault and 1 heavy squads`. */
export const troops = (value: unknown): string => {
  const t = obj(value);
  const kinds = [num(t.assault) > 0 ? `${figure(t.assault)} assault` : null, num(t.heavy) > 0 ? `${figure(t.heavy)} heavy` : null].filter(
    (k): k is string => k !== null,
  );
  return kinds.length === 0 ? 'no squads' : `${listed(kinds)} ${num(t.assault) + num(t.heavy) === 1 ? 'squad' : 'squads'}`;
};

/** GSC-7: the initiative's rolls, round by round. */
const initiative = (d: Json): string => {
  const rounds = list(d.rounds).map((round) =>
    listed(
      list(round)
        .map(obj)
        .map((r) => `${word(r.seat)} rolled ${word(obj(r.roll).value)}`),
    ),
  );
  return `the initiative goes ${list(d.order).map(word).join(' then ')} (${rounds.join(', then ')})`;
};

const shipMoved = (d: Json): string => {
  const turns = list(d.turns).length > 0 ? `, turning ${counted(list(d.turns).length, 'time')}` : '';
  const contact = list(d.contact).length > 0 ? `, ending in contact with ${names(d.contact)}` : '';
  return `${word(d.ship)} moved ${inches(d.moved)} from ${spot(d.from)} to ${spot(d.to)}${turns}, facing ${compass(d.facing)}${contact}`;
};

const damage = (d: Json): string => {
  const absorbed = num(d.absorbed) > 0 ? `, ${figure(d.absorbed)} of it absorbed` : '';
  const system = d.system ? `, its ${word(obj(d.system).ref)} hit` : '';
  return `${word(d.target)} took ${figure(d.damage)} damage from ${word(d.source)}${absorbed}${system}, hull ${figure(d.hull)} left`;
};

const boarding = (d: Json): string => {
  const defenders = counted(obj(d.defenders).hits, 'hit');
  const boarders = counted(obj(d.boarders).hits, 'hit');
  return `boarders fought aboard ${word(d.ship)}, the defenders scoring ${defenders} and the boarders ${boarders}, ${counted(d.crewAfter, 'crew', 'crew')} left`;
};

export const gscSentences: Sentences = {
  TurnStarted: (d) => `turn ${word(d.turn)} began`,
  StepStarted: (d) => `${stepOf(d)} began${list(d.awaiting).length > 0 ? `, awaiting ${names(d.awaiting)}` : ''}`,
  TerrainMoved: (d) => `${word(d.terrain)} drifted from ${spot(d.from)} to ${spot(d.to)}`,
  // GSC-3: in a free move the quota counts the ships moved so far; otherwise those still to move.
  MoverChanged: (d) =>
    `${word(d.seat)} moves next, ${d.mode === 'free' ? 'any of its ships' : `${counted(d.quota, 'ship')}`} (${word(d.mode)} moves, ${word(d.leader)} leading)`,
  ShipMoved: shipMoved,
  ShipStayed: (d) => `${word(d.ship)} stayed where it was (${quoted(d.reason)})`,
  MoveDeferred: (d) => `${word(d.ship)} held its move for later`,
  TractorBeamUsed: (d) =>
    `${word(d.ship)} held ${word(d.target)} with tractor beam ${word(d.beam)} at ${inches(d.range)}, for ${inches(d.held)} of its move`,
  TractorBeamArmed: (d) => `${word(d.ship)} readied tractor beam ${word(d.beam)} against ${word(d.target)}`,
  MdsFired: (d) =>
    `${word(d.ship)} fired its missile defence at ${word(d.missile)}, ${rolled(d.roll)}, ${d.killed === true ? 'and destroyed it' : 'and missed'}`,
  SystemUsed: (d) => `${word(d.ship)} used its ${word(d.system)} in the ${word(d.step)} step`,
  OrdersSubmitted: (d) => `${word(d.seat)} sent its sealed orders for ${stepOf(d)}`,
  OrdersSealed: (d) => `${word(d.seat)} sealed its orders for ${stepOf(d)}`,
  OrdersRevealed: (d) => `the sealed orders for ${stepOf(d)} were revealed`,
  InitiativeRolled: initiative,
  MissilesLaunched: (d) =>
    `${word(d.ship)} launched ${counted(list(d.missiles).length, 'missile')} from battery ${word(d.battery)} at ${word(d.target)}, ${figure(d.damage)} damage each`,
  MissileMoved: (d) => `${word(d.missile)} flew from ${spot(d.from)} to ${spot(d.to)}${d.reached === true ? ', reaching its target' : ''}`,
  TrackingTested: (d) =>
    `${word(d.missile)} tracked through ${word(d.terrain)}, ${rolled(d.roll)}, ${d.lost === true ? 'and lost its target' : 'and kept its target'}`,
  MissileLost: (d) => `${word(d.missile)} was lost (${quoted(d.reason)})`,
  MissileAttacked: (d) =>
    `${word(d.missile)} struck at ${word(d.target)} on its ${word(d.aspect)}, ${rolled(d.roll)}, ${hit(d, 'and hit', 'and missed')}`,
  BeamFired: (d) =>
    `${word(d.ship)} fired battery ${word(d.battery)} at ${word(d.target)} ${inches(d.range)} away on its ${word(d.aspect)}, ${rolled(d.roll)}, ${hit(d, 'and hit', 'and missed')}`,
  DamageInflicted: damage,
  ShipDestroyed: (d) => `${word(d.ship)} was destroyed (${quoted(d.reason)})`,
  BoardersLanded: (d) => `${word(d.ship)} landed ${troops(d.landed)} of ${troops(d.sent)} aboard ${word(d.target)} by ${word(d.method)}`,
  PodsLaunched: (d) => `${word(d.ship)} launched ${counted(list(d.pods).length, 'assault pod')} at ${word(d.target)}`,
  PodMoved: (d) => `${word(d.pod)} flew from ${spot(d.from)} to ${spot(d.to)}${d.reached === true ? ', reaching its target' : ''}`,
  PodRammed: (d) =>
    `${word(d.pod)} rammed ${word(d.target)} on its ${word(d.aspect)}, ${rolled(d.roll)}, ${hit(d, `landing its ${word(d.squad)} squad`, 'and missed')}`,
  BoardingFought: boarding,
  ShipCaptured: (d) => `${word(d.by)} captured ${word(d.ship)}`,
  RepairAttempted: (d) =>
    `${word(d.ship)} tried to repair its ${word(d.system)}, ${rolled(d.roll)}, ${d.repaired === true ? 'and repaired it' : 'and failed'}`,
  RepairsDone: (d) => `${word(d.seat)} finished its repairs`,
};
