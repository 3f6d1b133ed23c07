/**
 * Every rule system's fold, imported at once: what replaying any game's log needs. The
 * functions that only read games build their lookup from this, not domain/rulesets.ts, so
 * their bundles carry none of the referees' code (PERF-1). A test checks it holds a fold for
 * every id of domain/ruleset-list.ts (it does not import the list, whose loaders would bring every referee's chunk).
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
