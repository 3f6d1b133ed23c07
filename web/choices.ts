/**
 * TABLE-4: what a seat may name in a command's id fields, read from its own view of the game, so
 * a player picks a piece instead of typing its id. Each ruleset's offers are its renderer's
 * (render/<id>/offers.ts), found by the game's ruleset in render/renderers.ts as the page finds
 * the rest of its drawing side (HALL-4); the page never knows a ruleset's commands itself.
 */
import type { Choices } from '../render/offers.ts';
import { rendererOf } from '../render/renderer.ts';
import { rendererList } from '../render/renderers.ts';
import { obj } from '../render/svg.ts';

export { type Choices, stillOffered } from '../render/offers.ts';

/**
 * The offers for `command`'s fields in a game of `ruleset`, from the seat's view of the game
 * (`game`: the view's ruleset part), narrowed by what the form holds (`entered`: web/form.ts's
 * Entry of the whole command; absent, every offer as if the form were empty).
 */
export const choicesFor = (ruleset: string, command: string, game: unknown, seat: string, entered: unknown = {}): Choices =>
  rendererOf(rendererList, ruleset)?.offers?.choices[command]?.(obj(game), seat, obj(entered)) ?? {};
