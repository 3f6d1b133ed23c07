import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { EPSILON, pathLength } from '../../domain/post-galactica/geometry.ts';
import { move } from '../../domain/post-galactica/movement.ts';
import { type Game, seat } from '../support/decider-spec.ts';
import { arena, eventData, must, RAIDERS, rules, type Spot, TROOPERS, toPhase, unit, withUnit } from '../support/post-galactica.ts';
import { inPhase, rulesContext } from '../support/post-galactica-setups.ts';

const EXAMPLE = exampleScenario();

const moving = (at: Spot[] = []) => {
  const game = arena(at);
  toPhase(game, 'movement');
  return game;
};

/** Blue goes first and its Scrap Pistols inflict `status` for 1 Status Phase; red's Troopers are hit once. */
const afflicted = (status: string): Game => {
  const horde = EXAMPLE.factions['scrap-horde'];
  const raiders = must(horde.units.raiders);
  const pistols = raiders.weapons.map((w) => (w.name === 'Scrap Pistols' ? { ...w, inflicts: { status, duration: 1 } } : w));
  const factions = {
    ...EXAMPLE.factions,
    'scrap-horde': { ...horde, units: { ...horde.units, raiders: { ...raiders, weapons: pistols } } },
  };
  const game = arena(
    [
      { unitId: TROOPERS, x: 18, y: 26 },
      { unitId: RAIDERS, x: 30, y: 26 },
    ],
    { first: 'blue', factions },
  );
  toPhase(game, 'ranged');
  game.run({ type: 'RangedAttack', unitId: RAIDERS, targetId: TROOPERS }, seat('blue'), scriptedDice([5, 1, 1, 1, 1]));
  toPhase(game, 'movement', 'red');
  return game;
};

const withTroopers = (change: Parameters<typeof withUnit>[2]) => withUnit('vanguard', 'vanguard-troopers', change);

describe('moving a unit', () => {
  it('PG-9 Vanguard Troopers can move 6" but the path is 7.5"', () => {
    const v = moving()
      .when({ type: 'Move', unitId: TROOPERS, path: [{ x: 17.5, y: 14 }] }, seat('red'))
      .thenRejects('PG-9', 'TOO_FAR');
    expect(v.message).toBe('Vanguard Troopers can move 6" but the path is 7.5".');
  });
  it('PG-9 a path of waypoints is measured along its legs, up to the Movement value', () => {
    const game = moving();
    const events = game.run(
      {
        type: 'Move',
        unitId: TROOPERS,
        path: [
          { x: 13, y: 18 },
          { x: 13, y: 19 },
        ],
      },
      seat('red'),
    );
    expect(events).toEqual([
      {
        type: 'UnitMoved',
        data: {
          unitId: TROOPERS,
          path: [
            { x: 10, y: 14 },
            { x: 13, y: 18 },
            { x: 13, y: 19 },
          ],
          distance: 6,
          movement: 6,
          rule: 'PG-9',
        },
      },
    ]);
    expect(unit(game, TROOPERS)?.position).toEqual({ x: 13, y: 19 });
  });
  it('PG-9 a unit may not move off the battlefield', () => {
    const game = moving([{ unitId: TROOPERS, x: 3, y: 2 }]);
    const v = game.when({ type: 'Move', unitId: TROOPERS, path: [{ x: 3, y: 0.5 }] }, seat('red')).thenRejects('PG-9', 'OFF_BATTLEFIELD');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) cannot move off the battlefield: (3, 0.5) is beyond its edge.');
  });
  it('PG-9 a unit may not move through impassable terrain', () => {
    const game = moving([{ unitId: TROOPERS, x: 19, y: 9 }]);
    const v = game.when({ type: 'Move', unitId: TROOPERS, path: [{ x: 24, y: 9 }] }, seat('red')).thenRejects('PG-9', 'IMPASSABLE_TERRAIN');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) cannot move through Kessel Ridge, which is impassable.');
  });
  it('PG-9 a base may skirt impassable terrain without touching it', () => {
    const game = moving([{ unitId: TROOPERS, x: 19, y: 13 }]);
    expect(game.run({ type: 'Move', unitId: TROOPERS, path: [{ x: 25, y: 13 }] }, seat('red'))[0]?.type).toBe('UnitMoved');
  });
  it('PG-9 a unit may not move through enemy units', () => {
    const game = moving([
      { unitId: TROOPERS, x: 21, y: 14.5 },
      { unitId: RAIDERS, x: 25, y: 14 },
    ]);
    const v = game.when({ type: 'Move', unitId: TROOPERS, path: [{ x: 27, y: 14.5 }] }, seat('red')).thenRejects('PG-9', 'THROUGH_ENEMY');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) cannot move through the enemy unit Raiders (blue-raiders-1).');
  });
  it('PG-9 friendly units may be passed through (only enemies block), but not ended on', () => {
    const game = moving([{ unitId: 'red-vanguard-troopers-2', x: 10, y: 17 }]);
    game.when({ type: 'Move', unitId: TROOPERS, path: [{ x: 10, y: 18 }] }, seat('red')).thenRejects('PG-9', 'ENDS_ON_UNIT');
    expect(game.run({ type: 'Move', unitId: TROOPERS, path: [{ x: 10, y: 20 }] }, seat('red'))[0]?.type).toBe('UnitMoved');
  });
  it('PG-9 a building has no Movement and cannot move', () => {
    const v = moving()
      .when({ type: 'Move', unitId: 'red-cc', path: [{ x: 6, y: 20 }] }, seat('red'))
      .thenRejects('PG-9', 'CANNOT_MOVE');
    expect(v.message).toBe('Command Center (red-cc) has no Movement value and cannot move.');
  });
  it('PG-9 a unit moves once per Movement Phase', () => {
    const game = moving();
    game.run({ type: 'Move', unitId: TROOPERS, path: [{ x: 12, y: 14 }] }, seat('red'));
    game.when({ type: 'Move', unitId: TROOPERS, path: [{ x: 13, y: 14 }] }, seat('red')).thenRejects('PG-9', 'ALREADY_MOVED');
  });
  it('PG-9 only your own units move', () => {
    moving()
      .when({ type: 'Move', unitId: RAIDERS, path: [{ x: 37, y: 14 }] }, seat('red'))
      .thenRejects('PG-9', 'NOT_YOUR_UNIT');
  });
  it('PG-4 a move outside the Movement Phase is refused', () => {
    const v = arena()
      .when({ type: 'Move', unitId: TROOPERS, path: [{ x: 12, y: 14 }] }, seat('red'))
      .thenRejects('PG-4', 'WRONG_PHASE');
    expect(v.message).toBe('Moving happens in the Movement Phase; it is the Command Phase.');
  });
  it('RUL-9 PG-9 a unit with Movement 0 cannot move at all', () => {
    const factions = withTroopers((t) => ({ ...t, movement: 0 }));
    const v = inPhase('movement', [], { factions })
      .when({ type: 'Move', unitId: TROOPERS, path: [{ x: 10.5, y: 14 }] }, seat('red'))
      .thenRejects('PG-9', 'CANNOT_MOVE');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) has no Movement value and cannot move.');
  });
  it('RUL-9 PG-9 a path longer than the Movement value by no more than the rounding tolerance is allowed', () => {
    // From (10, 14) the path is exactly 6" + EPSILON long: rounding, not a longer move.
    const end = { x: 10 + (6 + EPSILON), y: 14 };
    expect(pathLength([{ x: 10, y: 14 }, end])).toBe(6 + EPSILON);
    const game = inPhase('movement');
    const events = game.run({ type: 'Move', unitId: TROOPERS, path: [end] }, seat('red'));
    expect(eventData(events, 'UnitMoved')).toMatchObject({ distance: 6, movement: 6 });
  });
  it('RUL-9 PG-9 a base may pass an enemy base it overlaps by no more than the rounding tolerance', () => {
    // The Raiders at (26, 17); the Troopers pass along y = 17 - (2 - EPSILON): the bases (1" each)
    // come within exactly 2" - EPSILON of each other at x = 26, which counts as touching.
    const y = 17 - (2 - EPSILON);
    const game = inPhase('movement', [
      { unitId: TROOPERS, x: 23, y },
      { unitId: RAIDERS, x: 26, y: 17 },
    ]);
    expect(17 - y).toBe(1 + 1 - EPSILON);
    const events = game.run({ type: 'Move', unitId: TROOPERS, path: [{ x: 29, y }] }, seat('red'));
    expect(unit(game, TROOPERS)?.position).toEqual({ x: 29, y });
    expect(events.map((e) => e.type)).toEqual(['UnitMoved']);
  });
  it('RUL-9 PG-9 a game without a battlefield has nowhere to move', () => {
    // Every game is created with its mission, so no command reaches this: called directly.
    const state = { ...rules(arena()), mission: null };
    const decision = move(state, 'red', { type: 'Move', unitId: TROOPERS, path: [{ x: 12, y: 14 }] }, rulesContext());
    expect(decision).toEqual({ ok: false, violation: { code: 'NO_BATTLEFIELD', rule: 'PG-9', message: 'This game has no battlefield.' } });
  });
});

describe('while Stunned or Immobilized', () => {
  it('PG-9 a Stunned unit cannot move', () => {
    const game = afflicted('Stunned');
    expect(unit(game, TROOPERS)?.statuses).toEqual([{ name: 'Stunned', remaining: 1 }]);
    const v = game.when({ type: 'Move', unitId: TROOPERS, path: [{ x: 16, y: 26 }] }, seat('red')).thenRejects('PG-9', 'STUNNED');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) is Stunned and cannot move.');
  });
  it('PG-9 an Immobilized unit cannot move', () => {
    afflicted('Immobilized')
      .when({ type: 'Move', unitId: TROOPERS, path: [{ x: 16, y: 26 }] }, seat('red'))
      .thenRejects('PG-9', 'IMMOBILIZED');
  });
  it('PG-9 a Slowed unit moves half its Movement (default)', () => {
    const game = afflicted('Slowed');
    const v = game.when({ type: 'Move', unitId: TROOPERS, path: [{ x: 14, y: 26 }] }, seat('red')).thenRejects('PG-9', 'TOO_FAR');
    expect(v.message).toBe('Vanguard Troopers can move 3" (halved while Slowed) but the path is 4".');
    expect(game.run({ type: 'Move', unitId: TROOPERS, path: [{ x: 15, y: 26 }] }, seat('red'))[0]?.type).toBe('UnitMoved');
  });
  it('PG-9 once its Status Phase has counted Stunned down, the unit moves again next turn', () => {
    const game = afflicted('Stunned');
    toPhase(game, 'movement', 'red');
    toPhase(game, 'end');
    expect(unit(game, TROOPERS)?.statuses).toEqual([]);
    toPhase(game, 'movement', 'red');
    expect(game.run({ type: 'Move', unitId: TROOPERS, path: [{ x: 16, y: 26 }] }, seat('red'))[0]?.type).toBe('UnitMoved');
  });
});
