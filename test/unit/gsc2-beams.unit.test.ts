import { describe, expect, it } from 'vitest';
import { damageSystem, resolveHit } from '../../domain/gsc2/damage.ts';
import type { DamageInflicted } from '../../domain/gsc2/events.ts';
import { fold } from '../../domain/gsc2/evolve.ts';
import { type BeamOrders, checkBeamOrders, resolveBeams, toHitModifiers } from '../../domain/gsc2/firing.ts';
import { EPSILON } from '../../domain/gsc2/geometry.ts';
import { bandOf, rangeModifier } from '../../domain/gsc2/ranges.ts';
import type { GscState, ShipState, SystemState } from '../../domain/gsc2/state.ts';
import { asPlayedUnder } from '../../domain/gsc2/versions.ts';
import { type RollRequest, scriptedDice } from '../../domain/kernel/dice.ts';
import { battle, levels, of, place, rcFor, system } from '../support/gsc2.ts';
import { battleWith, noDice } from '../support/gsc2-setups.ts';

const fire = (...fire: BeamOrders['fire']): BeamOrders => ({ step: 'beams', fire });

/** Valiant (red cruiser, targeting 5) at the origin facing north; Tyrant (blue cruiser) `range` inches ahead, bow on, unmoved. */
const duel = (range: number, tyrant: Partial<ShipState> = {}): GscState => {
  let state = place(battle(), 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 6 });
  state = place(state, 'tyrant', { at: { x: 0, y: range }, facing: 4, moved: 0, ...tyrant });
  state = place(state, 'lance', { at: { x: 50, y: -50 }, moved: 6 });
  return place(state, 'viper', { at: { x: -50, y: 90 }, moved: 6 });
};

/** Valiant at the origin facing north, having moved 6"; Tyrant placed by `tyrant`. */
const beamStep = (tyrant: Partial<ShipState>, from: GscState = battle()): GscState =>
  place(place(from, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 6 }), 'tyrant', tyrant);

/** Tyrant `range` inches to Valiant's port (light battery C's L arc), its bow towards Valiant. */
const toPort = (range: number, tyrant: Partial<ShipState> = {}, from?: GscState) =>
  beamStep({ at: { x: -range, y: 0 }, facing: 2, moved: 6, ...tyrant }, from);

const redFires = (state: GscState, orders: BeamOrders, faces: number[]) =>
  resolveBeams(state, [{ seat: 'red', orders }], scriptedDice(faces));
const deflector = { applies: 'target', value: -1, rule: 'GSC-15', reason: '1 deflector level on the target' };

describe('GSC-15 rolling to hit', () => {
  it('GSC-15 d10 at most targeting + aspect, -1 per deflector level, +2 when the target did not move', () => {
    const [fired] = of(
      resolveBeams(duel(24), [{ seat: 'red', orders: fire({ ship: 'valiant', battery: 'B', target: 'tyrant' }) }], scriptedDice([7, 1, 1])),
      'BeamFired',
    );
    // targeting 5 + bow aspect 1 = 6; one deflector level -1; did not move +2: a 7 is at most 7
    expect(fired?.data.aspect).toBe('bow');
    expect(fired?.data.roll).toMatchObject({
      value: 7,
      total: 7,
      target: 6,
      effectiveTarget: 7,
      compare: 'atMost',
      success: true,
      rule: 'GSC-15',
    });
    expect(fired?.data.roll.modifiers).toEqual([
      { applies: 'target', value: -1, rule: 'GSC-15', reason: '1 deflector level on the target' },
      { applies: 'target', value: 2, rule: 'GSC-15', reason: 'target did not move' },
    ]);
  });
  it('GSC-15 a target that moved 12" or more is -1 to hit, and its broadside aspect is added', () => {
    const state = duel(24, { facing: 2, moved: 12 });
    const [fired] = of(
      resolveBeams(state, [{ seat: 'red', orders: fire({ ship: 'valiant', battery: 'B', target: 'tyrant' }) }], scriptedDice([7])),
      'BeamFired',
    );
    // 5 + broadside 3 = 8; one deflector level -1, moved 12" -1: a 7 is over 6 and misses
    expect(fired?.data).toMatchObject({ aspect: 'broadside', hit: false, roll: { value: 7, total: 7, target: 8, effectiveTarget: 6 } });
    expect(fired?.data.roll.modifiers).toContainEqual({
      applies: 'target',
      value: -1,
      rule: 'GSC-15',
      reason: 'target moved 12", 12" or more',
    });
  });
  it('GSC-15 a target that moved 4" or less is +1 to hit', () => {
    const [fired] = of(
      resolveBeams(
        duel(24, { moved: 4 }),
        [{ seat: 'red', orders: fire({ ship: 'valiant', battery: 'B', target: 'tyrant' }) }],
        scriptedDice([6, 10, 10]),
      ),
      'BeamFired',
    );
    expect(fired?.data.roll.modifiers).toContainEqual({
      applies: 'target',
      value: 1,
      rule: 'GSC-15',
      reason: 'target moved 4", 4" or less',
    });
    // 5 + bow 1 - 1 deflector + 1 = 6: a 6 hits only with the +1 (without it, or with the +2 of a ship that did not move, it would not be 6)
    expect(fired?.data.roll).toMatchObject({ value: 6, target: 6, effectiveTarget: 6, success: true });
    expect(fired?.data.hit).toBe(true);
  });
  it('GSC-12 beams add the range modifier: a medium battery at 30" is -1, at 36" -2', () => {
    for (const [range, value] of [
      [30, -1],
      [36, -2],
    ] as const) {
      const [fired] = of(
        resolveBeams(
          duel(range, { moved: 6 }),
          [{ seat: 'red', orders: fire({ ship: 'valiant', battery: 'B', target: 'tyrant' }) }],
          scriptedDice([10]),
        ),
        'BeamFired',
      );
      expect(fired?.data.roll.modifiers).toContainEqual({
        applies: 'target',
        value,
        rule: 'GSC-12',
        reason: `medium beam at ${range}", long range`,
      });
      // 5 + bow 1, one deflector level -1, the range modifier
      expect(fired?.data.roll).toMatchObject({ target: 6, effectiveTarget: 5 + value });
    }
  });
  it("GSC-12 a shot at a range in each band of the sheet's table gets that band's modifier", () => {
    // light C (port mount) at a target to port; medium B (turret) and heavy A (forward sponson) ahead
    const cases = [
      ['C', 6, 1],
      ['C', 12, 0],
      ['C', 14, -1],
      ['C', 16, -2],
      ['C', 18, -3],
      ['C', 20, -4],
      ['B', 6, 0],
      ['B', 24, 0],
      ['B', 30, -1],
      ['B', 36, -2],
      ['B', 42, -3],
      ['B', 48, -4],
      ['A', 12, -1],
      ['A', 36, 0],
      ['A', 48, -1],
      ['A', 60, -2],
    ] as const;
    for (const [battery, range, modifier] of cases) {
      const where = battery === 'C' ? { at: { x: -range, y: 0 }, facing: 2 } : { at: { x: 0, y: range }, facing: 4 };
      const state = duel(range, { ...where, moved: 6 });
      const [fired] = of(
        resolveBeams(state, [{ seat: 'red', orders: fire({ ship: 'valiant', battery, target: 'tyrant' }) }], scriptedDice([10])),
        'BeamFired',
      );
      const gsc12 = fired?.data.roll.modifiers.filter((m) => m.rule === 'GSC-12').map((m) => m.value);
      expect([battery, range, gsc12]).toEqual([battery, range, modifier === 0 ? [] : [modifier]]);
      // targeting 5 + bow 1, one deflector level -1, then the band
      expect(fired?.data.roll.effectiveTarget).toBe(5 + modifier);
    }
  });
  it('GSC-12 a heavy battery at short range is -1 to hit, not +1', () => {
    const [fired] = of(
      resolveBeams(
        duel(10, { moved: 6 }),
        [{ seat: 'red', orders: fire({ ship: 'valiant', battery: 'A', target: 'tyrant' }) }],
        scriptedDice([10]),
      ),
      'BeamFired',
    );
    expect(fired?.data.roll.modifiers).toContainEqual({
      applies: 'target',
      value: -1,
      rule: 'GSC-12',
      reason: 'heavy beam at 10", short range',
    });
  });
});

describe('GSC-12, GSC-13, GSC-14, GSC-19 illegal fire orders are refused when sealed', () => {
  const refused = (state: GscState, orders: BeamOrders) => {
    const decision = checkBeamOrders(state, 'red', orders);
    if (!decision || decision.ok) throw new Error('expected a refusal');
    return decision.violation;
  };
  it('GSC-13 a fixed L battery cannot fire at a target dead ahead', () => {
    expect(refused(duel(10), fire({ ship: 'valiant', battery: 'C', target: 'tyrant' }))).toMatchObject({
      code: 'CANNOT_FIRE',
      rule: 'GSC-13',
      message: expect.stringContaining('outside the L arc'),
    });
  });
  it('GSC-12 a medium battery reaches only as far as a hit is possible: at 66" it would need 0 or less', () => {
    // 5 + bow 1, one deflector level -1, did not move +2, seven long-range bands -7
    expect(refused(duel(66), fire({ ship: 'valiant', battery: 'B', target: 'tyrant' }))).toMatchObject({
      rule: 'GSC-12',
      message:
        'Tyrant is 66" away, beyond the reach of Valiant\'s medium battery B: it would need 0 or less on a d10 there, and the range bands go on only while a hit is possible (GSC-12).',
    });
  });
  it('GSC-12 a heavy battery cannot reach past 60", where its row of the table ends', () => {
    expect(refused(duel(61), fire({ ship: 'valiant', battery: 'A', target: 'tyrant' }))).toMatchObject({
      rule: 'GSC-12',
      message: 'Tyrant is 61" away, out of range of Valiant\'s heavy battery A (GSC-12).',
    });
  });
  it('GSC-19 a damaged battery cannot fire', () => {
    const state = place(duel(24), 'valiant', {
      systems: { ...battle().ships.valiant?.systems, 'battery:B': { level: 0, max: 1, hits: 1, destroyed: false } },
    });
    expect(refused(state, fire({ ship: 'valiant', battery: 'B', target: 'tyrant' }))).toMatchObject({ rule: 'GSC-19' });
  });
  it('GSC-14 a battery fires once, at one target', () => {
    expect(
      refused(duel(24), fire({ ship: 'valiant', battery: 'B', target: 'tyrant' }, { ship: 'valiant', battery: 'B', target: 'viper' })),
    ).toMatchObject({ code: 'BATTERY_TWICE', rule: 'GSC-14' });
  });
  it('GSC-14 only your own ships fire, and only at enemy ships', () => {
    expect(refused(duel(24), fire({ ship: 'tyrant', battery: 'B', target: 'valiant' }))).toMatchObject({ code: 'NOT_YOUR_SHIP' });
    expect(refused(duel(24), fire({ ship: 'valiant', battery: 'B', target: 'lance' }))).toMatchObject({ code: 'BAD_TARGET' });
  });
});

describe('GSC-14 to GSC-18 damage', () => {
  // Valiant's heavy battery A: 2 weapons of 3 damage; Tyrant has shields 2, armor 6, hull 12
  const heavy = (faces: number[], state = duel(30, { moved: 6 })) =>
    resolveBeams(state, [{ seat: 'red', orders: fire({ ship: 'valiant', battery: 'A', target: 'tyrant' }) }], scriptedDice(faces));

  it('GSC-14 a battery rolls one die to hit and each of its weapons resolves damage separately', () => {
    const events = heavy([1, 10, 10, 10]);
    expect(of(events, 'BeamFired')).toHaveLength(1);
    expect(of(events, 'DamageInflicted').map((e) => e.data.damage)).toEqual([3, 3]);
  });
  it('GSC-16 shields absorb 1 hull damage per level each turn; once down the rest goes to the hull', () => {
    const [first, second] = of(heavy([1, 10, 10]), 'DamageInflicted');
    expect(first?.data).toMatchObject({ absorbed: 2, hull: 1, armor: null, chart: null });
    expect(second?.data).toMatchObject({ absorbed: 0, hull: 3 });
    const after = fold(duel(30, { moved: 6 }), heavy([1, 10, 10]));
    expect(after.ships.tyrant).toMatchObject({ hull: 8, absorbed: 2 });
  });
  it('GSC-17 a weapon at full damage forces an armor roll: at most armor - damage (6 - 3 = 3) stops it', () => {
    const [, stopped] = of(heavy([1, 3]), 'DamageInflicted');
    expect(stopped?.data.armor).toMatchObject({
      value: 3,
      target: 6,
      effectiveTarget: 3,
      compare: 'atMost',
      success: true,
      rule: 'GSC-17',
    });
    expect(stopped?.data.armor?.modifiers).toEqual([{ applies: 'target', value: -3, rule: 'GSC-17', reason: 'weapon damage 3' }]);
    expect(stopped?.data.chart).toBeNull();
    expect(stopped?.data.hull).toBe(3);
  });
  it("GSC-17 otherwise the attacker rolls d10 on the target's system damage chart", () => {
    const [, through] = of(heavy([1, 4, 1]), 'DamageInflicted');
    expect(through?.data.armor?.success).toBe(false);
    expect(through?.data.chart).toMatchObject({ value: 1, rule: 'GSC-18' });
    expect(through?.data.system).toMatchObject({ ref: 'battery:A', after: { level: 0, hits: 1, destroyed: false } });
  });
  it('GSC-17 a weapon partly blocked by shields does no system damage', () => {
    const state = duel(30, { moved: 6, absorbed: 1 });
    const [partial] = of(heavy([1, 10, 10], state), 'DamageInflicted');
    expect(partial?.data).toMatchObject({ absorbed: 1, hull: 2, armor: null, system: null });
  });
  it('GSC-18 systems further left are damaged and destroyed before a shot affects those to their right', () => {
    // row 1 of the cruiser chart is [battery:A, drive]
    let state = duel(30, { moved: 6, absorbed: 2 });
    const first = heavy([1, 9, 1, 9, 1], state);
    state = fold(state, first);
    expect(system(state, 'tyrant', 'battery:A')).toMatchObject({ destroyed: true });
    expect(system(state, 'tyrant', 'drive')).toMatchObject({ level: 8 });
    const third = of(heavy([1, 9, 1, 9, 1], state), 'DamageInflicted');
    expect(third.map((e) => e.data.system?.ref)).toEqual(['drive', 'drive']);
  });
  it('GSC-18 when every system on the rolled row is gone the hit does no system damage', () => {
    const gone = { level: 0, max: 1, hits: 2, destroyed: true };
    const systems = { ...battle().ships.tyrant?.systems, 'battery:A': gone, drive: { level: -1, max: 8, hits: 9, destroyed: true } };
    const [, through] = of(heavy([1, 9, 1], duel(30, { moved: 6, systems })), 'DamageInflicted');
    expect(through?.data).toMatchObject({ chart: { value: 1 }, system: null });
  });
});

describe('GSC-19 system damage by kind', () => {
  const fresh = (level: number): SystemState => ({ level, max: level, hits: 0, destroyed: false });
  it('GSC-19 weapon batteries and tractor beams: the first hit damages, the second destroys', () => {
    const once = damageSystem('battery:A', fresh(1), 8, 3);
    expect(once).toEqual({ level: 0, max: 1, hits: 1, destroyed: false });
    expect(damageSystem('tractor:T1', once, 8, 1)).toEqual({ level: 0, max: 1, hits: 2, destroyed: true });
  });
  it('GSC-19 deflectors, thrusters, cloaks…: size 1-7 lose a level per hit, 8-15 per 2 hits, 16+ per 3', () => {
    expect(damageSystem('deflectors', fresh(2), 7, 5).level).toBe(1);
    const once = damageSystem('thrusters', fresh(2), 8, 5);
    expect(once).toMatchObject({ level: 2, hits: 1 });
    expect(damageSystem('thrusters', once, 8, 5)).toMatchObject({ level: 1, hits: 0 });
    const big = [1, 2, 3].reduce((s) => damageSystem('cloaks', s, 16, 1), fresh(1));
    expect(big).toMatchObject({ level: 0, hits: 0, destroyed: false });
  });
  it('GSC-19 deflectors reduced below 0 are destroyed', () => {
    expect(damageSystem('deflectors', fresh(0), 4, 1)).toMatchObject({ level: -1, destroyed: true });
  });
  it('GSC-19 drives of size 1-3 lose half on the first hit and are destroyed on the second', () => {
    const once = damageSystem('drive', fresh(12), 3, 1);
    expect(once).toMatchObject({ level: 6, destroyed: false });
    expect(damageSystem('drive', once, 3, 1)).toMatchObject({ level: 0, destroyed: true });
  });
  it('GSC-19 drives of size 4+ lose 1" per hit and are destroyed below 0', () => {
    expect(damageSystem('drive', fresh(8), 4, 3)).toMatchObject({ level: 7, destroyed: false });
    expect(damageSystem('drive', { ...fresh(8), level: 0 }, 4, 3)).toMatchObject({ level: -1, destroyed: true });
  });
  it('GSC-19 repair units, scanners, mine layers, null fields lose 1 per penetrating hit, destroyed below 0', () => {
    expect(damageSystem('scanners', fresh(2), 8, 3)).toMatchObject({ level: 1, destroyed: false });
    expect(damageSystem('repairUnits', fresh(0), 8, 3)).toMatchObject({ destroyed: true });
  });
  it('GSC-19 MDS, shields, transporters and assault squads lose 1 per damage point that penetrated', () => {
    expect(damageSystem('mds', fresh(4), 8, 3).level).toBe(1);
    expect(damageSystem('shields', fresh(2), 8, 3).level).toBe(0);
    expect(damageSystem('heavyAssaultSquads', fresh(3), 8, 2).level).toBe(1);
  });
});

describe('GSC-11 beam fire is simultaneous', () => {
  it('GSC-11 a ship destroyed by beams this step still fires its own beams', () => {
    const state = duel(30, { moved: 6, hull: 1, absorbed: 2 });
    const orders = [
      { seat: 'red', orders: fire({ ship: 'valiant', battery: 'A', target: 'tyrant' }) },
      { seat: 'blue', orders: fire({ ship: 'tyrant', battery: 'A', target: 'valiant' }) },
    ];
    const events = resolveBeams(state, orders, scriptedDice([1, 1, 3, 3, 10, 10, 10, 10]));
    expect(of(events, 'BeamFired').map((e) => [e.data.ship, e.data.hit])).toEqual([
      ['valiant', true],
      ['tyrant', true],
    ]);
    expect(events.at(-1)).toEqual({ type: 'ShipDestroyed', data: { ship: 'tyrant', reason: "Tyrant's hull is gone", rule: 'GSC-16' } });
    expect(of(events, 'DamageInflicted').filter((e: DamageInflicted) => e.data.target === 'valiant')).toHaveLength(2);
  });
});

describe('RUL-9 GSC-15 GSC-12 the modifiers logged with a shot', () => {
  it('RUL-9 GSC-15 the deflector modifier counts its levels: 1 level, 2 levels', () => {
    const tyrant = (level: number) => {
      const state = battle();
      return { ...(state.ships.tyrant as ShipState), ...levels(state, 'tyrant', { deflectors: { level, max: 2 } }), moved: 6 };
    };
    expect(toHitModifiers(tyrant(1))).toEqual([deflector]);
    expect(toHitModifiers(tyrant(2))).toEqual([{ ...deflector, value: -2, reason: '2 deflector levels on the target' }]);
  });

  it('RUL-9 GSC-12 a light beam at exactly 6" is at short range (+1); a medium one at 30" at long range (-1)', () => {
    const modifiers = (state: GscState, battery: string, face = 10) =>
      of(redFires(state, fire({ ship: 'valiant', battery, target: 'tyrant' }), [face]), 'BeamFired')[0]?.data.roll.modifiers;
    expect(modifiers(toPort(6), 'C')).toEqual([
      deflector,
      { applies: 'target', value: 1, rule: 'GSC-12', reason: 'light beam at 6", short range' },
    ]);
    expect(modifiers(beamStep({ at: { x: 0, y: 30 }, facing: 4, moved: 6 }), 'B')).toEqual([
      deflector,
      { applies: 'target', value: -1, rule: 'GSC-12', reason: 'medium beam at 30", long range' },
    ]);
  });
});

describe('RUL-9 GSC-12 how far beams reach', () => {
  it('RUL-9 GSC-12 within normal range a beam may fire even when no roll can hit: the reach limit is for long-range bands', () => {
    // 10" is normal range for a light beam; 5 + bow 1 - 6 deflector levels - 1 for 12" moved = -1
    const state = toPort(10, { ...levels(battle(), 'tyrant', { deflectors: { level: 6, max: 6 } }), moved: 12 });
    const orders = fire({ ship: 'valiant', battery: 'C', target: 'tyrant' });
    expect(checkBeamOrders(state, 'red', orders)).toBeNull();
    expect(of(redFires(state, orders, [1]), 'BeamFired')[0]?.data).toMatchObject({ hit: false, roll: { value: 1, effectiveTarget: -1 } });
  });

  it('RUL-9 GSC-12 capped, a light beam past its last band is out of range; printed, it is beyond the reach of a roll of 1', () => {
    const orders = fire({ ship: 'valiant', battery: 'C', target: 'tyrant' });
    const capped = toPort(18.01, {}, battleWith({ beamRanges: 'capped' }));
    expect(checkBeamOrders(capped, 'red', orders)).toMatchObject({
      ok: false,
      violation: {
        code: 'CANNOT_FIRE',
        rule: 'GSC-12',
        message: `Tyrant is 18.01" away, out of range of Valiant's light battery C (GSC-12).`,
      },
    });
    expect(checkBeamOrders(toPort(20.01), 'red', orders)).toMatchObject({
      ok: false,
      violation: { code: 'CANNOT_FIRE', rule: 'GSC-12', message: expect.stringContaining('beyond the reach of') },
    });
  });

  it('RUL-9 GSC-12 the slack at a band edge belongs to the nearer band', () => {
    expect([rangeModifier('light', 6 + EPSILON), rangeModifier('heavy', 12 + EPSILON)]).toEqual([1, -1]);
    const bands = [
      ['light', 6],
      ['light', 6 + EPSILON],
      ['light', 12],
      ['light', 12 + EPSILON],
      ['light', 12.001],
      ['medium', 24],
      ['medium', 24.001],
      ['heavy', 12],
      ['heavy', 36],
      ['heavy', 36.001],
    ] as const;
    expect(bands.map(([beam, inches]) => bandOf(beam, inches))).toEqual([
      'short',
      'short',
      'normal',
      'normal',
      'long',
      'normal',
      'long',
      'short',
      'normal',
      'long',
    ]);
  });
});

describe('RUL-9 GSC-14 beam orders', () => {
  it("RUL-9 GSC-14 a refusal's rule is the domain's, never read out of a battery name the player typed", () => {
    const refused = checkBeamOrders(
      beamStep({ at: { x: 0, y: 24 }, facing: 4 }),
      'red',
      fire({ ship: 'valiant', battery: '(GSC-13).', target: 'tyrant' }),
    );
    expect(refused).toMatchObject({ ok: false, violation: { code: 'CANNOT_FIRE', rule: 'GSC-14' } });
  });

  it('RUL-9 GSC-14 at resolution an order that cannot be aimed fires nothing, and the others still fire', () => {
    // the sealing check refuses these; B at Tyrant 24" ahead, bow on, unmoved: 5 + 1 - 1 + 2 = 7, and an 8 misses
    const state = beamStep({ at: { x: 0, y: 24 }, facing: 4, moved: 0 });
    const orders = fire(
      { ship: 'nobody', battery: 'A', target: 'tyrant' },
      { ship: 'valiant', battery: 'B', target: 'nobody' },
      { ship: 'valiant', battery: 'Z', target: 'tyrant' },
      { ship: 'valiant', battery: 'B', target: 'tyrant' },
    );
    expect(redFires(state, orders, [8])).toEqual([
      {
        type: 'BeamFired',
        data: {
          ...{ ship: 'valiant', battery: 'B', target: 'tyrant', range: 24, aspect: 'bow', hit: false, rule: 'GSC-14' },
          roll: expect.objectContaining({ value: 8, target: 6, effectiveTarget: 7, compare: 'atMost', success: false, rule: 'GSC-15' }),
        },
      },
    ]);
  });
});

describe('RUL-9 GSC-18 the system damage chart', () => {
  /** One point of damage on `ship` past its shields (spent this turn), the armor roll failed (10), then `chart`. */
  const penetrating = (state: GscState, ship: 'tyrant' | 'viper', chart: number) => {
    const spent = place(state, ship, { absorbed: state.ships[ship]?.systems.shields?.level ?? 0 });
    return resolveHit(spent, ship, { source: 'test', damage: 1, rule: 'GSC-14' }, scriptedDice([10, chart])).data;
  };
  const fresh = (level: number, max = level) => ({ level, max, hits: 0, destroyed: false });

  it('RUL-9 GSC-18 the chart passes over a system the ship was never fitted with', () => {
    // a destroyer has no thrusters (0 of 0); every row here reads thrusters, then drive
    const destroyer = { ...(battle().designs.destroyer as GscState['designs'][string]) };
    const state = {
      ...battle(),
      designs: { ...battle().designs, destroyer: { ...destroyer, damageChart: Array(10).fill(['thrusters', 'drive']) } },
    };
    expect(penetrating(state, 'viper', 1).system).toEqual({ ref: 'drive', before: fresh(12), after: { ...fresh(11, 12), hits: 1 } });
  });

  it('RUL-9 GSC-18 the chart passes over MDS with no level left, but not deflectors at 0 (they can still go below 0)', () => {
    // Tyrant's row 10: mds, drive, battery B; row 7: deflectors, scanners
    const state = place(battle(), 'tyrant', levels(battle(), 'tyrant', { mds: { level: 0 }, deflectors: { level: 0 } }));
    expect(penetrating(state, 'tyrant', 10).system).toEqual({ ref: 'drive', before: fresh(8), after: { ...fresh(7, 8), hits: 1 } });
    expect(penetrating(state, 'tyrant', 7).system).toMatchObject({ ref: 'deflectors', before: { level: 0 } });
  });

  it('RUL-9 GSC-18 a chart roll on a row whose systems are all destroyed damages no system', () => {
    // Tyrant's row 1: battery A, drive
    const state = place(battle(), 'tyrant', levels(battle(), 'tyrant', { 'battery:A': { destroyed: true }, drive: { destroyed: true } }));
    expect(penetrating(state, 'tyrant', 1)).toMatchObject({ chart: { value: 1 }, system: null });
  });

  it('RUL-9 GSC-16 a hit on a ship that is not in the battle, or has no design, is a programming error, named', () => {
    const hit = { source: 'test', damage: 1, rule: 'GSC-14' };
    expect(() => resolveHit(battle(), 'nobody', hit, noDice())).toThrow('no ship nobody');
    expect(() => resolveHit(place(battle(), 'tyrant', { design: 'ghost' }), 'tyrant', hit, noDice())).toThrow('no ship tyrant');
  });
});

describe('RUL-9 GSC-15 GSC-17 rolls as gsc2-0.2.0 recorded them (RUL-10)', () => {
  /** The roll `request` makes with a d10 showing 3, under `version`. */
  const rolled = (version: string, request: RollRequest) =>
    asPlayedUnder({ ...rcFor('red', [3]), rulesVersion: version }).dice.roll(request);
  const base = { purpose: 'to hit', sides: 10, compare: 'atMost' } as const;

  it('RUL-9 GSC-15 under gsc2-0.2.0 a modifier on the die stays on the die; only target modifiers move onto it, sign turned', () => {
    const request: RollRequest = {
      ...base,
      target: 5,
      modifiers: [
        { applies: 'roll', value: 1, rule: 'GSC-15', reason: 'on the die' },
        { applies: 'roll', value: 1, rule: 'GSC-17', reason: 'also on the die' },
        { applies: 'target', value: 2, rule: 'GSC-15', reason: 'target did not move' },
      ],
    };
    expect(rolled('gsc2-0.2.0', request)).toEqual({
      ...base,
      value: 3,
      draw: { seq: 0, index: 0 },
      // the die modifiers unchanged, GSC-17's among them (it is no armor target modifier)
      modifiers: [
        { applies: 'roll', value: 1, rule: 'GSC-15', reason: 'on the die' },
        { applies: 'roll', value: 1, rule: 'GSC-17', reason: 'also on the die' },
        { value: -2, rule: 'GSC-15', reason: 'target did not move (+2 to hit)' },
      ],
      total: 3,
      target: 5,
      effectiveTarget: 5,
      success: true,
    });
  });

  it('RUL-9 GSC-15 under gsc2-0.2.0 a roll with no target number gets none from its target modifiers', () => {
    const request: RollRequest = {
      purpose: 'no target',
      sides: 10,
      modifiers: [{ applies: 'target', value: 1, rule: 'GSC-15', reason: 'target moved 3", 4" or less' }],
    };
    const roll = rolled('gsc2-0.2.0', request);
    expect(roll).not.toHaveProperty('target');
    expect(roll).toMatchObject({ value: 3, total: 2, modifiers: [{ value: -1, rule: 'GSC-15' }] });
  });
});
