/**
 * What a batch of new events changed in a game: the state before the batch and after
 * each event, so stream consumers can see steps open and close without any rule of their
 * own. Folded through the same domain core as everything else.
 */
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import type { Deps } from '../../kernel/deps.ts';
import { gameAt } from './game-fold.ts';
import { foldSteps, type Step } from './history.ts';

/** One event of a batch with the state before and after it. */
export type Transition = Step;

/** The batch's events in order from the state before the first of them; events already folded are dropped. */
export const transitions = async (deps: Deps, gameId: string, incoming: readonly EventEnvelope[]): Promise<Transition[]> => {
  const events = [...new Map(incoming.map((e) => [e.seq, e])).values()].sort((a, b) => a.seq - b.seq);
  const first = events[0];
  if (!first) return [];
  const state = await gameAt(deps, gameId, first.seq - 1);
  const contiguous = events.every((e, i) => e.seq === first.seq + i);
  const ordered = contiguous ? events : await deps.store.readAfter(gameId, first.seq - 1, events.at(-1)?.seq);
  // TB-2, TB-3: a far takeback folds onto the state at its version (INV-3: also one this batch passes).
  return foldSteps(deps.rulesets, ordered, state, (v) => gameAt(deps, gameId, v));
};
