/**
 * TABLE-8 found it: a seat that took back its own sealed orders broke the other seat's page,
 * whose export hides those orders (a `Sealed` placeholder with no command), so its fold never
 * opened the sealing seat's takeback window and refused the takeback ("sun has nothing to take
 * back here"). `foldSeen` (domain/match/seen-fold.ts) opens it at the command's next event.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldGame } from '../../domain/match/evolve.ts';
import { foldSeenLog } from '../../domain/match/seen-fold.ts';
import { redactEvents } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { seat } from '../support/decider-spec.ts';
import { act, mission, playing, profile } from '../support/soluna.ts';

const RULESETS = everyRuleset();
const LOGS = join(import.meta.dirname, '..', 'fixtures', 'logs');

describe("TABLE-8 a seat's export folds as the whole log does", () => {
  it("TABLE-8 TB-1 a seat's own takeback of its sealed orders folds in the other seat's export", () => {
    // Both leaders act in the first phase: sun seals, then takes its orders back before moon chooses.
    const game = playing(
      mission([profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })], [profile({ id: 'xul', mind: 10, at: [5, 5], leader: true })]),
    );
    game.run({ type: 'SubmitActions', actions: [act('meena', { kind: 'none' })] }, seat('sun'));
    game.run({ type: 'TakeBack' }, seat('sun'));
    const whole = foldGame(RULESETS, game.log);
    const moon = redactEvents(game.log, 'moon');
    expect(moon.some((e) => e.type === 'Sealed')).toBe(true);
    const seen = foldSeenLog(RULESETS, moon);
    expect(seen.version).toBe(game.log.length);
    if (seen.status !== 'playing' || whole.status !== 'playing') throw new Error('the game is not in play');
    expect({ step: seen.step, voided: seen.voided }).toEqual({ step: whole.step, voided: whole.voided });
    // Sun may seal again; the game goes on in moon's export too.
    game.run({ type: 'SubmitActions', actions: [act('meena', { kind: 'none' })] }, seat('sun'));
    game.run({ type: 'SubmitActions', actions: [act('xul', { kind: 'none' })] }, seat('moon'));
    expect(foldSeenLog(RULESETS, redactEvents(game.log, 'moon')).version).toBe(game.log.length);
  });

  it.each(['soluna', 'gsc2'])('TABLE-8 every seat’s export of the %s reference match folds to its end', (name) => {
    const log = parseLog(readFileSync(join(LOGS, `${name}.ndjson`), 'utf8'));
    for (const { name: seatName } of log.header.seats) {
      // While the game ran, each seat's export hid the other's orders: the log as it was before its end.
      const ended = log.events.findIndex((e) => e.type === 'SeedRevealed');
      const running = redactEvents(log.events.slice(0, ended === -1 ? undefined : ended), seatName);
      expect(
        running.some((e) => e.type === 'Sealed'),
        seatName,
      ).toBe(true);
      expect(foldSeenLog(RULESETS, running).version, seatName).toBe(running.length);
    }
  });
});
