/** Sol'una as a ruleset of the match lifecycle: wiring only. */
import type { Ruleset } from '../kernel/ruleset.ts';
import { SOL_COMMANDS, type SolCommand, solCommandSchema } from './commands.ts';
import { begin, decide, onDeadline } from './decide.ts';
import { SOL_EVENT_TYPES, type SolEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { SEATS, type SolOptions, solOptionsSchema } from './options.ts';
import { initialState, type SolState } from './state.ts';
import { awaiting, PHASE_NAMES, step, view } from './view.ts';

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
