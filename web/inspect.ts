/**
 * A piece's full state at the event shown (VIEW-13): its profile, Cohesion or hull, systems
 * and their damage, statuses, counters, and the orders the viewer's seat may see. Read from
 * the seat's view of the game (domain/match/view.ts), never the raw state: another seat's
 * sealed orders are not in it, so they cannot be shown.
 */
import type { GameView } from '../domain/match/view.ts';
import { type Json, list, num, obj, text } from './render/svg.ts';

export interface Inspection {
  readonly heading: string;
  readonly rows: readonly (readonly [string, string])[];
}

const json = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const pgUnit = (game: Json, id: string): Inspection | null => {
  const units = list(game.units).map(obj);
  const u = units.find((x) => x.id === id);
  if (!u) return null;
  const seat = text(u.seat);
  const faction = text(obj(obj(game.players)[seat]).faction);
  const sheet = obj(obj(obj(game.datasheets)[faction])[text(u.datasheet)]);
  const weapons = list(sheet.weapons)
    .map(obj)
    .map((w) => `${text(w.name)} (${text(w.type)}, range ${num(w.range)}", ${num(w.attacks)} attack(s), damage ${num(w.damage)})`);
  const countdowns = list(game.countdowns)
    .map(obj)
    .filter((c) => c.unitId === id || c.buildingId === id)
    .map((c) => `${text(c.label)}: ${num(c.counters)} counter(s) (${text(c.kind)})`);
  const aboard = units.filter((x) => x.embarkedIn === id).map((x) => `${text(x.name)} (${text(x.id)})`);
  const turn = obj(u.thisTurn);
  const did = [
    turn.moved ? 'moved' : '',
    turn.acted ? 'acted' : '',
    turn.aiming ? 'aiming' : '',
    ...list(turn.usedWeapons).map((w) => `fired ${text(w)}`),
  ].filter(Boolean);
  const rows: [string, string][] = [
    ['seat', seat],
    ['datasheet', `${text(sheet.name) || text(u.datasheet)} (${text(u.kind)}${faction ? `, ${faction}` : ''})`],
    ['Cohesion', `${num(u.cohesion)} of ${num(u.maxCohesion)}`],
    ['models', String(num(u.models, 1))],
    ['position', u.x === null ? (u.embarkedIn ? `aboard ${text(u.embarkedIn)}` : 'off the table') : `(${num(u.x)}, ${num(u.y)})`],
    ['movement', `${num(u.movement)}"`],
    ['weapons', weapons.join('; ') || 'none'],
    ['keywords', list(sheet.keywords).map(text).join(', ') || 'none'],
    [
      'statuses',
      list(u.statuses)
        .map(obj)
        .map((s) => `${text(s.name)} (${num(s.remaining)} Status Phase(s) left)`)
        .join(', ') || 'none',
    ],
    ['stance', text(u.stance) || 'none'],
    ['counters', countdowns.join('; ') || 'none'],
    ['this turn', did.join(', ') || 'nothing yet'],
  ];
  if (u.complete === false) rows.push(['construction', 'under construction']);
  if (aboard.length) rows.push(['carrying', aboard.join(', ')]);
  return { heading: `${text(u.name)} (${id})`, rows };
};

const gscShip = (game: Json, id: string, viewer: string | null): Inspection | null => {
  const s = obj(obj(game.ships)[id]);
  if (!s.id) return null;
  const seat = text(s.seat);
  const design = obj(obj(game.designs)[text(s.design)]);
  const systems = Object.entries(obj(s.systems))
    .map(([name, v]) => [name, obj(v)] as const)
    .filter(([, v]) => num(v.max) > 0)
    .map(
      ([name, v]) =>
        `${name} ${num(v.level)}/${num(v.max)}${num(v.hits) ? `, ${num(v.hits)} hit(s)` : ''}${v.destroyed ? ', destroyed' : ''}`,
    );
  const batteries = list(design.batteries)
    .map(obj)
    .map((b) => `${text(b.id)}: ${num(b.weapons)} ${text(b.class)}, damage ${num(b.damage)}, arc ${text(b.mount)}`);
  const boarders = obj(s.boarders);
  const facing = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'][num(s.facing) % 8];
  const rows: [string, string][] = [
    ['seat', seat],
    [
      'design',
      `${text(s.design)} (size ${num(design.size)}, drive ${num(design.drive)}, armor ${num(design.armor)}, shields ${num(design.shields)})`,
    ],
    ['status', text(s.status)],
    ['hull', `${num(s.hull)} of ${num(design.hull)}`],
    ['crew', `${num(s.crew)} of ${num(design.crew)}`],
    ['position', `(${num(obj(s.at).x)}, ${num(obj(s.at).y)}), facing ${facing}`],
    ['batteries', batteries.join('; ') || 'none'],
    ['systems', systems.join('; ')],
    ['assault pods', String(num(s.pods))],
    ['enemy boarders', `${num(boarders.assault)} assault, ${num(boarders.heavy)} heavy`],
  ];
  if (s.moved !== null && s.moved !== undefined) rows.push(['moved', json(s.moved)]);
  if (list(s.contact).length) rows.push(['in contact with', list(s.contact).map(text).join(', ')]);
  // docs/design.md §7: the view holds only the viewer's own sealed orders; of the others, only that they were sent.
  const sealed = obj(obj(game.sealed)[seat]);
  const submitted = list(game.submitted).map(text).includes(seat);
  if (sealed.orders !== undefined) rows.push(['sealed orders', json(sealed.orders)]);
  else if (submitted) rows.push(['sealed orders', viewer === seat ? 'sent' : 'sent, sealed from this seat until they are revealed']);
  return { heading: `${text(s.name)} (${id})`, rows };
};

const solunaModel = (game: Json, id: string, viewer: string | null): Inspection | null => {
  const m = list(game.models)
    .map(obj)
    .find((x) => x.id === id);
  if (!m) return null;
  const seat = text(m.seat);
  const attacks = list(m.attacks)
    .map(obj)
    .map((a) => `${text(a.name)} (${text(a.kind)}, range ${num(a.range)}, hits on ${num(a.toHit)}+, damage ${num(a.damage)})`);
  const powers = [...list(m.artifacts), ...list(m.psionics)]
    .map(obj)
    .map((p) => `${text(p.name)} (${text(p.target)}, range ${num(p.range)})`);
  const [x, y] = list(m.at).map((n) => num(n));
  const effects = list(game.effects)
    .map(obj)
    .filter((e) => e.model === id || e.target === id)
    .map(json);
  const rows: [string, string][] = [
    ['seat', seat],
    ['leader', m.leader ? 'yes' : 'no'],
    ['Mind', `${num(m.currentMind)} of ${num(m.mind)}`],
    ['wounds', `${num(m.woundsTaken)} taken of ${num(m.wounds)}`],
    ['square', `(${x ?? 0}, ${y ?? 0})`],
    ['movement', `${num(m.movement)} squares`],
    ['attacks', attacks.join('; ') || 'none'],
    ['artifacts and powers', powers.join('; ') || 'none'],
    ['acts in phases', list(m.actsIn).map(text).join(', ') || 'none'],
    ['effects', effects.join('; ') || 'none'],
  ];
  if (m.deferred) rows.push(['deferred', 'yes']);
  // SOL-3: the view holds a seat's own sealed actions only; of another seat, only whether it has sent them.
  const orders = obj(obj(game.orders)[seat]);
  const mine = list(orders.actions)
    .map(obj)
    .filter((a) => a.model === id)
    .map((a) => json(a.action));
  if (mine.length) rows.push(['sealed orders', mine.join('; ')]);
  else if (orders.submitted === true)
    rows.push(['sealed orders', viewer === seat ? 'none for this model' : 'sent, sealed from this seat until they are revealed']);
  return { heading: `${text(m.name)} (${id})`, rows };
};

/** The piece `id` as the view's seat sees it at this event; null if it is not in the view. */
export const inspectPiece = (view: GameView, id: string): Inspection | null => {
  if (view.game === null) return null;
  const game = obj(view.game);
  if (view.ruleset === 'post-galactica') return pgUnit(game, id);
  if (view.ruleset === 'gsc2') return gscShip(game, id, view.you);
  if (view.ruleset === 'soluna') return solunaModel(game, id, view.you);
  return null;
};
