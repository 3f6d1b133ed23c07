/**
 * Every rule system the service referees, imported at once: for what needs every referee
 * (the verifier, the documentation, the local runtime, the CLI, scripts and tests). The API
 * and the phase timer on Lambda instead load a game's ruleset when it is first needed
 * (`rulesetCatalogue`, PERF-1). A test checks it holds every id of domain/ruleset-list.ts.
 */

import { type RulesetSource, rulesetsOf } from './catalogue.ts';
import { gsc2 } from './gsc2/ruleset.ts';
import type { AnyRuleset } from './kernel/ruleset.ts';
import { postGalactica } from './post-galactica/ruleset.ts';
import { soluna } from './soluna/ruleset.ts';

export const rulesets: ReadonlyMap<string, AnyRuleset> = new Map<string, AnyRuleset>([
  [postGalactica.id, postGalactica],
  [soluna.id, soluna],
  [gsc2.id, gsc2],
]);

/** A lookup of every ruleset, fold and referee. */
export const everyRuleset = (): RulesetSource => rulesetsOf({ rulesets: rulesets.values() });
