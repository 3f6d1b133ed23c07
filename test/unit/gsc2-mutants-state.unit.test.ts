/**
 * RUL-9: what the mutation run of domain/gsc2 left unasserted in its small modules: the slack
 * at every arc and aspect edge (geometry.ts), how gsc2-0.2.0 recorded a roll's modifiers
 * (versions.ts), the schemas' ids and where their issues point (designs.ts, options.ts), the
 * ship lookups (ships.ts) and what the fold publishes (fold.ts, events.ts). Each test asserts
 * what a rule decides, not how the code is written.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../domain/gsc2/decide.ts';
import { beamBatterySchema, shipDesignSchema, systemRefSchema } from '../../domain/gsc2/designs.ts';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import { gsc2Fold } from '../../domain/gsc2/fold.ts';
import { aspectOf, EPSILON, entersWithin, inArc } from '../../domain/gsc2/geometry.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import { designOf, enemyShip, ownShip } from '../../domain/gsc2/ships.ts';
import { initialState } from '../../domain/gsc2/state.ts';
import { asPlayedUnder } from '../../domain/gsc2/versions.ts';
import type { RollRequest } from '../../domain/kernel/dice.ts';
import { battle, battleAt, GUNSHIP, gunshipAt, levels, moving, of, options, place, rcFor } from '../support/gsc2.ts';

describe('RUL-9 GSC-13 GSC-15 the slack at arc and aspect edges', () => {
  // An edge belongs to both neighbouring arcs, and a bearing within EPSILON of an edge is on it:
  // exactly EPSILON past each edge is still inside (the existing tests stop at 0.01°).
  it('RUL-9 GSC-13 a bearing exactly EPSILON past an arc edge is still in the arc', () => {
    const edges: [Parameters<typeof inArc>[0], number][] = [
      ['F', 45 + EPSILON],
      ['F', -(45 + EPSILON)],
      ['A', 135 - EPSILON],
      ['R', 45 - EPSILON],
      ['R', 135 + EPSILON],
      ['L', -45 + EPSILON],
      ['L', -135 - EPSILON],
      ['FS', 90 + EPSILON],
      ['AS', 90 - EPSILON],
      ['RS', -EPSILON],
      ['RS', -(180 - EPSILON)],
      ['LS', EPSILON],
      ['LS', 180 - EPSILON],
    ];
    expect(edges.map(([mount, bearing]) => `${mount} ${bearing}: ${inArc(mount, bearing)}`)).toEqual(
      edges.map(([mount, bearing]) => `${mount} ${bearing}: true`),
    );
  });

  it('RUL-9 GSC-15 an attacker exactly EPSILON off the bow or stern edge sees that aspect, not broadside', () => {
    // Found by search: from a target heading NE (facing 1), this point bears exactly 45° + EPSILON
    // to starboard, and this one exactly 135° - EPSILON from a target heading N.
    const origin = { x: 0, y: 0 };
    expect(aspectOf(origin, 1, { x: 9.999999999999998, y: -1.7453292305676728e-7 })).toBe('bow');
    expect(aspectOf(origin, 0, { x: 10, y: -9.999999650934152 })).toBe('stern');
  });

  it('RUL-9 GSC-15 an attacker one step of the last bit past the slack sees the broadside', () => {
    // Bearings of 45.000001000000005° and 134.99999899999997° from a target heading N: just outside
    // the bow and stern bands. The bearing is used as computed, never re-folded through ±360°.
    const origin = { x: 0, y: 0 };
    expect(aspectOf(origin, 0, { x: 7.071067935278891, y: 7.071067688452061 })).toBe('broadside');
    expect(aspectOf(origin, 0, { x: 7.071067935278893, y: -7.071067688452058 })).toBe('broadside');
  });

  it('RUL-9 GSC-5 a move that starts EPSILON (in square inches) outside a reach is already within it', () => {
    // 0.001² + 0.001² - 0.001² is EPSILON exactly: within the slack, so reached at once (0),
    // even moving straight away from the centre.
    expect(entersWithin({ x: 0.001, y: 0.001 }, 1, 6, { x: 0, y: 0 }, 0.001)).toBe(0);
  });

  it('RUL-9 GSC-5 a move EPSILON short of the circle still reaches it, at its full length', () => {
    // From the origin north, the circle of radius 2 around (0, 10) is 8" ahead.
    expect(entersWithin({ x: 0, y: 0 }, 0, 8 - EPSILON, { x: 0, y: 10 }, 2)).toBe(8);
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

describe('RUL-9 GSC-20 GSC-15 ships in and out of the battle', () => {
  it('RUL-9 GSC-20 a move ends in contact only with immobilized enemy ships, not with one that still has drive', () => {
    // Valiant moves 4" north to (20, 4): Tyrant 1" ahead keeps its drive, Viper 1" to starboard has none.
    let state = moving(battleAt(), {});
    state = place(state, 'tyrant', { at: { x: 20, y: 5 } });
    state = place(state, 'viper', { at: { x: 21, y: 4 }, ...levels(state, 'viper', { drive: { level: 0 } }) });
    const decision = decide(state, { type: 'MoveShip', ship: 'valiant', path: [{ type: 'forward', inches: 4 }] }, rcFor('red', []));
    expect(decision.ok).toBe(true);
    const events = decision.ok ? (decision.events as GscEvent[]) : [];
    expect(of(events, 'ShipMoved')).toMatchObject([{ data: { ship: 'valiant', to: { x: 20, y: 4 }, moved: 4, contact: ['viper'] } }]);
  });

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

describe('RUL-9 GSC-11 RUL-10 what the fold publishes', () => {
  it('RUL-9 GSC-11 the seats with sealed orders are known, their orders not; OrdersRevealed is what reveals them', () => {
    const sealed = { orders: null, salt: '', hash: 'h' };
    expect(gsc2Fold.sealedBy?.(battleAt({ step: 'beams', sealedStep: 'beams', sealed: { blue: sealed } }))).toEqual(['blue']);
    expect(gsc2Fold.revealTypes).toEqual(['OrdersRevealed']);
  });

  it('RUL-9 GSC-1 the fold lists every event type the log of a battle may hold, each once', () => {
    // A record keyed by the event union: the type checker fails this file if a type is missing or extra.
    const every: Record<GscEvent['type'], true> = {
      TurnStarted: true,
      StepStarted: true,
      TerrainMoved: true,
      MoverChanged: true,
      ShipMoved: true,
      ShipStayed: true,
      MoveDeferred: true,
      TractorBeamUsed: true,
      TractorBeamArmed: true,
      MdsFired: true,
      SystemUsed: true,
      OrdersSubmitted: true,
      OrdersSealed: true,
      OrdersRevealed: true,
      InitiativeRolled: true,
      MissilesLaunched: true,
      MissileMoved: true,
      TrackingTested: true,
      MissileLost: true,
      MissileAttacked: true,
      BeamFired: true,
      DamageInflicted: true,
      ShipDestroyed: true,
      BoardersLanded: true,
      PodsLaunched: true,
      PodMoved: true,
      PodRammed: true,
      BoardingFought: true,
      ShipCaptured: true,
      RepairAttempted: true,
      RepairsDone: true,
      GameEnded: true,
    };
    expect([...gsc2Fold.eventTypes].sort()).toEqual(Object.keys(every).sort());
  });

  it('RUL-9 RUL-10 the fold names itself as it is published: its id, its title and what it is', () => {
    // The rules versions it decides are pinned by rules-versions-verify (each reference log re-adjudicates).
    expect(gsc2Fold).toMatchObject({ id: 'gsc2', title: 'GSC2', summary: expect.stringMatching(/^Starship combat: /) });
  });
});
