/**
 * Every rule system's fold, imported at once: what replaying any game's log needs. The
 * functions that only read games build their lookup from this, not domain/rulesets.ts, so
 * their bundles carry none of the referees' code (PERF-1). It is the one file besides the
 * list that names each ruleset, and cannot be built from it: esbuild writes a chunk for every
 * `import()` in a file it bundles, used or not, so importing the list would put every
 * referee's chunk in these bundles; and the list cannot import the folds, since what the
 * API's handler imports statically is loaded at its cold start. A test checks it holds a
 * fold for every id of domain/ruleset-list.ts.
 */

import { type RulesetSource, rulesetsOf } from './catalogue.ts';
import { gsc2Fold } from './gsc2/fold.ts';
import type { AnyRulesetFold } from './kernel/ruleset.ts';
import { postGalacticaFold } from './post-galactica/fold.ts';
import { solunaFold } from './soluna/fold.ts';

export const folds: ReadonlyMap<string, AnyRulesetFold> = new Map<string, AnyRulesetFold>([
  [postGalacticaFold.id, postGalacticaFold],
  [solunaFold.id, solunaFold],
  [gsc2Fold.id, gsc2Fold],
]);

/** A lookup of every fold and no referee: deciding a command with it throws `RulesetNotLoaded`. */
export const everyFold = (): RulesetSource => rulesetsOf({ folds: folds.values() });
