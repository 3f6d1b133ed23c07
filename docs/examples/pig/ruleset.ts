/** Pig as a ruleset of the match lifecycle: its fold (fold.ts) and the referee, wiring only. */
import type { Ruleset } from '../../../domain/kernel/ruleset.ts';
import { PIG_COMMANDS } from './command-docs.ts';
import { type PigCommand, pigCommandSchema } from './commands.ts';
import { begin, decide, onDeadline } from './decide.ts';
import type { PigEvent } from './events.ts';
import { pigFold } from './fold.ts';
import { type PigOptions, pigOptionsSchema } from './options.ts';
import type { PigState } from './state.ts';

export const pig: Ruleset<PigState, PigCommand, PigEvent, PigOptions> = {
  ...pigFold,
  optionsSchema: pigOptionsSchema,
  commandSchema: pigCommandSchema,
  commands: PIG_COMMANDS,
  begin,
  decide,
  onDeadline,
};
