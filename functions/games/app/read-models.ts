/** The game state a read model holds, ready to view. */
import type { GameState } from '../../../domain/match/state.ts';
import type { Deps } from '../../kernel/deps.ts';

/**
 * The state in a read model (the projector's JSON), with its ruleset loaded: the API loads a
 * rule system when a game first needs it (PERF-1), and a state read from a read model, not the
 * event store, has not been through the store's loading.
 */
export const modelState = async (deps: Deps, model: { readonly state: string }): Promise<GameState> => {
  const state = JSON.parse(model.state) as GameState;
  if (state.status !== 'empty') await deps.rulesets.load(state.ruleset);
  return state;
};
