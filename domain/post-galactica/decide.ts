/** Post Galactica: commands and `decide`, one small function per command. */
import { z } from 'zod';
import type { RulesContext } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { assertNever, reject } from '../kernel/violation.ts';
import { nextPhase, PHASE_TITLES, PHASES } from './phases.ts';
import type { PgEvent, PgState } from './state.ts';

export const endPhaseSchema = z.object({
  type: z.literal('EndPhase'),
  /** Optional guard: the phase the player believes they are ending; a stale click is refused. */
  phase: z.enum(PHASES).optional(),
});

export const pgCommandSchema = z.discriminatedUnion('type', [endPhaseSchema]);
export type PgCommand = z.infer<typeof pgCommandSchema>;

export const PG_COMMANDS = [
  { type: 'EndPhase', summary: 'End the current phase; after the End Phase the turn passes (PG-4).', rule: 'PG-4' },
] as const;

/** PG-4: the opening events of the first player's first turn. */
export const begin = (state: PgState): PgEvent[] => [
  { type: 'TurnStarted', data: { seat: state.activeSeat, round: 1, turn: 1 } },
  { type: 'PhaseStarted', data: { phase: 'command', seat: state.activeSeat } },
];

/** PG-4: alternating full turns; only the active player acts. */
const requireActive = (state: PgState, rc: RulesContext): Decision<never> | null =>
  rc.seat === null || rc.seat === state.activeSeat
    ? null
    : reject('NOT_YOUR_TURN', 'PG-4', `It is ${state.activeSeat}'s turn (${PHASE_TITLES[state.phase]}); ${rc.seat} must wait.`, 403);

const endPhase = (state: PgState, command: z.infer<typeof endPhaseSchema>): Decision<PgEvent> => {
  if (command.phase !== undefined && command.phase !== state.phase) {
    return reject(
      'WRONG_PHASE',
      'PG-4',
      `You asked to end the ${PHASE_TITLES[command.phase]}, but it is the ${PHASE_TITLES[state.phase]}.`,
    );
  }
  const phase = nextPhase(state.phase);
  if (phase) return { ok: true, events: [{ type: 'PhaseStarted', data: { phase, seat: state.activeSeat } }] };
  return { ok: true, events: passTurn(state) };
};

/** PG-4: after the End Phase the next player takes a full turn; a round ends when all have. */
const passTurn = (state: PgState): PgEvent[] => {
  const index = state.turnOrder.indexOf(state.activeSeat);
  const nextIndex = (index + 1) % state.turnOrder.length;
  const seat = state.turnOrder[nextIndex] ?? state.activeSeat;
  const roundOver = nextIndex === 0;
  const round = roundOver ? state.round + 1 : state.round;
  return [
    ...(roundOver ? [{ type: 'RoundCompleted', data: { round: state.round } } as const] : []),
    { type: 'TurnStarted', data: { seat, round, turn: state.turn + 1 } },
    { type: 'PhaseStarted', data: { phase: 'command', seat } },
  ];
};

/**
 * Missed-deadline policy (default, the text is silent): the phase ends as if the active
 * player had ended it.
 */
export const onDeadline = (state: PgState): Decision<PgEvent> => endPhase(state, { type: 'EndPhase' });

export const decide = (state: PgState, command: PgCommand, rc: RulesContext): Decision<PgEvent> => {
  const notActive = requireActive(state, rc);
  if (notActive) return notActive;
  switch (command.type) {
    case 'EndPhase':
      return endPhase(state, command);
    default:
      return assertNever(command.type);
  }
};
