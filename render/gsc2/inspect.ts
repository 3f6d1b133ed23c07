/**
 * VIEW-13: a GSC2 ship: its design, hull, crew, systems and their damage, and its sealed
 * orders as far as the viewer's seat may see them.
 */
import type { Inspection } from '../renderer.ts';
import { type Json, list, num, obj, text } from '../svg.ts';
import { compass, counted, inches, spot } from '../words.ts';
import { troops } from './sentences.ts';

/** A seat's sealed orders (GSC-6, GSC-11, GSC-20) in words, order by order, not their fields. */
const ordersWords = (value: unknown): string => {
  const o = obj(value);
  const each = (key: string, say: (r: Json) => string): string[] => list(o[key]).map(obj).map(say);
  const said = [
    ...each('launches', (r) => `${text(r.ship)} launches missiles from battery ${text(r.battery)} at ${text(r.target)}`),
    ...each('fire', (r) => `${text(r.ship)} fires battery ${text(r.battery)} at ${text(r.target)}`),
    ...each('actions', (r) => `${text(r.ship)} sends ${troops(r)} aboard ${text(r.target)} by ${text(r.method)}`),
    ...each('sabotage', (r) => `${troops(r)} aboard ${text(r.ship)} sabotage it`),
    ...each('pods', (r) => `${text(r.pod)} heads ${r.target === undefined ? `to ${spot(r.to)}` : `for ${text(r.target)}`}`),
  ];
  return said.length > 0 ? said.join('; ') : `no ${text(o.step)} orders`;
};

export const gscShip = (game: Json, id: string, viewer: string | null): Inspection | null => {
  const s = obj(obj(game.ships)[id]);
  if (!s.id) return null;
  const seat = text(s.seat);
  const design = obj(obj(game.designs)[text(s.design)]);
  const systems = Object.entries(obj(s.systems))
    .map(([name, v]) => [name, obj(v)] as const)
    .filter(([, v]) => num(v.max) > 0)
    .map(
      ([name, v]) =>
        `${name} ${num(v.level)} of ${num(v.max)}${num(v.hits) ? `, ${counted(v.hits, 'hit')}` : ''}${v.destroyed ? ', destroyed' : ''}`,
    );
  const batteries = list(design.batteries)
    .map(obj)
    .map((b) => `${text(b.id)}: ${num(b.weapons)} ${text(b.class)}, damage ${num(b.damage)}, arc ${text(b.mount)}`);
  const boarders = obj(s.boarders);
  const rows: [string, string][] = [
    ['seat', seat],
    [
      'design',
      `${text(s.design)} (size ${num(design.size)}, drive ${num(design.drive)}, armor ${num(design.armor)}, shields ${num(design.shields)})`,
    ],
    ['status', text(s.status)],
    ['hull', `${num(s.hull)} of ${num(design.hull)}`],
    ['crew', `${num(s.crew)} of ${num(design.crew)}`],
    ['position', `${spot(s.at)}, facing ${compass(s.facing)}`],
    ['batteries', batteries.join('; ') || 'none'],
    ['systems', systems.join('; ')],
    ['assault pods', String(num(s.pods))],
    ['enemy boarders', `${num(boarders.assault)} assault, ${num(boarders.heavy)} heavy`],
  ];
  if (s.moved !== null && s.moved !== undefined) rows.push(['moved', inches(s.moved)]);
  if (list(s.contact).length) rows.push(['in contact with', list(s.contact).map(text).join(', ')]);
  // docs/design.md §7: the view holds only the viewer's own sealed orders; of the others, only that they were sent.
  const sealed = obj(obj(game.sealed)[seat]);
  const submitted = list(game.submitted).map(text).includes(seat);
  if (sealed.orders !== undefined) rows.push(['sealed orders', ordersWords(sealed.orders)]);
  else if (submitted) rows.push(['sealed orders', viewer === seat ? 'sent' : 'sent, sealed from this seat until they are revealed']);
  return { heading: `${text(s.name)} (${id})`, rows };
};
