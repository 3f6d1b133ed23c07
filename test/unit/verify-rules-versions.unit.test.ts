/**
 * PBM-14 RUL-10 the verifier's rules check across rules versions: the parts of a log that
 * changed version, what each says, whether it is re-decided or only told, what a replayed
 * adoption claims, and how each part's dice are keyed.
 */

import { describe, expect, it } from 'vitest';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type ParsedLog, parseLog, serializeLog } from '../../domain/verify/log.ts';
import { readjudicate } from '../../domain/verify/readjudicate.ts';
import { checkDice, checkRules } from '../../domain/verify/verify.ts';
import { Recorder, startMatch } from '../support/finished-games.ts';
import { ageLog, lineOf, olderVersion, rechain, underVersion, withOldTurnLimit } from '../support/older-rules.ts';
import { olderGame, resumed } from '../support/verify-setups.ts';

const RULESETS = everyRuleset();
const CURRENT = RULESETS.getRuleset('post-galactica').rulesVersion;
/** A version this build does not decide (RUL-10 lists the ones it does). */
const OLD = olderVersion('post-galactica');
const SYSTEM = { kind: 'system' } as const;

const finish = (game: Recorder): ParsedLog => {
  game.missDeadline();
  game.give({ type: 'Concede' }, game.seat('blue'));
  const log = game.log();
  return parseLog(serializeLog(log.header, log.events));
};
const partsOf = (log: ParsedLog) => checkRules(log).parts?.map((p) => [p.fromSeq, p.toSeq, p.rulesVersion, p.readjudicated]);
const adoptionIndex = (log: ParsedLog) => log.events.findIndex((e) => e.type === 'RulesVersionAdopted');
const commandCount = (log: ParsedLog, from = 0) => log.events.slice(from).filter((e) => e.command !== undefined).length;

describe('RUL-9 PBM-14 a log in one rules version has no parts to tell', () => {
  it('RUL-9 PBM-14 a log decided wholly under the current rules passes with no parts listed', () => {
    const log = finish(startMatch('post-galactica'));
    expect(checkRules(log)).toStrictEqual({
      check: 'rules',
      ok: true,
      verdict: `rules: all ${commandCount(log)} commands re-decided under Post Galactica ${CURRENT} give exactly the logged events`,
    });
  });
});

describe('RUL-9 PBM-14 the organiser adopted newer rules: the part before is only told', () => {
  it('RUL-9 PBM-14 RUL-10 a part under a version this build does not decide is listed, not re-adjudicated; the rest is', () => {
    const game = olderGame();
    game.give({ type: 'AdoptRules' }, game.seat('red'));
    const log = finish(game);
    const at = adoptionIndex(log);
    expect(log.events[at]?.data).toMatchObject({ how: 'organiser' });
    const last = log.events.at(-1)?.seq;
    expect(partsOf(log)).toEqual([
      [1, at, OLD, false],
      [at + 1, last, CURRENT, true],
    ]);
    expect(checkRules(log).verdict).toBe(
      `rules: all ${commandCount(log, at)} commands re-decided under Post Galactica ${CURRENT} give exactly the logged events; events 1–${at} were decided under ${OLD}, which this build does not implement; not re-adjudicated`,
    );
  });

  it('RUL-9 PBM-14 a part of one event is told as one event', () => {
    const created = new Recorder('g_one_event_part');
    created.give(
      { type: 'CreateGame', ruleset: 'post-galactica', options: { deadlines: { default: 'PT1H' } } },
      { kind: 'player', playerId: 'p_one', seat: null },
    );
    expect(created.events).toHaveLength(1);
    const game = resumed(ageLog(created.events, OLD));
    game.give({ type: 'AdoptRules' }, { kind: 'player', playerId: 'p_one', seat: null });
    game.give({ type: 'JoinGame', seat: 'red' }, { kind: 'player', playerId: 'p_one', seat: null });
    game.give({ type: 'JoinGame', seat: 'blue' }, { kind: 'player', playerId: 'p_two', seat: null });
    const state = game.state;
    if (state.status === 'choosing' && state.rollOff)
      game.give({ type: 'ChooseFirstPlayer', seat: 'red' }, game.seat(state.rollOff.winner));
    const log = finish(game);
    expect(partsOf(log)?.[0]).toEqual([1, 1, OLD, false]);
    expect(checkRules(log).verdict).toMatch(
      new RegExp(`; event 1 was decided under ${OLD}, which this build does not implement; not re-adjudicated$`),
    );
  });

  it('RUL-9 PBM-14 what the older part decided differently is not held against it: it is not re-decided', () => {
    const game = olderGame(OLD, withOldTurnLimit);
    game.give({ type: 'AdoptRules' }, game.seat('red'));
    expect(checkRules(finish(game)).ok).toBe(true);
  });
});

describe('RUL-9 PBM-14 a replayed adoption claims the part before it decides the same under the version it adopted', () => {
  it('RUL-9 PBM-14 the claimed part is re-decided under the adopted version, and the verdict says so', () => {
    const game = olderGame();
    game.give({ type: 'AdoptRules' }, SYSTEM);
    const log = finish(game);
    const at = adoptionIndex(log);
    expect(log.events[at]?.data).toMatchObject({ how: 'replayed' });
    expect(partsOf(log)).toEqual([
      [1, at, OLD, true],
      [at + 1, log.events.at(-1)?.seq, CURRENT, true],
    ]);
    expect(checkRules(log).verdict).toBe(
      `rules: all ${commandCount(log)} commands re-decided under Post Galactica ${CURRENT} give exactly the logged events; events 1–${at} were decided under ${OLD} and re-decide the same under ${CURRENT}, as the adoption after them claims`,
    );
  });

  it('RUL-9 PBM-14 a header naming another version than the log ends under is refused by the rules check, at line 1', () => {
    const game = olderGame();
    game.give({ type: 'AdoptRules' }, SYSTEM);
    const log = finish(game);
    // a version this build lists, so the header is not refused for naming one it does not decide
    const listed = (RULESETS.getFold('post-galactica').rulesVersions ?? [])[0] ?? '';
    expect(checkRules({ ...log, header: { ...log.header, rulesVersion: listed } })).toMatchObject({ check: 'rules', ok: false, line: 1 });
  });

  it('RUL-9 PBM-14 a logged adoption with no data differs from the one re-decided; it is not read through', () => {
    const game = olderGame();
    game.give({ type: 'AdoptRules' }, SYSTEM);
    const log = finish(game);
    const at = adoptionIndex(log);
    const events = log.events.map((e, i) => (i === at ? { ...e, data: null } : e));
    const result = readjudicate(events, { gameId: log.header.gameId, seed: log.header.seed, rulesets: RULESETS, decides: (i) => i >= at });
    expect(result).toMatchObject({ ok: false, divergence: { kind: 'differs', index: at } });
  });

  it('RUL-9 PBM-14 a claim the adopted rules do not bear out fails at the first event they decide otherwise, GameCreated itself', () => {
    const game = olderGame(OLD, withOldTurnLimit);
    game.give({ type: 'AdoptRules' }, SYSTEM);
    const log = finish(game);
    expect(checkRules(log)).toMatchObject({ check: 'rules', ok: false, line: lineOf(0) });
  });
});

describe('RUL-9 verify: the rules check refuses what it cannot re-decide', () => {
  it('RUL-9 REL-11 an ended game exported with a sealed event hidden is refused at that line', () => {
    const log = finish(startMatch('post-galactica'));
    const i = 5;
    const sealed = { ...log, events: rechain(log.events.map((e, k) => (k === i ? { ...e, type: 'Sealed', data: null } : e))) };
    expect(checkRules(sealed)).toMatchObject({ check: 'rules', ok: false, line: lineOf(i) });
  });

  it('RUL-9 verify: a command the rules refuse is named at its line', () => {
    const game = startMatch('post-galactica');
    game.give({ type: 'PauseGame' }, game.seat('red'));
    const paused = game.log();
    const i = paused.events.findIndex((e) => e.type === 'GamePaused');
    const forged = { ...paused, events: rechain(paused.events.map((e, k) => (k === i ? { ...e, actor: 'blue' } : e))) };
    expect(checkRules(forged)).toMatchObject({ check: 'rules', ok: false, line: lineOf(i) });
  });
});

describe('RUL-9 RUL-10 a part under an older version this build decides is re-decided under it', () => {
  /** The newest version before the current one: this build decides it too (RUL-10). */
  const PREVIOUS = (RULESETS.getFold('post-galactica').rulesVersions ?? []).at(-2) ?? '';

  it('RUL-9 RUL-10 after an organiser adoption the older part re-decides the same under its own version, and says so', () => {
    expect(PREVIOUS).not.toBe('');
    const game = olderGame(PREVIOUS);
    game.give({ type: 'AdoptRules' }, game.seat('red'));
    const log = finish(game);
    const at = adoptionIndex(log);
    expect(partsOf(log)).toEqual([
      [1, at, PREVIOUS, true],
      [at + 1, log.events.at(-1)?.seq, CURRENT, true],
    ]);
    expect(checkRules(log).verdict).toBe(
      `rules: all ${commandCount(log)} commands re-decided under Post Galactica ${CURRENT} give exactly the logged events; events 1–${at} were decided under ${PREVIOUS} and re-decide the same under it`,
    );
  });

  it('RUL-9 PBM-14 after a replayed adoption the older part re-decides the same under its own version and under the adopted one', () => {
    const game = olderGame(PREVIOUS);
    game.give({ type: 'AdoptRules' }, SYSTEM);
    const log = finish(game);
    const at = adoptionIndex(log);
    expect(checkRules(log).verdict).toBe(
      `rules: all ${commandCount(log)} commands re-decided under Post Galactica ${CURRENT} give exactly the logged events; events 1–${at} were decided under ${PREVIOUS} and re-decide the same under it and under ${CURRENT}, as the adoption after them claims`,
    );
  });
});

describe('RUL-9 PBM-14 a claim reaches back to the organiser adoption before it, and no further', () => {
  const PREVIOUS = (RULESETS.getFold('post-galactica').rulesVersions ?? []).at(-2) ?? '';

  it('RUL-9 PBM-14 the part from the organiser adoption up to the replayed one is claimed; the part before it is not', () => {
    // the part before decided GameCreated otherwise: it must not be re-decided under the claim
    const game = olderGame(OLD, withOldTurnLimit);
    const organiser = game.events.length;
    game.give({ type: 'AdoptRules' }, game.seat('red'));
    game.missDeadline();
    const moved = resumed(underVersion(game.events, organiser, PREVIOUS));
    const replayed = moved.events.length;
    moved.give({ type: 'AdoptRules' }, SYSTEM);
    const log = finish(moved);
    expect(log.events[organiser]).toMatchObject({ type: 'RulesVersionAdopted', data: { how: 'organiser', to: PREVIOUS } });
    expect(log.events[replayed]).toMatchObject({ type: 'RulesVersionAdopted', data: { how: 'replayed', to: CURRENT } });
    expect(partsOf(log)).toEqual([
      [1, organiser, OLD, false],
      [organiser + 1, replayed, PREVIOUS, true],
      [replayed + 1, log.events.at(-1)?.seq, CURRENT, true],
    ]);
    expect(checkRules(log).verdict).toBe(
      `rules: all ${commandCount(log, organiser)} commands re-decided under Post Galactica ${CURRENT} give exactly the logged events; ` +
        `events 1–${organiser} were decided under ${OLD}, which this build does not implement; not re-adjudicated; ` +
        `events ${organiser + 1}–${replayed} were decided under ${PREVIOUS} and re-decide the same under it and under ${CURRENT}, as the adoption after them claims`,
    );
  });
});

describe('RUL-9 RUL-10 the dice of each part are keyed as the version it was decided under keyed them (§6)', () => {
  const FIRST = (RULESETS.getFold('post-galactica').rulesVersions ?? [])[0] ?? '';

  it('RUL-9 RUL-10 rolls keyed the newer way in a part labelled with the first version fail at their line; under the newest they pass', () => {
    const game = olderGame(FIRST);
    game.give({ type: 'AdoptRules' }, game.seat('red'));
    const log = finish(game);
    const rolled = log.events.findIndex((e) => e.type === 'RolledOff');
    expect(log.events[rolled]?.rulesVersion).toBe(FIRST);
    expect(checkDice(log)).toMatchObject({ check: 'dice', ok: false, line: lineOf(rolled) });
    expect(checkDice(finish(startMatch('post-galactica')))).toMatchObject({ check: 'dice', ok: true });
  });
});
