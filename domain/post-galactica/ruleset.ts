/** Post Galactica as a ruleset of the match lifecycle. */
import type { Ruleset } from '../kernel/ruleset.ts';
import { begin, decide, onDeadline, PG_COMMANDS, type PgCommand, pgCommandSchema } from './decide.ts';
import { type PgOptions, pgOptionsSchema, SEATS } from './options.ts';
import { PHASES } from './phases.ts';
import { initialState } from './setup.ts';
import { evolve, PG_EVENT_TYPES, type PgEvent, type PgState } from './state.ts';
import { viewState } from './view.ts';

export { type PgOptions, pgOptionsSchema } from './options.ts';

/** The deployment step before the first turn, for deadline durations (`options.deadlines.phases.deployment`). */
export const DEPLOYMENT_PHASE = 'deployment';

export const postGalactica: Ruleset<PgState, PgCommand, PgEvent, PgOptions> = {
  id: 'post-galactica',
  title: 'Post Galactica',
  // 0.3.0: PG-10 Research, Salvage, Overwatch, Dodge, Disengage, Load/Unload and Activate Ability.
  // 0.4.0: dice and sealed-order salts derived from the seed under their own labels.
  // 0.5.0: PG-6 / PG-14 start- and end-of-turn abilities, PG-10 faction abilities refreshed in PG-6.
  rulesVersion: 'pg-0.5.0',
  summary: 'Alternating full turns through eight phases; resources, workers and command centers.',
  seatNames: SEATS,
  phaseNames: [DEPLOYMENT_PHASE, ...PHASES],
  firstPlayerRule: 'PG-5',
  optionsSchema: pgOptionsSchema,
  commandSchema: pgCommandSchema,
  commands: PG_COMMANDS,
  initialState,
  begin: (state) => begin(state),
  decide,
  evolve,
  view: viewState,
  awaiting: (state) => [state.deploying ?? state.activeSeat],
  step: (state) =>
    state.deploying !== null
      ? { key: `deploy-${state.deploying}`, phase: DEPLOYMENT_PHASE }
      : { key: `t${state.turn}-${state.phase}`, phase: state.phase },
  onDeadline,
  eventTypes: PG_EVENT_TYPES,
};
