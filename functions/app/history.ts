/**
 * TB-2, TB-3: a far takeback folds onto the state at the version it goes back to
 * (docs/design.md §8). A fold of a log from its start re-folds that state itself; a host that
 * folds a tail onto a snapshot, a read model or a loaded state takes it from the store first
 * (`GameStore.loadAt`, which does the same for any far takeback in its own tail), and gives it
 * to the pure fold as its `History`.
 */
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { TakenBack } from '../../domain/match/events.ts';
import type { History } from '../../domain/match/evolve.ts';
import { isFar } from '../../domain/match/far-takeback.ts';
import type { GameState } from '../../domain/match/state.ts';

/** The versions the far takebacks among `events` go back to that a fold of them onto `from` cannot re-fold itself. */
export const versionsNeeded = (events: readonly EventEnvelope[], from: GameState): number[] => {
  if (events[0]?.seq === 1) return [];
  const needed = events.flatMap((e) => {
    if (e.type !== 'TakenBack') return [];
    const data = e.data as TakenBack['data'];
    return isFar(data) && data.toVersion < from.version ? [data.toVersion] : [];
  });
  return [...new Set(needed)];
};

/** The history a fold of `events` onto `from` needs, each state loaded by `loadAt`; undefined when it needs none. */
export const historyFor = async (
  events: readonly EventEnvelope[],
  from: GameState,
  loadAt: (version: number) => Promise<GameState>,
): Promise<History | undefined> => {
  const versions = versionsNeeded(events, from);
  if (versions.length === 0) return undefined;
  const states = new Map(await Promise.all(versions.map(async (v) => [v, await loadAt(v)] as const)));
  return (version) => states.get(version);
};
