/**
 * TABLE-4: what a form offers and asks, shared by every ruleset's renderer. A ruleset's own offers
 * and questions are its renderer's `offers` (render/<id>/offers.ts), read from the seat's view of
 * the game by the referee's own checks; the page finds them by the game's ruleset, as it finds the
 * rest of its drawing side (HALL-4). The lists only offer: the referee still decides.
 */

/** A piece to offer: its id, as the command takes it, and a name a player knows it by. */
export interface Choice {
  readonly id: string;
  readonly label: string;
  /** It may be named in several fields of one command (GSC2: a ship fires several batteries, at one target or more). */
  readonly again?: true;
}

/**
 * A field's offers, by the field's name in the command's schema, or by `list.name` for a field in
 * the rows of the list `list` where two lists' fields share a name (GSC2's boarding orders:
 * `actions.ship` names the seat's boarders, `sabotage.ship` the enemy ships its troops are aboard).
 */
export type Choices = Readonly<Record<string, readonly Choice[]>>;

/** The key of field `name`'s offers in `choices`: its list's own (`list.name`) first, else the name's; null: none offered. */
export const offerKey = (choices: Choices, name: string, list?: string): string | null => {
  const own = list ? `${list}.${name}` : null;
  if (own && choices[own]) return own;
  return choices[name] ? name : null;
};

/**
 * One command's offers from the seat's view of the game (`game`: the view's ruleset part),
 * narrowed by what the form holds (`entered`: web/form.ts's Entry of the whole command).
 */
export type OfferFn = (game: Record<string, unknown>, seat: string, entered: Record<string, unknown>) => Choices;

/** A ruleset's offers and questions (TABLE-4), its renderer's `offers`. */
export interface Offers {
  /** Each of its commands' offers, by the command's type. */
  readonly choices: Readonly<Record<string, OfferFn>>;
  /**
   * The question to ask before `command` is sent as `seat`, or null: send at once. `sent`, the
   * command as built, where the question depends on it (absent: not asked).
   */
  question(command: string, game: Record<string, unknown>, seat: string, sent?: unknown): string | null;
}

/** Ids once each, in their first order. */
export const once = (choices: readonly Choice[]): Choice[] => choices.filter((c, i) => choices.findIndex((d) => d.id === c.id) === i);

/**
 * What one field still offers: its choices less those other fields of the same name already
 * hold (a unit is deployed once, a model given one action), the field's own value kept, and
 * those that may be named `again`.
 */
export const stillOffered = (choices: readonly Choice[], taken: readonly string[]): Choice[] =>
  choices.filter((c) => c.again || !taken.includes(c.id));
