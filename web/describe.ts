/**
 * Each event of a log as one sentence a player reads: who did what, with its main facts.
 * `actor` is the seat whose piece acted, or `referee` (web/actor.ts, VIEW-12), not the
 * command's sender.
 */
import type { Rulesets } from '../domain/catalogue.ts';
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import type { History } from '../domain/match/evolve.ts';
import { foldSeen } from '../domain/match/seen-fold.ts';
import type { GameState } from '../domain/match/state.ts';
import { type GameView, redactEvent } from '../domain/match/view.ts';
import { actingSeat } from '../render/actor.ts';
import type { Renderer } from '../render/renderer.ts';
import { rendererList } from '../render/renderers.ts';
import { eventLine, NO_NAMES, type PlayerNames } from '../render/sentences.ts';

/** One line of the event list: its seq, the seat that acted (or `referee`) and its sentence (render/sentences.ts `eventLine`). */
export interface EventLine {
  readonly seq: number;
  readonly actor: string;
  readonly text: string;
}

/**
 * The lines of `events`, which follow the game `before` (and the event `previous`, for the
 * redaction of a sealed batch), as `seat` may see them; also the game after them, so a
 * live log's next page goes on from there. `history` gives the game at an earlier version, which
 * an agreed takeback or a correction rewinds to (TB-2, TB-3; docs/design.md §8); `players`, the
 * players' names by seat where the log's header gives them (TABLE-7).
 */
export const describeEvents = (
  rulesets: Rulesets,
  events: readonly EventEnvelope[],
  before: GameState,
  seat: string | null,
  previous?: EventEnvelope,
  history?: History,
  renderers: readonly Renderer[] = rendererList,
  players: PlayerNames = NO_NAMES,
): { lines: EventLine[]; after: GameState } => {
  let state = before;
  const lines = events.map((event, i) => {
    const seen = redactEvent(event, seat, i === 0 ? previous : events[i - 1]);
    const actor = actingSeat(seen, state, renderers);
    const ruleset = state.status === 'empty' ? null : state.ruleset;
    // A seat's export hides the other seats' sealed orders (they cannot be folded): the
    // owners of the pieces after one are read from the game before it.
    try {
      state = foldSeen(rulesets, event, i === 0 ? previous : events[i - 1], state, history);
    } catch {
      // the same: keep the last game this export lets the page fold
    }
    return { seq: event.seq, actor, text: eventLine(seen, actor, ruleset, renderers, players) };
  });
  return { lines, after: state };
};

/** The pieces a ruleset's view holds: objects with `id` and `seat` in its top-level lists and records (web/actor.ts). */
export const piecesIn = (game: unknown): number => {
  const top = game !== null && typeof game === 'object' ? Object.values(game as Record<string, unknown>) : [];
  return top
    .flatMap((held) => (Array.isArray(held) ? held : held !== null && typeof held === 'object' ? Object.values(held) : []))
    .filter((p) => p !== null && typeof p === 'object' && typeof (p as { id?: unknown }).id === 'string' && 'seat' in p).length;
};

/**
 * VIEW-15: what the page says under a board with no piece on it. A game created without a
 * scenario (as the play-by-mail walkthroughs do) is played on an empty table: turns and
 * phases go on with nothing to draw, so the page says so, and where the game is.
 */
export const emptyTableNote = (rulesets: Rulesets, view: GameView): string | null => {
  if (view.game === null || piecesIn(view.game) > 0) return null;
  const game = view.game as { turn?: unknown; round?: unknown };
  const title = rulesets.findFold(view.ruleset)?.title ?? view.ruleset;
  const turn = typeof game.turn === 'number' ? `turn ${game.turn}` : null;
  const where = [turn, view.step ? `the ${view.step.phase} step` : null].filter((w) => w !== null).join(', ');
  const waits = view.awaiting.length > 0 ? `, waiting for ${view.awaiting.join(' and ')}` : '';
  const now = view.status === 'ended' ? 'The game has ended' : `The game is at ${where || 'its start'}${waits}`;
  return `No pieces on the table: this ${title} game was created without a scenario (no armies, fleets or terrain), so its table stays empty. ${now}.`;
};
