/**
 * Folding a seat's export (VIEW-8, TABLE-8): the log as one seat may see it, where the other
 * seats' sealed orders keep only their place (`redactEvent`, view.ts). The page, the viewer and
 * `arbiter replay` fold such logs event by event.
 */
import type { Rulesets } from '../catalogue.ts';
import type { EventEnvelope } from '../kernel/envelope.ts';
import { foldGame, type History } from './evolve.ts';
import { emptyGame, type GameState } from './state.ts';
import { SEALED_COMMAND_ID } from './view.ts';

/** A sealed event as a seat's export shows it to the other seats: its place in the chain, and nothing of it. */
export const isSealedPlaceholder = (event: EventEnvelope | undefined): boolean => event?.type === 'Sealed' && event.data === null;

/** What stands for a hidden command where its next event opens it: its type says only that it was sealed. */
const HIDDEN_COMMAND = { type: 'Sealed' } as const;

/**
 * `state` after `event` of a seat's export, `previous` the event before it. A placeholder
 * changes nothing anyone sees until the reveal, which carries the orders, so it is not folded.
 * It was its command's first event, the one that carries the command and so opens the sealing
 * seat's takeback window (TB-1, undo.ts): the command's next event, which the export marks
 * with the sealed command id, opens it in its place. So a seat's own takeback of its sealed
 * orders folds in every other seat's export as in the whole log.
 */
export const foldSeen = (
  rulesets: Rulesets,
  event: EventEnvelope,
  previous: EventEnvelope | undefined,
  state: GameState,
  history?: History,
): GameState => {
  if (isSealedPlaceholder(event)) return state;
  const opens = event.command === undefined && event.commandId === SEALED_COMMAND_ID && isSealedPlaceholder(previous);
  return foldGame(rulesets, [opens ? { ...event, command: HIDDEN_COMMAND } : event], state, history);
};

/** The state after a seat's export `events`, each folded as `foldSeen` folds it; a far takeback folds onto the export's own earlier state. */
export const foldSeenLog = (rulesets: Rulesets, events: readonly EventEnvelope[]): GameState => {
  const history: History = (version) => foldSeenLog(rulesets, events.slice(0, version));
  let state: GameState = emptyGame;
  for (const [i, event] of events.entries()) state = foldSeen(rulesets, event, events[i - 1], state, history);
  return state;
};
