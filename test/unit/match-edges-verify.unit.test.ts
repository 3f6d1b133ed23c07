/**
 * RUL-8 for the verifier (domain/verify): each condition of the five checks, the log parser
 * and re-adjudication that a small change (one comparison or condition at a time) left
 * untested in the unit tier. Most tamper with the committed Sol'una reference log, each in
 * the one way that only the condition under test catches (the other checks would let it
 * pass), and assert the verdict and the line it names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PIG_COMMANDS } from '../../docs/examples/pig/command-docs.ts';
import { EXAMPLE_OPTIONS } from '../../docs/examples/pig/examples.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import { rulesetCatalogue } from '../../domain/catalogue.ts';
import { rollFace, rollKey } from '../../domain/kernel/dice.ts';
import { type EventEnvelope, envelopeHash } from '../../domain/kernel/envelope.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { viewGame } from '../../domain/match/view.ts';
import { rulesetList } from '../../domain/ruleset-list.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { LogFold } from '../../domain/verify/fold.ts';
import { type ParsedLog, parseLog, serializeLog } from '../../domain/verify/log.ts';
import { readjudicate } from '../../domain/verify/readjudicate.ts';
import { checkChain, checkDice, checkRules, checkSeed, verifyLog } from '../../domain/verify/verify.ts';
import { REFERENCE_SEED, Recorder, startMatch } from '../support/finished-games.ts';
import { ageLog, editAt, lineOf, olderVersion, rechain, underVersion } from '../support/older-rules.ts';

const RULESETS = everyRuleset();
const FIXTURE = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'logs', 'soluna.ndjson'), 'utf8');
const reference = (): ParsedLog => parseLog(FIXTURE);

const firstOf = (log: ParsedLog, type: string) => log.events.findIndex((e) => e.type === type);

describe('the hash chain: each link checked on its own', () => {
  it('RUL-8 verify: an event of another game breaks the chain at its line, even with every hash recomputed', () => {
    const log = reference();
    const forged = { ...log, events: rechain(editAt(log, 20, (e) => ({ ...e, gameId: 'g_other' })).events) };
    expect(checkChain(forged)).toMatchObject({ ok: false, line: 22, verdict: expect.stringContaining('belongs to game g_other') });
  });

  it('RUL-8 verify: an event numbered one past the next is named at its own line, even with every hash recomputed', () => {
    const log = reference();
    const forged = { ...log, events: rechain(editAt(log, 20, (e) => ({ ...e, seq: e.seq + 1 })).events) };
    expect(checkChain(forged)).toMatchObject({
      ok: false,
      line: 22,
      verdict: 'hash chain: broken at line 22 (event 22): expected event 21',
    });
  });

  it("RUL-8 verify: a prevHash that is not the previous event's hash fails, though the event's own hash was recomputed", () => {
    const log = reference();
    const forged = editAt(log, 20, (e) => {
      const { hash: _old, ...rest } = { ...e, prevHash: 'f'.repeat(64) };
      return { ...rest, hash: envelopeHash(rest) } as EventEnvelope;
    });
    expect(checkChain(forged)).toMatchObject({
      ok: false,
      line: 22,
      verdict: 'hash chain: broken at line 22 (event 21): prevHash is not the hash of event 20',
    });
  });

  it('RUL-8 verify: an edited payload under its old hash fails, and so does an event relabelled Sealed that still carries its data', () => {
    const log = reference();
    const verdict = 'hash chain: broken at line 22 (event 21): its content does not match its hash';
    expect(checkChain(editAt(log, 20, (e) => ({ ...e, data: { edited: true } })))).toMatchObject({ ok: false, line: 22, verdict });
    expect(checkChain(editAt(log, 20, (e) => ({ ...e, type: 'Sealed' })))).toMatchObject({ ok: false, line: 22, verdict });
  });

  it('RUL-8 verify: a command id shown as "sealed" passes by its links only after a sealed event, nowhere else', () => {
    const log = reference();
    const public1 = firstOf(log, 'PhaseStarted');
    expect(log.events[public1 - 1]?.visibleTo).toBeUndefined();
    expect(checkChain(editAt(log, public1, (e) => ({ ...e, commandId: 'sealed' })))).toMatchObject({ ok: false, line: lineOf(public1) });
  });
});

describe('the seed: the header, the creation and the reveal agree', () => {
  it('RUL-8 verify: a header commitment other than the one GameCreated made fails at line 2', () => {
    const log = reference();
    expect(checkSeed({ ...log, header: { ...log.header, seedCommitment: 'f'.repeat(64) } })).toMatchObject({
      ok: false,
      line: 2,
      verdict: 'seed: the header commitment differs from the one in GameCreated',
    });
  });

  it('RUL-8 verify: a seed whose SHA-256 is not the commitment fails at line 1', () => {
    const log = reference();
    expect(checkSeed({ ...log, header: { ...log.header, seed: 'f'.repeat(64) } })).toMatchObject({
      ok: false,
      line: 1,
      verdict: 'seed: its SHA-256 does not match the commitment made at game creation',
    });
  });

  it('RUL-9 verify: an ended log whose header shows the right seed but whose chain never records SeedRevealed fails at its last line', () => {
    const log = reference();
    const revealed = firstOf(log, 'SeedRevealed');
    expect(revealed).toBeGreaterThan(0);
    const cut = { ...log, events: rechain(log.events.filter((_, i) => i !== revealed).map((e, i) => ({ ...e, seq: i + 1 }))) };
    expect(checkSeed(cut)).toMatchObject({
      ok: false,
      line: lineOf(cut.events.length - 1),
      verdict: 'seed: the header shows it, but no SeedRevealed event in the log records its reveal at the end of the game',
    });
    expect(checkSeed(log)).toMatchObject({ ok: true });
  });
});

describe('the dice: each roll drawn once, by its own command', () => {
  /** The roll-off (event 4) rolled 1 and 1 for sun and moon in its first round: draws 3:0 and 3:1. */
  const rollOff = (log: ParsedLog) => findRolls(log.events[3]?.data).map(({ roll }) => roll);

  it('RUL-8 verify: two rolls claiming the same draw fail, even when the face is the one that draw gives', () => {
    const log = reference();
    expect(
      rollOff(log)
        .slice(0, 2)
        .map((r) => [r.draw.seq, r.draw.index, r.value]),
    ).toEqual([
      [3, 0, 1],
      [3, 1, 1],
    ]);
    const reused = editAt(log, 3, (e) => {
      const [, second] = findRolls(e.data);
      if (second) (second.roll.draw as { index: number }).index = 0;
      return e;
    });
    expect(checkDice(reused)).toMatchObject({
      ok: false,
      line: 5,
      verdict: 'dice: line 5 (event 4, rounds[0].rolls[1].roll) reuses draw 3:0',
    });
  });

  it("RUL-8 verify: a roll claiming another command's draw fails, even when the face is the one that draw gives", () => {
    const log = reference();
    const seed = log.header.seed ?? '';
    const contributions = log.events.flatMap((e) =>
      e.type === 'SeatJoined' ? [(e.data as { seedContribution: string | null }).seedContribution ?? ''] : [],
    );
    const key = rollKey(seed, contributions.filter(Boolean));
    const drawn = new Set(log.events.flatMap((e) => findRolls(e.data).map(({ roll }) => roll.draw.seq)));
    const foreign = log.events.map((e) => e.seq).find((s) => !drawn.has(s) && rollFace(key, log.header.gameId, s, 0, 6) === 1);
    if (foreign === undefined) throw new Error('no unused draw gives a 1');
    const claimed = editAt(log, 3, (e) => {
      const [first] = findRolls(e.data);
      if (first) (first.roll.draw as { seq: number }).seq = foreign;
      return e;
    });
    expect(checkDice(claimed)).toMatchObject({
      ok: false,
      line: 5,
      verdict: `dice: line 5 (event 4, rounds[0].rolls[0].roll) claims draw ${foreign}:0 but its command's first event is 3`,
    });
  });

  it('RUL-8 verify: a value shaped like a roll with no draw, or with no number of sides, is not a roll', () => {
    const roll = { purpose: 'hit', sides: 6, value: 4, draw: { seq: 1, index: 0 } };
    expect(findRolls({ a: roll }).map((r) => r.path)).toEqual(['a']);
    expect(findRolls({ a: { ...roll, draw: null } })).toEqual([]);
    expect(findRolls({ a: { ...roll, sides: '6' } })).toEqual([]);
  });
});

describe('re-adjudication: every decided event is in the log, and only what the seed gives is taken as logged', () => {
  it('RUL-8 verify: a log that lacks the last event its last command decides fails, at the line where the event is missing', () => {
    const log = reference();
    const short = { ...log, events: log.events.slice(0, -1) };
    expect(checkChain(short).ok).toBe(true);
    const rules = checkRules(short);
    expect(rules).toMatchObject({ ok: false, line: lineOf(short.events.length) });
    expect(rules.detail?.[0]).toBe('  logged:     (nothing)');
  });

  it("RUL-8 verify: in an ended game's log a forged commitment hash fails the rules, though the chain was recomputed", () => {
    const log = reference();
    const i = firstOf(log, 'ActionsCommitted');
    const forged = {
      ...log,
      events: rechain(editAt(log, i, (e) => ({ ...e, data: { ...(e.data as object), hash: 'f'.repeat(64) } })).events),
    };
    expect(checkChain(forged).ok).toBe(true);
    expect(checkRules(forged)).toMatchObject({ ok: false, line: lineOf(i) });
  });

  /** A spectator's export of the game after `upTo` events while it ran: no seed yet. */
  const running = (log: ParsedLog, upTo: number): ParsedLog => {
    const events = log.events.slice(0, upTo);
    return {
      header: { ...log.header, status: 'playing', seed: null, viewer: null, state: viewGame(RULESETS, foldGame(RULESETS, events), null) },
      events,
    };
  };

  it("RUL-8 VIEW-8 a running game's export without a field only the seed gives fails: that field is taken as logged only where it is logged", () => {
    const log = reference();
    const i = firstOf(log, 'ActionsCommitted');
    const untouched = running(log, i + 5);
    expect(checkRules(untouched).ok).toBe(true);
    const { hash: _hash, ...rest } = (untouched.events[i] as EventEnvelope).data as { hash: string };
    const forged = { ...untouched, events: rechain(editAt(untouched, i, (e) => ({ ...e, data: rest })).events) };
    expect(checkRules(forged)).toMatchObject({ ok: false, line: lineOf(i) });
  });

  it('RUL-8 verify: an error in the rules is thrown, never reported as a divergence of the log', async () => {
    const catalogue = (ruleset: typeof pig) =>
      rulesetCatalogue([...rulesetList, { id: 'pig', commandDocs: PIG_COMMANDS, load: async () => ruleset }]);
    const pigs = catalogue(pig);
    const broken = catalogue({
      ...pig,
      decide: () => {
        throw new Error('a bug in the rules');
      },
    });
    await Promise.all([pigs.load('pig'), broken.load('pig')]);
    const game = startMatch('pig', { ...EXAMPLE_OPTIONS }, pigs);
    const active = (game.state as { rules: { active: string } }).rules.active;
    game.give({ type: 'Roll' }, game.seat(active));
    const options = { gameId: game.gameId, seed: REFERENCE_SEED };
    expect(readjudicate(game.events, { ...options, rulesets: pigs })).toMatchObject({ ok: true });
    expect(() => readjudicate(game.events, { ...options, rulesets: broken })).toThrow('a bug in the rules');
  });
});

describe('rules versions: what the log names agrees, link by link (PBM-14)', () => {
  const CURRENT = RULESETS.getRuleset('post-galactica').rulesVersion;
  const OLD = olderVersion('post-galactica');
  const BETWEEN = OLD.replace(/0\.0\.1$/, '0.0.2');
  /** Every version this build decides, as the refusal lists them (RUL-10). */
  const LISTED = RULESETS.getFold('post-galactica').rulesVersions ?? [CURRENT];
  const IMPLEMENTED = LISTED.length > 1 ? `${LISTED.slice(0, -1).join(', ')} and ${LISTED.at(-1)}` : CURRENT;
  const SYSTEM = { kind: 'system' } as const;

  /** A Post Galactica match after two missed deadlines, recorded under OLD. */
  const oldGame = (): Recorder => {
    const game = startMatch('post-galactica');
    game.missDeadline();
    game.missDeadline();
    return resume(ageLog(game.events, OLD));
  };
  const resume = (events: readonly EventEnvelope[]): Recorder => {
    const game = new Recorder(events[0]?.gameId ?? '');
    game.events.push(...events);
    return game;
  };
  const finish = (game: Recorder): ParsedLog => {
    game.missDeadline();
    game.give({ type: 'Concede' }, game.seat('blue'));
    const log = game.log();
    return parseLog(serializeLog(log.header, log.events));
  };

  it('RUL-8 PBM-14 an adoption from a version other than the one in force is named at its line', () => {
    const game = oldGame();
    game.give({ type: 'AdoptRules' }, SYSTEM);
    const log = finish(game);
    const i = firstOf(log, 'RulesVersionAdopted');
    const forged = { ...log, events: rechain(editAt(log, i, (e) => ({ ...e, data: { ...(e.data as object), from: 'pg-0.0.0' } })).events) };
    expect(checkRules(forged).verdict).toBe(`rules: line ${lineOf(i)} adopts rules from pg-0.0.0, but the game played under ${OLD}`);
  });

  it('RUL-8 PBM-14 a header naming another version than the one the log ends under fails at line 1', () => {
    const game = oldGame();
    game.give({ type: 'AdoptRules' }, SYSTEM);
    const log = finish(game);
    // A version this build lists, so the header is not refused for naming an unknown one (RUL-10).
    const listed = 'pg-0.6.0';
    expect(checkRules({ ...log, header: { ...log.header, rulesVersion: listed } })).toMatchObject({
      ok: false,
      line: 1,
      verdict: `rules: the header names rules version ${listed}, but the log ends under ${CURRENT}`,
    });
  });

  it("RUL-8 PBM-14 a log that adopted some other version, never this build's, is still refused whole", () => {
    const game = oldGame();
    const at = game.events.length;
    game.give({ type: 'AdoptRules' }, game.seat('red'));
    const moved = resume(underVersion(game.events, at, BETWEEN));
    moved.give({ type: 'Concede' }, moved.seat('blue'));
    const log = moved.log();
    expect(log.header.rulesVersion).toBe(BETWEEN);
    expect(checkRules(log)).toMatchObject({
      ok: false,
      line: 1,
      verdict: `rules: this log needs Post Galactica rules version ${BETWEEN}, but this verifier implements ${IMPLEMENTED}; re-adjudication refused`,
    });
  });

  it('RUL-8 PBM-14 after two replayed adoptions every part is re-decided: only an organiser adoption starts re-adjudication later', () => {
    const game = oldGame();
    const at = game.events.length;
    game.give({ type: 'AdoptRules' }, SYSTEM);
    game.missDeadline();
    const between = resume(underVersion(game.events, at, BETWEEN));
    between.give({ type: 'AdoptRules' }, SYSTEM);
    const log = finish(between);
    const rules = checkRules(log);
    expect(rules.ok).toBe(true);
    expect(rules.parts?.map((p) => [p.rulesVersion, p.readjudicated])).toEqual([
      [OLD, true],
      [BETWEEN, true],
      [CURRENT, true],
    ]);
  });
});

describe('reading a log and folding it', () => {
  it('RUL-8 verify: the first line must name the log format; another format is refused at line 1', () => {
    const [header, ...rest] = FIXTURE.split('\n');
    const other = JSON.stringify({ ...JSON.parse(header ?? '{}'), format: 'arbiter-log/2' });
    expect(() => parseLog([other, ...rest].join('\n'))).toThrow('line 1: the first line must be a header with "format": "arbiter-log/1"');
  });

  it('RUL-8 verify: an event without a string type is refused at its line', () => {
    const lines = FIXTURE.split('\n');
    lines[3] = JSON.stringify({ ...JSON.parse(lines[3] ?? '{}'), type: 7 });
    expect(() => parseLog(lines.join('\n'))).toThrow('line 4: is not an event (it needs at least seq and type)');
  });

  it('RUL-8 verify: a lobby of a ruleset this verifier lacks fails the rules and state checks, never a crash', () => {
    // Cut to GameCreated and the first SeatJoined: a lobby, which folds without its ruleset but is shown only through it.
    const log = reference();
    const lobby = { ...log, events: log.events.slice(0, 2) };
    const withoutSoluna = rulesetCatalogue(rulesetList.filter((r) => r.id !== 'soluna'));
    const checks = verifyLog(lobby, { rulesets: withoutSoluna });
    // (The header is the ended game's, so the seed check fails too: its reveal was cut off with the rest.)
    const told = checks.filter((c) => c.check === 'rules' || c.check === 'state');
    expect(told.map(({ check, ok, verdict }) => ({ check, ok, verdict }))).toEqual([
      { check: 'rules', ok: false, verdict: 'rules: this verifier does not know the ruleset "soluna"' },
      { check: 'state', ok: false, verdict: 'state: the log does not fold: unknown ruleset soluna' },
    ]);
  });

  it('RUL-8 verify: a line of nothing but spaces is skipped like an empty one', () => {
    const lines = FIXTURE.split('\n');
    lines.splice(3, 0, '   ');
    expect(parseLog(lines.join('\n')).events).toHaveLength(reference().events.length);
  });

  it('RUL-8 PERF-4 a log that does not fold throws its error at every later call, also for an earlier event', () => {
    const log = reference();
    const broken = new LogFold(
      log.events.map((e, i) => (i === 40 ? { ...e, data: null } : e)),
      RULESETS,
    );
    expect(() => broken.before(100)).toThrow(/^event 41: /);
    // The fold stopped before event 41; a later call for an event before it is refused all the same.
    expect(() => broken.before(30)).toThrow(/^event 41: /);
    expect(new LogFold(broken.events, RULESETS).before(30).status).toBe('playing');
  });
});
