/**
 * TABLE-4: the commands the page asks about before it sends them, with the question, read from
 * the seat's own view: Concede in every ruleset (the game's end is taken back by no one), and a
 * Post Galactica EndPhase that would end the Movement Phase with units of the seat's that could
 * still move (they cannot move again this turn). Null: send at once.
 */
import { unmoved } from './choices.ts';

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The question to ask before `command` is sent as `seat`, or null. By the command's type, never
 * a ruleset id (HALL-4): EndPhase is Post Galactica's.
 */
export const questionFor = (command: string, game: unknown, seat: string): string | null => {
  if (command === 'Concede') return 'Concede the game? This cannot be taken back.';
  const g = record(game);
  if (command === 'EndPhase' && g.phase === 'movement' && g.activeSeat === seat) {
    const left = unmoved(g, seat).map((u) => u.label);
    if (left.length > 0)
      return `End the Movement Phase? ${left.length} unit(s) of yours have not moved (${left.join(', ')}); they cannot move again this turn.`;
  }
  return null;
};
