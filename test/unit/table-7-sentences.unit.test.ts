/**
 * TABLE-7: every event line is a sentence in words (issue 46: "event lines are key:value dumps
 * with raw player ids"). Over every event of every reference log, as a spectator and as each
 * seat: no player id, no `key value` or `key: value` pair of the event's fields, nothing
 * unprintable; the line names the seat that acted, itself or by a piece that seat held. And
 * every event type the domain declares has its sentence, so a new type without one fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GSC_EVENT_TYPES } from '../../domain/gsc2/events.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { MATCH_EVENT_TYPES } from '../../domain/match/events.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { PG_EVENT_TYPES } from '../../domain/post-galactica/events.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { SOL_EVENT_TYPES } from '../../domain/soluna/events.ts';
import { type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { ownerOf, REFEREE } from '../../render/actor.ts';
import { rendererOf } from '../../render/renderer.ts';
import { rendererList } from '../../render/renderers.ts';
import { eventSentence, MATCH_SENTENCES, typeWords } from '../../render/sentences.ts';
import { replay } from '../../tools/arbiter-cli/src/commands.ts';
import { describeEvents } from '../../web/describe.ts';

const RULESETS = everyRuleset();
const LOGS = join(import.meta.dirname, '..', 'fixtures', 'logs');
/** The reference logs, and the logs of every rules version kept for RUL-10. */
const FILES = [LOGS, join(LOGS, 'versions'), join(LOGS, 'versions', 'played')].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.ndjson'))
    .map((f) => join(dir, f)),
);
const read = (file: string): ParsedLog => parseLog(readFileSync(file, 'utf8'));

/** Each ruleset's own event types, as its domain/<ruleset>/events.ts declares them (not read from the renderers). */
const DECLARED: Readonly<Record<string, readonly string[]>> = {
  'post-galactica': PG_EVENT_TYPES,
  soluna: SOL_EVENT_TYPES,
  gsc2: GSC_EVENT_TYPES,
};

/** A line's sentence: what follows `12. red: `, with the rules' own quoted words (a reason) and the rule tag left out. */
const sentenceOf = (text: string): string =>
  text
    .replace(/^\d+\. [^:]+: /, '')
    .replace(/“[^”]*”/g, '“…”')
    .replace(/ \[[A-Z]+(-\d+)?\]$/, '');

/** What a line must not hold: each a sign of a field dumped rather than said. */
const problemsOf = (event: EventEnvelope, text: string): string[] => {
  const sentence = sentenceOf(text);
  const found: string[] = [];
  if (/\bp_[a-z0-9]/.test(text)) found.push('a player id');
  if (/\[object|undefined|NaN|(^|[\s(])\?([\s,)]|$)/.test(sentence)) found.push('a value it could not print');
  if (sentence.startsWith(`${typeWords(event.type)}:`)) found.push('the type, then its fields');
  const data = event.data !== null && typeof event.data === 'object' ? (event.data as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(data)) {
    const name = typeWords(key);
    if (sentence.includes(`${name}: `) || sentence.includes(`${key}: `) || sentence.includes(`${key}=`)) found.push(`"${key}: …"`);
    // A field named in two words (`attackerId`, `playerId`) followed by its value is a dump, never a sentence.
    if (name.includes(' ') && (typeof value === 'string' || typeof value === 'number') && sentence.includes(`${name} ${value}`))
      found.push(`"${name} ${value}"`);
  }
  return found;
};

/** Whether the line names `actor`: the seat itself, or a piece the event names that the seat held. */
const namesActor = (event: EventEnvelope, text: string, actor: string, before: GameState): boolean => {
  const sentence = sentenceOf(text);
  if (!text.startsWith(`${event.seq}. ${actor}: `)) return false;
  if (new RegExp(`\\b${actor}\\b`).test(sentence)) return true;
  const rules = before.status === 'playing' || before.status === 'ended' ? before.rules : null;
  const data = (event.data ?? {}) as Record<string, unknown>;
  return Object.values(data).some((v) => typeof v === 'string' && ownerOf(rules, v) === actor && sentence.includes(v));
};

describe('TABLE-7 every event line is a sentence that names who acted', () => {
  for (const file of FILES) {
    const name = file.slice(LOGS.length + 1);
    it(`TABLE-7 ${name}: no player id, no field dumped, the acting seat named, for a spectator and each seat`, () => {
      const log = read(file);
      const seats = [null, ...log.header.seats.map((s) => s.name)];
      const everyone = describeEvents(RULESETS, log.events, emptyGame, null).lines;
      expect(everyone).toHaveLength(log.events.length);
      const problems: string[] = [];
      for (const seat of seats) {
        const lines = describeEvents(RULESETS, log.events, emptyGame, seat).lines;
        for (const [i, line] of lines.entries()) {
          const event = log.events[i] as EventEnvelope;
          for (const p of problemsOf(event, line.text)) problems.push(`${seat ?? 'spectator'}, ${line.text}: ${p}`);
        }
      }
      expect(problems).toEqual([]);
      // Who acted, named by the line: the seat, or a piece it held (the seats' own sealed orders are hidden from a spectator).
      let named = 0;
      for (const [i, line] of everyone.entries()) {
        const event = log.events[i] as EventEnvelope;
        if (line.actor === REFEREE || event.visibleTo !== undefined) continue;
        const before = foldGame(RULESETS, log.events.slice(0, i));
        expect(namesActor(event, line.text, line.actor, before), line.text).toBe(true);
        named += 1;
      }
      expect(named).toBeGreaterThan(0);
    });
  }

  it('TABLE-7 `arbiter replay --at N` says event N in the words and with the actor of the event list, as each seat too', () => {
    for (const file of FILES.filter((f) => !f.includes('versions'))) {
      const log = read(file);
      const every = Math.max(1, Math.floor(log.events.length / 25));
      for (const seat of [undefined, log.header.seats[1]?.name]) {
        const lines = describeEvents(RULESETS, log.events, emptyGame, seat ?? null).lines;
        for (let at = 1; at <= log.events.length; at += at < 12 ? 1 : every) {
          let out = '';
          replay(file, { at: String(at), seat }, (chunk) => {
            out += chunk;
          });
          expect(out.split('\n')[2], `${file} --at ${at} --seat ${seat}`).toBe(lines[at - 1]?.text);
        }
      }
    }
  });

  it('TABLE-7 a seat in the data is named in the sentence: every seat-named event of the reference logs', () => {
    for (const file of FILES.filter((f) => !f.includes('versions'))) {
      const log = read(file);
      const seatNames = log.header.seats.map((s) => s.name);
      const lines = describeEvents(RULESETS, log.events, emptyGame, null).lines;
      for (const [i, event] of log.events.entries()) {
        const seat = (event.data as { seat?: unknown } | null)?.seat;
        // A seat's sealed orders are hidden from a spectator: the line names the seat before the colon only.
        if (typeof seat !== 'string' || !seatNames.includes(seat) || event.visibleTo !== undefined) continue;
        expect(sentenceOf(lines[i]?.text ?? ''), `${file} event ${event.seq}`).toMatch(new RegExp(`\\b${seat}\\b`));
      }
    }
  });

  it('TABLE-7 every event type the domain declares has a sentence: the match in render/sentences.ts, each ruleset in its renderer', () => {
    expect(Object.keys(MATCH_SENTENCES).sort()).toEqual([...MATCH_EVENT_TYPES].sort());
    expect(rendererList.map((r) => r.id).sort()).toEqual(Object.keys(DECLARED).sort());
    for (const [id, types] of Object.entries(DECLARED)) {
      const own = types.filter((t) => !MATCH_EVENT_TYPES.has(t));
      expect(Object.keys(rendererOf(rendererList, id)?.sentences ?? {}).sort(), id).toEqual([...own].sort());
    }
  });

  it("TABLE-7 the organiser's controls in words: a duration as a person says it, a moment in UTC", () => {
    const at = '2026-05-01T12:30:00.000Z';
    expect(eventSentence('DeadlineExtended', { phaseKey: 't1', by: 'PT1H', deadline: at }, 'gsc2')).toBe(
      'the organiser moved the deadline 1 hour later, to 2026-05-01 12:30 UTC',
    );
    expect(eventSentence('DeadlineExtended', { phaseKey: 't1', by: 'PT90M', deadline: at }, null)).toContain('90 minutes later');
    expect(eventSentence('DeadlineExtended', { phaseKey: 't1', by: 'P2D', deadline: at }, null)).toContain('2 days later');
    expect(eventSentence('GamePaused', { phaseKey: 't1', remainingMs: 5, by: 'seats' }, null)).toBe(
      'the game was paused, as every seat agreed',
    );
    expect(
      eventSentence('TakenBack', { seat: null, toVersion: 7, voids: [{ from: 8, to: 9 }], how: 'organiser', reason: 'misclick' }, 'soluna'),
    ).toBe('takeback by the organiser: back to version 7, voiding events 8–9, because "misclick"');
  });

  it('TABLE-7 a sentence of any declared type holds up without its fields: words, never "undefined" or "[object"', () => {
    for (const [id, types] of Object.entries(DECLARED)) {
      for (const type of types) {
        const sentence = eventSentence(type, {}, id);
        expect(sentence, `${id} ${type}`).not.toMatch(/undefined|\[object|NaN/);
        expect(sentence, `${id} ${type}`).not.toBe(typeWords(type));
      }
    }
  });
});
