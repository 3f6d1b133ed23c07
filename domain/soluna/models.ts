/** Mind and eligibility: which models may act in which phase (SOL-1, SOL-5, SOL-7, SOL-9). */
import { canAct, clampMind, PHASE_NUMBERS } from './activation.ts';
import type { Square } from './grid.ts';
import type { SolModel, SolState } from './state.ts';

/**
 * SOL-9 (default damage model): current Mind = starting Mind, minus `mindLossPerWound`
 * per wound taken, plus the turn-based effects in force (SOL-6), within 0..10.
 */
export const currentMind = (state: SolState, model: SolModel): number =>
  clampMind(
    model.mind -
      model.woundsTaken * state.rules.mindLossPerWound +
      state.effects.filter((e) => e.model === model.id).reduce((sum, e) => sum + e.amount, 0),
  );

export const findModel = (state: SolState, id: string): SolModel | undefined => state.models.find((m) => m.id === id);

export const livingModels = (state: SolState): SolModel[] => state.models.filter((m) => !m.slain);

/**
 * SOL-1 and SOL-5: a living model may act where its current Mind row has an X, or in
 * any phase while it holds a deferred activation. Mind 0 never acts, deferred or not.
 */
export const mayAct = (state: SolState, model: SolModel, phase: number): boolean => {
  if (model.slain) return false;
  const mind = currentMind(state, model);
  return mind > 0 && (canAct(mind, phase) || model.deferred);
};

/** The models of each seat that may act in `phase` (every seat listed, possibly empty). */
export const eligibleBySeat = (state: SolState, phase: number): Record<string, string[]> =>
  Object.fromEntries(
    state.seats.map((seat) => [seat, state.models.filter((m) => m.seat === seat && mayAct(state, m, phase)).map((m) => m.id)]),
  );

/** SOL-7: the first phase from `from` on in which any model may act, or null if none this turn. */
export const firstActingPhase = (state: SolState, from: number): number | null =>
  PHASE_NUMBERS.find((phase) => phase >= from && state.models.some((m) => mayAct(state, m, phase))) ?? null;

/** Squares held by living models at the start of the phase. */
export const occupiedSquares = (state: SolState): Square[] => livingModels(state).map((m) => m.at);
