/**
 * TABLE-2 the ruler's readings, with no browser: each ruleset's measure gives the distance in its
 * unit and what the referee's own functions make of it. GSC2's bands and modifiers at the edges of
 * GSC-12's table; Sol'una's squares (a diagonal step counts one) and Line Of Sight across a
 * blocking square; Post Galactica's line of sight across terrain, which is the same function the
 * referee asks between units (lineOfSightBlocker), and between two units the gap between bases
 * and the refusal or weapons and modifiers of checkAttack.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { type GameView, viewGame } from '../../domain/match/view.ts';
import { lineOfSightBlocker, sightBlocker } from '../../domain/post-galactica/targeting.ts';
import type { Placed } from '../../domain/post-galactica/units.ts';
import { type PgView, stateOfView } from '../../domain/post-galactica/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { measureOn } from '../../render/board.ts';

const RULESETS = everyRuleset();
const root = resolve(import.meta.dirname, '..', '..');
const viewAt = (name: string, type: string, nth = 1): GameView => {
  const log = parseLog(readFileSync(join(root, 'test', 'fixtures', 'logs', `${name}.ndjson`), 'utf8'));
  const found = log.events.filter((e) => e.type === type)[nth - 1] as EventEnvelope;
  return viewGame(RULESETS, foldGame(RULESETS, log.events.slice(0, found.seq) as EventEnvelope[]), null) as GameView;
};

describe('TABLE-2 the ruler', () => {
  it("TABLE-2 GSC2: each beam class's band and modifier, at the edges of GSC-12's table", () => {
    const view = viewAt('gsc2', 'BeamFired');
    const lines = (inches: number) => measureOn(view, { x: 0, y: 0 }, { x: inches, y: 0 })?.lines;
    expect(measureOn(view, { x: 0, y: 0 }, { x: 3, y: 4 })?.distance).toBe('5"');
    expect(lines(6)).toEqual([
      'light beam: short range, +1 to hit (GSC-12)',
      'medium beam: normal range, no modifier (GSC-12)',
      'heavy beam: short range, −1 to hit (GSC-12)',
    ]);
    expect(lines(13)).toEqual([
      'light beam: long range, −1 to hit (GSC-12)',
      'medium beam: normal range, no modifier (GSC-12)',
      'heavy beam: normal range, no modifier (GSC-12)',
    ]);
    expect(lines(37)).toEqual([
      'light beam: long range, −13 to hit (GSC-12)',
      'medium beam: long range, −3 to hit (GSC-12)',
      'heavy beam: long range, −1 to hit (GSC-12)',
    ]);
  });

  it("TABLE-2 Sol'una: squares as its grid counts them, Line Of Sight, and what a model's attacks reach", () => {
    const view = viewAt('soluna', 'ModelMoved');
    const game = view.game as { grid: { blocking: number[][] }; models: { id: string; at: [number, number]; slain: boolean }[] };
    // Across the blocking block at [5..6, 5..6]: 7 squares on the diagonal, sight blocked.
    expect(game.grid.blocking).toContainEqual([5, 5]);
    const across = measureOn(view, { x: 3.5, y: 3.5 }, { x: 8.2, y: 10.9 });
    expect(across?.distance).toBe('7 squares');
    expect(across?.lines.slice(0, 2)).toEqual(['[3,3] to [8,10]', 'Line Of Sight: blocked']);
    expect(measureOn(view, { x: 0.5, y: 11.5 }, { x: 1.5, y: 10.5 })?.lines[1]).toBe('Line Of Sight: clear');
    // From a model: each attack and power, reached or not.
    const model = game.models.find((m) => !m.slain) as { id: string; at: [number, number] };
    const from = { x: model.at[0] + 0.5, y: model.at[1] + 0.5, id: model.id };
    const far = measureOn(view, from, { x: model.at[0] + 0.5, y: model.at[1] >= 6 ? 0.5 : 11.5 });
    expect(far?.lines.slice(2).length).toBeGreaterThan(0);
    for (const line of far?.lines.slice(2) ?? []) expect(line).toMatch(/\(range \d+\): (out of range|reaches|in range, no Line Of Sight)$/);
  });

  it("TABLE-2 Post Galactica: line of sight across terrain is the referee's; between units the gap and its attack check", () => {
    const view = viewAt('post-galactica', 'UnitsDeployed', 2);
    const state = stateOfView(view.game as unknown as PgView);
    const placed = state.units.filter((u): u is Placed => u.position !== null);
    // The referee's check between units, and the ruler's between their centres: one function.
    for (const a of placed)
      for (const b of placed) expect(sightBlocker(state, a.position, b.position)).toBe(lineOfSightBlocker(state, a, b));
    // Across Kessel Ridge, from one side of the table to the other.
    const ridge = state.mission?.terrain.find((t) => t.name === 'Kessel Ridge');
    expect(ridge).toBeDefined();
    expect(measureOn(view, { x: 24, y: 2 }, { x: 24, y: 30 })?.lines).toEqual(['line of sight: blocked by Kessel Ridge (PG-11)']);
    expect(measureOn(view, { x: 2, y: 34 }, { x: 46, y: 34 })?.lines).toEqual(['line of sight: clear (PG-11)']);
    const red = placed.find((u) => u.seat === 'red') as Placed;
    const blue = placed.find((u) => u.seat === 'blue') as Placed;
    const between = measureOn(view, { ...red.position, id: red.id }, { ...blue.position, id: blue.id });
    expect(between?.lines[0]).toMatch(/^\d+(\.\d+)?" between the bases \(PG-11, PG-12 measure this\)$/);
    expect(between?.lines.slice(1).map((l) => l.split(':')[0])).toEqual(['ranged', 'melee']);
  });
});
