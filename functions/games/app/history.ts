/**
 * TB-2, TB-3: a far takeback folds onto the state at the version it goes back to
 * (docs/design.md §8). A fold of a log from its start re-folds that state itself; a host that
 * folds a tail onto a snapshot, a read model or a loaded state takes it from the store first
 * (`gameAt`, the store's `loadAt` with the game's fold, which does the same for any far takeback
 * in its own tail), and gives it to the pure fold as its `History`: `gameFold` (game-fold.ts)
 * does so for every store.
 */
import type { Rulesets } from '../../../domain/catalogue.ts';
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import type { TakenBack } from '../../../domain/match/events.ts';
import { evolveGame, type History } from '../../../domain/match/evolve.ts';
import { isFar } from '../../../domain/match/far-takeback.ts';
import type { GameState } from '../../../domain/match/state.ts';

/** The versions the far takebacks among `events` go back to, each once. */
const farTargets = (events: readonly EventEnvelope[]): Set<number> =>
  new Set(
    events.flatMap((e) => {
      if (e.type !== 'TakenBack') return [];
      const data = e.data as TakenBack['data'];
      return isFar(data) ? [data.toVersion] : [];
    }),
  );

/** The versions the far takebacks among `events` go back to that a fold of them onto `from` cannot re-fold itself. */
export const versionsNeeded = (events: readonly EventEnvelope[], from: GameState): number[] => {
  if (events[0]?.seq === 1) return [];
  return [...farTargets(events)].filter((version) => version < from.version);
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

/** One event of a batch folded: the state before it and after it. */
export interface Step {
  readonly event: EventEnvelope;
  readonly before: GameState;
  readonly after: GameState;
}

/**
 * `events` folded onto `from` one by one, each with the state before and after it: for the
 * stream's consumers, which look at every step. A far takeback in the batch goes back to a
 * state older than `from` (loaded by `loadAt`), to `from` itself, or to one this fold passed
 * through; the last two are kept as the fold passes them, only for the versions a takeback in
 * the batch names. (A read model standing exactly at the version an agreed takeback went back
 * to, handed the undone commands and the takeback in one batch, once found none of the three
 * and stopped for good: INV-3.)
 */
export const foldSteps = async (
  rulesets: Rulesets,
  events: readonly EventEnvelope[],
  from: GameState,
  loadAt: (version: number) => Promise<GameState>,
): Promise<Step[]> => {
  const loaded = await historyFor(events, from, loadAt);
  const targets = farTargets(events);
  const passed = new Map<number, GameState>();
  if (targets.has(from.version)) passed.set(from.version, from);
  const history: History = (version) => passed.get(version) ?? loaded?.(version);
  const steps: Step[] = [];
  let state = from;
  for (const event of events) {
    const before = state;
    state = evolveGame(rulesets, state, event, history);
    if (targets.has(state.version) && !passed.has(state.version)) passed.set(state.version, state);
    steps.push({ event, before, after: state });
  }
  return steps;
};
