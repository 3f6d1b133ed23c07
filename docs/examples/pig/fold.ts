/**
 * Pig's fold: its state and how each event changes it, what the state shows, and
 * who the ruleset is. Replaying a log needs only this; the referee is in ruleset.ts.
 */
import type { RulesetFold } from '../../../domain/kernel/ruleset.ts';
import { PIG_EVENT_TYPES, type PigEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { type PigOptions, SEATS } from './options.ts';
import { initialState, type PigState } from './state.ts';
import { awaiting, PHASE_NAMES, step, view } from './view.ts';

export const pigFold: RulesetFold<PigState, PigEvent, PigOptions> = {
  id: 'pig',
  title: 'Pig',
  rulesVersion: 'pig-0.1.0',
  rulesVersions: ['pig-0.1.0'],
  summary: 'Roll a die as long as you dare: a 1 loses the turn. The first to the target score wins.',
  seatNames: SEATS,
  phaseNames: PHASE_NAMES,
  firstPlayerRule: 'PIG-1',
  initialState,
  evolve,
  view,
  awaiting,
  step,
  eventTypes: PIG_EVENT_TYPES,
};
