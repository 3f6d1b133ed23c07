/**
 * HALL-2: how a game's events fold into its state, the one fold every store adapter is handed
 * (`StreamFold`, functions/kernel/ports.ts), and the loads the use cases make with it. The
 * store reads, snapshots and caches; only this knows that a game folds through its ruleset,
 * which the store had no business loading.
 */
import type { RulesetSource } from '../../../domain/catalogue.ts';
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import { foldGame } from '../../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../../domain/match/state.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { LoadedState, StreamFold, TaggedState } from '../../kernel/ports.ts';
import { historyFor } from './history.ts';

/** What a load of a game needs: the store, and the rule systems it folds with. */
export type GameReads = Pick<Deps, 'store' | 'rulesets'>;

/** The ruleset a fold of `events` onto `from` folds with: `from`'s, or the one the GameCreated opening `events` names. */
const rulesetOf = (events: readonly EventEnvelope[], from: GameState): unknown => {
  if (from.status !== 'empty') return from.ruleset;
  return events[0]?.type === 'GameCreated' ? (events[0].data as { readonly ruleset?: unknown }).ruleset : undefined;
};

/** The fold of a game under these rule systems. */
export const gameFold = (rulesets: RulesetSource): StreamFold<GameState> => ({
  initial: emptyGame,
  async fold(events, from, stateAt) {
    const ruleset = rulesetOf(events, from);
    // PERF-1: a rule system's code is loaded when a game first needs it, here, once the reads tell which.
    if (typeof ruleset === 'string') await rulesets.load(ruleset);
    // TB-2, TB-3: a far takeback in `events` folds onto the state at its version (history.ts).
    const history = from.status === 'empty' ? undefined : await historyFor(events, from, stateAt);
    return foldGame(rulesets, events, from, history);
  },
  // A snapshot is tagged with the rules version that folded it: one folded by other rules is folded again from the log.
  async tag(state) {
    if (state.status === 'empty') return '';
    await rulesets.load(state.ruleset);
    return rulesets.findFold(state.ruleset)?.rulesVersion ?? '';
  },
});

/** The game as its log has it now; with `commandId`, its seed and that command's record from the same read (PERF-5). */
export const loadGame = (deps: GameReads, gameId: string, commandId?: string): Promise<LoadedState<GameState>> =>
  deps.store.load(gameId, gameFold(deps.rulesets), commandId);

/** The game after event `version`. */
export const gameAt = (deps: GameReads, gameId: string, version: number): Promise<GameState> =>
  deps.store.loadAt(gameId, version, gameFold(deps.rulesets));

/** `events` of one game folded onto `from`, any state a far takeback among them goes back to read from the store. */
export const foldOnto = (deps: GameReads, events: readonly EventEnvelope[], from: GameState): Promise<GameState> => {
  const gameId = from.status === 'empty' ? (events[0]?.gameId ?? '') : from.gameId;
  return gameFold(deps.rulesets).fold(events, from, (version) => gameAt(deps, gameId, version));
};

/** `state` as a snapshot is appended with: tagged by its rules version. */
export const gameSnapshot = async (deps: Pick<Deps, 'rulesets'>, state: GameState): Promise<TaggedState> => ({
  state,
  tag: await gameFold(deps.rulesets).tag(state),
});
