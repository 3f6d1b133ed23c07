/**
 * TABLE-4: the commands the page asks about before it sends them, with the question, read from
 * the seat's own view: Concede in every ruleset (the game's end is taken back by no one), and a
 * Post Galactica EndPhase that would end the Movement Phase with units of the seat's that could
 * still move (they cannot move again this turn). Null: send at once.
 */

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Post Galactica: the seat's units on the table, built, able to move, that have not moved this turn (view.ts `unitView`). */
const unmoved = (game: Record<string, unknown>, seat: string): string[] =>
  (Array.isArray(game.units) ? game.units : [])
    .map(record)
    .filter(
      (u) =>
        u.seat === seat &&
        u.x !== null &&
        u.embarkedIn === null &&
        u.complete === true &&
        typeof u.movement === 'number' &&
        u.movement > 0 &&
        record(u.thisTurn).moved === false,
    )
    .map((u) => String(u.name ?? u.id));

/**
 * The question to ask before `command` is sent as `seat`, or null. By the command's type, never
 * a ruleset id (HALL-4): EndPhase is Post Galactica's.
 */
export const questionFor = (command: string, game: unknown, seat: string): string | null => {
  if (command === 'Concede') return 'Concede the game? This cannot be taken back.';
  const g = record(game);
  if (command === 'EndPhase' && g.phase === 'movement' && g.activeSeat === seat) {
    const left = unmoved(g, seat);
    if (left.length > 0)
      return `End the Movement Phase? ${left.length} unit(s) of yours have not moved (${left.join(', ')}); they cannot move again this turn.`;
  }
  return null;
};
