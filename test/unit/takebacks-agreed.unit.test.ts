import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import type { TakebackProposed, TakenBack } from '../../domain/match/events.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { explainEvent } from '../../domain/verify/explain.ts';
import { LOG_FORMAT, type LogHeader } from '../../domain/verify/log.ts';
import { readjudicate } from '../../domain/verify/readjudicate.ts';
import { checkDice } from '../../domain/verify/verify.ts';
import { versionsNeeded } from '../../functions/games/app/history.ts';
import { integrationEvents } from '../../functions/games/app/publishing.ts';
import type { IntegrationEvent } from '../../functions/kernel/ports.ts';
import { kindFor, noticeOf } from '../../functions/notifications/app/webhook-fanout.ts';
import { noticeText } from '../../functions/notifications/app/webhook-messages.ts';
import { GAME_ID, type Game, lastEvent, matchOf, seat, TEST_SEED } from '../support/decider-spec.ts';
import { ORGANISER, refereedShot } from '../support/fairness.ts';
import { rechain } from '../support/older-rules.ts';
import { act, afterAShot, shoot, shotAgain, sol, submit } from '../support/soluna.ts';
import { withRoll } from '../support/takebacks.ts';

const RULESETS = everyRuleset();
const sun = seat('sun', 'p_sun');
const moon = seat('moon', 'p_moon');

const rollsAfter = (game: Game, version: number) => game.log.filter((e) => e.seq > version).flatMap((e) => findRolls(e.data));

describe('TB-2 a takeback proposed lists exactly what it undoes, rolls included', () => {
  it('TB-2 SOL-3 moon proposes going back across both seats’ orders and the shot: the proposal names every command and every roll', () => {
    const { game, start } = afterAShot();
    const rolls = rollsAfter(game, start);
    expect(rolls.length).toBeGreaterThan(0);
    const [proposed] = game.run({ type: 'ProposeTakeback', toVersion: start, reason: 'wrong model' }, moon);
    const data = proposed?.data as TakebackProposed['data'];
    const before = game.log.find((e) => e.seq === start) as EventEnvelope;
    expect(data).toMatchObject({ seat: 'moon', toVersion: start, toHash: before.hash, reason: 'wrong model' });
    expect(data.undoes.voids).toEqual([{ from: start + 1, to: lastEvent(game).seq - 1 }]);
    expect(data.undoes.commands).toEqual([
      { seq: start + 1, actor: 'sun', type: 'SubmitActions' },
      { seq: start + 3, actor: 'moon', type: 'SubmitActions' },
    ]);
    expect(data.undoes.rolls).toEqual(
      rolls.map(({ roll }) => ({ purpose: roll.purpose, sides: roll.sides, face: roll.value, draw: roll.draw })),
    );
    // The listing is no roll itself: a reader of the log finds each roll once, where it was drawn.
    expect(findRolls(data)).toEqual([]);
    expect(data.undoes.summary).toContain(`discards ${rolls.length} roll${rolls.length === 1 ? '' : 's'}: `);
    expect(data.undoes.summary).toMatch(
      /^Undoes events \d+ to \d+: 2 commands \(SubmitActions by sun at \d+, SubmitActions by moon at \d+\); /,
    );
    // The view shows the proposal, with its listing, to every seat before anyone accepts.
    expect(viewGame(RULESETS, game.state, 'sun')?.takebackProposal).toMatchObject({ by: 'moon', agreed: ['moon'], undoes: data.undoes });
  });

  it('TB-2 a version inside one command’s events, before play began, or the current one is refused with a sentence', () => {
    const { game, start } = afterAShot();
    game.when({ type: 'ProposeTakeback', toVersion: start + 1 }, moon).thenRejects('TB-2', 'MID_COMMAND');
    const early = game.when({ type: 'ProposeTakeback', toVersion: 2 }, moon).thenRejects('TB-2', 'BEFORE_PLAY');
    expect(early.message).toMatch(/^At version 2 the game was not in play yet; play began at version \d+\.$/);
    game.when({ type: 'ProposeTakeback', toVersion: game.state.version }, moon).thenRejects('TB-2', 'NOTHING_TO_TAKE_BACK');
  });

  it('TB-2 TB-4 a game whose policy is "own" refuses a proposal; the default allows it', () => {
    const { game, start } = afterAShot({ takebacks: 'own' });
    const v = game.when({ type: 'ProposeTakeback', toVersion: start }, moon).thenRejects('TB-4', 'TAKEBACKS_OFF');
    expect(v.message).toContain('"own"');
    expect(
      afterAShot()
        .game.when({ type: 'ProposeTakeback', toVersion: start }, moon)
        .events.map((e) => e.type),
    ).toEqual(['TakebackProposed']);
  });
});

describe('TB-2 every other seat accepts, or one declines, or it lapses', () => {
  it('TB-2 SOL-3 sun accepts: the game is the game at that version, the runs are void, and the discarded rolls stay spent', () => {
    const { game, start } = afterAShot();
    const atStart = viewGame(RULESETS, foldGame(RULESETS, game.log.slice(0, start)), 'sun');
    const discarded = rollsAfter(game, start).map(({ roll }) => `${roll.draw.seq}:${roll.draw.index}`);
    game.run({ type: 'ProposeTakeback', toVersion: start }, moon);
    const proposal = matchOf(game).takebackProposal;
    if (!proposal) throw new Error('no proposal');
    const events = game.run({ type: 'AcceptTakeback' }, sun);
    expect(events.map((e) => e.type)).toEqual(['TakebackAccepted', 'TakenBack']);
    expect(events[1]?.data).toEqual({
      seat: 'moon',
      toVersion: start,
      voids: proposal.undoes.voids,
      how: 'agreed',
      toHash: proposal.toHash,
      summary: proposal.undoes.summary,
    } satisfies TakenBack['data']);
    const view = viewGame(RULESETS, game.state, 'sun');
    expect(view?.game).toEqual(atStart?.game);
    expect(view?.takebackProposal).toBeUndefined();
    expect(view?.voided).toEqual(proposal.undoes.voids.map((r) => ({ ...r, by: lastEvent(game).seq })));
    // A seat alone takes nothing back across it.
    game.when({ type: 'TakeBack' }, sun).thenRejects('TB-1', 'NOTHING_TO_TAKE_BACK');
    // The same orders again draw fresh rolls, at the new commands' seqs: no discarded draw is used again.
    const resumed = game.state.version;
    game.run(submit([shoot('meena', 'xul')]), sun);
    game.run(submit([act('xul', { kind: 'none' })]), moon);
    const fresh = rollsAfter(game, resumed).map(({ roll }) => `${roll.draw.seq}:${roll.draw.index}`);
    expect(fresh.length).toBe(discarded.length);
    expect(fresh.filter((d) => discarded.includes(d))).toEqual([]);
  });

  it('TB-2 TB-7 the step the game goes back to opens again with a fresh full step duration from the takeback', () => {
    const { game, start } = afterAShot({ deadlines: { default: 'PT1H' } });
    const then = foldGame(RULESETS, game.log.slice(0, start));
    game.run({ type: 'ProposeTakeback', toVersion: start }, moon, undefined, '2026-01-01T00:20:00.000Z');
    game.run({ type: 'AcceptTakeback' }, sun, undefined, '2026-01-01T00:30:00.000Z');
    expect(matchOf(game).step).toEqual({
      ...(then.status === 'empty' ? null : then.step),
      openedAt: '2026-01-01T00:30:00.000Z',
      deadline: '2026-01-01T01:30:00.000Z',
    });
  });

  it('TB-2 sun declines: the proposal is gone and an acceptance is refused; the proposer may withdraw the same way', () => {
    const { game, start } = afterAShot();
    game.run({ type: 'ProposeTakeback', toVersion: start }, moon);
    expect(game.run({ type: 'DeclineTakeback' }, sun).map((e) => e.type)).toEqual(['TakebackDeclined']);
    expect(matchOf(game).takebackProposal).toBeUndefined();
    game.when({ type: 'AcceptTakeback' }, sun).thenRejects('TB-2', 'NOTHING_PROPOSED');
    game.run({ type: 'ProposeTakeback', toVersion: start }, moon);
    game.when({ type: 'AcceptTakeback' }, moon).thenRejects('TB-2', 'ALREADY_AGREED');
    game.run({ type: 'DeclineTakeback' }, moon);
    expect(matchOf(game).takebackProposal).toBeUndefined();
  });

  it('TB-2 SOL-3 the proposal lapses when anything else is recorded (here sun’s next orders): its listing would no longer be what it undoes', () => {
    const { game, start } = afterAShot();
    game.run({ type: 'ProposeTakeback', toVersion: start }, moon);
    game.when({ type: 'ProposeTakeback', toVersion: start }, sun).thenRejects('TB-2', 'ALREADY_PROPOSED');
    game.run(submit([act('meena', { kind: 'none' })]), sun);
    expect(matchOf(game).takebackProposal).toBeUndefined();
    const v = game.when({ type: 'AcceptTakeback' }, sun).thenRejects('TB-2', 'NOTHING_PROPOSED');
    expect(v.message).toContain('lapses at the end of its phase or when anything else is recorded');
    // Sun taking its orders back returns to the state before them, but the lapsed proposal stays lapsed.
    game.run({ type: 'TakeBack' }, sun);
    expect(matchOf(game).takebackProposal).toBeUndefined();
    game.when({ type: 'AcceptTakeback' }, sun).thenRejects('TB-2', 'NOTHING_PROPOSED');
  });
});

describe('TB-3 the organiser corrects a running game', () => {
  it('TB-3 SOL-3 the organiser takes the game back with a reason, without agreement; the view shows the reason', () => {
    const { game, start } = refereedShot();
    const atStart = viewGame(RULESETS, foldGame(RULESETS, game.log.slice(0, start)), 'moon');
    // p_org created the game and holds no seat: it is the organiser (PBM-12), who may correct across the roll (INV-7).
    const [taken] = game.run({ type: 'CorrectGame', toVersion: start, reason: 'the shot ignored cover' }, ORGANISER);
    expect(taken?.data).toMatchObject({ seat: null, how: 'organiser', toVersion: start, reason: 'the shot ignored cover' });
    expect((taken?.data as TakenBack['data'] | undefined)?.summary).toMatch(/discards \d+ rolls?: /);
    const view = viewGame(RULESETS, game.state, 'moon');
    expect(view?.game).toEqual(atStart?.game);
    expect(view?.correction).toEqual({ seq: lastEvent(game).seq, toVersion: start, reason: 'the shot ignored cover' });
    expect(explainEvent(game.log[start] as EventEnvelope, game.log)[1]).toBe(
      `  Void: the organiser took the game back at event ${lastEvent(game).seq}, to version ${start} (the shot ignored cover); it stays in the log, and any roll in it stays spent.`,
    );
    expect(sol(game).sealed.sun).toBeUndefined();
  });

  it('TB-3 a seat that is not the organiser is refused with 403; an ended game is never rewound, pointing at forks', () => {
    const { game, start } = afterAShot();
    const v = game.when({ type: 'CorrectGame', toVersion: start, reason: 'no' }, moon).thenRejects('TB-3', 'NOT_ORGANISER');
    expect(v.status).toBe(403);
    game.run({ type: 'Concede' }, moon);
    const over = game.when({ type: 'CorrectGame', toVersion: start, reason: 'after the end' }, sun).thenRejects('TB-3', 'GAME_OVER');
    expect(over.status).toBe(409);
    expect(over.message).toContain('A ruling on it continues in a fork (POST /games/{id}/forks, TB-6), which commits a fresh seed.');
    game.when({ type: 'ProposeTakeback', toVersion: start }, moon).thenRejects('TB-2', 'GAME_OVER');
  });
});

describe('TB-7 folds, verify, explain and webhooks understand far takebacks', () => {
  it('TB-7 a fold from a snapshot taken before the takeback needs the state at its version: given it, it folds as the whole log', () => {
    const { game, start } = shotAgain();
    const cut = game.log.findIndex((e) => e.type === 'TakenBack');
    const snapshot = JSON.parse(JSON.stringify(foldGame(RULESETS, game.log.slice(0, cut))));
    const tail = game.log.slice(cut);
    expect(versionsNeeded(tail, snapshot)).toEqual([start]);
    expect(() => foldGame(RULESETS, tail, snapshot)).toThrow(`the state at event ${start} was not given to the fold`);
    const history = (v: number) => foldGame(RULESETS, game.log.slice(0, v));
    const resumed = foldGame(RULESETS, tail, snapshot, history);
    expect(JSON.parse(JSON.stringify(resumed))).toEqual(JSON.parse(JSON.stringify(foldGame(RULESETS, game.log))));
    // A state given for the wrong version does not end with the hash the takeback names.
    expect(() => foldGame(RULESETS, tail, snapshot, () => foldGame(RULESETS, game.log.slice(0, start - 1)))).toThrow(/chain hash/);
  });

  /** Re-decide the lifecycle's commands of the log (the harness's sealed Sol'una orders are re-decided in the service tier, on real logs). */
  const farCommands = (log: readonly EventEnvelope[]) => (i: number) =>
    ['ProposeTakeback', 'AcceptTakeback', 'DeclineTakeback', 'CorrectGame', 'Concede'].includes(
      (log[i]?.command as { type?: string } | undefined)?.type ?? '',
    );

  it('TB-7 verify re-decides the proposal and the acceptance with its takeback from the log, and the state after it folds', () => {
    const { game } = shotAgain();
    // Back to the takeback: sun's own orders only, which rolled nothing, so sun, the seated organiser, may (INV-7).
    const before = game.state.version;
    game.run(submit([act('meena', { kind: 'none' })]), sun);
    game.run({ type: 'CorrectGame', toVersion: before, reason: 'a ruling' }, sun);
    const result = readjudicate(game.log, { gameId: GAME_ID, seed: null, rulesets: RULESETS, decides: farCommands(game.log) });
    expect(result).toMatchObject({ ok: true, decided: 3 });
  });

  it('TB-7 a forged far takeback fails at its own line: one going back further than accepted, one the organiser never gave', () => {
    const { game, start } = shotAgain();
    const index = game.log.findIndex((e) => e.type === 'TakenBack');
    const decides = farCommands(game.log);
    // Forged: the takeback claims to go back one command further than the proposal the seats accepted.
    const further = rechain(game.log.map((e, i) => (i === index ? { ...e, data: { ...(e.data as object), toVersion: start - 1 } } : e)));
    expect(readjudicate(further, { gameId: GAME_ID, seed: null, rulesets: RULESETS, decides })).toMatchObject({
      ok: false,
      divergence: { kind: 'differs', index },
    });
    // Forged: moon's acceptance turned into a correction by a seat that is not the organiser.
    const seized = rechain(
      game.log.map((e, i) =>
        i === index - 1 ? { ...e, command: { type: 'CorrectGame', toVersion: start, reason: 'mine' }, actor: 'moon' } : e,
      ),
    );
    expect(readjudicate(seized, { gameId: GAME_ID, seed: null, rulesets: RULESETS, decides })).toMatchObject({
      ok: false,
      divergence: { kind: 'illegal', index: index - 1 },
    });
  });

  it('TB-7 TB-2 SOL-3 verify names a discarded roll used again: its draw, the line that drew it and the takeback that discarded it', () => {
    const { game } = shotAgain();
    const header: LogHeader = {
      ...{ format: LOG_FORMAT, gameId: GAME_ID, ruleset: 'soluna', rulesVersion: matchOf(game).rulesVersion },
      ...{ seats: [], seedCommitment: '', status: 'ended', seed: TEST_SEED, viewer: null, state: null },
    };
    // The harness draws from the test seed, so the honest log's every roll is the seed's.
    expect(checkDice({ header, events: game.log })).toMatchObject({ ok: true });
    const taken = game.log.find((e) => e.type === 'TakenBack') as EventEnvelope;
    const spent = game.log.findIndex((e) => e.seq < taken.seq && findRolls(e.data).length > 0);
    const again = game.log.findIndex((e) => e.seq > taken.seq && findRolls(e.data).length > 0);
    const [discarded] = findRolls(game.log[spent]?.data);
    const [fresh] = findRolls(game.log[again]?.data);
    expect(fresh?.roll.draw.seq).toBeGreaterThan(taken.seq);
    // The shot played again claims the discarded roll, face and draw: the line is named, and why the draw is spent.
    const reused = game.log.map((e, i) => (i === again ? { ...e, data: withRoll(e.data, fresh?.path ?? '', discarded?.roll) } : e));
    const draw = `${discarded?.roll.draw.seq}:${discarded?.roll.draw.index}`;
    expect(checkDice({ header, events: reused })).toEqual({
      check: 'dice',
      ok: false,
      line: again + 2,
      verdict: `dice: line ${again + 2} (event ${game.log[again]?.seq}, ${fresh?.path}) reuses draw ${draw}, which line ${spent + 2} (event ${game.log[spent]?.seq}) drew and the takeback at event ${taken.seq} discarded: a discarded roll stays spent`,
    });
  });

  it('TB-7 explain names the agreed takeback that voided an event; the publisher tells every seat of the proposal and the takeback', () => {
    const { game, start } = afterAShot();
    const before = game.state;
    game.run({ type: 'ProposeTakeback', toVersion: start, reason: 'wrong model' }, moon);
    const proposed = lastEvent(game);
    const [published] = integrationEvents(RULESETS, [{ event: proposed, before, after: game.state }]).filter(
      (e) => e.type === 'TakebackProposed',
    );
    const event = published as IntegrationEvent;
    expect(kindFor(event, ['your-turn'], 'p_sun')).toBe('taken-back');
    const notice = noticeOf(RULESETS, event, 'taken-back', 'wh_1', matchOf(game), new Map([['p_moon', 'Bob']]));
    const [head, summary] = noticeText(notice).split('\n');
    expect(head).toBe(
      `Bob (moon) proposes taking Sol'una game ${GAME_ID} back to version ${start} (wrong model); every other seat must accept.`,
    );
    expect(summary).toBe((proposed.data as TakebackProposed['data']).undoes.summary);
    game.run({ type: 'AcceptTakeback' }, sun);
    const taken = lastEvent(game);
    expect(explainEvent(game.log[start] as EventEnvelope, game.log)[1]).toBe(
      `  Void: the seats agreed to moon's takeback at event ${taken.seq}, to version ${start} (wrong model); it stays in the log, and any roll in it stays spent.`,
    );
  });
});
