import { describe, expect, it } from 'vitest';
import { type EventEnvelope, envelopeHash } from '../../domain/kernel/envelope.ts';
import { rulesets } from '../../domain/rulesets.ts';
import { explainEvent } from '../../domain/verify/explain.ts';
import { type ParsedLog, parseLog, serializeLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { finishedMatch, Recorder } from '../support/finished-games.ts';

const failures = (log: ParsedLog) => verifyLog(log).filter((r) => !r.ok);

describe('verify accepts untouched logs of finished matches', () => {
  it.each([...rulesets.keys()])('%s', (ruleset) => {
    const log = finishedMatch(ruleset);
    expect(log.header.status).toBe('ended');
    const results = verifyLog(parseLog(serializeLog(log.header, log.events)));
    expect(results.map((r) => [r.check, r.ok])).toEqual([
      ['chain', true],
      ['seed', true],
      ['dice', true],
      ['rules', true],
      ['state', true],
    ]);
    expect(results.find((r) => r.check === 'dice')?.verdict).toMatch(/^dice: all [1-9]\d* rolls are the ones the seed gives$/);
  });
});

describe('verify and rules versions', () => {
  it('refuses to re-adjudicate a log recorded under another rules version, and says which it needs', () => {
    const log = finishedMatch('post-galactica', 3);
    const older = { ...log, header: { ...log.header, rulesVersion: 'pg-0.0.1' } };
    const rules = verifyLog(older).find((r) => r.check === 'rules');
    expect(rules).toMatchObject({ ok: false, line: 1 });
    expect(rules?.verdict).toBe(
      `rules: this log needs Post Galactica rules version pg-0.0.1, but this verifier implements ${rulesets.get('post-galactica')?.rulesVersion}; re-adjudication refused`,
    );
  });

  it('cannot check dice or rules of a running game: the seed is not revealed yet', () => {
    const game = new Recorder('g_running');
    game.give({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' }, { kind: 'player', playerId: 'p1', seat: null });
    const results = verifyLog(game.log());
    expect(results.filter((r) => !r.ok).map((r) => r.check)).toEqual(['seed', 'dice', 'rules']);
    expect(results.find((r) => r.check === 'chain')?.ok).toBe(true);
  });
});

describe('explaining a roll', () => {
  it('says what was rolled, against what, with which modifiers and rules', () => {
    const log = finishedMatch('post-galactica', 1);
    const rolled = log.events.find((e: EventEnvelope) => e.type === 'RolledOff') as EventEnvelope;
    const lines = explainEvent(rolled);
    expect(lines[0]).toBe(`Event ${rolled.seq} (RolledOff) by player:p_two at ${rolled.at}:`);
    expect(lines[1]).toMatch(/^ {2}Roll 1 \[PG-5\]: roll-off: red\. Rolled [1-6] on a d6; no modifiers\. \(draw \d+:0\)$/);
  });

  it('spells out target modifiers of roll-under rules', () => {
    const event = {
      seq: 9,
      type: 'BeamFired',
      actor: 'red',
      at: '2026-01-01T00:00:00.000Z',
      data: {
        roll: {
          purpose: 'to hit: Lance battery vs Corsair',
          sides: 10,
          value: 7,
          draw: { seq: 9, index: 0 },
          modifiers: [{ applies: 'target', value: 2, rule: 'GSC-15', reason: 'the target did not move' }],
          total: 7,
          target: 5,
          effectiveTarget: 7,
          compare: 'atMost',
          success: true,
          rule: 'GSC-15',
        },
      },
    } as unknown as EventEnvelope;
    expect(explainEvent(event)[1]).toBe(
      '  Roll 1 [GSC-15]: to hit: Lance battery vs Corsair. Rolled 7 on a d10; +2 to the target for the target did not move (GSC-15). It needed 7 or less (target 5, adjusted to 7): success. (draw 9:0)',
    );
  });
});

describe('the log format', () => {
  it('names the line that is not JSON', () => {
    expect(() => parseLog('{"format":"arbiter-log/1"}\n{"seq":1,"type":"A"}\nnot json\n')).toThrow('line 3: is not JSON');
  });
  it('keeps the hashes of a round trip through NDJSON', () => {
    const log = finishedMatch('post-galactica', 2);
    const again = parseLog(serializeLog(log.header, log.events));
    expect(again.events.every((e) => envelopeHash(e) === e.hash)).toBe(true);
    expect(failures(again)).toEqual([]);
  });
});
