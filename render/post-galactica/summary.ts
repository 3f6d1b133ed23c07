/** `arbiter replay`: a Post Galactica game in lines: the turn, then each seat with its resources and units. */
import { type Json, list, obj } from '../svg.ts';
import { counted, figure, spot, word } from '../words.ts';

export const pgSummary = (game: Json, seats: readonly string[]): string[] => {
  // TABLE-7: who may act is the CLI's head line, from the seats the game awaits; the state's
  // `activeSeat` (the alternation's) said "red is active" under "waiting for blue".
  const lines = [`turn ${word(game.turn)}, round ${word(game.round)}, ${word(game.phase)} phase`];
  const players = obj(game.players);
  const units = list(game.units).map(obj);
  for (const seat of seats) {
    const p = obj(players[seat]);
    const resources = Object.entries(obj(p.resources)).map(([k, v]) => `${figure(v)} ${k}`);
    const supply = obj(p.supply);
    const workers = obj(p.workers);
    lines.push(
      '',
      `${seat} (${word(p.faction)}): ${resources.join(', ')}; ${figure(supply.used)} of ${figure(supply.max)} supply used; ` +
        `${figure(workers.count)} of ${counted(workers.limit, 'worker')}; ${figure(p.victoryPoints)} VP`,
    );
    for (const u of units.filter((u) => u.seat === seat)) {
      const where = u.embarkedIn ? `embarked in ${word(u.embarkedIn)}` : `at ${spot(u)}`;
      const models = typeof u.models === 'number' && u.models > 1 ? `, ${counted(u.models, 'model')}` : '';
      // A status is `{ name, remaining }` (PG-13): its name, as the inspection and the event list say it.
      const statuses =
        list(u.statuses).length > 0
          ? `, ${list(u.statuses)
              .map((s) => word(obj(s).name))
              .join(', ')}`
          : '';
      lines.push(
        `  ${word(u.id)} ${word(u.name)} ${where}, Cohesion ${figure(u.cohesion)} of ${figure(u.maxCohesion)}${models}${statuses}`,
      );
    }
  }
  return lines;
};
