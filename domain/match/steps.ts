/**
 * The step a game waits in: the lobby (PBM-10), the first player's choice (PBM-9), or the
 * ruleset's own step while playing, each with the deadline its phase is given.
 */

import type { Rulesets } from '../catalogue.ts';
import { addDuration } from '../kernel/duration.ts';
import type { AnyRulesetFold } from '../kernel/ruleset.ts';
import type { DeadlineOptions, MatchOptions } from './events.ts';
import type { Match, Step } from './state.ts';

/** PBM-10: a game waits this long for its seats unless its creator set `options.openFor`. */
export const DEFAULT_OPEN_FOR = 'P7D';
/** PBM-10: the step of a game waiting for players; its deadline is the game's expiry. */
export const LOBBY_STEP = { key: 'lobby', phase: 'lobby' } as const;
/** PBM-9: the roll-off winner's step; `options.deadlines.phases` may name its phase. */
export const CHOOSE_FIRST_STEP = { key: 'choose-first', phase: 'choose-first-player' } as const;
/** Phase names of the match lifecycle that `options.deadlines.phases` accepts besides the ruleset's. */
export const MATCH_PHASE_NAMES: readonly string[] = [CHOOSE_FIRST_STEP.phase];
const currentStep = (state: Match, rulesets: Rulesets): { readonly key: string; readonly phase: string } | null => {
  switch (state.status) {
    case 'lobby':
      return LOBBY_STEP;
    case 'choosing':
      return CHOOSE_FIRST_STEP;
    case 'playing':
      return rulesets.getFold(state.ruleset).step(state.rules);
    case 'ended':
      return null;
  }
};

/**
 * A step keeps its opening time until a new key opens. The lobby opens with the game and
 * expires after `openFor` (PBM-10); every other step takes its phase's deadline, if any.
 */
export const nextStep = (state: Match, previous: Step | null, at: string, rulesets: Rulesets): Step | null => {
  const current = currentStep(state, rulesets);
  if (!current) return null;
  if (previous && previous.key === current.key) return previous;
  if (state.status === 'lobby') {
    return { ...current, openedAt: state.createdAt, deadline: addDuration(state.createdAt, state.options.openFor ?? DEFAULT_OPEN_FOR) };
  }
  return opened(current, state.options.deadlines, at);
};

/**
 * PERF-3: `nextStep` of a playing game whose ruleset state became `rules`, for the fold's
 * path of a ruleset's event (which changes neither the status nor the options).
 */
export const nextRulesStep = (
  ruleset: AnyRulesetFold,
  rules: unknown,
  options: MatchOptions,
  previous: Step | null,
  at: string,
): Step | null => {
  const current = ruleset.step(rules);
  if (!current) return null;
  if (previous && previous.key === current.key) return previous;
  return opened(current, options.deadlines, at);
};

const opened = (current: { readonly key: string; readonly phase: string }, deadlines: DeadlineOptions, at: string): Step => ({
  key: current.key,
  phase: current.phase,
  openedAt: at,
  deadline: deadlineFor(deadlines, current.phase, at),
});
const deadlineFor = (deadlines: DeadlineOptions, phase: string, openedAt: string): string | null => {
  const duration = deadlines.phases?.[phase] ?? deadlines.default;
  return duration === undefined ? null : addDuration(openedAt, duration);
};
