/**
 * TABLE-7: `arbiter replay --at N --seat S` says one thing about who may act, the seats the
 * game awaits (issue 46: at event 8 of a Post Galactica game it said "red is active" and
 * "waiting for blue" at once).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldGame } from '../../domain/match/evolve.ts';
import { awaitingSeats } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { replay } from '../../tools/arbiter-cli/src/commands.ts';

const RULESETS = everyRuleset();
const logs = join(import.meta.dirname, '..', 'fixtures', 'logs');
const NAMES = ['gsc2', 'post-galactica', 'post-galactica-battle', 'soluna'];

const summaryAt = (file: string, at: number, seat: string): string => {
  let text = '';
  replay(file, { at: String(at), seat }, (chunk) => {
    text += chunk;
  });
  return text;
};

/** Every seat a summary says may act now: "red is active", "waiting for red and blue", "red to act". */
const claimedActing = (summary: string): string[][] =>
  summary
    .split('\n')
    .flatMap((line) => [...line.matchAll(/waiting for ([\w-]+(?:(?:, | and )[\w-]+)*)|([\w-]+) (?:is active|to act)/g)])
    .map((m) => (m[1] ?? m[2] ?? '').split(/, | and /).sort());

describe('TABLE-7 the replay summary never contradicts itself on who may act', () => {
  for (const name of NAMES) {
    it(`TABLE-7 ${name}: at events through the game, for each seat, it names exactly the awaited seats, once`, () => {
      const file = join(logs, `${name}.ndjson`);
      const log = parseLog(readFileSync(file, 'utf8'));
      const seats = log.header.seats.map((s) => s.name);
      const total = log.events.length;
      // Every event up to 12 (the setup, where issue 46 found it), then a spread through the game.
      const points = [
        ...new Set([
          ...Array.from({ length: Math.min(12, total) }, (_, i) => i + 1),
          ...[0.25, 0.5, 0.75, 1].map((f) => Math.ceil(total * f)),
        ]),
      ];
      let checked = 0;
      for (const at of points) {
        const state = foldGame(RULESETS, log.events.slice(0, at));
        if (state.status === 'empty' || state.status === 'lobby') continue;
        const awaited = [...awaitingSeats(RULESETS, state)].sort();
        for (const seat of seats) {
          const claims = claimedActing(summaryAt(file, at, seat));
          expect(claims, `${name} --at ${at} --seat ${seat}`).toEqual(awaited.length > 0 ? [awaited] : []);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(4);
    });
  }

  it('TABLE-7 Post Galactica at event 8, as blue: one statement of who is awaited, no "is active" beside it', () => {
    const summary = summaryAt(join(logs, 'post-galactica.ndjson'), 8, 'blue');
    expect(summary).not.toMatch(/is active/);
    expect(summary.match(/waiting for/g)).toHaveLength(1);
  });
});
