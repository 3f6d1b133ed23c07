/**
 * VIEW-13: a Sol'una model: Mind, wounds, attacks and powers, the phases it acts in, and its
 * sealed orders as far as the viewer's seat may see them.
 */
import type { Inspection } from '../renderer.ts';
import { type Json, list, num, obj, text } from '../svg.ts';
import { counted, json, spot, word } from '../words.ts';

/** SOL-2: a sealed choice in words (`move to [3,4]`, `attack xul with the Sunbow`), not its fields. */
const choice = (value: unknown): string => {
  const a = obj(value);
  const on = a.target === undefined ? '' : ` on ${word(a.target)}`;
  switch (a.kind) {
    case 'move':
      return `move to ${spot(a.to ?? list(a.path).at(-1))}`;
    case 'attack':
      return `attack ${word(a.target)} with the ${word(a.weapon)}`;
    case 'artifact':
      return `use the artifact ${word(a.artifact)}${on}`;
    case 'psionic':
      return `use the psionic ${word(a.psionic)}${on}`;
    case 'defer':
      return 'defer its activation';
    case 'none':
      return 'do nothing';
    default:
      return json(value);
  }
};

/** SOL-6: a turn-based change of Mind in force: `Mind -1 from Mind Spike (xul)`. */
const effect = (e: Record<string, unknown>): string => `Mind ${num(e.amount) > 0 ? '+' : ''}${num(e.amount)} from ${word(e.source)}`;

export const solunaModel = (game: Json, id: string, viewer: string | null): Inspection | null => {
  const m = list(game.models)
    .map(obj)
    .find((x) => x.id === id);
  if (!m) return null;
  const seat = text(m.seat);
  const attacks = list(m.attacks)
    .map(obj)
    .map(
      (a) => `${text(a.name)} (${text(a.kind)}, range ${counted(a.range, 'square')}, hits on ${num(a.toHit)}+, damage ${num(a.damage)})`,
    );
  const powers = [...list(m.artifacts), ...list(m.psionics)]
    .map(obj)
    .map((p) => `${text(p.name)} (${text(p.target)}, range ${counted(p.range, 'square')})`);
  const effects = list(game.effects)
    .map(obj)
    .filter((e) => e.model === id || e.target === id)
    .map(effect);
  const rows: [string, string][] = [
    ['seat', seat],
    ['leader', m.leader ? 'yes' : 'no'],
    ['Mind', `${num(m.currentMind)} of ${num(m.mind)}`],
    ['wounds', `${num(m.woundsTaken)} of ${num(m.wounds)} taken`],
    ['square', spot(m.at)],
    ['movement', counted(m.movement, 'square')],
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
    .map((a) => choice(a.action));
  if (mine.length) rows.push(['sealed orders', mine.join('; ')]);
  else if (orders.submitted === true)
    rows.push(['sealed orders', viewer === seat ? 'none for this model' : 'sent, sealed from this seat until they are revealed']);
  return { heading: `${text(m.name)} (${id})`, rows };
};
