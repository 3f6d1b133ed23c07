/** Sol'una as a ruleset of the match lifecycle: its fold (fold.ts) and the referee, wiring only. */
import type { Ruleset } from '../kernel/ruleset.ts';
import { SOL_COMMANDS } from './command-docs.ts';
import { type SolCommand, solCommandSchema } from './commands.ts';
import { begin, decide, onDeadline } from './decide.ts';
import type { SolEvent } from './events.ts';
import { solunaFold } from './fold.ts';
import { type SolOptions, solOptionsSchema } from './options.ts';
import type { SolState } from './state.ts';

export const soluna: Ruleset<SolState, SolCommand, SolEvent, SolOptions> = {
  ...solunaFold,
  optionsSchema: solOptionsSchema,
  commandSchema: solCommandSchema,
  commands: SOL_COMMANDS,
  begin,
  decide,
  onDeadline,
};
