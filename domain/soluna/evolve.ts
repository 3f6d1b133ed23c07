/** Sol'una: `evolve` folds one event into the state (RUL-1: the event, never an envelope). */
import { assertNever } from '../kernel/violation.ts';
import type { Injury, PhaseEnded, SolEvent } from './events.ts';
import type { SolModel, SolState } from './state.ts';

const updateModel = (state: SolState, id: string, change: (model: SolModel) => SolModel): SolState => ({
  ...state,
  models: state.models.map((m) => (m.id === id ? change(m) : m)),
});

/** SOL-5: any action other than deferring spends a held activation. */
const acted = (state: SolState, id: string, starred: boolean): SolState =>
  updateModel(state, id, (m) => ({ ...m, deferred: false, starredUsed: m.starredUsed + (starred ? 1 : 0) }));

/** SOL-4: injuries, deaths and Mind effects of the phase take effect together. */
const endPhase = (state: SolState, data: PhaseEnded['data']): SolState => {
  const injuryOf = (id: string): Injury | undefined => data.injuries.find((i) => i.model === id);
  const models = state.models.map((m) => {
    const injury = injuryOf(m.id);
    return injury ? { ...m, woundsTaken: injury.woundsTaken, slain: injury.slain } : m;
  });
  return { ...state, models, effects: [...state.effects, ...data.effects], sealed: {}, eligible: {} };
};

export const evolve = (state: SolState, e: SolEvent): SolState => {
  switch (e.type) {
    case 'TurnStarted':
      return { ...state, turn: e.data.turn, phase: 0 };
    case 'PhaseStarted':
      return { ...state, turn: e.data.turn, phase: e.data.phase, eligible: e.data.eligible, sealed: {} };
    case 'ActionsSealed':
      return { ...state, sealed: { ...state.sealed, [e.data.seat]: { actions: e.data.actions, salt: e.data.salt } } };
    case 'ActionsCommitted':
    case 'ActionsRevealed':
      return state;
    case 'MoveBlocked':
      return acted(state, e.data.model, false);
    case 'ModelMoved':
      return acted(
        updateModel(state, e.data.model, (m) => ({ ...m, at: e.data.to })),
        e.data.model,
        false,
      );
    case 'AttackResolved':
    case 'PowerUsed':
      return acted(state, e.data.model, true);
    case 'ActivationDeferred':
      return updateModel(state, e.data.model, (m) => ({ ...m, deferred: true }));
    case 'ActivationPassed':
      return acted(state, e.data.model, false);
    case 'PhaseEnded':
      return endPhase(state, e.data);
    case 'TurnEnded':
      return { ...state, effects: [], models: state.models.map((m) => ({ ...m, starredUsed: 0 })) };
    case 'GameEnded':
      return { ...state, status: 'ended', sealed: {}, eligible: {} };
    default:
      return assertNever(e);
  }
};

/** Fold events this decision is about to emit, to decide what follows them. */
export const fold = (state: SolState, events: readonly SolEvent[]): SolState => events.reduce(evolve, state);
