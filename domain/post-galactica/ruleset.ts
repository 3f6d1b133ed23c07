/** Post Galactica as a ruleset of the match lifecycle. */
import { z } from 'zod';
import type { Ruleset } from '../kernel/ruleset.ts';
import { begin, decide, onDeadline, PG_COMMANDS, type PgCommand, pgCommandSchema } from './decide.ts';
import { PHASES } from './phases.ts';
import { evolve, PG_EVENT_TYPES, type PgEvent, type PgState } from './state.ts';

export const pgOptionsSchema = z.object({}).strict();
export type PgOptions = z.infer<typeof pgOptionsSchema>;

/** Seats in roll-off order; their turn order follows from the first player. */
const SEATS = ['red', 'blue'] as const;

export const postGalactica: Ruleset<PgState, PgCommand, PgEvent, PgOptions> = {
  id: 'post-galactica',
  title: 'Post Galactica',
  rulesVersion: 'pg-0.1.0',
  summary: 'Alternating full turns through eight phases; resources, workers and command centers.',
  seatNames: SEATS,
  phaseNames: PHASES,
  firstPlayerRule: 'PG-5',
  optionsSchema: pgOptionsSchema,
  commandSchema: pgCommandSchema,
  commands: PG_COMMANDS,
  initialState: ({ seats, firstSeat }) => {
    const start = Math.max(0, seats.indexOf(firstSeat));
    const turnOrder = [...seats.slice(start), ...seats.slice(0, start)];
    return { turnOrder, activeSeat: firstSeat, phase: 'command', round: 1, turn: 1 };
  },
  begin,
  decide,
  evolve,
  view: (state) => state,
  awaiting: (state) => [state.activeSeat],
  step: (state) => ({ key: `t${state.turn}-${state.phase}`, phase: state.phase }),
  onDeadline,
  eventTypes: PG_EVENT_TYPES,
};
