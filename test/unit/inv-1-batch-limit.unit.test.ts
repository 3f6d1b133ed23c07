/**
 * INV-1: a command appends at most MAX_BATCH events (docs/design.md §5: one transaction, a large
 * batch's events packed in runs so the transaction's 100 items hold them). The command path
 * refuses a larger one as a 422 naming the limit, before anything is written; each ruleset's
 * largest command fits far under it with room for the lifecycle's own events.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../domain/gsc2/decide.ts';
import { MAX_BEAMS_REVEAL_EVENTS } from '../../domain/gsc2/limits.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { decide as decideSoluna } from '../../domain/soluna/decide.ts';
import { SOL_LIMITS } from '../../domain/soluna/limits.ts';
import { SINGLE_EVENT_ITEMS } from '../../functions/adapters/event-codec.ts';
import { MAX_BATCH, refuseTooManyEvents } from '../../functions/games/app/budget.ts';
import { Problem } from '../../functions/kernel/problems.ts';
import { slowestGsc2Command } from '../../scenarios/largest-gsc2.ts';
import { costlyPostGalacticaCommands } from '../../scenarios/largest-post-galactica.ts';
import { slowestSolunaCommand } from '../../scenarios/largest-soluna.ts';

const events = (n: number) => Array.from({ length: n }, (_, i) => ({ seq: i + 1 }) as unknown as EventEnvelope);

describe('INV-1 a command appends at most MAX_BATCH events', () => {
  it('INV-1 the command path takes a batch of MAX_BATCH events and refuses one more as a 422 naming the limit', () => {
    expect(MAX_BATCH).toBe(1000);
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
    expect(problem.detail).toContain('would record 1001 events; one command records at most 1000');
  });
});

describe('INV-1 the largest commands of each ruleset, counted through the decider', () => {
  it('INV-1 GSC2 the largest beams reveal records MAX_BEAMS_REVEAL_EVENTS (468): more than one item each fits a transaction, so they are packed (event-codec.ts), and far under MAX_BATCH', () => {
    const { state, command, rc } = slowestGsc2Command();
    const decision = decide(state, command, rc);
    if (!decision.ok) throw new Error(decision.violation.message);
    const count = (type: string) => decision.events.filter((e) => e.type === type).length;
    expect(decision.events).toHaveLength(MAX_BEAMS_REVEAL_EVENTS);
    expect(MAX_BEAMS_REVEAL_EVENTS).toBe(468);
    expect([count('BeamFired'), count('DamageInflicted'), count('ShipDestroyed'), count('GameEnded')]).toEqual([64, 384, 16, 1]);
    expect(decision.events.length).toBeGreaterThan(SINGLE_EVENT_ITEMS);
    expect(() => refuseTooManyEvents(decision.events as unknown as EventEnvelope[])).not.toThrow();
  });

  it('INV-1 Post Galactica the costliest commands each record fewer than MAX_BATCH events', () => {
    const counts = costlyPostGalacticaCommands().map((c) => {
      const d = c.decide();
      return [c.name, d.ok ? d.events.length : d.violation.code];
    });
    expect(counts).toEqual([
      ['Deploy auto of the largest army', 2],
      ['Deploy auto in a zone walled by terrain (refused)', 'ZONE_FULL'],
      ['RangedAttack with 4 weapons of 60 dice', 4],
      ['Move of 50 waypoints', 1],
      ['Move of 50 waypoints set off by 4 units on Overwatch', 9],
    ]);
  });

  it("INV-1 Sol'una the largest reveal (every model of both full warbands moving) records 25 events, under MAX_BATCH", () => {
    const { state, command, rc } = slowestSolunaCommand();
    const decision = decideSoluna(state, command, rc);
    if (!decision.ok) throw new Error(decision.violation.message);
    expect(decision.events.filter((e) => e.type === 'ModelMoved')).toHaveLength(2 * SOL_LIMITS.warband);
    expect(decision.events).toHaveLength(25);
  });
});
