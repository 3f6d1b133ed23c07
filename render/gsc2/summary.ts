/** `arbiter replay`: a GSC2 game in lines: the turn and step, then each fleet and its missiles in flight. */
import { type Json, obj } from '../svg.ts';
import { compass, figure, spot, word } from '../words.ts';

export const gscSummary = (game: Json, seats: readonly string[]): string[] => {
  const lines = [`turn ${word(game.turn)}, ${word(game.step)} step`];
  const ships = Object.values(obj(game.ships)).map(obj);
  const missiles = Object.values(obj(game.missiles)).map(obj);
  for (const seat of seats) {
    lines.push('', `${seat}:`);
    for (const s of ships.filter((s) => s.seat === seat)) {
      const state =
        s.status === 'active'
          ? `at ${spot(s.at)} facing ${compass(s.facing)}, hull ${figure(s.hull)}, crew ${figure(s.crew)}`
          : word(s.status);
      lines.push(`  ${word(s.id)} ${word(s.name)} (${word(s.design)}): ${state}`);
    }
    const inFlight = missiles.filter((m) => m.seat === seat);
    if (inFlight.length > 0)
      lines.push(`  ${inFlight.length} missile(s) in flight: ${inFlight.map((m) => `${word(m.id)} → ${word(m.target)}`).join(', ')}`);
  }
  return lines;
};
