/**
 * What the match lifecycle's decider is given: the command's `ctx`, and the rule systems it
 * reads the game's ruleset from (docs/design.md §14). A ruleset's own decide gets `ctx`
 * without them.
 */
import type { Rulesets } from '../catalogue.ts';
import type { Ctx } from '../kernel/context.ts';

export interface MatchCtx extends Ctx {
  readonly rulesets: Rulesets;
}
