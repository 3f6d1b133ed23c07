/** `arbiter replay`: a Sol'una game in lines: the turn and phase, then each warband's models. */
import { type Json, list, obj } from '../svg.ts';
import { counted, figure, spot, word } from '../words.ts';

export const solunaSummary = (game: Json, seats: readonly string[]): string[] => {
  const lines = [`turn ${word(game.turn)}, phase ${word(game.phase)}`];
  const models = list(game.models).map(obj);
  for (const seat of seats) {
    lines.push('', `${seat}:`);
    for (const m of models.filter((m) => m.seat === seat)) {
      const state = m.slain
        ? 'slain'
        : `at ${spot(m.at)}, Mind ${figure(m.currentMind)} of ${figure(m.mind)}, ${figure(m.woundsTaken)} of ${counted(m.wounds, 'wound')} taken`;
      lines.push(`  ${word(m.id)} ${word(m.name)}${m.leader ? ' (leader)' : ''}: ${state}`);
    }
  }
  return lines;
};
