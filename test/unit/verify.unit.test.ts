import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { playLongGame } from '../../bench/support/long-game.ts';
import type { DieRoll } from '../../domain/kernel/dice.ts';
import { type EventEnvelope, envelopeHash } from '../../domain/kernel/envelope.ts';
import { canonicalJson, sha256Hex } from '../../domain/kernel/hash.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import { isMatchEvent } from '../../domain/match/events.ts';
import { everyRuleset, rulesets } from '../../domain/rulesets.ts';
import { explainEvent } from '../../domain/verify/explain.ts';
import { LogFold } from '../../domain/verify/fold.ts';
import { type ParsedLog, parseLog, serializeLog } from '../../domain/verify/log.ts';
import { type CheckResult, checkRules, checkState, verifyLog } from '../../domain/verify/verify.ts';
import { finishedMatch, REFERENCE_MATCHES, Recorder } from '../support/finished-games.ts';

const RULESETS = everyRuleset();

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

/** The committed reference log of a rule system: what the rules-version test re-adjudicates. */
const reference = (id: string) => parseLog(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'logs', `${id}.ndjson`), 'utf8'));
const dataOf = <T>(log: ParsedLog, type: string): T[] => log.events.filter((e) => e.type === type).map((e) => e.data as T);
const commandsOf = (log: ParsedLog, type: string) => log.events.filter((e) => (e.command as { type?: string } | undefined)?.type === type);
const rolledCount = (log: ParsedLog) =>
  Number(/^dice: all (\d+) rolls/.exec(verifyLog(log).find((r) => r.check === 'dice')?.verdict ?? '')?.[1]);
type Roll = { roll: DieRoll };

describe('the reference matches play the heart of each rule system, and verify accepts them', () => {
  it.each(['soluna', 'gsc2', 'post-galactica-battle'])('%s: the committed reference log passes all five checks, with many rolls', (id) => {
    const log = reference(id);
    expect(log.header.status).toBe('ended');
    expect(failures(log)).toEqual([]);
    expect(rolledCount(log)).toBeGreaterThanOrEqual(10);
    expect(rolledCount(log)).toBe(log.events.flatMap((e) => findRolls(e.data)).length);
  });

  it.each(['soluna', 'gsc2', 'post-galactica-battle'])(
    '%s: the script still plays a match through the current rules that ends and verifies',
    (id) => {
      const log = REFERENCE_MATCHES[id]?.() as ParsedLog;
      expect(log.header.status).toBe('ended');
      expect(failures(parseLog(serializeLog(log.header, log.events)))).toEqual([]);
    },
  );

  it("Sol'una: both seats seal (one re-seals) and reveal, models move, attacks hit and miss, powers, a deferral, Mind lost to injuries, a missed deadline, a slain leader", () => {
    const log = reference('soluna');
    expect(dataOf(log, 'TurnStarted').length).toBeGreaterThanOrEqual(3);
    const sealed = dataOf<{ turn: number; phase: number; seat: string }>(log, 'ActionsSealed');
    expect(new Set(sealed.map((s) => s.seat))).toEqual(new Set(['sun', 'moon']));
    expect(sealed.some((s, i) => sealed.findIndex((o) => o.turn === s.turn && o.phase === s.phase && o.seat === s.seat) !== i)).toBe(true);
    expect(dataOf(log, 'ActionsRevealed')).toHaveLength(dataOf(log, 'PhaseEnded').length);
    expect(dataOf(log, 'ModelMoved').length).toBeGreaterThanOrEqual(10);

    const attacks = dataOf<Roll & { damage: number }>(log, 'AttackResolved');
    expect(attacks.length).toBeGreaterThanOrEqual(8);
    for (const { roll, damage } of attacks) {
      expect(roll).toMatchObject({ sides: 6, compare: 'atLeast', rule: 'SOL-4' });
      expect(roll.success).toBe(roll.value >= (roll.target ?? Number.NaN));
      expect(damage > 0).toBe(roll.success);
    }
    expect(attacks.filter((a) => a.roll.success).length).toBeGreaterThanOrEqual(2);
    expect(attacks.filter((a) => !a.roll.success).length).toBeGreaterThanOrEqual(2);
    expect(dataOf<{ kind: string }>(log, 'PowerUsed').map((p) => p.kind)).toContain('psionic');

    // SOL-5: the deferring model acts in a later phase, and no longer defers there
    const [deferred] = dataOf<{ model: string }>(log, 'ActivationDeferred');
    const at = log.events.findIndex((e) => e.type === 'ActivationDeferred');
    const later = log.events.slice(at + 1).find((e) => e.type === 'ActionsRevealed') as EventEnvelope;
    const orders = (later.data as { orders: { actions: { model: string; action: { kind: string } }[] }[] }).orders;
    expect(orders.flatMap((o) => o.actions).find((a) => a.model === deferred?.model)?.action.kind).not.toBe('defer');

    // SOL-9: injuries lower Mind
    const ended = dataOf<{ injuries: { damage: number }[]; minds: { from: number; to: number }[] }>(log, 'PhaseEnded');
    expect(ended.filter((p) => p.injuries.some((i) => i.damage > 0) && p.minds.some((m) => m.to < m.from)).length).toBeGreaterThanOrEqual(
      2,
    );

    // SOL-4: one missed deadline; the seat's choice counted as none
    const passed = log.events.findIndex((e) => e.type === 'DeadlinePassed');
    expect(dataOf(log, 'DeadlinePassed')).toHaveLength(1);
    const missed = ((log.events[passed + 1] as EventEnvelope).data as { orders: { missed?: string }[] }).orders;
    expect(missed.map((o) => o.missed)).toContain('none');

    expect(dataOf(log, 'GameEnded')).toEqual([
      { winner: expect.any(String), reason: expect.stringMatching(/leader was slain/), rule: 'SOL-8' },
    ]);
  });

  it('GSC2: the GSC-3 alternation, missiles and MDS, beams that hit and miss, shields, armor rolls, system damage, repairs, a missed deadline, a fleet destroyed', () => {
    const log = reference('gsc2');
    expect(dataOf(log, 'TurnStarted').length).toBeGreaterThanOrEqual(3);
    expect(new Set(dataOf<{ mode: string }>(log, 'MoverChanged').map((m) => m.mode))).toEqual(new Set(['free', 'match', 'equalize']));
    expect(commandsOf(log, 'EndMoves').length).toBeGreaterThanOrEqual(1);
    expect(dataOf(log, 'ShipMoved').length).toBeGreaterThanOrEqual(8);
    expect(dataOf(log, 'OrdersRevealed').length).toBeGreaterThanOrEqual(6);

    expect(dataOf(log, 'MissilesLaunched').length).toBeGreaterThanOrEqual(2);
    expect(dataOf(log, 'InitiativeRolled').length).toBeGreaterThanOrEqual(1);
    expect(dataOf(log, 'MissileAttacked').length).toBeGreaterThanOrEqual(1);
    expect(dataOf<{ killed: boolean }>(log, 'MdsFired').some((m) => m.killed)).toBe(true);

    const beams = dataOf<Roll & { hit: boolean }>(log, 'BeamFired');
    for (const { roll, hit } of beams) {
      expect(roll).toMatchObject({ sides: 10, compare: 'atMost', rule: 'GSC-15' });
      expect(hit).toBe(roll.value <= (roll.effectiveTarget ?? Number.NaN));
    }
    expect(beams.filter((b) => b.hit).length).toBeGreaterThanOrEqual(5);
    expect(beams.filter((b) => !b.hit).length).toBeGreaterThanOrEqual(5);

    type Damage = { absorbed: number; hull: number; armor: DieRoll | null; system: { ref: string } | null };
    const damage = dataOf<Damage>(log, 'DamageInflicted');
    expect(damage.some((d) => d.absorbed > 0)).toBe(true);
    expect(damage.some((d) => d.armor?.success === true)).toBe(true);
    expect(damage.some((d) => d.armor?.success === false)).toBe(true);
    expect(damage.filter((d) => d.system !== null).length).toBeGreaterThanOrEqual(3);
    expect(damage.some((d) => d.system?.ref.startsWith('battery:'))).toBe(true);

    const repairs = dataOf<Roll & { repaired: boolean }>(log, 'RepairAttempted');
    expect(repairs.length).toBeGreaterThanOrEqual(3);
    expect(repairs.some((r) => r.repaired)).toBe(true);
    expect(repairs.some((r) => !r.repaired)).toBe(true);

    // a missed movement deadline: the awaited seat's ships stay where they are
    const passed = log.events.findIndex((e) => e.type === 'DeadlinePassed');
    expect(dataOf(log, 'DeadlinePassed')).toHaveLength(1);
    expect(log.events[passed + 1]).toMatchObject({ type: 'ShipStayed', data: { reason: 'the movement deadline passed' } });

    expect(dataOf(log, 'ShipDestroyed').length).toBeGreaterThanOrEqual(1);
    expect(dataOf(log, 'GameEnded')).toEqual([
      { winner: expect.any(String), reason: expect.stringMatching(/holds the field/), rule: 'GSC-23' },
    ]);
  });
});

describe('verify and rules versions', () => {
  it('refuses to re-adjudicate a log recorded under another rules version, and says which it needs', () => {
    const log = finishedMatch('post-galactica', 3);
    const older = { ...log, header: { ...log.header, rulesVersion: 'pg-0.0.1' } };
    const rules = verifyLog(older).find((r) => r.check === 'rules');
    expect(rules).toMatchObject({ ok: false, line: 1 });
    expect(rules?.verdict).toBe(
      `rules: this log needs Post Galactica rules version pg-0.0.1, but this verifier implements ${rulesets
        .get('post-galactica')
        ?.rulesVersions.join(', ')
        .replace(/, ([^,]*)$/, ' and $1')}; re-adjudication refused`,
    );
  });

  it('VIEW-8 cannot check the seed or the dice of a running game, but re-decides its rules with the recorded dice', () => {
    const game = new Recorder('g_running');
    game.give({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' }, { kind: 'player', playerId: 'p1', seat: null });
    const results = verifyLog(game.log());
    expect(results.filter((r) => !r.ok).map((r) => r.check)).toEqual(['seed', 'dice']);
    expect(results.find((r) => r.check === 'rules')?.verdict).toMatch(/^rules: 1 commands re-decided .* with the dice the log records/);
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

describe('PERF-4 one fold of the log, shared by the checks', () => {
  const long = () => playLongGame(1_200);
  /** How many times the rules fold a ruleset event while `work` runs: each call of the ruleset's evolve through the fold registry. */
  const evolveCalls = (ruleset: string, work: () => void): number => {
    const spy = vi.spyOn(RULESETS.getFold(ruleset), 'evolve');
    try {
      work();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  };
  // The ruleset's own events, and (INV-10) the match's GameEnded, which its state folds too.
  const rulesetEvents = (log: ParsedLog) => log.events.filter((e) => !isMatchEvent(e) || e.type === 'GameEnded').length;

  it('PERF-4 verifyLog folds each event once: the shared fold folds the log exactly once, and the ruleset folds each of its events once', () => {
    const log = long();
    const fold = new LogFold(log.events, RULESETS);
    let results: CheckResult[] = [];
    const calls = evolveCalls('soluna', () => {
      results = verifyLog(log, { fold });
    });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(fold.folded).toBe(log.events.length);
    expect(calls).toBe(rulesetEvents(log));
    // the checks on their own each fold the whole log: two folds where verifyLog makes one
    expect(evolveCalls('soluna', () => [checkRules(log), checkState(log)])).toBe(2 * rulesetEvents(log));
  });

  it('PERF-4 when the rules check stops at a divergence, the state check folds on from there, and its verdict is the one of a fold of its own', () => {
    const log = long();
    const at = log.events.findIndex((e, i) => i > 300 && e.type === 'AttackResolved');
    const tampered = {
      ...log,
      events: log.events.map((e, i) => (i === at ? { ...e, data: { ...(e.data as object), hit: !(e.data as { hit: boolean }).hit } } : e)),
    };
    const fold = new LogFold(tampered.events, RULESETS);
    const results = verifyLog(tampered, { fold });
    expect(results.find((r) => r.check === 'rules')).toMatchObject({ ok: false, line: at + 2 });
    expect(results.find((r) => r.check === 'state')).toEqual(checkState(tampered));
    expect(fold.folded).toBe(log.events.length);
  });

  it('PERF-4 the fold only moves forward and names a log that does not fold, at every later call', () => {
    const log = reference('soluna');
    const fold = new LogFold(log.events, RULESETS);
    expect(fold.before(10).status).toBe('playing');
    expect(() => fold.before(5)).toThrow(RangeError);
    const broken = new LogFold(
      log.events.map((e, i) => (i === 40 ? { ...e, data: null } : e)),
      RULESETS,
    );
    expect(() => broken.final).toThrow(/^event 41: /);
    expect(() => broken.before(100)).toThrow(/^event 41: /);
    expect(checkState({ ...log, events: broken.events }).verdict).toMatch(/^state: the log does not fold: event 41: /);
  });
});

describe('PERF-4 canonical JSON, written faster, is byte for byte what canonicalize writes', () => {
  it('PERF-4 over every envelope, command and view of the reference matches and the long game', () => {
    const logs = [reference('post-galactica'), reference('soluna'), reference('gsc2'), playLongGame(600)];
    for (const log of logs) {
      for (const event of log.events) {
        expect(canonicalJson(event)).toBe(canonicalize(event));
        const { hash: _hash, ...unsealed } = event;
        expect(envelopeHash(event)).toBe(sha256Hex(canonicalize(unsealed) as string));
      }
      expect(canonicalJson(log.header)).toBe(canonicalize(log.header));
    }
  });

  it('PERF-4 over arbitrary JSON, with escapes, surrogates (paired and lone), unicode keys, -0 and large and small numbers', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'é', '"', '\\', '\n', '\u0001', '\u007f', '\u2028', '😀', '\ud800', '\udc00', 'z'),
    });
    const value = fc.letrec((tie) => ({
      json: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.boolean(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer(),
        text,
        fc.array(tie('json')),
        fc.dictionary(text, tie('json')),
      ),
    })).json;
    fc.assert(
      fc.property(value, (v) => {
        let expected: string | Error;
        try {
          expected = canonicalize(v) as string;
        } catch (error) {
          expected = error as Error;
        }
        if (expected instanceof Error) expect(() => canonicalJson(v)).toThrow(expected.message);
        else expect(canonicalJson(v)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('PERF-4 what is not plain JSON is written as canonicalize writes it, or refused as it refuses it', () => {
    const sparse: unknown[] = new Array(2);
    sparse[1] = 1;
    const odd: unknown[] = [
      sparse,
      [undefined, 1],
      { a: undefined, b: 1 },
      { at: new Date('2026-01-01T00:00:00Z') },
      { f: () => 1 },
      -0,
      1e21,
      5e-7,
    ];
    for (const v of odd) expect(canonicalJson(v)).toBe(canonicalize(v));
    expect(() => canonicalJson({ n: Number.NaN })).toThrow('NaN is not allowed');
    expect(() => canonicalJson([Number.POSITIVE_INFINITY])).toThrow('Infinity is not allowed');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => canonicalJson(cycle)).toThrow('Circular reference detected');
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
  });
});
