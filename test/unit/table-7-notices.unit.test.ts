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

describe('TABLE-7 the notifications name who acted as the event list does', () => {
  for (const name of NAMES) {
    it(`TABLE-7 ${name}: each published event's notice is about a seat its list line names, and names the seat that acted`, () => {
      const log = parseLog(readFileSync(join(LOGS, `${name}.ndjson`), 'utf8'));
      const seats = log.header.seats.map((s) => s.name);
      const lines = describeEvents(RULESETS, log.events, emptyGame, null).lines;
      let state: GameState = emptyGame;
      let heard = 0;
      for (const [i, event] of log.events.entries()) {
        const before = state;
        state = foldGame(RULESETS, [event as EventEnvelope], before);
        if (state.status === 'empty') continue;
        const line = lines[i];
        const sentence = (line?.text ?? '').replace(/^\d+\. [^:]+: /, '');
        for (const published of integrationEvents(RULESETS, [{ event, before, after: state }])) {
          const kind = KIND[published.type];
          if (!kind) continue;
          const notice = noticeOf(RULESETS, published, kind, 'hook', state, new Map());
          const text = noticeText(notice);
          const about = notice.seat?.seat ?? notice.result?.winner?.seat;
          if (about !== undefined) expect(named(sentence, about), `${line?.text} | ${text}`).toBe(true);
          if (line && line.actor !== REFEREE) expect(named(text, line.actor), `${line.text} | ${text}`).toBe(true);
          // Neither names a seat the other does not: a notice names no other seat than the list's line.
          for (const seat of seats) if (named(text, seat)) expect(named(sentence, seat), `${seat}: ${line?.text} | ${text}`).toBe(true);
          heard += 1;
        }
      }
      expect(heard).toBeGreaterThan(2);
    });
  }

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
