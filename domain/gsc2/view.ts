/** What one seat may see of a battle: everything on the table, but only its own sealed orders. */
import { pending } from './orders.ts';
import type { GscState } from './state.ts';

export const awaiting = (state: GscState): readonly string[] => {
  if (state.status === 'ended') return [];
  if (state.step === 'movement') return state.movement.mover === null ? [] : [state.movement.mover];
  if (state.step === 'repairs') return state.awaited;
  return pending(state);
};

export const step = (state: GscState): { key: string; phase: string } | null => {
  if (state.status === 'ended') return null;
  if (state.step === 'movement') return { key: `t${state.turn}-movement-${state.movement.segment}`, phase: 'movement' };
  return { key: `t${state.turn}-${state.step}`, phase: state.step };
};

export const view = (state: GscState, seat: string | null) => {
  const own = seat === null ? undefined : state.sealed[seat];
  return {
    ...state,
    /** docs/design.md §7: other seats' orders stay hidden until the reveal; only who has submitted shows. */
    sealed: own && seat !== null ? { [seat]: own } : {},
    submitted: Object.keys(state.sealed),
    awaiting: awaiting(state),
  };
};
