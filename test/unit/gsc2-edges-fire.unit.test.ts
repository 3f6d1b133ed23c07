/**
 * RUL-8: the numbers of the GSC2 firing resolution at exactly their edge and just past it
 * (0.01" for ranges, 0.01" off the arc's edge line, one pip or one inch moved for to-hit
 * modifiers, one point of damage for shields and armor, one level or size for system damage).
 */
import { describe, expect, it } from 'vitest';
import { damageSystem, hitsPerLevel, resolveHit } from '../../domain/gsc2/damage.ts';
import { type BeamOrders, checkBeamOrders, resolveBeams, toHitModifiers } from '../../domain/gsc2/firing.ts';
import { inArc, relativeBearing } from '../../domain/gsc2/geometry.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import { rangeModifier } from '../../domain/gsc2/ranges.ts';
import { type GscState, initialState, type ShipState, type SystemState } from '../../domain/gsc2/state.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { battle, of, place } from '../support/gsc2.ts';

const battleWith = (rules: Record<string, unknown>): GscState =>
  initialState({ seats: ['red', 'blue'], firstSeat: 'red', options: gscOptionsSchema.parse(rules) });

describe('RUL-8 GSC-12 the band edges of the range table', () => {
  const at = (beam: 'light' | 'medium' | 'heavy', ranges: number[]) => ranges.map((r) => rangeModifier(beam, r));
  it('RUL-8 GSC-12 light: +1 to exactly 6", 0 from 6.01" to exactly 12", -1 to exactly 14", -2 to exactly 16", -3 from 16.01"', () => {
    expect(at('light', [6, 6.01, 12, 12.01, 14, 14.01, 16, 16.01])).toEqual([1, 0, 0, -1, -1, -2, -2, -3]);
  });
  it('RUL-8 GSC-12 medium: 0 to exactly 24", -1 to exactly 30", -2 to exactly 36", -3 from 36.01"', () => {
    expect(at('medium', [24, 24.01, 30, 30.01, 36, 36.01])).toEqual([0, -1, -1, -2, -2, -3]);
  });
  it('RUL-8 GSC-12 heavy: -1 to exactly 12", 0 from 12.01" to exactly 36", -1 to exactly 48", -2 to exactly 60"', () => {
    expect(at('heavy', [12, 12.01, 36, 36.01, 48, 48.01, 60])).toEqual([-1, 0, 0, -1, -1, -2, -2]);
  });
});

describe('RUL-8 GSC-12 how far each beam reaches', () => {
  /**
   * Valiant's `battery` (A heavy forward sponson, B medium turret, C light to port) at Tyrant
   * `range` inches off, bow on, moved 6": 5 + bow 1 - 1 deflector = 5 before the range.
   */
  const shot = (battery: 'A' | 'B' | 'C', range: number, rules: Record<string, unknown> = {}) => {
    let state = place(battleWith(rules), 'valiant', { at: { x: 0, y: 0 }, facing: 0 });
    const where = battery === 'C' ? { at: { x: -range, y: 0 }, facing: 2 } : { at: { x: 0, y: range }, facing: 4 };
    state = place(state, 'tyrant', { ...where, moved: 6 });
    const refused = checkBeamOrders(state, 'red', { step: 'beams', fire: [{ ship: 'valiant', battery, target: 'tyrant' }] });
    return refused?.ok === false ? refused.violation.rule : 'fires';
  };
  it('RUL-8 GSC-12 as printed a heavy beam reaches exactly 60"; 60.01" is beyond its row of the table', () => {
    expect([shot('A', 60), shot('A', 60.01)]).toEqual(['fires', 'GSC-12']);
  });
  it('RUL-8 GSC-12 as printed light and medium beams reach as far as a roll of 1 still hits; 0.01" further it cannot', () => {
    // light: 5 - 4 at exactly 20" leaves 1; from 20.01" -5 leaves 0. Medium: 5 - 4 to exactly 48"
    expect([shot('C', 20), shot('C', 20.01), shot('B', 48), shot('B', 48.01)]).toEqual(['fires', 'GSC-12', 'fires', 'GSC-12']);
  });
  it('RUL-8 GSC-12 beamRanges \'capped\' (3 bands): light to exactly 18", medium 42", heavy 72"; 0.01" past each is out', () => {
    const capped = { beamRanges: 'capped' };
    expect([18, 18.01].map((r) => shot('C', r, capped))).toEqual(['fires', 'GSC-12']);
    expect([42, 42.01].map((r) => shot('B', r, capped))).toEqual(['fires', 'GSC-12']);
    expect([72, 72.01].map((r) => shot('A', r, capped))).toEqual(['fires', 'GSC-12']);
  });
});

describe('RUL-8 GSC-13 arc edges', () => {
  /** The bearing of a target at (x, y) from a ship at the origin heading north. */
  const bearing = (x: number, y: number) => relativeBearing({ x: 0, y: 0 }, 0, { x, y });
  it('RUL-8 GSC-13 a 90 degree F arc holds a target exactly 45 degrees off the bow; 0.01" further round it does not', () => {
    expect(bearing(10, 10)).toBeCloseTo(45, 9);
    expect([inArc('F', bearing(10, 10)), inArc('F', bearing(10.01, 10)), inArc('F', bearing(-10.01, 10))]).toEqual([true, false, false]);
    // the same edge belongs to the R arc
    expect([inArc('R', bearing(10, 10)), inArc('R', bearing(10, 10.01))]).toEqual([true, false]);
  });
  it('RUL-8 GSC-13 a 180 degree forward sponson holds a target exactly abeam; 0.01" aft of abeam it does not', () => {
    expect([inArc('FS', bearing(10, 0)), inArc('FS', bearing(10, -0.01)), inArc('FS', bearing(-10, -0.01))]).toEqual([true, false, false]);
    expect([inArc('AS', bearing(10, 0)), inArc('AS', bearing(10, 0.01))]).toEqual([true, false]);
  });
});

describe('RUL-8 GSC-15 the to-hit roll and its modifiers', () => {
  const moved = (inches: number | null) =>
    toHitModifiers({ ...(battle().ships.tyrant as ShipState), moved: inches })
      .filter((m) => m.reason.startsWith('target'))
      .map((m) => m.value);
  it('RUL-8 GSC-15 a target that moved exactly 12" is -1 to hit; 11.99" has no movement modifier', () => {
    expect([moved(12), moved(11.99)]).toEqual([[-1], []]);
  });
  it('RUL-8 GSC-15 a target that moved exactly 4" is +1 to hit; 4.01" has no movement modifier', () => {
    expect([moved(4), moved(4.01)]).toEqual([[1], []]);
  });
  it('RUL-8 GSC-15 a target that did not move is +2; one that moved 0.01" is +1', () => {
    expect([moved(0), moved(0.01)]).toEqual([[2], [1]]);
  });
  it('RUL-8 GSC-15 -1 for each deflector level: none at 0, -1 at 1, -2 at 2', () => {
    const deflectors = (level: number) => {
      const tyrant = battle().ships.tyrant as ShipState;
      const systems = { ...tyrant.systems, deflectors: { level, max: 2, hits: 0, destroyed: false } };
      return toHitModifiers({ ...tyrant, systems, moved: 6 }).map((m) => m.value);
    };
    expect([0, 1, 2].map(deflectors)).toEqual([[], [-1], [-2]]);
  });
  it('RUL-8 GSC-15 a d10 of exactly the number to roll hits; one more misses', () => {
    // Valiant's medium turret B at Tyrant 24" ahead, bow on, unmoved: 5 + bow 1 - 1 deflector + 2 = 7
    let state = place(battle(), 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 6 });
    state = place(state, 'tyrant', { at: { x: 0, y: 24 }, facing: 4, moved: 0 });
    const fire: BeamOrders = { step: 'beams', fire: [{ ship: 'valiant', battery: 'B', target: 'tyrant' }] };
    const shot = (face: number) =>
      of(resolveBeams(state, [{ seat: 'red', orders: fire }], scriptedDice([face, 10, 10])), 'BeamFired')[0]?.data;
    expect(shot(7)).toMatchObject({ hit: true, roll: { value: 7, effectiveTarget: 7 } });
    expect(shot(8)).toMatchObject({ hit: false, roll: { value: 8, effectiveTarget: 7 } });
  });
});

describe('RUL-8 GSC-16 and GSC-17 shields and armor', () => {
  /** Tyrant (shields 2, armor 6) with `absorbed` already taken by its shields this turn. */
  const tyrant = (absorbed = 0): GscState => place(battle(), 'tyrant', { absorbed });
  const hit = (state: GscState, damage: number, faces: number[] = [10, 10]) =>
    resolveHit(state, 'tyrant', { source: 'test', damage, rule: 'GSC-14' }, scriptedDice(faces)).data;
  it('RUL-8 GSC-16 shields of level 2 absorb exactly 2 hull damage a turn; a third point goes to the hull', () => {
    expect(hit(tyrant(), 2)).toMatchObject({ absorbed: 2, hull: 0 });
    expect(hit(tyrant(), 3)).toMatchObject({ absorbed: 2, hull: 1 });
    expect(hit(tyrant(2), 1)).toMatchObject({ absorbed: 0, hull: 1 });
  });
  it('RUL-8 GSC-17 only a weapon not blocked by shields at all forces an armor roll', () => {
    expect(hit(tyrant(2), 3, [10, 10]).armor).toMatchObject({ target: 6, effectiveTarget: 3 });
    expect(hit(tyrant(1), 3, [10, 10]).armor).toBeNull();
  });
  it('RUL-8 GSC-17 an armor roll of exactly armor - damage (6 - 3 = 3) stops system damage; a 4 lets it through', () => {
    expect(hit(tyrant(2), 3, [3])).toMatchObject({ armor: { value: 3, success: true }, chart: null });
    expect(hit(tyrant(2), 3, [4, 1])).toMatchObject({ armor: { value: 4, success: false }, chart: { value: 1 } });
  });
});

describe('RUL-8 GSC-19 system damage thresholds', () => {
  const fresh = (level: number): SystemState => ({ level, max: Math.max(level, 1), hits: 0, destroyed: false });
  it('RUL-8 GSC-19 size bands: 1 hit per level to size 7, 2 from size 8 to 15, 3 from size 16', () => {
    expect([1, 7, 8, 15, 16].map(hitsPerLevel)).toEqual([1, 1, 2, 2, 3]);
  });
  it('RUL-8 GSC-19 a drive of a size-3 ship loses half on the first hit; a size-4 ship loses 1"', () => {
    expect([3, 4].map((size) => damageSystem('drive', fresh(8), size, 2).level)).toEqual([4, 7]);
  });
  it('RUL-8 GSC-19 a system reduced to exactly 0 is not destroyed; one reduced below 0 is', () => {
    for (const [ref, size] of [
      ['deflectors', 4],
      ['drive', 4],
      ['scanners', 8],
    ] as const) {
      expect([ref, damageSystem(ref, fresh(1), size, 1)]).toMatchObject([ref, { level: 0, destroyed: false }]);
      expect([ref, damageSystem(ref, fresh(0), size, 1)]).toMatchObject([ref, { level: -1, destroyed: true }]);
    }
  });
  it('RUL-8 GSC-19 per damage point: 2 points take exactly 2 of 3 MDS; 3 points take all 3', () => {
    expect([2, 3].map((damage) => damageSystem('mds', fresh(3), 8, damage).level)).toEqual([1, 0]);
  });
});
