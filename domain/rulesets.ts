/**
 * Every rule system the service referees, by id, all loaded at once: for what needs every
 * referee (the verifier, the documentation, the local runtime, scripts). Importing this file
 * also makes them all available to the match lifecycle (domain/registry.ts); the API and the
 * phase timer on Lambda instead load a game's ruleset when it is first needed (PERF-1).
 */

import './folds.ts';
import { gsc2 } from './gsc2/ruleset.ts';
import type { AnyRuleset } from './kernel/ruleset.ts';
import { postGalactica } from './post-galactica/ruleset.ts';
import { useRulesets } from './registry.ts';
import { soluna } from './soluna/ruleset.ts';

export const rulesets: ReadonlyMap<string, AnyRuleset> = new Map<string, AnyRuleset>([
  [postGalactica.id, postGalactica],
  [soluna.id, soluna],
  [gsc2.id, gsc2],
]);

useRulesets(rulesets.values());

export { findRuleset, getRuleset } from './registry.ts';
