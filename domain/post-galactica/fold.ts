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
  // What each rules version changed: docs/rules/post-galactica.md, "Rules versions".
  rulesVersion: 'pg-0.8.0',
  // RUL-10: every version this build decides, oldest first; the newest last, as rulesVersion.
  rulesVersions: ['pg-0.2.0', 'pg-0.3.0', 'pg-0.4.0', 'pg-0.5.0', 'pg-0.6.0', 'pg-0.7.0', 'pg-0.8.0'],
  labelledKeysSince: 'pg-0.3.0',
  matchBoundsSince: 'pg-0.8.0',
  commandsSince: { agreements: 'pg-0.5.0', takebacks: 'pg-0.7.0' },
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
