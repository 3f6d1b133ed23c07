/**
 * What verify and `replay --explain` name: voided events (TB-7: who took them back, on whose
 * authority, and where each voided range begins and ends), a discarded roll drawn again (TB-2), a
 * fork's log verified alone and with its origin (TB-6), the public commitment after a sealed event
 * (REL-11), the check a missing reveal fails, an illegal command's verdict, and the versions a
 * verifier names when it refuses a log (RUL-10). Every log is played through the real decider or
 * is a reference log; a failure is made by editing it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PIG_COMMANDS } from '../../docs/examples/pig/command-docs.ts';
import { EXAMPLE_OPTIONS } from '../../docs/examples/pig/examples.ts';
import { pig } from '../../docs/examples/pig/ruleset.ts';
import { rulesetCatalogue } from '../../domain/catalogue.ts';
import { type EventEnvelope, sealBatch } from '../../domain/kernel/envelope.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import { decideGame } from '../../domain/match/decide.ts';
import type { TakenBack } from '../../domain/match/events.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { redactEvents, viewGame } from '../../domain/match/view.ts';
import { rulesetList } from '../../domain/ruleset-list.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { explainEvent } from '../../domain/verify/explain.ts';
import { LogFold } from '../../domain/verify/fold.ts';
import { LOG_FORMAT, type LogHeader, type ParsedLog, parseLog, serializeLog } from '../../domain/verify/log.ts';
import { readjudicate } from '../../domain/verify/readjudicate.ts';
import { checkChain, checkDice, checkRules, checkSeed, verifyLog } from '../../domain/verify/verify.ts';
import { ctxFor, GAME_ID, type Game, matchOf, player, seat, startedPostGalactica, TEST_SEED } from '../support/decider-spec.ts';
import { Recorder, startMatch } from '../support/finished-games.ts';
import { ageLog, editAt, lineOf, olderVersion, rechain } from '../support/older-rules.ts';
import { arena, TROOPERS, toPhase } from '../support/post-galactica.ts';
import { afterAShot, shotAgain } from '../support/soluna.ts';
import { withRoll } from '../support/takebacks.ts';

const RULESETS = everyRuleset();
const red = seat('red');
const sun = seat('sun', 'p_sun');
const moon = seat('moon', 'p_moon');

const reference = (id: string): ParsedLog =>
  parseLog(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'logs', `${id}.ndjson`), 'utf8'));

const takebacksOf = (log: readonly EventEnvelope[]) => log.filter((e) => e.type === 'TakenBack') as EventEnvelope<TakenBack>[];
const eventAt = (log: readonly EventEnvelope[], seq: number) => log.find((e) => e.seq === seq) as EventEnvelope;

/** The first line `explain` gives for event `seq`: who gave it and when. */
const head = (e: EventEnvelope) => `Event ${e.seq} (${e.type}) by ${e.actor} at ${e.at}:`;
const NO_DICE = '  no dice were rolled in this event.';
const STAYS = 'it stays in the log, and any roll in it stays spent.';

/**
 * Red in its Movement Phase moves, takes the move back (TB-1, no reason), moves again; then the
 * organiser (red's player, who created the game) corrects the game to the version before the
 * phase started (TB-3). The correction voids what no takeback voided already: the phase start,
 * then the own takeback and the second move, two ranges with the voided first move between them.
 */
const ownThenCorrected = () => {
  const game = arena();
  toPhase(game, 'movement', 'red');
  const move = () => game.run({ type: 'Move', unitId: TROOPERS, path: [{ x: 12, y: 14 }] }, red);
  const started = game.state.version;
  move();
  game.run({ type: 'TakeBack' }, red);
  move();
  game.run({ type: 'CorrectGame', toVersion: started - 1, reason: 'the deadline was wrong' }, player('p_red'));
  return { game, started };
};

describe('RUL-9 TB-7 explain names the takeback that voided an event, and only inside its ranges', () => {
  it('RUL-9 TB-7 TB-1 TB-3 an own takeback and an organiser correction of two ranges: each voided event names its own takeback', () => {
    const { game, started } = ownThenCorrected();
    const [own, correction] = takebacksOf(game.log);
    // The correction voids two ranges around the event the own takeback voided already.
    expect(own?.data).toEqual({ seat: 'red', toVersion: started, voids: [{ from: started + 1, to: started + 1 }], how: 'own' });
    expect(correction?.data.voids).toEqual([
      { from: started, to: started },
      { from: started + 2, to: started + 3 },
    ]);
    const ownVoid = `  Void: red took it back at event ${own?.seq}, to version ${started}; ${STAYS}`;
    const corrected = `  Void: the organiser took the game back at event ${correction?.seq}, to version ${started - 1} (the deadline was wrong); ${STAYS}`;
    const explained = (seq: number) => explainEvent(eventAt(game.log, seq), game.log);
    const said = (seq: number, ...lines: string[]) => [head(eventAt(game.log, seq)), ...lines, NO_DICE];
    // Before the first range and after the last (the correction itself), nothing is void.
    expect(explained(started - 1)).toEqual(said(started - 1));
    // The first range is one event: it is both its start and its end.
    expect(explained(started)).toEqual(said(started, corrected));
    // Between the ranges, the first move: voided by red's own takeback, which gave no reason.
    expect(explained(started + 1)).toEqual(said(started + 1, ownVoid));
    // The second range, its first and its last event.
    expect(explained(started + 2)).toEqual(said(started + 2, corrected));
    expect(explained(started + 3)).toEqual(said(started + 3, corrected));
    expect(correction?.seq).toBe(started + 4);
    expect(explained(started + 4)).toEqual(said(started + 4));
  });

  it('RUL-9 TB-7 TB-2 a voided event with a roll says it was agreed, then explains the roll it spent; events after the takeback are not void', () => {
    const { game, start } = afterAShot();
    game.run({ type: 'ProposeTakeback', toVersion: start }, moon);
    game.run({ type: 'AcceptTakeback' }, sun);
    const [taken] = takebacksOf(game.log);
    expect(taken?.data).toMatchObject({ seat: 'moon', how: 'agreed', toVersion: start, voids: [{ from: start + 1, to: start + 9 }] });
    const shot = game.log.find((e) => findRolls(e.data).length > 0) as EventEnvelope;
    expect(shot.seq).toBeGreaterThan(start);
    expect(explainEvent(shot, game.log)).toEqual([
      head(shot),
      `  Void: the seats agreed to moon's takeback at event ${taken?.seq}, to version ${start}; ${STAYS}`,
      "  Roll 1 [SOL-4]: hit: Meena's Bow vs Xul. Rolled 2 on a d6; no modifiers. It needed 4 or more: failure. (draw 9:0)",
    ]);
    // The proposal came after the voided range: explained with the whole log, it is not void.
    const proposed = eventAt(game.log, start + 10);
    expect(explainEvent(proposed, game.log)).toEqual([head(proposed), NO_DICE]);
  });
});

describe('RUL-9 TB-2 verify names a discarded roll drawn again', () => {
  it('RUL-9 TB-2 TB-7 the shot played again with the discarded roll fails the dice at its line, naming the line that drew it and the takeback', () => {
    const { game } = shotAgain();
    const header: LogHeader = {
      ...{ format: LOG_FORMAT, gameId: GAME_ID, ruleset: 'soluna', rulesVersion: matchOf(game).rulesVersion },
      ...{ seats: [], seedCommitment: '', status: 'ended', seed: TEST_SEED, viewer: null, state: null },
    };
    const [taken] = takebacksOf(game.log);
    const spent = game.log.findIndex((e) => e.seq < (taken?.seq ?? 0) && findRolls(e.data).length > 0);
    const again = game.log.findIndex((e) => e.seq > (taken?.seq ?? 0) && findRolls(e.data).length > 0);
    const [discarded] = findRolls(game.log[spent]?.data);
    const [fresh] = findRolls(game.log[again]?.data);
    expect(checkDice({ header, events: game.log })).toMatchObject({ check: 'dice', ok: true });
    const reused = game.log.map((e, i) => (i === again ? { ...e, data: withRoll(e.data, fresh?.path ?? '', discarded?.roll) } : e));
    expect(checkDice({ header, events: reused })).toEqual({
      check: 'dice',
      ok: false,
      line: lineOf(again),
      verdict: `dice: line ${lineOf(again)} (event ${game.log[again]?.seq}, ${fresh?.path}) reuses draw 9:0, which line ${lineOf(spent)} (event ${game.log[spent]?.seq}) drew and the takeback at event ${taken?.seq} discarded: a discarded roll stays spent`,
    });
  });
});

const FORK_ID = 'g_fork';
const NOW = '2026-01-02T00:00:00.000Z';

/** A sandbox forked (TB-6) from a Post Galactica game at the version after its start; red ended a phase in the origin since. */
const forked = () => {
  const game = startedPostGalactica();
  const version = game.state.version;
  game.run({ type: 'EndPhase' }, red);
  const command = { type: 'ForkGame', from: { gameId: GAME_ID, version }, kind: 'sandbox' } as const;
  const origin = { gameId: GAME_ID, at: foldGame(RULESETS, game.log.slice(0, version)), head: game.state };
  const decision = decideGame(emptyGame, command, { ...ctxFor(player('p_red'), undefined, NOW), seed: 'b'.repeat(64), origin }, FORK_ID);
  if (!decision.ok) throw new Error(decision.violation.message);
  const events = sealBatch(null, decision.events, {
    gameId: FORK_ID,
    at: NOW,
    actor: 'player:p_red',
    commandId: 'c0',
    rulesVersion: 'test',
    command,
  });
  return { game, events };
};

/** `events` of game `gameId` as a running game's export. */
const exported = (gameId: string, events: readonly EventEnvelope[], game?: Game): ParsedLog => {
  const state = foldGame(RULESETS, events);
  if (state.status === 'empty') throw new Error('no game');
  return {
    header: {
      ...{ format: LOG_FORMAT, gameId, ruleset: state.ruleset, rulesVersion: 'test', seats: [], seedCommitment: '' },
      ...{ status: state.status, seed: null, viewer: null, state: viewGame(RULESETS, game?.state ?? state, null) },
    },
    events,
  };
};

describe('RUL-9 TB-6 a fork’s first command needs its origin', () => {
  it('RUL-9 TB-6 PBM-14 re-adjudication without the origin folds the fork’s first command and re-decides none', () => {
    const { events } = forked();
    expect(events[0]?.command).toMatchObject({ type: 'ForkGame' });
    // Decided without the origin's state, ForkGame would be refused: it is folded, not re-decided.
    expect(readjudicate(events, { gameId: FORK_ID, seed: null, rulesets: RULESETS })).toMatchObject({
      ok: true,
      decided: 0,
      checkedTo: events.length,
    });
  });

  it('RUL-9 TB-6 verify with the origin’s log makes the five checks and the origin check, last', () => {
    const { game, events } = forked();
    const checks = verifyLog(exported(FORK_ID, events), { origin: exported(GAME_ID, game.log, game) });
    expect(checks.map((c) => c.check)).toEqual(['chain', 'seed', 'dice', 'rules', 'state', 'origin']);
    expect(checks.at(-1)).toMatchObject({ check: 'origin', ok: true });
  });
});

describe('RUL-9 REL-11 only the hidden command id of a sealed event’s commitment is excused', () => {
  it('RUL-9 REL-11 VIEW-8 in a seat’s export, the commitment after the other seat’s sealed event under another command id fails the chain at its line', () => {
    const log = reference('soluna');
    const sealed = log.events.findIndex((e) => e.visibleTo === 'moon');
    let upTo = sealed + 6;
    while (upTo < log.events.length && log.events[upTo]?.command === undefined) upTo += 1;
    const events = redactEvents(log.events.slice(0, upTo), 'sun');
    const running: ParsedLog = { header: { ...log.header, status: 'playing', seed: null, viewer: 'sun' }, events };
    const hidden = events.findIndex((e) => e.type === 'Sealed' && e.data === null);
    const commitment = hidden + 1;
    expect(events[commitment]?.commandId).toBe('sealed');
    expect(checkChain(running)).toMatchObject({ check: 'chain', ok: true });
    // Neither the real command id (which its hash covers) nor the placeholder for it: a forgery.
    const forged = editAt(running, commitment, (e) => ({ ...e, commandId: 'c-forged' }));
    expect(checkChain(forged)).toEqual({
      check: 'chain',
      ok: false,
      line: lineOf(commitment),
      verdict: `hash chain: broken at line ${lineOf(commitment)} (event ${events[commitment]?.seq}): its content does not match its hash`,
    });
  });
});

describe('RUL-9 verify names the check each failure is of', () => {
  it('RUL-9 verify: a log cut before its SeedRevealed fails the seed check, so named, at its last line', () => {
    const log = reference('post-galactica');
    const revealed = log.events.findIndex((e) => e.type === 'SeedRevealed');
    const cut = { ...log, events: log.events.slice(0, revealed) };
    expect(checkSeed(cut)).toEqual({
      check: 'seed',
      ok: false,
      line: lineOf(revealed - 1),
      verdict: 'seed: the header shows it, but no SeedRevealed event in the log records its reveal at the end of the game',
    });
  });

  it('RUL-9 PBM-12 a pause relabelled as the seat that is not the organiser fails the rules as illegal, naming the rule', () => {
    const game = startMatch('post-galactica');
    game.give({ type: 'PauseGame' }, game.seat('red'));
    game.give({ type: 'ResumeGame' }, game.seat('red'));
    game.give({ type: 'Concede' }, game.seat('blue'));
    const log = game.log();
    const paused = log.events.findIndex((e) => e.type === 'GamePaused');
    const forged = { ...log, events: rechain(log.events.map((e, i) => (i === paused ? { ...e, actor: 'blue' } : e))) };
    const rules = checkRules(parseLog(serializeLog(forged.header, forged.events)));
    expect(rules).toEqual({
      check: 'rules',
      ok: false,
      line: lineOf(paused),
      verdict: `rules: line ${lineOf(paused)} (event ${paused + 1}): the command is illegal: Only the organiser, the player who created this game, may pause it (PBM-12). (PBM-12)`,
    });
  });
});

describe('RUL-9 RUL-10 a verifier refusing a log names the versions it implements', () => {
  /** Pig, the example of docs/adding-a-ruleset.md, one more entry of the list; and as a build that released a second version. */
  const PIG = rulesetCatalogue([...rulesetList, { id: 'pig', commandDocs: PIG_COMMANDS, load: async () => pig }]);
  const PIG_2 = rulesetCatalogue([
    ...rulesetList,
    {
      id: 'pig',
      commandDocs: PIG_COMMANDS,
      load: async () => ({ ...pig, rulesVersion: 'pig-0.2.0', rulesVersions: ['pig-0.1.0', 'pig-0.2.0'] }),
    },
  ]);
  beforeAll(async () => {
    await PIG.load('pig');
    await PIG_2.load('pig');
  });

  /** A Pig match played to its end, its header then claiming a version no build has released. */
  const unreleased = (): ParsedLog => {
    const game = startMatch('pig', { ...EXAMPLE_OPTIONS }, PIG);
    for (let i = 0; i < 500 && game.state.status === 'playing'; i += 1) {
      const state = game.state;
      if (state.status !== 'playing') break;
      const rules = state.rules as { active: string; turnTotal: number };
      game.give({ type: rules.turnTotal >= 8 ? 'Hold' : 'Roll' }, game.seat(rules.active));
    }
    const log = game.log();
    return { ...log, header: { ...log.header, rulesVersion: 'pig-0.0.9' } };
  };

  it('RUL-9 RUL-10 a build of one Pig version names that one; a build of two names both', () => {
    const log = unreleased();
    const refusal = (versions: string) => ({
      check: 'rules',
      ok: false,
      line: 1,
      verdict: `rules: this log needs Pig rules version pig-0.0.9, but this verifier implements ${versions}; re-adjudication refused`,
    });
    expect(checkRules(log, new LogFold(log.events, PIG))).toEqual(refusal('pig-0.1.0'));
    expect(checkRules(log, new LogFold(log.events, PIG_2))).toEqual(refusal('pig-0.1.0 and pig-0.2.0'));
  });
});

describe('RUL-9 PBM-14 VIEW-8 a replayed adoption’s claim is checked only up to the sealed orders a seat’s export hides', () => {
  it('RUL-9 PBM-14 VIEW-8 a game adopted by replay while moon’s orders were sealed: sun’s export is pending from the hidden event, not failed', () => {
    const log = reference('soluna');
    // The reference game up to moon's sealed orders, as recorded under an older version, then adopted by the system.
    const moonSealed = log.events.findIndex((e) => e.visibleTo === 'moon');
    let end = moonSealed + 1;
    while (end < log.events.length && log.events[end]?.command === undefined) end += 1;
    const game = new Recorder(log.header.gameId);
    game.events.push(...ageLog(log.events.slice(0, end), olderVersion('soluna')));
    game.give({ type: 'AdoptRules' }, { kind: 'system' });
    const adopted = game.events.at(-1) as EventEnvelope;
    expect(adopted.data).toMatchObject({ how: 'replayed', to: RULESETS.getRuleset('soluna').rulesVersion });
    const events = redactEvents(game.events, 'sun');
    const state = viewGame(RULESETS, foldGame(RULESETS, game.events), 'sun');
    const running: ParsedLog = { header: { ...log.header, status: 'playing', seed: null, viewer: 'sun', state }, events };
    const hidden = events.findIndex((e) => e.type === 'Sealed' && e.data === null);
    expect(hidden).toBeGreaterThan(0);
    expect(hidden).toBeLessThan(events.length - 1);
    // In the export the hidden event carries no command: it joins the batch before it, where the check stops.
    const batch = events.findLastIndex((e, i) => i < hidden && e.command !== undefined);
    // The claim reaches back over that batch, to the game's start: it stops there too, rather than failing on the hidden event.
    expect(checkRules(running)).toEqual({
      check: 'rules',
      ok: false,
      pending: true,
      line: lineOf(batch),
      verdict: `rules: 0 commands re-decided under Sol'una ${adopted.rulesVersion} with the dice the log records give exactly the logged events (the dice are checked when the seed is revealed); from line ${lineOf(batch)} the log hides sealed orders: pending until the game ends`,
    });
  });
});
