/**
 * TABLE-7: the notifications agree with the event list on who acted. Every event of the
 * reference logs that the service publishes (functions/games/app/publishing.ts) is made into
 * the notice a subscriber hears (functions/notifications/app/webhook-fanout.ts) and its text
 * (webhook-messages.ts); the seat that notice is about is one the event list's line names,
 * and a seat the list says acted is named by the notice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { integrationEvents } from '../../functions/games/app/publishing.ts';
import { noticeOf } from '../../functions/notifications/app/webhook-fanout.ts';
import { noticeText, type WebhookKind } from '../../functions/notifications/app/webhook-messages.ts';
import { REFEREE } from '../../render/actor.ts';
import { describeEvents } from '../../web/describe.ts';
import { seat } from '../support/decider-spec.ts';
import { act, mission, playing, profile, shoot, submit } from '../support/soluna.ts';

const RULESETS = everyRuleset();
const LOGS = join(import.meta.dirname, '..', 'fixtures', 'logs');
const NAMES = ['gsc2', 'post-galactica', 'post-galactica-battle', 'soluna'];

/** The kind each published event is heard as (webhook-fanout.ts `kindFor`, for a subscription that wants them all). */
const KIND: Readonly<Record<string, WebhookKind>> = {
  TurnStarted: 'turn-started',
  PhaseStarted: 'phase-started',
  GameEnded: 'game-ended',
  TakenBack: 'taken-back',
  TakebackProposed: 'taken-back',
  TakebackAccepted: 'taken-back',
  TakebackDeclined: 'taken-back',
  ForkProposed: 'continuation',
};

const named = (text: string, seat: string): boolean => new RegExp(`(^|[^\\w-])${seat}([^\\w-]|$)`).test(text);

/**
 * Where a game's notices and its event list disagree on who: each published event's notice is
 * about a seat the list's line names, and its headline names the seat the list says acted and no
 * seat the line does not. Also how many notices were heard.
 */
const disagreements = (events: readonly EventEnvelope[], seats: readonly string[]): { heard: number; problems: string[] } => {
  const lines = describeEvents(RULESETS, events, emptyGame, null, undefined, (v) => foldGame(RULESETS, events.slice(0, v))).lines;
  const problems: string[] = [];
  let state: GameState = emptyGame;
  let heard = 0;
  for (const [i, event] of events.entries()) {
    const before = state;
    // A far takeback folds onto the game at the version it goes back to (TB-2).
    state = foldGame(RULESETS, [event], before, (v) => foldGame(RULESETS, events.slice(0, v)));
    if (state.status === 'empty') continue;
    const line = lines[i];
    const sentence = (line?.text ?? '').replace(/^\d+\. [^:]+: /, '');
    for (const published of integrationEvents(RULESETS, [{ event, before, after: state }])) {
      const kind = KIND[published.type];
      if (!kind || before.status === 'empty') continue;
      const proposal = before.takebackProposal;
      const notice = noticeOf(RULESETS, published, kind, 'hook', state, new Map(), state.takebackProposal ?? proposal);
      // The headline: what happened and who; the lines after it list what a takeback undoes, seat by seat.
      const text = noticeText(notice).split('\n')[0] ?? '';
      const said = `${line?.text} | ${text}`;
      const about = notice.seat?.seat ?? notice.result?.winner?.seat;
      if (about !== undefined && !named(sentence, about))
        problems.push(`the notice is about ${about}, the line names no ${about}: ${said}`);
      if (line && line.actor !== REFEREE && !named(text, line.actor))
        problems.push(`${line.actor} acted, the notice does not say so: ${said}`);
      for (const seat of seats) if (named(text, seat) && !named(sentence, seat)) problems.push(`only the notice names ${seat}: ${said}`);
      heard += 1;
    }
  }
  return { heard, problems };
};

describe('TABLE-7 the notifications name who acted as the event list does', () => {
  for (const name of NAMES) {
    it(`TABLE-7 ${name}: each published event's notice is about a seat its list line names, and names the seat that acted`, () => {
      const log = parseLog(readFileSync(join(LOGS, `${name}.ndjson`), 'utf8'));
      const { heard, problems } = disagreements(
        log.events,
        log.header.seats.map((s) => s.name),
      );
      expect(problems).toEqual([]);
      expect(heard).toBeGreaterThan(2);
    });
  }

  /** A Sol'una duel in phase 1: sun seals a shot, then seals again doing nothing. */
  const duel = () => {
    const meena = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true });
    const xul = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true });
    const game = playing(mission([meena], [xul]));
    game.run(submit([shoot('meena', 'xul')]), seat('sun'));
    game.run(submit([act('meena', { kind: 'none' })]), seat('sun'));
    return game;
  };

  it('TABLE-7 TB-1 TB-2 a takeback, a proposal and its answer: each notice names the seat the list names', () => {
    const own = duel();
    own.run({ type: 'TakeBack', reason: 'wrong order' }, seat('sun'));
    const agreed = duel();
    const start = agreed.log.findIndex((e) => (e.command as { type?: string } | undefined)?.type === 'SubmitActions');
    agreed.run(submit([act('xul', { kind: 'none' })]), seat('moon'));
    agreed.run({ type: 'ProposeTakeback', toVersion: start }, seat('moon'));
    agreed.run({ type: 'AcceptTakeback' }, seat('sun'));
    expect(agreed.log.map((e) => e.type)).toEqual(expect.arrayContaining(['TakenBack', 'TakebackProposed', 'TakebackAccepted']));
    const heard = [own, agreed].map((game) => {
      const found = disagreements(game.log, ['sun', 'moon']);
      expect(found.problems).toEqual([]);
      return found.heard;
    });
    expect(heard[0]).toBeGreaterThanOrEqual(1);
    expect(heard[1]).toBeGreaterThanOrEqual(3);
  });

  it('TABLE-7 a Sol\'una phase is heard as the list says it: "Phase 3 has begun", not "The phase 3"', () => {
    const log = parseLog(readFileSync(join(LOGS, 'soluna.ndjson'), 'utf8'));
    const started = log.events.find((e) => e.type === 'PhaseStarted' && (e.data as { phase: number }).phase === 3) as EventEnvelope;
    const state = foldGame(RULESETS, log.events.slice(0, started.seq));
    if (state.status === 'empty') throw new Error('the game has begun by then');
    const [published] = integrationEvents(RULESETS, [
      { event: started, before: foldGame(RULESETS, log.events.slice(0, started.seq - 1)), after: state },
    ]);
    const text = noticeText(noticeOf(RULESETS, published as NonNullable<typeof published>, 'phase-started', 'hook', state, new Map()));
    expect(text.split('\n')[0]).toBe("Phase 3 has begun in Sol'una game g_ref_soluna.");
    expect(describeEvents(RULESETS, log.events, emptyGame, null).lines[started.seq - 1]?.text).toMatch(/: phase 3 of turn \d+ began/);
  });
});
