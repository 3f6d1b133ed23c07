import { describe, expect, it } from 'vitest';
import { damageSystem } from '../../domain/gsc2/damage.ts';
import { beamBatterySchema, shipDesignSchema, systemRefSchema } from '../../domain/gsc2/designs.ts';
import { EXAMPLE_DESIGNS } from '../../domain/gsc2/examples.ts';
import { advance, aspectOf, inArc, relativeBearing, turnFacing } from '../../domain/gsc2/geometry.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import { inReach, rangeModifier } from '../../domain/gsc2/ranges.ts';
import { designOf, enemyShip, ownShip } from '../../domain/gsc2/ships.ts';
import { initialState, type SystemState } from '../../domain/gsc2/state.ts';
import { USABLE_SYSTEMS } from '../../domain/gsc2/systems.ts';
import { battle, battleAt, GUNSHIP, gunshipAt, options, place } from '../support/gsc2.ts';

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
  it('GSC-12 light: 6" +1, 12" normal, 14" -1, 16" -2', () => {
    expect([6, 7, 12, 13, 14, 16].map((r) => rangeModifier('light', r))).toEqual([1, 0, 0, -1, -1, -2]);
  });
  it('GSC-12 medium: no short range, 24" normal, 30" -1, 36" -2', () => {
    expect([1, 24, 30, 36].map((r) => rangeModifier('medium', r))).toEqual([0, 0, -1, -2]);
  });
  it('GSC-12 heavy: short range is -1 not +1, 36" normal, 48" -1, 60" -2', () => {
    expect([12, 13, 36, 48, 60].map((r) => rangeModifier('heavy', r))).toEqual([-1, 0, 0, -1, -2]);
  });
  it('GSC-12 as printed the heavy row stops at 60" and the "…" of light and medium go on while a hit is possible', () => {
    const printed = { beamRanges: 'printed', longRangeBands: 3, heavyLongRangeBands: 2 } as const;
    expect([rangeModifier('heavy', 60), inReach('heavy', 60, printed, 9), inReach('heavy', 61, printed, 9)]).toEqual([-2, true, false]);
    // light at 30": 9 long-range bands, -9; in reach while the number to roll is still 1 or more
    expect([rangeModifier('light', 30), inReach('light', 30, printed, 1), inReach('light', 30, printed, 0)]).toEqual([-9, true, false]);
    expect([rangeModifier('medium', 90), inReach('medium', 90, printed, 1)]).toEqual([-11, true]);
  });
  it('GSC-12 capped (option), every beam stops after its long-range bands: 3 by default', () => {
    const capped = { beamRanges: 'capped', longRangeBands: 3, heavyLongRangeBands: 3 } as const;
    expect([rangeModifier('light', 18), inReach('light', 18, capped, 9), inReach('light', 18.5, capped, 9)]).toEqual([-3, true, false]);
    expect([inReach('medium', 42, capped, 9), inReach('heavy', 72, capped, 9), inReach('heavy', 72.1, capped, 9)]).toEqual([
      true,
      true,
      false,
    ]);
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
  const fresh = (level: number): SystemState => ({ level, max: level, hits: 0, destroyed: false });
  /** `hits` weapon hits of `damage` points on a system of `level`, on a ship of `size`. */
  const hit = (ref: string, level: number, hits: number, size = 8, damage = 3): SystemState =>
    Array.from({ length: hits }).reduce<SystemState>((s) => damageSystem(ref, s, size, damage), fresh(level));
  it('GSC-19 every system the sheet names takes damage the way its group does', () => {
    // weapon batteries, tractor beams: the first hit damages, the second destroys
    for (const ref of ['battery:A', 'missiles:M1', 'tractor:T1']) {
      expect([hit(ref, 1, 1), hit(ref, 1, 2)].map((s) => [s.level, s.destroyed])).toEqual([
        [0, false],
        [0, true],
      ]);
    }
    // one hit per weapon, a size-8 ship loses a level per 2 hits, whatever the damage
    for (const ref of ['deflectors', 'thrusters', 'tunnelingDrives', 'inertialDampeners', 'cloaks', 'stealthFields']) {
      expect([1, 2].map((n) => hit(ref, 2, n).level)).toEqual([2, 1]);
    }
    // drives of a size-4+ ship lose 1" per hit
    expect(hit('drive', 8, 2, 4).level).toBe(6);
    // lose 1 per penetrating hit, whatever its damage
    for (const ref of ['repairUnits', 'scanners', 'mineLayers', 'nullFields']) expect(hit(ref, 4, 1).level).toBe(3);
    // lose 1 per damage point (3 here)
    for (const ref of ['mds', 'shields', 'transporters', 'assaultSquads', 'heavyAssaultSquads']) expect(hit(ref, 4, 1).level).toBe(1);
  });
  it('GSC-19 size 1-7 take 1 hit per level, 8-15 take 2, 16+ take 3', () => {
    const hitsToLoseALevel = (size: number): number => {
      let s = fresh(3);
      for (let n = 1; n <= 5; n += 1) {
        s = damageSystem('deflectors', s, size, 1);
        if (s.level < 3) return n;
      }
      return Number.POSITIVE_INFINITY;
    };
    expect([1, 7, 8, 15, 16, 40].map(hitsToLoseALevel)).toEqual([1, 1, 2, 2, 3, 3]);
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
});

describe('RUL-9 GSC-18 GSC-19 designs and fleets as options', () => {
  it('RUL-9 GSC-18 an id is 1 to 24 letters, digits, _ or -, the whole of it', () => {
    const battery = (id: string) => beamBatterySchema.safeParse({ id, class: 'medium', weapons: 1, damage: 1, mount: 'T' });
    expect(battery('A_1-b').success).toBe(true);
    for (const id of ['A!', '!A', 'x'.repeat(25)]) {
      const parsed = battery(id);
      expect(parsed.success, id).toBe(false);
      expect(parsed.error?.issues, id).toEqual([
        // INV-1: a 25-character id is also past the limit of 24, which the client's 400 names first
        ...(id.length > 24 ? [expect.objectContaining({ path: ['id'], code: 'too_big', maximum: 24 })] : []),
        expect.objectContaining({ path: ['id'], message: 'an id is 1 to 24 letters, digits, _ or -' }),
      ]);
    }
  });

  it('RUL-9 GSC-18 a chart entry names a level kind or a listed system, nothing before or after', () => {
    expect(['drive', 'battery:A', 'missiles:M1', 'tractor:T1'].map((ref) => systemRefSchema.safeParse(ref).success)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['battery:A!', 'xbattery:A', 'battery:', 'engine'].map((ref) => systemRefSchema.safeParse(ref).success)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('RUL-9 GSC-18 a chart entry that is no system of the design is refused at its row', () => {
    const damageChart = GUNSHIP.damageChart.map((row, face) => (face === 3 ? ['battery:Z'] : row));
    const parsed = shipDesignSchema.safeParse({ ...GUNSHIP, damageChart });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: ['damageChart', 3], message: 'battery:Z is not a system of this design' }),
    ]);
  });

  it('RUL-9 GSC-3 a fleet refuses a ship of an unknown design and an id used twice, each at its place', () => {
    const parsed = gscOptionsSchema.safeParse({
      designs: { gunship: GUNSHIP },
      fleets: {
        red: [gunshipAt('ram', 0, 0, 0), { ...gunshipAt('rook', 20, 0, 0), design: 'nope' }],
        blue: [gunshipAt('ram', 0, 10, 4)],
      },
      terrain: [],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: ['fleets', 'red', 1, 'design'], message: 'no design called "nope"' }),
      expect.objectContaining({ code: 'custom', path: ['fleets', 'blue', 0, 'id'], message: 'ship id "ram" is used twice' }),
    ]);
  });

  it('RUL-9 GSC-3 a ship whose design is not among the options is left off the table, not set up half-made', () => {
    // The options schema refuses such fleets; the fold's initial state skips one rather than fail.
    const fleets = { ...options.fleets, blue: [...options.fleets.blue, { ...gunshipAt('ghost', 0, 0, 0), design: 'nope' }] };
    const state = initialState({ seats: ['red', 'blue'], firstSeat: 'red', options: { ...options, fleets } });
    expect(Object.keys(state.ships)).toEqual(Object.keys(battle().ships));
  });
});

describe('RUL-9 GSC-15 GSC-19 finding a ship and its design', () => {
  it('RUL-9 GSC-15 a destroyed or captured ship is neither commanded by its side nor targeted by the other', () => {
    const state = place(place(battleAt(), 'lance', { status: 'destroyed' }), 'tyrant', { status: 'captured' });
    expect(ownShip(state, 'red', 'lance')).toMatchObject({ ok: false });
    expect(enemyShip(state, 'red', 'tyrant')).toMatchObject({ ok: false });
    expect(ownShip(state, 'red', 'valiant')).toMatchObject({ ok: true, value: { id: 'valiant' } });
    expect(enemyShip(state, 'red', 'viper')).toMatchObject({ ok: true, value: { id: 'viper' } });
  });

  it('RUL-9 GSC-19 a ship with no design in the battle is an error, named, never a silent default', () => {
    const state = battleAt();
    const ghost = { ...(state.ships.valiant as NonNullable<typeof state.ships.valiant>), id: 'ghost', design: 'nope' };
    expect(() => designOf(state, ghost)).toThrow('ship ghost has no design nope');
  });
});
