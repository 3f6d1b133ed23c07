/**
 * Every rule system the service referees, loaded at once: for what needs every referee (the
 * verifier, the documentation, the local runtime, the CLI, scripts and tests). Built from the
 * list (domain/ruleset-list.ts), so a new ruleset is not added here: this module awaits every
 * entry's `load()` before its importers run (an ES module's top-level `await`), and they use
 * `rulesets` synchronously. The API and the phase timer on Lambda instead load a game's
 * ruleset when it is first needed (`rulesetCatalogue`, PERF-1).
 */

import { type RulesetSource, rulesetsOf } from './catalogue.ts';
import type { AnyRuleset } from './kernel/ruleset.ts';
import { rulesetList } from './ruleset-list.ts';

const loaded: readonly AnyRuleset[] = await Promise.all(rulesetList.map((entry) => entry.load()));

/** Every ruleset by its own id, in the list's order. */
export const rulesets: ReadonlyMap<string, AnyRuleset> = new Map(loaded.map((ruleset) => [ruleset.id, ruleset]));

/** A lookup of every ruleset, fold and referee. */
export const everyRuleset = (): RulesetSource => rulesetsOf({ rulesets: rulesets.values() });
