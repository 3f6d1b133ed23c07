/**
 * What one seat may see (SOL-3). The state holds every seat's sealed choices; a seat sees
 * only its own, and of the others only whether they have submitted, never anything that
 * depends on what they chose.
 */
import { actingPhases, PHASE_NUMBERS } from './activation.ts';
import { currentMind } from './models.ts';
import { awaitedSeats } from './orders.ts';
import type { SolState } from './state.ts';

const ordersView = (state: SolState, seat: string | null) =>
  Object.fromEntries(
    awaitedSeats(state).map((s) => {
      const sealed = state.sealed[s];
      return [
        s,
        s === seat && sealed ? { submitted: true, actions: sealed.actions, salt: sealed.salt } : { submitted: sealed !== undefined },
      ];
    }),
  );

export const view = (state: SolState, seat: string | null) => ({
  status: state.status,
  mission: state.missionName,
  grid: state.grid,
  victory: state.victory,
  rules: state.rules,
  turn: state.turn,
  phase: state.phase,
  eligible: state.eligible,
  orders: ordersView(state, seat),
  effects: state.effects,
  models: state.models.map((m) => {
    const mind = currentMind(state, m);
    return { ...m, currentMind: mind, actsIn: m.slain ? [] : actingPhases(mind) };
  }),
});

/** SOL-3: the seats whose choices the phase still waits for. */
export const awaiting = (state: SolState): string[] =>
  state.status === 'playing' ? awaitedSeats(state).filter((seat) => state.sealed[seat] === undefined) : [];

/** The phase names deadline durations may be set for: `p1` to `p10`. */
export const PHASE_NAMES: readonly string[] = PHASE_NUMBERS.map((p) => `p${p}`);

/** One step per phase played: `t3-p7`, deadline durations keyed by `p7`. */
export const step = (state: SolState): { key: string; phase: string } | null =>
  state.status === 'playing' && state.phase > 0 ? { key: `t${state.turn}-p${state.phase}`, phase: `p${state.phase}` } : null;
