/**
 * Post Galactica's ruler (TABLE-2): inches between two points; between two units, the gap
 * between their bases that PG-11 and PG-12 measure, and what the referee's own checks make
 * of an attack from the first at the second (domain/post-galactica/targeting.ts): the weapons
 * that may fire, or why none may, and the hit modifiers it would apply (combat.ts). Between
 * points, whether terrain blocks the line of sight. Post Galactica has no range bands.
 */

import { distance } from '../../domain/kernel/plane.ts';
import { hitModifiers } from '../../domain/post-galactica/combat.ts';
import { inches } from '../../domain/post-galactica/geometry.ts';
import { checkAttack, type Kind, sightBlocker } from '../../domain/post-galactica/targeting.ts';
import { gap, type Placed } from '../../domain/post-galactica/units.ts';
import { type PgView, stateOfView } from '../../domain/post-galactica/view.ts';
import type { Measure, RulerEnd } from '../renderer.ts';
import type { Json } from '../svg.ts';

const signed = (n: number): string => (n > 0 ? `+${n}` : `−${-n}`);

export const pgMeasure = (game: Json, from: RulerEnd, to: RulerEnd): Measure => {
  const state = stateOfView(game as unknown as PgView);
  const unitAt = (end: RulerEnd): Placed | undefined =>
    end.id ? (state.units.find((u) => u.id === end.id && u.position !== null) as Placed | undefined) : undefined;
  const [a, b] = [unitAt(from), unitAt(to)];
  const measured = { distance: inches(distance(from, to)), lines: [] as string[] };
  if (!a || !b || a.id === b.id) {
    const blocker = sightBlocker(state, from, to);
    measured.lines.push(`line of sight: ${blocker ? `blocked by ${blocker.name}` : 'clear'} (PG-11)`);
    return measured;
  }
  measured.lines.push(`${inches(gap(state, a, b))} between the bases (PG-11, PG-12 measure this)`);
  if (a.seat === b.seat) return measured;
  for (const kind of ['ranged', 'melee'] as Kind[]) {
    const checked = checkAttack(state, a.seat, { unitId: a.id, targetId: b.id }, kind);
    if (!('weapons' in checked)) {
      measured.lines.push(`${kind}: ${'violation' in checked ? `${checked.violation.message} (${checked.violation.rule})` : 'no attack'}`);
      continue;
    }
    const weapons = checked.weapons.map((w) => `${w.name} (Range ${inches(w.range)})`).join(', ');
    const modifiers = hitModifiers(checked.attacker, checked.target, kind);
    const words = modifiers.length ? modifiers.map((m) => `${signed(m.value)} ${m.reason} (${m.rule})`).join(', ') : 'none';
    measured.lines.push(`${kind}: may attack with ${weapons}; hit modifiers: ${words}`);
  }
  return measured;
};
