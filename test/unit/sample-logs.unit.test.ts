/**
 * DOC-7: sample data to try. The committed Post Galactica battle log shows real play, and
 * docs/disputes.md names, for each reference log, an event whose rolls `arbiter replay
 * --explain` explains: the table is read from the doc and each row checked against its log.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DieRoll } from '../../domain/kernel/dice.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import type { PgState } from '../../domain/post-galactica/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { actingSeat, actorWords, gameBefore } from '../../render/actor.ts';
import { replay } from '../../tools/arbiter-cli/src/commands.ts';

const RULESETS = everyRuleset();
const root = join(import.meta.dirname, '..', '..');
const logs = join(root, 'test', 'fixtures', 'logs');
const logFile = (name: string) => join(logs, `${name}.ndjson`);
const reference = (name: string): ParsedLog => parseLog(readFileSync(logFile(name), 'utf8'));
const doc = readFileSync(join(root, 'docs', 'disputes.md'), 'utf8');

/** What `arbiter replay <file> --explain <seq>` prints: the command's own code, its output captured. */
const explain = (file: string, seq: number): string[] => {
  const written: string[] = [];
  expect(replay(file, { explain: String(seq) }, (text) => written.push(text))).toBe(0);
  return written.join('').trimEnd().split('\n');
};

type Row = { log: string; seq: number; rule: string; why: string };

/** The rows of the "Sample logs to try" table: | `log` | seq | rule | why |. */
const sampleRows = (): Row[] => {
  const section = doc.slice(doc.indexOf('## Sample logs to try'));
  return [...section.matchAll(/^\| `([a-z0-9-]+)` \| (\d+) \| ([A-Z0-9]+-\d+) \| (.+) \|$/gm)].map(([, log, seq, rule, why]) => ({
    log: log as string,
    seq: Number(seq),
    rule: rule as string,
    why: why as string,
  }));
};

describe('DOC-7 sample data to try', () => {
  it('DOC-7 the Post Galactica battle reference log verifies and has ranged and melee attacks with dice, a Worker construction and a Command Center destroyed', () => {
    const log = reference('post-galactica-battle');
    expect(log.header).toMatchObject({ ruleset: 'post-galactica', status: 'ended' });
    expect(RULESETS.getRuleset('post-galactica').rulesVersions).toContain(log.header.rulesVersion);
    expect(verifyLog(log).map((r) => [r.check, r.ok, r.verdict])).toEqual([
      ['chain', true, expect.any(String)],
      ['seed', true, expect.any(String)],
      ['dice', true, `dice: all ${log.events.flatMap((e) => findRolls(e.data)).length} rolls are the ones the seed gives`],
      ['rules', true, expect.any(String)],
      ['state', true, expect.any(String)],
    ]);
    const ofType = <T>(type: string) => log.events.filter((e) => e.type === type) as (EventEnvelope & { data: T })[];

    expect(ofType<{ unitId: string; distance: number }>('UnitMoved').filter((e) => e.data.distance > 0).length).toBeGreaterThanOrEqual(3);

    type Attack = { kind: string; rolls: DieRoll[]; hits: number; cohesionLost: number };
    const attacks = ofType<Attack>('AttackResolved').map((e) => e.data);
    for (const [kind, rule] of [
      ['ranged', 'PG-11'],
      ['melee', 'PG-12'],
    ] as const) {
      const made = attacks.filter((a) => a.kind === kind);
      expect(made.length, kind).toBeGreaterThanOrEqual(2);
      for (const a of made) {
        expect(a.rolls.length).toBeGreaterThan(0);
        for (const roll of a.rolls) expect(roll).toMatchObject({ sides: 6, compare: 'atLeast', rule });
        expect(a.hits).toBe(a.rolls.filter((r) => r.success).length);
      }
    }
    // one volley carries a modifier for --explain to spell out: the Aim action (PG-10)
    expect(attacks.flatMap((a) => a.rolls).some((r) => r.modifiers.some((m) => m.rule === 'PG-10'))).toBe(true);

    // a Worker begins a building, and the building completes (PG-7)
    const started = ofType<{ builderId: string; unitId: string }>('ConstructionStarted');
    const byWorker = started.filter((e) => {
      const before = foldGame(RULESETS, log.events.slice(0, e.seq - 1));
      const pg = (before as unknown as { rules: PgState }).rules;
      return pg.units.find((u) => u.id === e.data.builderId)?.datasheet === 'worker';
    });
    expect(byWorker.length).toBeGreaterThanOrEqual(1);
    const completed = ofType<{ kind: string; unitId: string }>('CountdownCompleted').filter((e) => e.data.kind === 'construction');
    expect(completed.map((e) => e.data.unitId)).toEqual(expect.arrayContaining(byWorker.map((e) => e.data.unitId)));

    // a Command Center destroyed, by an attack (PG-15)
    const destroyed = ofType<{ datasheet: string; cause: string; commandCenter: unknown; rule: string }>('UnitDestroyed');
    expect(destroyed.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ datasheet: 'command-center', commandCenter: { original: true }, rule: 'PG-15' }),
    );
  });

  it('DOC-7 each reference log names an event worth explaining, and arbiter replay --explain explains it', () => {
    const rows = sampleRows();
    const committed = readdirSync(logs)
      .filter((f) => f.endsWith('.ndjson'))
      .map((f) => f.replace(/\.ndjson$/, ''))
      .sort();
    expect(committed).toEqual(['gsc2', 'post-galactica', 'post-galactica-battle', 'soluna']);
    expect(rows.map((r) => r.log).sort()).toEqual(committed);
    for (const { log: name, seq, rule, why } of rows) {
      const event = reference(name).events.find((e) => e.seq === seq) as EventEnvelope;
      expect(event, `${name} has an event ${seq}`).toBeDefined();
      expect(findRolls(event.data).length, `${name} event ${seq} rolls dice`).toBeGreaterThan(0);
      const lines = explain(logFile(name), seq);
      // TABLE-7: headed by the seat whose piece rolled, or the referee, never the sender's raw id.
      const before = gameBefore(everyRuleset(), reference(name).events, seq);
      // TABLE-7: the moment as the event list's sentences write one, then the event's own sentence.
      expect(lines[0]).toMatch(
        new RegExp(
          `^Event ${seq} \\(${event.type}\\) by ${actorWords(actingSeat(event, before))} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC: .+\\.$`,
        ),
      );
      const rolls = lines.slice(1);
      expect(rolls).toHaveLength(findRolls(event.data).length);
      for (const [i, line] of rolls.entries())
        expect(line).toMatch(new RegExp(`^ {2}Roll ${i + 1} \\[[A-Z0-9-]+\\]: .+\\. Rolled \\d+ on a d\\d+`));
      expect(
        rolls.some((line) => line.includes(` [${rule}]: `)),
        `${name} event ${seq} rolls under ${rule}`,
      ).toBe(true);
      expect(why.length).toBeGreaterThan(20);
    }
  });

  it('DOC-7 the explanation docs/disputes.md shows is what the command prints', () => {
    const [, file = '', seq = ''] = /npx arbiter replay (\S+) --explain (\d+)/.exec(doc.slice(doc.indexOf('## Sample logs to try'))) ?? [];
    const shown = /```text\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(shown).toBeDefined();
    expect(explain(join(root, file), Number(seq))).toEqual(shown?.split('\n'));
    expect(sampleRows().find((r) => r.log === 'post-galactica-battle')?.seq).toBe(Number(seq));
  });
});
