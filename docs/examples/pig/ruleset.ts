/** Pig as a ruleset of the match lifecycle: wiring only. */
import type { Ruleset } from '../../../domain/kernel/ruleset.ts';
import { PIG_COMMANDS, type PigCommand, pigCommandSchema } from './commands.ts';
import { begin, decide, onDeadline } from './decide.ts';
import { PIG_EVENT_TYPES, type PigEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { type PigOptions, pigOptionsSchema, SEATS } from './options.ts';
import { initialState, type PigState } from './state.ts';
import { awaiting, PHASE_NAMES, step, view } from './view.ts';

export const pig: Ruleset<PigState, PigCommand, PigEvent, PigOptions> = {
  id: 'pig',
  title: 'Pig',
  rulesVersion: 'pig-0.1.0',
  summary: 'Roll a die as long as you dare: a 1 loses the turn. The first to the target score wins.',
  seatNames: SEATS,
  phaseNames: PHASE_NAMES,
  firstPlayerRule: 'PIG-1',
  optionsSchema: pigOptionsSchema,
  commandSchema: pigCommandSchema,
  commands: PIG_COMMANDS,
  initialState,
  begin,
  decide,
  evolve,
  view,
  awaiting,
  step,
  onDeadline,
  eventTypes: PIG_EVENT_TYPES,
};
