/** GSC2 starship combat as a ruleset of the match lifecycle. */
import type { Ruleset } from '../kernel/ruleset.ts';
import { GSC_COMMANDS, type GscCommand, gscCommandSchema } from './commands.ts';
import { begin, decide, onDeadline } from './decide.ts';
import { GSC_EVENT_TYPES, type GscEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { type GscOptions, gscOptionsSchema, SEATS } from './options.ts';
import { type GscState, initialState, STEPS } from './state.ts';
import { awaiting, step, view } from './view.ts';

export const gsc2: Ruleset<GscState, GscCommand, GscEvent, GscOptions> = {
  id: 'gsc2',
  title: 'GSC2',
  rulesVersion: 'gsc2-0.4.0',
  summary: 'Starship combat: alternating movement, sealed missile, beam and boarding orders, system damage and repairs.',
  seatNames: SEATS,
  phaseNames: STEPS,
  // the sheet does not say how the first player is found: the match's roll-off decides, and GSC-3 uses it on equal fleets
  firstPlayerRule: 'GSC-3',
  optionsSchema: gscOptionsSchema,
  commandSchema: gscCommandSchema,
  commands: GSC_COMMANDS,
  initialState,
  begin,
  decide,
  evolve,
  view,
  awaiting,
  step,
  onDeadline,
  eventTypes: GSC_EVENT_TYPES,
};
