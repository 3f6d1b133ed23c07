/** PG-4 (rules 13.1): alternating full turns of eight phases; a round ends when every player has had one. */
import { commandPhaseEvents } from './counters.ts';
import type { PgEvent } from './events.ts';
import { fold } from './evolve.ts';
import { DEPLOYMENT_PHASE } from './phases.ts';
import type { PgState } from './state.ts';

/** A turn opens at its Command Phase, which the engine resolves at once (PG-6, PG-7). */
export const openTurn = (state: PgState, seat: string, round: number, turn: number): PgEvent[] => {
  const opening: PgEvent[] = [
    { type: 'TurnStarted', data: { seat, round, turn } },
    { type: 'PhaseStarted', data: { phase: 'command', seat } },
  ];
  return [...opening, ...commandPhaseEvents(fold(state, opening), seat)];
};

/** PG-4: after the End Phase the next player takes a full turn; a round ends when all have. */
export const passTurn = (state: PgState): PgEvent[] => {
  const index = state.turnOrder.indexOf(state.activeSeat);
  const nextIndex = (index + 1) % state.turnOrder.length;
  const seat = state.turnOrder[nextIndex] ?? state.activeSeat;
  const roundOver = nextIndex === 0;
  const round = roundOver ? state.round + 1 : state.round;
  return [
    ...(roundOver ? [{ type: 'RoundCompleted', data: { round: state.round } } as const] : []),
    ...openTurn(state, seat, round, state.turn + 1),
  ];
};

/** The events that open play: the first seat's deployment, or straight into the first turn. */
export const begin = (state: PgState): PgEvent[] =>
  state.deploying !== null ? [{ type: 'DeploymentStarted', data: { seat: state.deploying } }] : openTurn(state, state.activeSeat, 1, 1);

/** PG-4: who the game waits for: the deploying seat, then the active player. */
export const awaiting = (state: PgState): string[] => [state.deploying ?? state.activeSeat];

/** The step a deadline is set for: a seat's deployment, then each phase of each turn. */
export const stepOf = (state: PgState): { key: string; phase: string } =>
  state.deploying !== null
    ? { key: `deploy-${state.deploying}`, phase: DEPLOYMENT_PHASE }
    : { key: `t${state.turn}-${state.phase}`, phase: state.phase };
