/**
 * PBM-14: a rules change never strands a running game. A game recorded under older rules
 * moves to the version this build implements with a recorded RulesVersionAdopted: by the
 * system when its log decides the same under the new rules, by its organiser otherwise;
 * verify checks what it can and names what it cannot.
 */

import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { isNewerRulesVersion } from '../../domain/kernel/rules-version.ts';
import { decideGame } from '../../domain/match/decide.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type ParsedLog, parseLog, serializeLog } from '../../domain/verify/log.ts';
import { readjudicate, readjudicationStart } from '../../domain/verify/readjudicate.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { ctxFor, GAME_ID, matchOf, seat, startedPostGalactica } from '../support/decider-spec.ts';
import { REFERENCE_SEED, type Recorder, startMatch } from '../support/finished-games.ts';
import { olderVersion, rechain, withOldTurnLimit } from '../support/older-rules.ts';
import { olderGame } from '../support/verify-setups.ts';

const RULESETS = everyRuleset();

const CURRENT = RULESETS.getRuleset('post-galactica').rulesVersion;
const OLD = olderVersion('post-galactica');
const SYSTEM = { kind: 'system' } as const;

/** A Post Galactica match after two missed deadlines, recorded under older rules (`edit`: what they decided differently). */
const oldGame = (edit?: (event: EventEnvelope) => unknown): Recorder => olderGame(OLD, edit);

const organiser = (game: Recorder) => game.seat('red');
const finish = (game: Recorder): ParsedLog => {
  game.missDeadline();
  game.missDeadline();
  game.give({ type: 'Concede' }, game.seat('blue'));
  const log = game.log();
  return parseLog(serializeLog(log.header, log.events));
};
const rulesCheck = (log: ParsedLog) => verifyLog(log).find((r) => r.check === 'rules');

describe('PBM-14 which rules are newer', () => {
  it('PBM-14 a newer version is the same rules with a higher number; a rollback or other rules never are', () => {
    expect(isNewerRulesVersion('pg-0.5.0', 'pg-0.4.9')).toBe(true);
    expect(isNewerRulesVersion('pg-0.10.0', 'pg-0.9.0')).toBe(true);
    expect(isNewerRulesVersion('pg-1.0.0', 'pg-0.99.99')).toBe(true);
    expect(isNewerRulesVersion('pg-0.5.0', 'pg-0.5.0')).toBe(false);
    expect(isNewerRulesVersion('pg-0.4.0', 'pg-0.5.0')).toBe(false);
    expect(isNewerRulesVersion('sol-0.9.0', 'pg-0.1.0')).toBe(false);
    expect(isNewerRulesVersion('pg-next', 'pg-0.1.0')).toBe(false);
  });
});

describe('PBM-14 AdoptRules on a game started under older rules', () => {
  const decide = (game: Recorder, actor: Parameters<Recorder['give']>[1]) =>
    decideGame(
      game.state,
      { type: 'AdoptRules' },
      { rulesets: RULESETS, now: '2026-06-01T00:00:00.000Z', actor, seed: REFERENCE_SEED },
      game.gameId,
    );

  it('PBM-14 the organiser adopts the current rules from the current position', () => {
    const game = oldGame();
    expect(decide(game, organiser(game))).toEqual({
      ok: true,
      events: [{ type: 'RulesVersionAdopted', data: { from: OLD, to: CURRENT, how: 'organiser' } }],
    });
  });

  it('PBM-14 the system adopts them as replayed (after re-adjudicating the log)', () => {
    const game = oldGame();
    expect(decide(game, SYSTEM)).toMatchObject({ ok: true, events: [{ data: { from: OLD, to: CURRENT, how: 'replayed' } }] });
  });

  it('PBM-14 a player who did not create the game is refused with 403', () => {
    const game = oldGame();
    const decision = decide(game, game.seat('blue'));
    expect(decision).toMatchObject({ ok: false, violation: { code: 'NOT_ORGANISER', rule: 'MATCH', status: 403 } });
    if (!decision.ok)
      expect(decision.violation.message).toBe('Only the organiser, the player who created this game, may adopt new rules for it.');
  });

  it('PBM-14 a game already under the current rules has nothing to adopt (409)', () => {
    const game = startMatch('post-galactica');
    const decision = decide(game, organiser(game));
    expect(decision).toMatchObject({ ok: false, violation: { code: 'NOTHING_TO_ADOPT' } });
    if (!decision.ok) {
      expect(decision.violation.status).toBe(409);
      expect(decision.violation.message).toBe(
        `This game already plays under ${CURRENT}, and this server implements no newer version of its rules to adopt.`,
      );
    }
  });

  it('PBM-14 after the adoption the game plays under the new version, and its events are recorded under it', () => {
    const game = oldGame();
    game.give({ type: 'AdoptRules' }, organiser(game));
    expect(game.state.status !== 'empty' && game.state.rulesVersion).toBe(CURRENT);
    game.missDeadline();
    const [adopted, ...after] = game.events.slice(game.events.findIndex((e) => e.type === 'RulesVersionAdopted'));
    expect(adopted).toMatchObject({ rulesVersion: CURRENT, actor: 'red', command: { type: 'AdoptRules' } });
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((e) => e.rulesVersion === CURRENT)).toBe(true);
    expect(game.events.filter((e) => e.rulesVersion === OLD).length).toBe(game.events.findIndex((e) => e.type === 'RulesVersionAdopted'));
  });
});

describe('PBM-14 re-adjudicating an older log under the current rules', () => {
  const options = (game: Recorder) => ({ gameId: game.gameId, seed: REFERENCE_SEED, rulesets: RULESETS, under: CURRENT });

  it('PBM-14 a log the current rules decide the same re-adjudicates, every command', () => {
    const game = oldGame();
    const result = readjudicate(game.events, options(game));
    expect(result).toMatchObject({ ok: true, decided: game.events.filter((e) => e.command !== undefined).length });
  });

  it('PBM-14 a log they decide differently gives the first divergence, both versions of it', () => {
    const game = oldGame(withOldTurnLimit);
    const result = readjudicate(game.events, options(game));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.divergence).toMatchObject({ kind: 'differs', index: 0, commandIndex: 0 });
    if (result.divergence.kind !== 'differs') return;
    expect(result.divergence.logged).toContain('"turnLimit":6');
    expect(result.divergence.decided).not.toContain('turnLimit');
  });

  it('PBM-14 after an organiser adoption, re-adjudication starts at it: what came before was left by choice', () => {
    const game = oldGame(withOldTurnLimit);
    expect(readjudicationStart(game.events)).toBe(0);
    game.give({ type: 'AdoptRules' }, organiser(game));
    const at = game.events.length - 1;
    game.missDeadline();
    expect(readjudicationStart(game.events)).toBe(at);
    expect(readjudicate(game.events, { ...options(game), decides: (i) => i >= at })).toMatchObject({ ok: true, decided: 2 });
  });
});

describe('PBM-14 verify of a log that changed rules version', () => {
  it('PBM-14 a migrated log passes every check, and its older part is re-decided under the current rules as the migration claims', () => {
    const game = oldGame();
    const older = game.events.length;
    game.give({ type: 'AdoptRules' }, SYSTEM);
    const log = finish(game);
    expect(verifyLog(log).filter((r) => !r.ok)).toEqual([]);
    const rules = rulesCheck(log);
    expect(rules?.verdict).toContain(
      `; events 1–${older} were decided under ${OLD} and re-decide the same under ${CURRENT}, as the adoption after them claims`,
    );
    expect(rules?.parts).toEqual([
      { fromSeq: 1, toSeq: older, rulesVersion: OLD, readjudicated: true },
      { fromSeq: older + 1, toSeq: log.events.length, rulesVersion: CURRENT, readjudicated: true },
    ]);
  });

  it('PBM-14 a log the organiser moved on passes, and names the older part it does not re-adjudicate', () => {
    const game = oldGame(withOldTurnLimit);
    const older = game.events.length;
    game.give({ type: 'AdoptRules' }, organiser(game));
    const log = finish(game);
    expect(verifyLog(log).filter((r) => !r.ok)).toEqual([]);
    const rules = rulesCheck(log);
    expect(rules?.verdict).toMatch(/^rules: all \d+ commands re-decided under Post Galactica \S+ give exactly the logged events; /);
    expect(rules?.verdict).toContain(
      `events 1–${older} were decided under ${OLD}, which this build does not implement; not re-adjudicated`,
    );
  });

  it('PBM-14 a replayed adoption over a log the rules decide differently is caught: the claim is re-checked', () => {
    const game = oldGame(withOldTurnLimit);
    game.give({ type: 'AdoptRules' }, SYSTEM);
    const rules = rulesCheck(finish(game));
    expect(rules).toMatchObject({ ok: false, line: 2 });
    expect(rules?.verdict).toBe('rules: line 2 differs from what the rules decide for the command at line 2');
  });

  it('PBM-14 the part under the current rules is still checked: an edited event there fails', () => {
    const game = oldGame(withOldTurnLimit);
    game.give({ type: 'AdoptRules' }, organiser(game));
    const log = finish(game);
    const i = log.events.findIndex((e, k) => k > 0 && log.events[k - 1]?.type === 'RulesVersionAdopted' && e.type === 'DeadlinePassed');
    expect(i).toBeGreaterThan(0);
    const edited = rechain(log.events.map((e, k) => (k === i ? { ...e, data: { ...(e.data as object), awaiting: ['nobody'] } } : e)));
    const rules = rulesCheck({ ...log, events: edited });
    expect(rules).toMatchObject({ ok: false, line: i + 2 });
  });

  it('PBM-14 an event labelled with another version than the one in force is named', () => {
    const game = oldGame(withOldTurnLimit);
    game.give({ type: 'AdoptRules' }, organiser(game));
    const log = finish(game);
    const last = log.events.length - 1;
    const edited = rechain(log.events.map((e, k) => (k === last ? { ...e, rulesVersion: OLD } : e)));
    expect(rulesCheck({ ...log, events: edited })?.verdict).toBe(
      `rules: line ${last + 2} is recorded under rules version ${OLD}, but the game played under ${CURRENT}`,
    );
  });

  it('PBM-14 RUL-10 a log under a version this build does not decide, that never adopted one it does, is still refused whole', () => {
    const game = oldGame();
    game.give({ type: 'Concede' }, game.seat('blue'));
    const rules = rulesCheck(game.log());
    expect(rules).toMatchObject({ ok: false, line: 1 });
    expect(rules?.verdict).toMatch(
      new RegExp(
        `^rules: this log needs Post Galactica rules version ${OLD}, but this verifier implements pg-0\\.2\\.0, .* and ${CURRENT}; re-adjudication refused$`,
      ),
    );
  });
});

describe('RUL-9 PBM-14 AdoptRules refused', () => {
  it('RUL-9 PBM-14 an ended game keeps the rules it was played under: GAME_OVER', () => {
    const game = startedPostGalactica();
    game.run({ type: 'Concede' }, seat('blue'));
    const refused = game.when({ type: 'AdoptRules' }, seat('red')).thenRejects('MATCH', 'GAME_OVER');
    expect([refused.message, refused.status]).toEqual([
      'This game has ended (blue conceded); it keeps the rules it was played under.',
      409,
    ]);
  });

  it('RUL-9 PBM-14 a game already under the newest rules has nothing to adopt, by its organiser or by a re-adjudication naming its own version', () => {
    const game = startedPostGalactica();
    const current = matchOf(game).rulesVersion;
    const nothing = `This game already plays under ${current}, and this server implements no newer version of its rules to adopt.`;
    const byOrganiser = game.when({ type: 'AdoptRules' }, seat('red')).thenRejects('MATCH', 'NOTHING_TO_ADOPT');
    expect(byOrganiser.message).toBe(nothing);
    // A re-adjudication names the version its log adopted (ctx.rulesVersion): the game's own is no newer.
    const replayed = decideGame(game.state, { type: 'AdoptRules' }, { ...ctxFor(SYSTEM), rulesVersion: current }, GAME_ID);
    expect(replayed).toEqual({
      ok: false,
      violation: expect.objectContaining({ code: 'NOTHING_TO_ADOPT', rule: 'MATCH', message: nothing }),
    });
  });
});
