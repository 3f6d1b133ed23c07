/**
 * A piece's full state at the event shown (VIEW-13): its profile, Cohesion or hull, systems
 * and their damage, statuses, counters, and the orders the viewer's seat may see. Read from
 * the seat's view of the game (domain/match/view.ts), never the raw state: another seat's
 * sealed orders are not in it, so they cannot be shown. Each ruleset's rows are its
 * renderer's (render/renderers.ts).
 */
import type { GameView } from '../domain/match/view.ts';
import { type Inspection, type Renderer, rendererOf } from '../render/renderer.ts';
import { rendererList } from '../render/renderers.ts';
import { obj } from '../render/svg.ts';

export type { Inspection } from '../render/renderer.ts';

/** The piece `id` as the view's seat sees it at this event; null if it is not in the view. */
export const inspectPiece = (view: GameView, id: string, renderers: readonly Renderer[] = rendererList): Inspection | null => {
  const renderer = rendererOf(renderers, view.ruleset);
  return view.game === null || !renderer ? null : renderer.inspect(obj(view.game), id, view.you);
};
