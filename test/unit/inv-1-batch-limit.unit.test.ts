/**
 * INV-1: a command appends at most MAX_BATCH events (docs/design.md §5: one transaction of at
 * most 100 items). The command path refuses a larger one as a 422 naming the limit, before
 * anything is written; each ruleset's largest command fits under it with room for the
 * lifecycle's own events.
 */
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { MAX_BATCH, refuseTooManyEvents } from '../../functions/app/budget.ts';
import { Problem } from '../../functions/app/problems.ts';

const events = (n: number) => Array.from({ length: n }, (_, i) => ({ seq: i + 1 }) as unknown as EventEnvelope);

describe('INV-1 a command appends at most MAX_BATCH events', () => {
  it('INV-1 the command path takes a batch of MAX_BATCH events and refuses one more as a 422 naming the limit', () => {
    expect(MAX_BATCH).toBe(90);
    expect(() => refuseTooManyEvents(events(MAX_BATCH))).not.toThrow();
    let refusal: unknown;
    try {
      refuseTooManyEvents(events(MAX_BATCH + 1));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(Problem);
    const problem = refusal as Problem;
    expect(problem.status).toBe(422);
    expect(problem.extra).toMatchObject({ code: 'TOO_MANY_EVENTS', rule: 'MATCH' });
    expect(problem.detail).toContain('would record 91 events; one command records at most 90');
  });
});
