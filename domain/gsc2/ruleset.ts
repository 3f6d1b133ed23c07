/** GSC2 starship combat as a ruleset of the match lifecycle: its fold (fold.ts) and the referee, wiring only. */
import type { Ruleset } from '../kernel/ruleset.ts';
import { GSC_COMMANDS } from './command-docs.ts';
import { type GscCommand, gscCommandSchema } from './commands.ts';
import { begin, decide, onDeadline } from './decide.ts';
import type { GscEvent } from './events.ts';
import { gsc2Fold } from './fold.ts';
import { type GscOptions, gscOptionsSchema } from './options.ts';
import type { GscState } from './state.ts';

export const gsc2: Ruleset<GscState, GscCommand, GscEvent, GscOptions> = {
  ...gsc2Fold,
  optionsSchema: gscOptionsSchema,
  commandSchema: gscCommandSchema,
  commands: GSC_COMMANDS,
  begin,
  decide,
  onDeadline,
};
