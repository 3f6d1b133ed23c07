/** Sol'una: the state of a match and `evolve`. */
import type { RulesSetup } from '../kernel/ruleset.ts';
import { assertNever } from '../kernel/violation.ts';
import type { ModelAction } from './actions.ts';
import type { Injury, PhaseEnded, SolEvent, TurnEffect } from './events.ts';
import type { Grid } from './grid.ts';
import type { Mission, Profile, SolOptions, SolSeat } from './options.ts';
import { SEATS } from './options.ts';

/** A model in play: its profile and what has happened to it. */
export interface SolModel extends Profile {
  readonly seat: SolSeat;
  readonly woundsTaken: number;
  readonly slain: boolean;
  /** SOL-5: holds an activation for a later phase. */
  readonly deferred: boolean;
  /** SOL-2: starred choices made this turn. */
  readonly starredUsed: number;
}

export interface SealedOrders {
  readonly actions: readonly ModelAction[];
  readonly salt: string;
}

export interface SolState {
  readonly status: 'playing' | 'ended';
  readonly seats: readonly SolSeat[];
  readonly missionName: string;
  readonly grid: Grid;
  readonly victory: Mission['victory'];
  readonly rules: Omit<SolOptions, 'mission'>;
  readonly models: readonly SolModel[];
  /** 0 until the first turn begins. */
  readonly turn: number;
  /** 1..10; 0 until the first phase starts. */
  readonly phase: number;
  readonly eligible: Readonly<Record<string, readonly string[]>>;
  /** SOL-3: the sealed choices of this phase, by seat. Secret: see view.ts. */
  readonly sealed: Readonly<Record<string, SealedOrders>>;
  /** SOL-6: turn-based Mind effects in force. */
  readonly effects: readonly TurnEffect[];
}

export const initialState = ({ options }: RulesSetup<SolOptions>): SolState => {
  const { mission, ...rules } = options;
  const models = SEATS.flatMap((seat) =>
    mission.warbands[seat].map(
      (profile): SolModel => ({ ...profile, seat, woundsTaken: 0, slain: false, deferred: false, starredUsed: 0 }),
    ),
  );
  return {
    status: 'playing',
    seats: SEATS,
    missionName: mission.name,
    grid: mission.grid,
    victory: mission.victory,
    rules,
    models,
    turn: 0,
    phase: 0,
    eligible: {},
    sealed: {},
    effects: [],
  };
};

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
