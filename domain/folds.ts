/**
 * Every rule system's fold, by id: what replaying a game's log needs. The functions that
 * only read games import this, not domain/rulesets.ts, so their bundles carry none of the
 * referees' code (PERF-1). Each ruleset in domain/rulesets.ts spreads the fold registered here.
 */

import { gsc2Fold } from './gsc2/fold.ts';
import type { AnyRulesetFold } from './kernel/ruleset.ts';
import { postGalacticaFold } from './post-galactica/fold.ts';
import { solunaFold } from './soluna/fold.ts';

export const folds: ReadonlyMap<string, AnyRulesetFold> = new Map<string, AnyRulesetFold>([
  [postGalacticaFold.id, postGalacticaFold],
  [solunaFold.id, solunaFold],
  [gsc2Fold.id, gsc2Fold],
]);

export const getFold = (id: string): AnyRulesetFold => {
  const fold = folds.get(id);
  if (!fold) throw new Error(`unknown ruleset ${id}`);
  return fold;
};
