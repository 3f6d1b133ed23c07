/**
 * Every rule system's fold, by id, all loaded at once: what replaying any game's log needs.
 * The functions that only read games import this, not domain/rulesets.ts, so their bundles
 * carry none of the referees' code (PERF-1). Importing it also makes the folds available to
 * the match lifecycle (domain/registry.ts).
 */

import { gsc2Fold } from './gsc2/fold.ts';
import type { AnyRulesetFold } from './kernel/ruleset.ts';
import { postGalacticaFold } from './post-galactica/fold.ts';
import { useFolds } from './registry.ts';
import { solunaFold } from './soluna/fold.ts';

export const folds: ReadonlyMap<string, AnyRulesetFold> = new Map<string, AnyRulesetFold>([
  [postGalacticaFold.id, postGalacticaFold],
  [solunaFold.id, solunaFold],
  [gsc2Fold.id, gsc2Fold],
]);

useFolds(folds.values());

export { getFold } from './registry.ts';
