/**
 * TABLE-4: the commands the page asks about before it sends them, with the question, read from
 * the seat's own view: Concede in every ruleset (the game's end is taken back by no one), and
 * what each ruleset's renderer asks (render/<id>/offers.ts: a phase or a sealed step ended with
 * something of the seat's unspent), found by the game's ruleset in render/renderers.ts (HALL-4).
 */
import { rendererOf } from '../render/renderer.ts';
import { rendererList } from '../render/renderers.ts';
import { obj } from '../render/svg.ts';

/**
 * The question to ask before `command` is sent as `seat` in a game of `ruleset`, or null: send
 * at once. `sent`, the command as built, where the question depends on it (absent: not asked).
 */
export const questionFor = (ruleset: string, command: string, game: unknown, seat: string, sent?: unknown): string | null => {
  if (command === 'Concede') return 'Concede the game? This cannot be taken back.';
  return rendererOf(rendererList, ruleset)?.offers?.question(command, obj(game), seat, sent) ?? null;
};
