import { describe, expect, it } from 'vitest';
import { hitsPerLevel, SIZE_BANDS } from '../../domain/gsc2/damage.ts';
import { DAMAGE_RULES, shipDesignSchema } from '../../domain/gsc2/designs.ts';
import { EXAMPLE_DESIGNS } from '../../domain/gsc2/examples.ts';
import { advance, aspectOf, inArc, relativeBearing, turnFacing } from '../../domain/gsc2/geometry.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import { maximumRange, RANGE_BANDS, rangeModifier } from '../../domain/gsc2/ranges.ts';
import { STEPS } from '../../domain/gsc2/state.ts';
import { USABLE_SYSTEMS } from '../../domain/gsc2/systems.ts';

describe('ship designs and the example scenario', () => {
  it('{} options give two example designs, two ships a side and all four kinds of terrain', () => {
    const options = gscOptionsSchema.parse({});
    expect(Object.keys(options.designs)).toEqual(['cruiser', 'destroyer']);
    expect(options.fleets.red.map((s) => s.design)).toEqual(['cruiser', 'destroyer']);
    expect(options.fleets.blue).toHaveLength(2);
    expect(options.terrain.map((t) => t.kind).sort()).toEqual(['asteroids', 'dust', 'mines', 'satellite']);
    expect(options.designs.cruiser?.batteries[0]).toEqual({ id: 'A', class: 'heavy', weapons: 2, damage: 3, mount: 'FS' });
    expect(options.designs.cruiser?.damageChart).toHaveLength(10);
  });
  it('GSC-18 a design whose damage chart names a system it does not have is refused', () => {
    const bad = { ...EXAMPLE_DESIGNS.destroyer, damageChart: [['battery:Z'], ...Array(9).fill(['drive'])] };
    const result = shipDesignSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('battery:Z is not a system of this design');
  });
  it('GSC-18 the damage chart has one ordered row per d10 face', () => {
    expect(shipDesignSchema.safeParse({ ...EXAMPLE_DESIGNS.destroyer, damageChart: [['drive']] }).success).toBe(false);
  });
  it('refuses a fleet that names an unknown design or reuses a ship id', () => {
    const fleets = {
      red: [{ id: 'a', design: 'battleship', x: 0, y: 0, facing: 0 }],
      blue: [{ id: 'a', design: 'cruiser', x: 0, y: 9, facing: 4 }],
    };
    const text = JSON.stringify(gscOptionsSchema.safeParse({ fleets }).error?.issues);
    expect(text).toContain('no design called \\"battleship\\"');
    expect(text).toContain('ship id \\"a\\" is used twice');
  });
});

describe('GSC-12 range bands', () => {
  it('GSC-12 the band table matches the sheet cell by cell', () => {
    expect(RANGE_BANDS).toEqual({
      light: { short: { upTo: 6, toHit: 1 }, normal: 12, step: 2 },
      medium: { short: null, normal: 24, step: 6 },
      heavy: { short: { upTo: 12, toHit: -1 }, normal: 36, step: 12 },
    });
  });
  it('GSC-12 light: 6" +1, 12" normal, 14" -1, 16" -2', () => {
    expect([6, 7, 12, 13, 14, 16].map((r) => rangeModifier('light', r, 3))).toEqual([1, 0, 0, -1, -1, -2]);
  });
  it('GSC-12 medium: no short range, 24" normal, 30" -1, 36" -2', () => {
    expect([1, 24, 30, 36].map((r) => rangeModifier('medium', r, 3))).toEqual([0, 0, -1, -2]);
  });
  it('GSC-12 heavy: short range is -1 not +1, 36" normal, 48" -1, 60" -2', () => {
    expect([12, 13, 36, 48, 60].map((r) => rangeModifier('heavy', r, 3))).toEqual([-1, 0, 0, -1, -2]);
  });
  it('GSC-12 beyond the last long-range band (default 3) a beam is out of range', () => {
    expect(maximumRange('light', 3)).toBe(18);
    expect(rangeModifier('light', 18, 3)).toBe(-3);
    expect(rangeModifier('light', 18.5, 3)).toBeNull();
    expect(rangeModifier('heavy', 72.1, 3)).toBeNull();
  });
});

describe('GSC-13 arcs and the geometry of facing', () => {
  it('GSC-13 F, A, L and R are 90 degree arcs around the bow, stern, port and starboard', () => {
    const ship = { x: 0, y: 0 };
    const bearing = (x: number, y: number) => relativeBearing(ship, 0, { x, y });
    expect(inArc('F', bearing(1, 10))).toBe(true);
    expect(inArc('F', bearing(10, 1))).toBe(false);
    expect(inArc('R', bearing(10, 1))).toBe(true);
    expect(inArc('L', bearing(-10, 1))).toBe(true);
    expect(inArc('A', bearing(1, -10))).toBe(true);
    expect(inArc('A', bearing(10, 1))).toBe(false);
  });
  it('GSC-13 a sponson covers 180 degrees in its direction (FS = forward 180) and a turret fires anywhere', () => {
    const beam = relativeBearing({ x: 0, y: 0 }, 0, { x: 10, y: 0 });
    expect(beam).toBe(90);
    expect(inArc('FS', beam)).toBe(true);
    expect(inArc('AS', beam)).toBe(true);
    expect(inArc('FS', relativeBearing({ x: 0, y: 0 }, 0, { x: 1, y: -10 }))).toBe(false);
    expect(inArc('RS', beam)).toBe(true);
    expect(inArc('LS', beam)).toBe(false);
    expect(inArc('T', relativeBearing({ x: 0, y: 0 }, 0, { x: -3, y: -7 }))).toBe(true);
  });
  it('GSC-13 bearings turn with the ship: facing east, a target north is to port', () => {
    expect(relativeBearing({ x: 0, y: 0 }, 2, { x: 0, y: 10 })).toBe(-90);
    expect(turnFacing(0, 'left')).toBe(7);
    expect(advance({ x: 0, y: 0 }, 1, 10)).toEqual({ x: 7.071, y: 7.071 });
  });
  it('GSC-15 aspect is the side of the target the attacker sits on: bow, broadside or stern', () => {
    const target = { x: 0, y: 0 };
    expect(aspectOf(target, 0, { x: 0, y: 20 })).toBe('bow');
    expect(aspectOf(target, 0, { x: 20, y: 0 })).toBe('broadside');
    expect(aspectOf(target, 0, { x: 1, y: -20 })).toBe('stern');
    expect(aspectOf(target, 4, { x: 1, y: -20 })).toBe('bow');
  });
});

describe('GSC-19 and GSC-22 tables', () => {
  it('GSC-19 every kind of system takes damage the way the sheet groups it', () => {
    const groups = (rule: string) =>
      Object.entries(DAMAGE_RULES)
        .filter(([, r]) => r === rule)
        .map(([k]) => k);
    expect(groups('twoHits')).toEqual(['battery', 'missiles', 'tractor']);
    expect(groups('sizeBand')).toEqual(['deflectors', 'thrusters', 'tunnelingDrives', 'inertialDampeners', 'cloaks', 'stealthFields']);
    expect(groups('drive')).toEqual(['drive']);
    expect(groups('perHit')).toEqual(['repairUnits', 'scanners', 'mineLayers', 'nullFields']);
    expect(groups('perDamagePoint')).toEqual(['mds', 'shields', 'transporters', 'assaultSquads', 'heavyAssaultSquads']);
  });
  it('GSC-19 size 1-7 take 1 hit per level, 8-15 take 2, 16+ take 3', () => {
    expect(SIZE_BANDS).toEqual([
      { fromSize: 1, hitsPerLevel: 1 },
      { fromSize: 8, hitsPerLevel: 2 },
      { fromSize: 16, hitsPerLevel: 3 },
    ]);
    expect([1, 7, 8, 15, 16, 40].map(hitsPerLevel)).toEqual([1, 1, 2, 2, 3, 3]);
  });
  it("GSC-22 the systems usable in each step are the sheet's lists", () => {
    expect(USABLE_SYSTEMS).toEqual({
      movement: ['cloaks', 'thrusters', 'tunnelingDrives', 'mds', 'tractorBeams'],
      missiles: ['mds'],
      beams: ['scanners'],
      boarding: ['internalDefense', 'assaultPods', 'scanners', 'transporters'],
      repairs: [],
    });
  });
  it('GSC-1 the steps of a turn are Movement, Missiles, Beams, Boarding, Repairs', () => {
    expect(STEPS).toEqual(['movement', 'missiles', 'beams', 'boarding', 'repairs']);
  });
});
