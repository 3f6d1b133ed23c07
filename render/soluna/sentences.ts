/** TABLE-7: Sol'una's events as sentences (render/sentences.ts): models by id, squares as `[x,y]`. */
import type { Sentences } from '../renderer.ts';
import { type Json, list, num, obj } from '../svg.ts';
import { counted, listed, names, quoted, rolled, spot, word } from '../words.ts';

const phaseOf = (d: Json): string => `phase ${word(d.phase)} of turn ${word(d.turn)}`;

/** SOL-1: who may act in the phase, seat by seat: `sun with meena and oren, moon with xul`. */
const eligible = (value: unknown): string =>
  listed(
    Object.entries(obj(value))
      .filter(([, models]) => list(models).length > 0)
      .map(([seat, models]) => `${seat} acting with ${names(models)}`),
  );

/** SOL-4, SOL-9: what the phase's end did to each model. */
const injury = (i: Json): string | null => {
  if (i.slain === true) return `${word(i.model)} was slain`;
  if (num(i.damage) > 0) return `${word(i.model)} took ${counted(i.damage, 'wound')}`;
  if (num(i.healed) > 0) return `${word(i.model)} was healed of ${counted(i.healed, 'wound')}`;
  return null;
};

const phaseEnded = (d: Json): string => {
  const what = [
    ...list(d.injuries).map(obj).map(injury),
    ...list(d.minds)
      .map(obj)
      .map((m) => `${word(m.model)}’s Mind went from ${word(m.from)} to ${word(m.to)}`),
  ].filter((p): p is string => p !== null);
  return `${phaseOf(d)} ended${what.length > 0 ? ` and ${listed(what)}` : ''}`;
};

/** SOL-4: seats that missed the deadline were given default choices. */
const revealed = (d: Json): string => {
  const missed = list(d.orders)
    .map(obj)
    .filter((o) => o.missed !== undefined)
    .map((o) => word(o.seat));
  return `the orders of ${phaseOf(d)} were revealed${missed.length > 0 ? `, ${listed(missed)} having missed the deadline` : ''}`;
};

const attack = (d: Json): string => {
  const outcome = num(d.damage) > 0 ? `for ${counted(d.damage, 'wound')}` : 'for no wound';
  return `${word(d.model)} attacked ${word(d.target)} at ${spot(d.targetAt)} with the ${word(d.weapon)}, ${rolled(d.roll)}, ${outcome}`;
};

export const solunaSentences: Sentences = {
  TurnStarted: (d) => `turn ${word(d.turn)} began`,
  PhaseStarted: (d) => {
    const skipped = list(d.skipped).length;
    const passed =
      skipped > 0
        ? `, ${skipped === 1 ? 'phase' : 'phases'} ${names(d.skipped)} skipped, no model acting in ${skipped === 1 ? 'it' : 'them'}`
        : '';
    return `${phaseOf(d)} began${passed}, ${eligible(d.eligible) === 'none' ? 'no model acting' : eligible(d.eligible)}`;
  },
  ActionsSealed: (d) => `${word(d.seat)} sealed its orders for ${phaseOf(d)}`,
  ActionsCommitted: (d) => `${word(d.seat)} committed to its sealed orders for ${phaseOf(d)}`,
  ActionsRevealed: revealed,
  ModelMoved: (d) => `${word(d.model)} moved from ${spot(d.from)} to ${spot(d.to)}`,
  MoveBlocked: (d) => `${word(d.model)} did not move to ${spot(d.to)} (${quoted(d.reason)})`,
  AttackResolved: attack,
  PowerUsed: (d) => `${word(d.model)} used the ${word(d.kind)} ${word(d.power)} on ${word(d.target)}`,
  ActivationDeferred: (d) => `${word(d.model)} held its activation for a later phase`,
  ActivationPassed: (d) => `${word(d.model)} passed`,
  PhaseEnded: phaseEnded,
  TurnEnded: (d) =>
    `turn ${word(d.turn)} ended${list(d.expired).length > 0 ? `, ${counted(list(d.expired).length, 'turn effect')} expiring` : ''}`,
};
