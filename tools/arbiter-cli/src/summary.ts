/**
 * `arbiter replay --at N` without `--json`: the game as a person reads it at the table:
 * where play stands, then each side with its resources and its pieces. It reads the same
 * view the API serves (domain/match/view.ts), so a seat sees here only what it saw there.
 * Each ruleset's lines are its renderer's (render/renderers.ts); `event` is the line of the
 * event shown, the page's own (render/sentences.ts `eventLine`).
 */
import type { GameView } from '../../../domain/match/view.ts';
import { type Renderer, rendererOf } from '../../../render/renderer.ts';
import { rendererList } from '../../../render/renderers.ts';
import { obj } from '../../../render/svg.ts';

export const summarize = (view: GameView, renderers: readonly Renderer[] = rendererList, event?: string): string => {
  const seats = view.seats.map((s) => s.name);
  const head = [
    `${view.gameId}: ${view.ruleset} ${view.rulesVersion}, event ${view.version}, ${view.status}`,
    view.you ? `as seen by ${view.you}` : 'as a spectator sees it',
    // TABLE-7: the event shown, as the page's event list says it (render/sentences.ts).
    ...(event === undefined ? [] : [event]),
  ];
  if (view.awaiting.length > 0) head.push(`waiting for ${view.awaiting.join(' and ')}`);
  if (view.result) head.push(`result: ${view.result.winner ? `${view.result.winner} won` : 'no winner'} (${view.result.reason})`);
  const renderer = rendererOf(renderers, view.ruleset);
  const body = view.game !== null && renderer ? renderer.summary(obj(view.game), seats) : [];
  return [...head, ...(body.length > 0 ? ['', ...body] : [])].join('\n');
};
