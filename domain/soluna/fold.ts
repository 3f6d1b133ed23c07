/**
 * Sol'una's fold: its state and how each event changes it, what the state shows, and
 * who the ruleset is. Replaying a log needs only this; the referee is in ruleset.ts.
 */
import type { RulesetFold } from '../kernel/ruleset.ts';
import { SOL_EVENT_TYPES, type SolEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { SEATS } from './mission.ts';
import type { SolOptions } from './options.ts';
import { initialState, type SolState } from './state.ts';
import { awaiting, PHASE_NAMES, step, view } from './view.ts';

export const solunaFold: RulesetFold<SolState, SolEvent, SolOptions> = {
  id: 'soluna',
  title: "Sol'una",
  rulesVersion: 'sol-0.4.0',
  // RUL-10: every version this build decides, oldest first; the newest last, as rulesVersion.
  rulesVersions: ['sol-0.1.0', 'sol-0.2.0', 'sol-0.3.0', 'sol-0.4.0'],
  labelledKeysSince: 'sol-0.2.0',
  matchBoundsSince: 'sol-0.4.0',
  commandsSince: { agreements: 'sol-0.3.0', takebacks: 'sol-0.3.0' },
  summary: 'Ten simultaneous phases a turn; Mind decides when a model acts; sealed choices revealed together.',
  seatNames: SEATS,
  phaseNames: PHASE_NAMES,
  // The text names no first player. The match layer's roll-off still records one, but
  // every phase is simultaneous (SOL-3, SOL-4), so in Sol'una it decides nothing.
  firstPlayerRule: 'MATCH',
  initialState,
  evolve,
  view,
  awaiting,
  step,
  revealTypes: ['ActionsRevealed'],
  sealedBy: (state) => Object.keys(state.sealed),
  eventTypes: SOL_EVENT_TYPES,
};
