import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { type Game, seat } from '../support/decider-spec.ts';
import { arena, must, RAIDERS, type Spot, TROOPERS, toPhase, unit } from '../support/post-galactica.ts';

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
