/**
 * What a batch of new events changed in a game: the state before the batch and after
 * each event, so stream consumers can see steps open and close without any rule of their
 * own. Folded through the same domain core as everything else.
 */
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { evolveGame } from '../../domain/match/evolve.ts';
import type { GameState } from '../../domain/match/state.ts';
import type { Deps } from './deps.ts';
import { historyFor } from './history.ts';

export interface Transition {
  readonly event: EventEnvelope;
  readonly before: GameState;
  readonly after: GameState;
}

/** The batch's events in order from the state before the first of them; events already folded are dropped. */
export const transitions = async (deps: Deps, gameId: string, incoming: readonly EventEnvelope[]): Promise<Transition[]> => {
  const events = [...new Map(incoming.map((e) => [e.seq, e])).values()].sort((a, b) => a.seq - b.seq);
  const first = events[0];
  if (!first) return [];
  let state = await deps.store.loadAt(gameId, first.seq - 1);
  const contiguous = events.every((e, i) => e.seq === first.seq + i);
  const ordered = contiguous ? events : await deps.store.readAfter(gameId, first.seq - 1, events.at(-1)?.seq);
  // TB-2, TB-3: a far takeback folds onto the state at its version.
  const history = await historyFor(ordered, state, (v) => deps.store.loadAt(gameId, v));
  return ordered.map((event) => {
    const before = state;
    state = evolveGame(deps.rulesets, state, event, history);
    return { event, before, after: state };
  });
};
