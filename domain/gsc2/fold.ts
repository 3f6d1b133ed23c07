/**
 * GSC2 starship combat's fold: its state and how each event changes it, what the state shows, and
 * who the ruleset is. Replaying a log needs only this; the referee is in ruleset.ts.
 */
import type { RulesetFold } from '../kernel/ruleset.ts';
import { GSC_EVENT_TYPES, type GscEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { type GscOptions, SEATS } from './options.ts';
import { type GscState, initialState, STEPS } from './state.ts';
import { awaiting, step, view } from './view.ts';

export const gsc2Fold: RulesetFold<GscState, GscEvent, GscOptions> = {
  id: 'gsc2',
  title: 'GSC2',
  rulesVersion: 'gsc2-0.8.0',
  // RUL-10: every version this build decides, oldest first; the newest last, as rulesVersion.
  // gsc2-0.5.0's readings switch on the version a game began under (options.ts `readingsOf`).
  rulesVersions: ['gsc2-0.1.0', 'gsc2-0.2.0', 'gsc2-0.3.0', 'gsc2-0.4.0', 'gsc2-0.5.0', 'gsc2-0.6.0', 'gsc2-0.7.0', 'gsc2-0.8.0'],
  labelledKeysSince: 'gsc2-0.2.0',
  matchBoundsSince: 'gsc2-0.8.0',
  commandsSince: { agreements: 'gsc2-0.3.0', takebacks: 'gsc2-0.5.0' },
  summary: 'Starship combat: alternating movement, sealed missile, beam and boarding orders, system damage and repairs.',
  seatNames: SEATS,
  phaseNames: STEPS,
  // the sheet does not say how the first player is found: the match's roll-off decides, and GSC-3 uses it on equal fleets
  firstPlayerRule: 'GSC-3',
  initialState,
  evolve,
  view,
  awaiting,
  step,
  revealTypes: ['OrdersRevealed'],
  sealedBy: (state) => Object.keys(state.sealed),
  eventTypes: GSC_EVENT_TYPES,
};
