/**
 * What the match lifecycle's decider is given: the command's `ctx`, and the rule systems it
 * reads the game's ruleset from (docs/design.md §14). A ruleset's own decide gets `ctx`
 * without them.
 */
import type { Rulesets } from '../catalogue.ts';
import type { Ctx } from '../kernel/context.ts';
import type { ForkOrigin } from './fork.ts';

export interface MatchCtx extends Ctx {
  readonly rulesets: Rulesets;
  /**
   * The rules version to decide under where it is not the game's own (RUL-10): re-adjudication
   * decides a log's creation under the version it names, and PBM-14 asks whether the served
   * version decides an older game's log the same. Absent in play, where a new game takes the
   * newest version and every other command is decided under the game's.
   */
  readonly rulesVersion?: string;
  /** TB-6: a fork's origin, for its `ForkGame`: the service loads it, `arbiter verify --origin` folds it from the origin's log. */
  readonly origin?: ForkOrigin;
}
