/** `arbiter replay`: a GSC2 game in lines: the turn and step, then each fleet and its missiles in flight. */
import { type Json, obj } from '../svg.ts';
import { compass, counted, figure, spot, word } from '../words.ts';

export const gscSummary = (game: Json, seats: readonly string[]): string[] => {
  const lines = [`turn ${word(game.turn)}, ${word(game.step)} step`];
  const ships = Object.values(obj(game.ships)).map(obj);
  const missiles = Object.values(obj(game.missiles)).map(obj);
  const design = (s: Json): Json => obj(obj(game.designs)[word(s.design)]);
  for (const seat of seats) {
    lines.push('', `${seat}:`);
    for (const s of ships.filter((s) => s.seat === seat)) {
      const state =
        s.status === 'active'
          ? `at ${spot(s.at)}, facing ${compass(s.facing)}, hull ${figure(s.hull)} of ${figure(design(s).hull)}, crew ${figure(s.crew)} of ${figure(design(s).crew)}`
          : word(s.status);
      lines.push(`  ${word(s.id)} ${word(s.name)} (${word(s.design)}): ${state}`);
    }
    const inFlight = missiles.filter((m) => m.seat === seat);
    if (inFlight.length > 0)
      lines.push(
        `  ${counted(inFlight.length, 'missile')} in flight: ${inFlight.map((m) => `${word(m.id)} → ${word(m.target)}`).join(', ')}`,
      );
  }
  return lines;
};
