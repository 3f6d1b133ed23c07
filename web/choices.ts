/**
 * TABLE-4: what a seat may name in a command's id fields, read from its own view of the game,
 * so a player picks a piece instead of typing its id: Post Galactica's `Deploy` offers the units
 * of the seat's Deployment List not yet on the table, its `Move` the units that may still move; Sol'una's `SubmitActions` offers the
 * models that may act in this phase. The lists only offer: the referee still decides.
 */

/** A piece to offer: its id, as the command takes it, and a name a player knows it by. */
export interface Choice {
  readonly id: string;
  readonly label: string;
}

/** A field's offers, by the field's name in the command's schema. */
export type Choices = Readonly<Record<string, readonly Choice[]>>;

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Post Galactica: the seat's units with no place on the table and not aboard a transport (view.ts `unitView`). */
const undeployed = (game: Record<string, unknown>, seat: string): Choice[] =>
  list(game.units)
    .map(record)
    .filter((u) => u.seat === seat && u.x === null && u.embarkedIn === null && typeof u.id === 'string')
    .map((u) => ({ id: u.id as string, label: typeof u.name === 'string' ? u.name : (u.id as string) }));

/** Post Galactica: the seat's units on the table, built, able to move, that have not moved this turn. */
export const unmoved = (game: Record<string, unknown>, seat: string): Choice[] =>
  list(game.units)
    .map(record)
    .filter(
      (u) =>
        u.seat === seat &&
        u.x !== null &&
        u.embarkedIn === null &&
        u.complete === true &&
        typeof u.movement === 'number' &&
        u.movement > 0 &&
        record(u.thisTurn).moved === false &&
        typeof u.id === 'string',
    )
    .map((u) => ({ id: u.id as string, label: typeof u.name === 'string' ? u.name : (u.id as string) }));

/** Sol'una: the seat's models that may act now (`eligible`, SOL-1), by name where the view gives one. */
const mayAct = (game: Record<string, unknown>, seat: string): Choice[] => {
  const names = new Map(
    list(game.models)
      .map(record)
      .map((m) => [m.id, m.name] as const),
  );
  return list(record(game.eligible)[seat])
    .filter((id): id is string => typeof id === 'string')
    .map((id) => {
      const name = names.get(id);
      return { id, label: typeof name === 'string' ? name : id };
    });
};

/**
 * Each command's offers, by its type: a command's name is its ruleset's own (Deploy and Move
 * are Post Galactica's, SubmitActions Sol'una's), so the page chooses by the command, never by a ruleset
 * id (HALL-4), as web/form.ts does with the sealing commands.
 */
const OFFERS: Readonly<Record<string, (game: Record<string, unknown>, seat: string) => Choices>> = {
  Deploy: (game, seat) => ({ unitId: undeployed(game, seat) }),
  Move: (game, seat) => ({ unitId: unmoved(game, seat) }),
  SubmitActions: (game, seat) => ({ model: mayAct(game, seat) }),
};

/** The offers for `command`'s fields, from the seat's view of the game (`game`: the view's ruleset part). */
export const choicesFor = (command: string, game: unknown, seat: string): Choices => OFFERS[command]?.(record(game), seat) ?? {};

/**
 * What one field still offers: its choices less those other fields of the same name already
 * hold (a unit is deployed once, a model given one action), the field's own value kept.
 */
export const stillOffered = (choices: readonly Choice[], taken: readonly string[]): Choice[] =>
  choices.filter((c) => !taken.includes(c.id));
