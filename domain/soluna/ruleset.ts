/** Sol'una as a ruleset of the match lifecycle. */
import type { Ruleset } from '../kernel/ruleset.ts';
import { begin, decide, onDeadline, PHASE_NAMES, SOL_COMMANDS, type SolCommand, solCommandSchema } from './decide.ts';
import { SOL_EVENT_TYPES, type SolEvent } from './events.ts';
import { SEATS, type SolOptions, solOptionsSchema } from './options.ts';
import { evolve, initialState, type SolState } from './state.ts';
import { awaiting, step, view } from './view.ts';

export const soluna: Ruleset<SolState, SolCommand, SolEvent, SolOptions> = {
  id: 'soluna',
  title: "Sol'una",
  rulesVersion: 'sol-0.3.0',
  summary: 'Ten simultaneous phases a turn; Mind decides when a model acts; sealed choices revealed together.',
  seatNames: SEATS,
  phaseNames: PHASE_NAMES,
  // The text names no first player. The match layer's roll-off still records one, but
  // every phase is simultaneous (SOL-3, SOL-4), so in Sol'una it decides nothing.
  firstPlayerRule: 'MATCH',
  optionsSchema: solOptionsSchema,
  commandSchema: solCommandSchema,
  commands: SOL_COMMANDS,
  initialState,
  begin,
  decide,
  evolve,
  view,
  awaiting,
  step,
  onDeadline,
  eventTypes: SOL_EVENT_TYPES,
};
