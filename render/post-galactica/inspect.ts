/** VIEW-13: a Post Galactica unit or building: its datasheet, Cohesion, weapons, statuses, counters and what it did this turn. */
import type { Inspection } from '../renderer.ts';
import { type Json, list, num, obj, text } from '../svg.ts';
import { counted, inches, spot } from '../words.ts';

export const pgUnit = (game: Json, id: string): Inspection | null => {
  const units = list(game.units).map(obj);
  const u = units.find((x) => x.id === id);
  if (!u) return null;
  const seat = text(u.seat);
  const faction = text(obj(obj(game.players)[seat]).faction);
  const sheet = obj(obj(obj(game.datasheets)[faction])[text(u.datasheet)]);
  const weapons = list(sheet.weapons)
    .map(obj)
    .map((w) => `${text(w.name)} (${text(w.type)}, range ${inches(w.range)}, ${counted(w.attacks, 'attack')}, damage ${num(w.damage)})`);
  const countdowns = list(game.countdowns)
    .map(obj)
    .filter((c) => c.unitId === id || c.buildingId === id)
    .map((c) => `${text(c.label)}, ${counted(c.counters, 'counter')} (${text(c.kind)})`);
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
    ['position', u.x === null ? (u.embarkedIn ? `aboard ${text(u.embarkedIn)}` : 'off the table') : spot(u)],
    ['movement', inches(u.movement)],
    ['weapons', weapons.join('; ') || 'none'],
    ['keywords', list(sheet.keywords).map(text).join(', ') || 'none'],
    [
      'statuses',
      list(u.statuses)
        .map(obj)
        .map((s) => `${text(s.name)} (${counted(s.remaining, 'Status Phase')} left)`)
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
