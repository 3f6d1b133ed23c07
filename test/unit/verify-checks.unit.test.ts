/**
 * The verifier's checks of a log (domain/verify), condition by condition: who gave a command as
 * re-adjudication reads its label, re-adjudication batch by batch, what a running export takes as
 * logged, the rules version of each event, the chain, the seed, the dice and the state, older
 * logs compared on what their server reported, and the check, line and pending flag of every
 * outcome. Each case forges a log in the one way only the condition under test catches, and
 * asserts the verdict, the line and the divergence it must give.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DieRoll } from '../../domain/kernel/dice.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { viewGame } from '../../domain/match/view.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { LogFold } from '../../domain/verify/fold.ts';
import { type ParsedLog, parseLog, serializeLog } from '../../domain/verify/log.ts';
import { readjudicate, readjudicationStart, rulesVersionsOf } from '../../domain/verify/readjudicate.ts';
import { checkChain, checkDice, checkRules, checkSeed, checkState } from '../../domain/verify/verify.ts';
import { Recorder, startMatch } from '../support/finished-games.ts';
import { editAt, lineOf, rechain } from '../support/older-rules.ts';

const RULESETS = everyRuleset();
const referenceOf = (id: string): ParsedLog =>
  parseLog(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'logs', `${id}.ndjson`), 'utf8'));
const FIXTURE = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'logs', 'soluna.ndjson'), 'utf8');
const reference = (): ParsedLog => parseLog(FIXTURE);

const sealedAgain = (log: ParsedLog): ParsedLog => ({ ...log, events: rechain(log.events) });
const firstOf = (log: ParsedLog, type: string) => log.events.findIndex((e) => e.type === type);

/** A spectator's export after `upTo` events while the game ran: no seed yet. */
const running = (log: ParsedLog, atLeast: number): ParsedLog => {
  let upTo = atLeast;
  while (upTo < log.events.length && log.events[upTo]?.command === undefined) upTo += 1;
  const events = log.events.slice(0, upTo);
  return {
    header: { ...log.header, status: 'playing', seed: null, viewer: null, state: viewGame(RULESETS, foldGame(RULESETS, events), null) },
    events,
  };
};

/** A Post Galactica match its seated organiser (red, p_one) paused and resumed, then blue conceded. */
const pausedByOrganiser = (): ParsedLog => {
  const game = startMatch('post-galactica');
  game.give({ type: 'PauseGame' }, game.seat('red'));
  game.give({ type: 'ResumeGame' }, game.seat('red'));
  game.give({ type: 'Concede' }, game.seat('blue'));
  const log = game.log();
  return parseLog(serializeLog(log.header, log.events));
};
const options = (log: ParsedLog) => ({ gameId: log.header.gameId, seed: log.header.seed, rulesets: RULESETS });

describe('RUL-9 verify: who gave a command, as re-adjudication reads its label', () => {
  it("RUL-9 PBM-12 a seat's label stands for the player in that seat: the seated organiser's pause re-decides the same", () => {
    const log = pausedByOrganiser();
    expect(log.events.find((e) => e.type === 'GamePaused')?.actor).toBe('red');
    expect(readjudicate(log.events, options(log))).toMatchObject({ ok: true, decided: 6, checkedTo: log.events.length });
  });

  it("RUL-9 PBM-12 the same pause relabelled as the other seat's is illegal: that seat's player is not the organiser", () => {
    const log = pausedByOrganiser();
    const i = firstOf(log, 'GamePaused');
    const forged = editAt(log, i, (e) => ({ ...e, actor: 'blue' }));
    const result = readjudicate(forged.events, options(forged));
    expect(result).toMatchObject({
      ok: false,
      divergence: { kind: 'illegal', index: i, violation: { code: 'NOT_ORGANISER', rule: 'PBM-12' } },
    });
  });

  it('RUL-9 a label no seat has is an actor with no player: the command is decided for nobody, not thrown', () => {
    const log = pausedByOrganiser();
    const i = firstOf(log, 'GamePaused');
    const result = readjudicate(editAt(log, i, (e) => ({ ...e, actor: 'green' })).events, options(log));
    expect(result).toMatchObject({ ok: false, divergence: { kind: 'illegal', index: i } });
  });

  it('RUL-9 a seat label on the first command, before the game has seats, is a player with no id: its GameCreated differs', () => {
    const log = pausedByOrganiser();
    const result = readjudicate(editAt(log, 0, (e) => ({ ...e, actor: 'red' })).events, options(log));
    expect(result).toMatchObject({ ok: false, divergence: { kind: 'differs', index: 0, commandIndex: 0 } });
    const decided = result.ok ? '' : ((result.divergence as { decided: string }).decided ?? '');
    expect(JSON.parse(decided).data.createdBy).toBe('');
  });
});

describe('RUL-9 verify: re-adjudication walks the log batch by batch', () => {
  it('RUL-9 verify: a log whose first event carries no command is named at it, whether or not it was to be re-decided', () => {
    const log = reference();
    const forged = editAt(log, 0, ({ command: _command, ...e }) => e as EventEnvelope);
    for (const decides of [() => true, () => false]) {
      expect(readjudicate(forged.events, { ...options(log), decides })).toEqual({
        ok: false,
        divergence: { kind: 'no-command', index: 0 },
      });
    }
  });

  it('RUL-9 verify: a command that is not even an object with a type is named as a batch without one', () => {
    const log = reference();
    const i = log.events.findIndex((e, k) => k > 10 && e.command !== undefined);
    const forged = editAt(log, i, (e) => ({ ...e, command: 'SubmitActions' }));
    expect(readjudicate(forged.events, options(log))).toEqual({ ok: false, divergence: { kind: 'no-command', index: i } });
    expect(checkRules(sealedAgain(forged))).toMatchObject({ check: 'rules', ok: false, line: lineOf(i) });
  });

  it('RUL-9 verify: only the commands it is asked to decide count, and the state it stops at is the one before that batch', () => {
    const log = reference();
    const commands = log.events.flatMap((e, i) => (e.command === undefined ? [] : [i]));
    const result = readjudicate(log.events, { ...options(log), decides: (i) => i < 20 });
    expect(result).toMatchObject({ ok: true, decided: commands.filter((i) => i < 20).length, checkedTo: log.events.length });
    const until = commands[5] as number;
    const stopped = readjudicate(log.events, { ...options(log), until: until + 1 });
    expect(stopped).toMatchObject({ ok: true, decided: 5, checkedTo: until });
    expect(stopped.ok && stopped.state).toEqual(foldGame(RULESETS, log.events.slice(0, until)));
  });

  it('RUL-9 PERF-4 an event with text the fast comparison is unsure of (an emoji) is compared canonically, and re-decides the same', () => {
    const scenario = exampleScenario();
    const game = startMatch('post-galactica', { ...scenario, mission: { ...scenario.mission, name: 'The ridge 🌋' } });
    game.give({ type: 'Concede' }, game.seat('blue'));
    const log = game.log();
    expect(JSON.stringify(log.events[0]?.data)).toContain('The ridge 🌋');
    expect(readjudicate(log.events, options(log))).toMatchObject({ ok: true, checkedTo: log.events.length });
  });

  it("RUL-9 verify: a move's destination is the rules' to decide: only an adoption's `to` is a label taken as logged", () => {
    const log = reference();
    const i = firstOf(log, 'ModelMoved');
    const { to } = (log.events[i] as EventEnvelope).data as { to: [number, number] };
    const forged = sealedAgain(editAt(log, i, (e) => ({ ...e, data: { ...(e.data as object), to: [to[0] + 1, to[1]] } })));
    expect(checkRules(forged)).toMatchObject({ check: 'rules', ok: false, line: lineOf(i) });
  });

  it('RUL-9 PBM-14 a logged GameCreated with no data differs from the one re-decided; it is not read through', () => {
    const log = reference();
    const result = readjudicate(editAt(log, 0, (e) => ({ ...e, data: null })).events, options(log));
    expect(result).toMatchObject({ ok: false, divergence: { kind: 'differs', index: 0, logged: expect.stringContaining('"data":null') } });
  });

  it('RUL-9 PERF-4 a fold of another log is refused, not walked', () => {
    const log = reference();
    const fold = new LogFold(log.events.slice(0, 10), RULESETS);
    expect(() => readjudicate(log.events, { ...options(log), fold })).toThrow('the fold given to readjudicate is of another log');
  });

  it('RUL-9 verify: an event the rules do not decide, added at the end of a batch, is named at its line with nothing re-decided for it', () => {
    const log = reference();
    const last = log.events.at(-1) as EventEnvelope;
    const extra = { ...structuredClone(last), seq: last.seq + 1, command: undefined };
    delete (extra as { command?: unknown }).command;
    const forged = { ...log, events: [...log.events, extra] };
    const result = readjudicate(forged.events, options(log));
    expect(result).toMatchObject({ ok: false, divergence: { kind: 'differs', index: log.events.length, decided: null } });
  });

  it('RUL-9 verify: a batch short of an event the rules decide names the missing place, not the next batch', () => {
    const log = reference();
    // a batch of two or more events followed by another batch
    const start = log.events.findIndex((e, k) => k > 5 && e.command !== undefined && log.events[k + 1]?.command === undefined);
    let end = start + 1;
    while (log.events[end]?.command === undefined) end += 1;
    const short = { ...log, events: [...log.events.slice(0, end - 1), ...log.events.slice(end)] };
    const result = readjudicate(short.events, options(log));
    expect(result).toMatchObject({ ok: false, divergence: { kind: 'differs', index: end - 1, commandIndex: start, logged: null } });
  });
});

describe('RUL-9 VIEW-8 a running export: only what the seed gives is taken as logged', () => {
  const base = () => running(reference(), 60);
  /** The first value from event `from` on that `test` picks, anywhere in an event's data: its event and path. */
  const pathTo = (log: ParsedLog, from: number, test: (value: unknown) => boolean): [number, (string | number)[]] => {
    const walk = (value: unknown, path: (string | number)[]): (string | number)[] | null => {
      if (path.length > 0 && test(value)) return path;
      if (typeof value !== 'object' || value === null) return null;
      for (const [key, item] of Object.entries(value)) {
        const found = walk(item, [...path, Array.isArray(value) ? Number(key) : key]);
        if (found) return found;
      }
      return null;
    };
    for (let i = from; i < log.events.length; i += 1) {
      const path = walk(log.events[i]?.data, []);
      if (path) return [i, path];
    }
    throw new Error('no such value');
  };
  const forgeValue = (log: ParsedLog, [i, path]: [number, (string | number)[]], value: unknown) =>
    sealedAgain(
      editAt(log, i, (e) => {
        const parent = path
          .slice(0, -1)
          .reduce<Record<string | number, unknown>>(
            (at, key) => at[key] as Record<string | number, unknown>,
            e.data as Record<string, unknown>,
          );
        parent[path.at(-1) as string | number] = value;
        return e;
      }),
    );
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

  it('RUL-9 VIEW-8 a number the rules decide, changed in the log, fails at its line: it is not taken as logged', () => {
    const log = base();
    expect(checkRules(log).ok).toBe(true);
    const at = pathTo(log, 5, (v) => typeof v === 'number');
    expect(checkRules(forgeValue(log, at, 1234))).toMatchObject({ check: 'rules', ok: false, line: lineOf(at[0]) });
  });

  it('RUL-9 VIEW-8 a number logged as an empty object, a null logged as an object, an object logged as null: each fails at its line, none throws', () => {
    const log = base();
    for (const [test, forged] of [
      [(v: unknown) => typeof v === 'number', {}],
      [isObject, null],
    ] as const) {
      const at = pathTo(log, 5, test);
      expect(checkRules(forgeValue(log, at, forged))).toMatchObject({ check: 'rules', ok: false, line: lineOf(at[0]) });
    }
    // Sol'una's log has no null; GSC2's has (a beam's armor roll, none when it missed)
    const gsc2 = running(referenceOf('gsc2'), 50);
    expect(checkRules(gsc2).ok).toBe(true);
    const at = pathTo(gsc2, 0, (v) => v === null);
    expect(checkRules(forgeValue(gsc2, at, { hash: 'x' }))).toMatchObject({ check: 'rules', ok: false, line: lineOf(at[0]) });
  });

  it("RUL-9 VIEW-8 a roll claiming an earlier command's draw is a roll its own command does not record: named at its command", () => {
    const log = reference();
    const rolling = log.events.flatMap((e, i) => (findRolls(e.data).length > 0 ? [i] : []));
    const [first = 0] = rolling;
    const drawOf = (i: number) => (findRolls(log.events[i]?.data)[0] as { roll: DieRoll }).roll.draw;
    const firstDraw = drawOf(first);
    const second = rolling.find((i) => drawOf(i).seq !== firstDraw.seq) as number;
    const exported = running(log, second + 1);
    const forged = sealedAgain(
      editAt(exported, second, (e) => {
        const [found] = findRolls(e.data);
        const roll = found?.roll as { draw: { seq: number; index: number }; value: number; sides: number };
        roll.draw = { ...firstDraw };
        roll.value = (roll.value % roll.sides) + 1;
        return e;
      }),
    );
    let start = second;
    while (forged.events[start]?.command === undefined) start -= 1;
    const result = readjudicate(forged.events, { ...options(forged), seed: null });
    expect(result).toMatchObject({ ok: false, divergence: { kind: 'differs', index: start, commandIndex: start } });
    const decided = result.ok ? '' : (result.divergence as { decided: string }).decided;
    expect(decided).toMatch(
      new RegExp(`^\\(the rules roll for .+ \\(draw ${forged.events[start]?.seq}:0\\), which the log does not record\\)$`),
    );
  });
});

describe('RUL-9 PBM-14 the rules version each event was decided under', () => {
  it('RUL-9 PBM-14 an event labelled with another version than the one in force is named at its own line, inside its batch too', () => {
    const log = reference();
    const i = log.events.findIndex((e, k) => k > 10 && e.command === undefined);
    const forged = editAt(log, i, (e) => ({ ...e, rulesVersion: 'sol-0.0.1' }));
    expect(rulesVersionsOf(forged.events)).toEqual({
      ok: false,
      index: i,
      message: `is recorded under rules version sol-0.0.1, but the game played under ${log.header.rulesVersion}`,
    });
    expect(checkRules(sealedAgain(forged))).toMatchObject({
      check: 'rules',
      ok: false,
      line: lineOf(i),
      verdict: `rules: line ${lineOf(i)} is recorded under rules version sol-0.0.1, but the game played under ${log.header.rulesVersion}`,
    });
  });

  it('RUL-9 PBM-14 an adoption from a version not in force is named at its own line, also where it is not the first event of its batch', () => {
    const at = (seq: number, type: string, rulesVersion: string, data: unknown, command?: unknown) =>
      ({ seq, type, rulesVersion, data, ...(command === undefined ? {} : { command }) }) as unknown as EventEnvelope;
    const events = [
      at(1, 'GameCreated', 'v1', { rulesVersion: 'v1' }, { type: 'CreateGame' }),
      at(2, 'DeadlinePassed', 'v2', {}, { type: 'DeadlineReached' }),
      at(3, 'RulesVersionAdopted', 'v2', { from: 'v0', to: 'v2', how: 'replayed' }),
    ];
    expect(rulesVersionsOf(events)).toEqual({ ok: false, index: 2, message: 'adopts rules from v0, but the game played under v1' });
    const adopted = [...events.slice(0, 2), at(3, 'RulesVersionAdopted', 'v2', { from: 'v1', to: 'v2', how: 'replayed' })];
    expect(rulesVersionsOf(adopted)).toEqual({ ok: true, versions: ['v1', 'v2', 'v2'] });
  });

  it('RUL-9 PBM-14 a GameCreated with no data names no version: its own label is then out of force', () => {
    const log = reference();
    const forged = editAt(log, 0, (e) => ({ ...e, data: null }));
    expect(rulesVersionsOf(forged.events)).toEqual({
      ok: false,
      index: 0,
      message: `is recorded under rules version ${log.header.rulesVersion}, but the game played under `,
    });
    expect(rulesVersionsOf([])).toEqual({ ok: true, versions: [] });
    expect(rulesVersionsOf(log.events)).toEqual({ ok: true, versions: log.events.map(() => log.header.rulesVersion) });
  });

  it('RUL-9 PBM-14 with no adoption re-adjudication starts at the first event; an organiser adoption past the bound is not seen', () => {
    const log = reference();
    expect(readjudicationStart(log.events)).toBe(0);
    const adopted = { ...(log.events[20] as EventEnvelope), type: 'RulesVersionAdopted', data: { from: 'a', to: 'b', how: 'organiser' } };
    const replayed = { ...adopted, data: { ...adopted.data, how: 'replayed' } };
    const events = [...log.events.slice(0, 20), adopted, ...log.events.slice(21, 30), replayed, ...log.events.slice(31)];
    expect(readjudicationStart(events)).toBe(20);
    expect(readjudicationStart(events, 20)).toBe(0);
    expect(readjudicationStart(events, 21)).toBe(20);
  });
});

describe('RUL-9 verify: the chain, the seed, the dice and the state, condition by condition', () => {
  it('RUL-9 verify: an intact chain says how many events it covers and notes no sealed ones', () => {
    const log = reference();
    expect(checkChain(log)).toEqual({ check: 'chain', ok: true, verdict: `hash chain: intact over ${log.events.length} events` });
  });

  it('RUL-9 REL-11 a command id shown as "sealed" after a sealed event with its data is a broken link, not a hidden one', () => {
    const log = reference();
    const i = firstOf(log, 'ActionsCommitted');
    expect(log.events[i - 1]?.visibleTo).toBeDefined();
    // the event before is a seat's sealed orders, exported whole (not withheld): its successor's id is not hidden
    expect(checkChain(editAt(log, i, (e) => ({ ...e, commandId: 'sealed' })))).toMatchObject({
      check: 'chain',
      ok: false,
      line: lineOf(i),
    });
    // an export whose first event claims a hidden command id has no sealed event before it
    expect(checkChain(editAt(log, 0, (e) => ({ ...e, commandId: 'sealed' })))).toMatchObject({ check: 'chain', ok: false, line: 2 });
  });

  it('RUL-9 verify: a GameCreated with no data has made no commitment the header can match', () => {
    const log = reference();
    expect(checkSeed(editAt(log, 0, (e) => ({ ...e, data: null })))).toMatchObject({ check: 'seed', ok: false, line: 2 });
    expect(checkSeed({ ...log, events: [] })).toMatchObject({ check: 'seed', ok: false, line: 2 });
  });

  it('RUL-9 verify: a SeedRevealed naming another seed fails at its own line; one with no data names none', () => {
    const log = reference();
    const i = firstOf(log, 'SeedRevealed');
    expect(i).toBeGreaterThan(0);
    expect(checkSeed(editAt(log, i, (e) => ({ ...e, data: { seed: 'f'.repeat(64) } })))).toMatchObject({
      check: 'seed',
      ok: false,
      line: lineOf(i),
    });
    expect(checkSeed(editAt(log, i, (e) => ({ ...e, data: null })))).toMatchObject({ check: 'seed', ok: false, line: lineOf(i) });
    expect(checkSeed(log)).toEqual({ check: 'seed', ok: true, verdict: 'seed: matches the commitment made at game creation' });
  });

  it('RUL-9 verify: a batch starts at the event with the command, even where the command id repeats the batch before', () => {
    const log = reference();
    // event 4 (RolledOff) draws 3:0 in the batch JoinGame (event 3) started
    expect(log.events[2]?.command).toBeDefined();
    expect(findRolls(log.events[3]?.data)[0]?.roll.draw).toEqual({ seq: 3, index: 0 });
    const same = editAt(
      editAt(log, 2, (e) => ({ ...e, commandId: 'ref-1' })),
      3,
      (e) => ({ ...e, commandId: 'ref-1' }),
    );
    expect(checkDice(same)).toMatchObject({ ok: true });
  });

  it('RUL-9 verify: an event with another command id starts a batch of its own, command or not: its rolls are drawn there', () => {
    const log = reference();
    expect(checkDice(editAt(log, 3, (e) => ({ ...e, commandId: 'other' })))).toMatchObject({
      check: 'dice',
      ok: false,
      line: 5,
      verdict: "dice: line 5 (event 4, rounds[0].rolls[0].roll) claims draw 3:0 but its command's first event is 4",
    });
  });

  it('RUL-9 verify: the first event starts a batch even with no command and no command id: exactly one face of a roll there passes', () => {
    const log = reference();
    const roll = { purpose: 'test', sides: 6, draw: { seq: 1, index: 0 }, modifiers: [] };
    const withFace = (value: number) =>
      editAt(
        log,
        0,
        ({ command: _c, commandId: _id, ...e }) =>
          ({ ...e, data: { ...(e.data as object), roll: { ...roll, value, total: value } } }) as EventEnvelope,
      );
    const passing = [1, 2, 3, 4, 5, 6].filter((face) => checkDice(withFace(face)).ok);
    expect(passing).toHaveLength(1);
  });

  it('RUL-9 verify: the dice key mixes in only the contributions of the seats GameCreated lists', () => {
    const log = reference();
    const joined = firstOf(log, 'SeatJoined');
    const stranger = editAt(log, joined, (e) => ({ ...e, data: { ...(e.data as object), seat: 'stranger' } }));
    expect(checkDice(stranger)).toMatchObject({ check: 'dice', ok: false });
    const noSeats = editAt(log, 0, (e) => ({ ...e, data: { ...(e.data as object), seats: undefined } }));
    expect(checkDice(noSeats)).toMatchObject({ check: 'dice', ok: false });
    expect(checkDice(editAt(log, 0, (e) => ({ ...e, data: null })))).toMatchObject({ check: 'dice', ok: false, line: 5 });
  });

  it('RUL-9 verify: a seat that joined without a contribution adds nothing to the dice key', () => {
    const game = new Recorder('g_no_contribution');
    game.give(
      {
        type: 'CreateGame',
        ruleset: 'post-galactica',
        seat: 'red',
        seedContribution: '00112233445566778899',
        options: { deadlines: { default: 'PT1H' } },
      },
      { kind: 'player', playerId: 'p_one', seat: null },
    );
    game.give({ type: 'JoinGame' }, { kind: 'player', playerId: 'p_two', seat: null });
    const state = game.state;
    if (state.status === 'choosing' && state.rollOff)
      game.give({ type: 'ChooseFirstPlayer', seat: 'red' }, game.seat(state.rollOff.winner));
    game.give({ type: 'Concede' }, game.seat('blue'));
    const log = game.log();
    expect(log.events.find((e) => e.type === 'SeatJoined' && (e.data as { seat: string }).seat === 'blue')?.data).toMatchObject({
      seedContribution: null,
    });
    expect(checkDice(log)).toMatchObject({
      ok: true,
      verdict: expect.stringMatching(/^dice: all [1-9]\d* rolls are the ones the seed gives$/),
    });
  });

  it('RUL-9 verify: a log that does not fold fails the state check with the reason, not a throw', () => {
    const log = reference();
    const broken = editAt(log, 40, (e) => ({ ...e, data: null }));
    expect(checkState(broken)).toMatchObject({
      check: 'state',
      ok: false,
      verdict: expect.stringMatching(/^state: the log does not fold: event 41: /),
    });
  });
});

describe('RUL-9 RUL-10 an older log is compared on the members its server reported', () => {
  const older = () => {
    const log = reference();
    return { ...log, header: { ...log.header, rulesVersion: 'sol-0.1.0' } };
  };

  it('RUL-9 RUL-10 a reported array of another length, an item that differs, an object where a list was, a missing member: each is named', () => {
    const log = older();
    const state = log.header.state as Record<string, unknown>;
    const list = Object.keys(state).find((k) => Array.isArray(state[k]) && (state[k] as unknown[]).length > 0) as string;
    const member = Object.keys(state).find((k) => typeof state[k] === 'object' && state[k] !== null && !Array.isArray(state[k])) as string;
    const withState = (changed: Record<string, unknown>) =>
      checkState({ ...log, header: { ...log.header, state: { ...state, ...changed } } });
    const items = state[list] as unknown[];
    expect(withState({})).toMatchObject({ ok: true });
    expect(withState({ [list]: [...items, null] })).toMatchObject({ check: 'state', ok: false, detail: [`  first at state.${list}`] });
    expect(withState({ [list]: [...items.slice(0, -1), 'x'] })).toMatchObject({
      check: 'state',
      ok: false,
      detail: [`  first at state.${list}[${items.length - 1}]`],
    });
    expect(withState({ [list]: { length: items.length } })).toMatchObject({
      check: 'state',
      ok: false,
      detail: [`  first at state.${list}`],
    });
    expect(withState({ [member]: [] })).toMatchObject({ check: 'state', ok: false, detail: [`  first at state.${member}`] });
    expect(withState({ [member]: null })).toMatchObject({ check: 'state', ok: false, detail: [`  first at state.${member}`] });
    expect(withState({ unreported: 1 })).toMatchObject({ check: 'state', ok: false, detail: ['  first at state.unreported'] });
    // where the fold has null or a number, an object reported there differs at that member, not inside it
    expect(withState({ step: { key: 'x' } })).toMatchObject({ check: 'state', ok: false, detail: ['  first at state.step'] });
    expect(withState({ version: { key: 'x' } })).toMatchObject({ check: 'state', ok: false, detail: ['  first at state.version'] });
  });

  it('RUL-9 verify: a header naming a ruleset this build does not know is compared member by member, not thrown', () => {
    const log = reference();
    const state = { ...(log.header.state as Record<string, unknown>), turn: -1 };
    expect(checkState({ ...log, header: { ...log.header, ruleset: 'chess', state } })).toMatchObject({
      check: 'state',
      ok: false,
      line: 1,
      detail: ['  first at state.turn'],
    });
  });

  it('RUL-9 RUL-10 a member the older server did not report is not compared; the newest version must match member for member', () => {
    const log = older();
    const state = log.header.state as Record<string, unknown>;
    const [dropped = ''] = Object.keys(state);
    const { [dropped]: _gone, ...fewer } = state;
    expect(checkState({ ...log, header: { ...log.header, state: fewer } })).toMatchObject({ ok: true });
    const newest = reference();
    expect(checkState({ ...newest, header: { ...newest.header, state: fewer } })).toEqual({
      check: 'state',
      ok: false,
      verdict: `state: the fold of the log differs from the state the server reported (version ${state.version})`,
      line: 1,
    });
  });
});

describe('RUL-9 verify: every outcome names its check, its line and whether it is pending', () => {
  const log = reference();
  const i = 20;
  const spectator = running(log, 60);
  const sealedAt = 5;
  const withSealed = sealedAgain(editAt(log, sealedAt, (e) => ({ ...e, type: 'Sealed', data: null })));
  const rolled = editAt(log, 3, (e) => {
    const [found] = findRolls(e.data);
    const roll = found?.roll as { value: number; sides: number };
    roll.value = (roll.value % roll.sides) + 1;
    return e;
  });
  const unknown = { ...log, header: { ...log.header, ruleset: 'chess' } };
  const cases: [string, () => unknown, Record<string, unknown>][] = [
    [
      'chain: another game',
      () => checkChain(sealedAgain(editAt(log, i, (e) => ({ ...e, gameId: 'g_other' })))),
      { check: 'chain', ok: false, line: lineOf(i) },
    ],
    [
      'chain: a seq skipped',
      () => checkChain(sealedAgain(editAt(log, i, (e) => ({ ...e, seq: e.seq + 1 })))),
      { check: 'chain', ok: false, line: lineOf(i) },
    ],
    [
      'chain: a prevHash',
      () => checkChain(editAt(log, i, (e) => ({ ...e, prevHash: 'f'.repeat(64) }))),
      { check: 'chain', ok: false, line: lineOf(i) },
    ],
    [
      'chain: an edited event',
      () => checkChain(editAt(log, i, (e) => ({ ...e, data: { edited: true } }))),
      { check: 'chain', ok: false, line: lineOf(i) },
    ],
    ['chain: a sealed event', () => checkChain(withSealed), { check: 'chain', ok: true }],
    ['seed: a running game', () => checkSeed(spectator), { check: 'seed', ok: false, pending: true }],
    ['seed: an ended game without it', () => checkSeed({ ...log, header: { ...log.header, seed: null } }), { check: 'seed', ok: false }],
    [
      'seed: another commitment',
      () => checkSeed({ ...log, header: { ...log.header, seedCommitment: 'f'.repeat(64) } }),
      { check: 'seed', ok: false, line: 2 },
    ],
    [
      'seed: another seed',
      () => checkSeed({ ...log, header: { ...log.header, seed: 'f'.repeat(64) } }),
      { check: 'seed', ok: false, line: 1 },
    ],
    ['dice: a running game', () => checkDice(spectator), { check: 'dice', ok: false, pending: true }],
    [
      'dice: an ended game without its seed',
      () => checkDice({ ...log, header: { ...log.header, seed: null } }),
      { check: 'dice', ok: false },
    ],
    ['dice: a face the seed does not give', () => checkDice(rolled), { check: 'dice', ok: false, line: 5 }],
    [
      'dice: a draw used twice',
      () =>
        checkDice(
          editAt(log, 3, (e) => {
            const [, second] = findRolls(e.data);
            (second?.roll.draw as { index: number }).index = 0;
            return e;
          }),
        ),
      { check: 'dice', ok: false, line: 5 },
    ],
    ['dice: every face the seed gives', () => checkDice(log), { check: 'dice', ok: true }],
    [
      'state: a running export with a sealed event',
      () => checkState({ ...withSealed, header: spectator.header }),
      { check: 'state', ok: false, pending: true },
    ],
    ['state: an ended export with a sealed event', () => checkState(withSealed), { check: 'state', ok: false }],
    ['state: an intact log', () => checkState(log), { check: 'state', ok: true }],
    ['rules: an unknown ruleset', () => checkRules(unknown), { check: 'rules', ok: false, line: 1 }],
    [
      'rules: an unknown version',
      () => checkRules({ ...log, header: { ...log.header, rulesVersion: 'sol-9.9.9' } }),
      { check: 'rules', ok: false, line: 1 },
    ],
    [
      'rules: an ended game without its seed',
      () => checkRules({ ...log, header: { ...log.header, seed: null } }),
      { check: 'rules', ok: false },
    ],
    ['rules: a running game', () => checkRules(spectator), { check: 'rules', ok: true }],
  ];
  it.each(cases)('RUL-9 verify: %s', (_name, check, expected) => {
    const result = check() as Record<string, unknown>;
    expect(result).toMatchObject(expected);
    if (!('pending' in expected)) expect(result.pending).toBeUndefined();
    if (!('line' in expected)) expect(result.line).toBeUndefined();
  });
});
