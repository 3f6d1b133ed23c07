/** What a seat may see, what the game waits for, and the step its deadlines are keyed by. */
import type { PigState } from './state.ts';

/** Pig has no secrets: every seat and every spectator sees the whole state. */
export const view = (state: PigState, _seat: string | null): PigState => state;

/** The seat whose turn it is, while the game is played. */
export const awaiting = (state: PigState): readonly string[] => (state.status === 'playing' ? [state.active] : []);

/** One step per turn (`t3`); deadline durations are keyed by the one phase name, `turn`. */
export const PHASE_NAMES: readonly string[] = ['turn'];
export const step = (state: PigState): { key: string; phase: string } | null =>
  state.status === 'playing' ? { key: `t${state.turn}`, phase: 'turn' } : null;
