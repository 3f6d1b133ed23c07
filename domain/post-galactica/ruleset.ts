/** Post Galactica as a ruleset of the match lifecycle: its fold (fold.ts) and the referee, wiring only. */
import type { Ruleset } from '../kernel/ruleset.ts';
import { PG_COMMANDS } from './command-docs.ts';
import { type PgCommand, pgCommandSchema } from './commands.ts';
import { decide, onDeadline } from './decide.ts';
import type { PgEvent } from './events.ts';
import { postGalacticaFold } from './fold.ts';
import { type PgOptions, pgOptionsAsOf, pgOptionsSchema } from './options.ts';
import type { PgState } from './state.ts';
import { begin } from './turns.ts';

export const postGalactica: Ruleset<PgState, PgCommand, PgEvent, PgOptions> = {
  ...postGalacticaFold,
  optionsSchema: pgOptionsSchema,
  optionsAsOf: pgOptionsAsOf,
  commandSchema: pgCommandSchema,
  commands: PG_COMMANDS,
  begin,
  decide,
  onDeadline,
};
