/**
 * Post Galactica's fold: its state and how each event changes it, what the state shows, and
 * who the ruleset is. Replaying a log needs only this; the referee is in ruleset.ts.
 */
import type { RulesetFold } from '../kernel/ruleset.ts';
import { PG_EVENT_TYPES, type PgEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { type PgOptions, SEATS } from './options.ts';
import { DEPLOYMENT_PHASE, PHASES } from './phases.ts';
import { initialState, type PgState } from './state.ts';
import { awaiting, stepOf } from './turns.ts';
import { view } from './view.ts';

export const postGalacticaFold: RulesetFold<PgState, PgEvent, PgOptions> = {
  id: 'post-galactica',
  title: 'Post Galactica',
  // 0.3.0: PG-10 Research, Salvage, Overwatch, Dodge, Disengage, Load/Unload and Activate Ability.
  // 0.4.0: dice and sealed-order salts derived from the seed under their own labels.
  // 0.5.0: PG-6 / PG-14 start- and end-of-turn abilities, PG-10 faction abilities refreshed in PG-6.
  // 0.6.0: PG-16 a Worker listed among a Deployment List's units is purchased Worker capacity;
  //        PG-20 a Command Center datasheet without supplyProvided provides 5;
  //        PG-21 a rebuilt Command Center keeps the enemy spacing (6" and 4").
  rulesVersion: 'pg-0.6.0',
  summary: 'Alternating full turns through eight phases; resources, workers and command centers.',
  seatNames: SEATS,
  phaseNames: [DEPLOYMENT_PHASE, ...PHASES],
  firstPlayerRule: 'PG-5',
  initialState,
  evolve,
  view,
  awaiting,
  step: stepOf,
  eventTypes: PG_EVENT_TYPES,
};
