/**
 * INV-1: the command path's last line of defence for a game's size. Each ruleset's limits keep
 * its largest game under `STATE_BUDGET_BYTES` (domain/kernel/budget.ts); should a path through
 * the rules still grow a state past it, the command that would is refused and nothing is
 * written, rather than the game freezing when DynamoDB refuses its snapshot or read model. A
 * command that does not grow the state (a concession, a takeback) is always taken, so a game
 * at its budget can still go on or end. This is the service's storage limit, not a rule of the
 * game: verify's re-decision does not apply it.
 */
import { STATE_BUDGET_BYTES } from '../../domain/kernel/budget.ts';
import type { GameState } from '../../domain/match/state.ts';
import { ruleViolation } from './problems.ts';

export const stateBytes = (state: GameState): number => Buffer.byteLength(JSON.stringify(state), 'utf8');

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

/** Refuse (422 `STATE_TOO_LARGE`) a command whose state after it is over the budget and larger than before it. */
export const refuseOverBudget = (before: GameState, after: GameState): void => {
  const size = stateBytes(after);
  if (size <= STATE_BUDGET_BYTES || size <= stateBytes(before)) return;
  throw ruleViolation({
    code: 'STATE_TOO_LARGE',
    rule: 'MATCH',
    message: `That would grow the game's state to ${kb(size)}; a game holds at most ${kb(STATE_BUDGET_BYTES)} (docs/api.md, "Limits"). Nothing was recorded; a command that does not grow the game, such as Concede, is still taken.`,
  });
};
