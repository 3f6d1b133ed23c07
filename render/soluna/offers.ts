/**
 * TABLE-4: Sol'una's offers and questions, its renderer's `offers`. `SubmitActions` offers the
 * models that may act in this phase (the view's `eligible`, SOL-1), and asks first when it has a
 * model do nothing (kind `none`, SOL-3): none may act again once the orders are revealed.
 */
import type { Choice, Offers } from '../offers.ts';
import { list, obj } from '../svg.ts';

/** The models' names by id, as the seat's view gives them. */
const modelNames = (game: Record<string, unknown>): Map<unknown, unknown> =>
  new Map(
    list(game.models)
      .map(obj)
      .map((m) => [m.id, m.name] as const),
  );

/** The seat's models that may act now (`eligible`, SOL-1), by name where the view gives one. */
const mayAct = (game: Record<string, unknown>, seat: string): Choice[] => {
  const names = modelNames(game);
  return list(obj(game.eligible)[seat])
    .filter((id): id is string => typeof id === 'string')
    .map((id) => {
      const name = names.get(id);
      return { id, label: typeof name === 'string' ? name : id };
    });
};

/** The models the actions being sealed leave doing nothing this phase (kind `none`, SOL-3). */
const doingNothing = (game: Record<string, unknown>, sent: unknown): string | null => {
  const names = modelNames(game);
  const idle = list(obj(sent).actions)
    .map(obj)
    .filter((r) => obj(r.action).kind === 'none')
    .map((r) => String(names.get(r.model) ?? r.model));
  if (idle.length === 0) return null;
  return `Seal these actions? ${idle.length} model(s) of yours would do nothing this phase (${idle.join(', ')}).`;
};

export const solunaOffers: Offers = {
  choices: {
    SubmitActions: (game, seat) => ({ model: mayAct(game, seat) }),
  },
  question: (command, game, _seat, sent) => (command === 'SubmitActions' && sent !== undefined ? doingNothing(game, sent) : null),
};
