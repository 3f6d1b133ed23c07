/**
 * VIEW-8: `verify` on a log exported while its game runs. The seed is not revealed yet,
 * so the dice are pending; the chain and the rules are checked all the same: every command
 * is re-decided with the dice the log records, up to a sealed event the export hides.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DieRoll } from '../../domain/kernel/dice.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { redactEvents, viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { outcomeOf } from '../../domain/verify/pending.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { rechain } from '../support/older-rules.ts';

const RULESETS = everyRuleset();

const reference = (id: string) => parseLog(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'logs', `${id}.ndjson`), 'utf8'));

/** The export a seat (or a spectator, null) would download after `upTo` events of the game. */
const runningExport = (log: ParsedLog, atLeast: number, seat: string | null): ParsedLog => {
  // An export ends where a command's batch ends: the log is written a batch at a time.
  let upTo = atLeast;
  while (upTo < log.events.length && log.events[upTo]?.command === undefined) upTo += 1;
  const events = log.events.slice(0, upTo);
  return {
    header: { ...log.header, status: 'playing', seed: null, viewer: seat, state: viewGame(RULESETS, foldGame(RULESETS, events), seat) },
    events: seat === null ? events : redactEvents(events, seat),
  };
};

const outcomes = (log: ParsedLog) =>
  Object.fromEntries(verifyLog(log).map((r) => [r.check, { outcome: outcomeOf(r), verdict: r.verdict }]));

describe('verify on a running game', () => {
  it('VIEW-8 the chain, the rules (with the recorded dice) and the state pass; the seed and the dice are pending', () => {
    const log = reference('gsc2');
    const rolled = log.events.findIndex((e) => findRolls(e.data).length > 0);
    // Past the first rolls, before any sealed orders are hidden: a spectator's export of the complete log so far.
    const running = runningExport(log, rolled + 10, null);
    const result = outcomes(running);
    expect(result.chain?.outcome).toBe('pass');
    expect(result.seed?.outcome).toBe('pending');
    expect(result.dice?.outcome).toBe('pending');
    expect(result.rules).toEqual({
      outcome: 'pass',
      verdict: expect.stringMatching(
        /^rules: \d+ commands re-decided under GSC2 gsc2-[\d.]+ with the dice the log records give exactly the logged events/,
      ),
    });
    expect(result.state?.outcome).toBe('pass');
  });

  it('VIEW-8 a recorded roll that does not give the logged outcome fails the rules check before the seed is revealed', () => {
    const log = reference('post-galactica');
    const index = log.events.findIndex((e) => findRolls(e.data).length > 0);
    const running = runningExport(log, index + 1, null);
    const event = running.events[index] as EventEnvelope;
    const data = structuredClone(event.data) as Record<string, unknown>;
    const { roll } = findRolls(data)[0] as { roll: DieRoll };
    // The face changes, the outcome the log claims stays: the hashes are forged to match.
    (roll as { value: number }).value = (roll.value % roll.sides) + 1;
    const forged = { ...running, events: rechain(running.events.map((e, i) => (i === index ? { ...e, data } : e))) };
    const result = outcomes(forged);
    expect(result.chain?.outcome).toBe('pass');
    expect(result.rules?.outcome).toBe('fail');
    expect(result.rules?.verdict).toMatch(/^rules: line \d+ differs from what the rules decide for the command at line \d+$/);
    // At the roll's event, or at its command's first event when the new face asks the rules for a roll the log lacks.
    const line = verifyLog(forged).find((r) => r.check === 'rules')?.line ?? 0;
    expect(line).toBeGreaterThanOrEqual(2);
    expect(line).toBeLessThanOrEqual(index + 2);
  });

  it("VIEW-8 a seat's export is re-decided up to the other seat's hidden sealed orders; the rest is pending", () => {
    const log = reference('soluna');
    const sealed = log.events.findIndex((e) => e.visibleTo === 'moon');
    const running = runningExport(log, sealed + 6, 'sun');
    const hidden = running.events.findIndex((e) => e.type === 'Sealed' && e.data === null);
    expect(hidden).toBeGreaterThan(0);
    const result = outcomes(running);
    // The sealed event and the public commitment after it (its command id hidden too, REL-11) are checked by their links.
    expect(result.chain).toEqual({
      outcome: 'pass',
      verdict: expect.stringMatching(/^hash chain: intact over \d+ events \([2-9]\d* sealed event\(s\) checked by their links only\)$/),
    });
    expect(result.rules?.outcome).toBe('pending');
    expect(result.rules?.verdict).toMatch(
      /^rules: \d+ commands re-decided .* from line \d+ the log hides sealed orders: pending until the game ends$/,
    );
    expect(result.state?.outcome).toBe('pending');
    expect(Object.values(result).some((r) => r.outcome === 'fail')).toBe(false);
  });

  it('VIEW-8 an ended game without its seed is not pending: it fails', () => {
    const log = reference('soluna');
    const withoutSeed = { ...log, header: { ...log.header, seed: null } };
    const result = outcomes(withoutSeed);
    expect(result.seed?.outcome).toBe('fail');
    expect(result.rules).toEqual({ outcome: 'fail', verdict: 'rules: re-adjudication needs the seed, revealed when the game ends' });
  });
});
