/**
 * INV-1: the command path's last line of defence for a game's size. Each ruleset's limits keep
 * its largest game under `STATE_BUDGET_BYTES` (domain/kernel/budget.ts); should a path through
 * the rules still grow a state past it, the command that would is refused and nothing is
 * written, rather than the game freezing when DynamoDB refuses its snapshot or read model. A
 * command that does not grow the state (a concession, a takeback) is always taken, so a game
 * at its budget can still go on or end. This is the service's storage limit, not a rule of the
 * game: verify's re-decision does not apply it.
 */
import { DYNAMODB_ITEM_LIMIT_BYTES, STATE_BUDGET_BYTES } from '../../../domain/kernel/budget.ts';
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import type { GameState } from '../../../domain/match/state.ts';
import { ruleViolation } from '../../kernel/problems.ts';

/** How much of DynamoDB's item an ending state may fill. */
const ENDING_MARGIN = 0.75;

export const stateBytes = (state: GameState): number => Buffer.byteLength(JSON.stringify(state), 'utf8');

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

/** Refuse (422 `STATE_TOO_LARGE`) a command whose state after it is over the budget and larger than before it. */
export const refuseOverBudget = (before: GameState, after: GameState): void => {
  const size = stateBytes(after);
  if (size <= STATE_BUDGET_BYTES || size <= stateBytes(before)) return;
  // A command that ends the game is taken while its state still fits an item with room to spare:
  // the budget's margin is there so that a game at its budget can always end (Concede).
  if (after.status === 'ended' && size <= ENDING_MARGIN * DYNAMODB_ITEM_LIMIT_BYTES) return;
  throw ruleViolation({
    code: 'STATE_TOO_LARGE',
    rule: 'MATCH',
    message: `That would grow the game's state to ${kb(size)}; a game holds at most ${kb(STATE_BUDGET_BYTES)} (docs/api.md, "Limits"). Nothing was recorded; a command that does not grow the game, such as Concede, is still taken.`,
  });
};

/**
 * INV-1: the most events one command may append (docs/design.md §5). A command's events are
 * written in one DynamoDB transaction of at most 100 items, so a batch of more than
 * `SINGLE_EVENT_ITEMS` events is written with its first event as an item of its own and the
 * rest packed in runs (`packEvents`, functions/adapters/event-codec.ts): the largest GSC2 beams
 * reveal (about 470 events) is one transaction all the same. This is the bound on that: each
 * ruleset's limits keep its largest command far under it, the stores refuse a larger batch,
 * and the command path refuses the command before that, so nothing is written.
 */
export const MAX_BATCH = 1000;

/** What either store throws for a batch of more than `MAX_BATCH` events: a fault, not a version conflict. */
export class BatchTooLargeError extends Error {
  constructor(readonly events: number) {
    super(`A batch of ${events} events is more than one command may append (MAX_BATCH, ${MAX_BATCH}); nothing was written.`);
    this.name = 'BatchTooLargeError';
  }
}

/** The stores' own check, before anything is written. */
export const assertBatchFits = (events: readonly EventEnvelope[]): void => {
  if (events.length > MAX_BATCH) throw new BatchTooLargeError(events.length);
};

/** Refuse (422 `TOO_MANY_EVENTS`) a command that would append more than `MAX_BATCH` events: refused, never a 500 on every retry. */
export const refuseTooManyEvents = (events: readonly EventEnvelope[]): void => {
  if (events.length <= MAX_BATCH) return;
  throw ruleViolation({
    code: 'TOO_MANY_EVENTS',
    rule: 'MATCH',
    message: `That command would record ${events.length} events; one command records at most ${MAX_BATCH} (MAX_BATCH, docs/design.md §5). Nothing was recorded.`,
  });
};
