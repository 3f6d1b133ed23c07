/**
 * What the match lifecycle's decider is given: the command's `ctx`, and the rule systems it
 * reads the game's ruleset from (docs/design.md §14). A ruleset's own decide gets `ctx`
 * without them.
 */
import type { Rulesets } from '../catalogue.ts';
import type { Ctx } from '../kernel/context.ts';
import type { EventEnvelope } from '../kernel/envelope.ts';
import type { GameState } from './state.ts';

/** TB-2, TB-3: the log after version `after`, up to the state's version: what a far takeback to `after` would undo. */
export interface LogAfter {
  readonly after: number;
  readonly events: readonly EventEnvelope[];
}

/** What a fork's decision is given of its origin (`MatchCtx.origin`). */
export interface ForkOrigin {
  readonly gameId: string;
  /** The origin's state after event `version` of the fork's command. */
  readonly at: GameState;
  /** The origin as it stood when the fork was decided: whether it had ended, what was agreed, who may read it. */
  readonly head: GameState;
}

export interface MatchCtx extends Ctx {
  readonly rulesets: Rulesets;
  /**
   * The rules version to decide under where it is not the game's own (RUL-10): re-adjudication
   * decides a log's creation under the version it names, and PBM-14 asks whether the served
   * version decides an older game's log the same. Absent in play, where a new game takes the
   * newest version and every other command is decided under the game's.
   */
  readonly rulesVersion?: string;
  /**
   * TB-2, TB-3: the log after the version a far takeback names (`ProposeTakeback`,
   * `CorrectGame`; `undoneVersion` says which), given by whoever holds the log: the command
   * path reads it from the store, verify and the tests slice their log. Absent for any other command.
   */
  readonly undone?: LogAfter;
  /** TB-6: a fork's origin, for its `ForkGame`: the service loads it, `arbiter verify --origin` folds it from the origin's log. */
  readonly origin?: ForkOrigin;
}
