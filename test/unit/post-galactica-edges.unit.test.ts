/**
 * RUL-8: every distance Post Galactica states, and the engine's stated defaults that act
 * like one, tested at exactly its threshold and 0.01" past it (well above the geometry's
 * 1e-9 tolerance). Counts, limits and die targets are in post-galactica-edge-counts.
 */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { EXAMPLE_DEPLOYMENT, exampleScenario } from '../../domain/post-galactica/examples.ts';
import { destroyUnit } from '../../domain/post-galactica/workers.ts';
import { Game, player, seat } from '../support/decider-spec.ts';
import {
  ARENA,
  type ArenaSetup,
  arena,
  eventData,
  given,
  must,
  RAIDERS,
  rules,
  type Spot,
  TROOPERS,
  toPhase,
  unit,
  withUnit,
} from '../support/post-galactica.ts';

const EXAMPLE = exampleScenario();
const misses = (n: number) => scriptedDice(Array(n).fill(1));
const typesOf = (events: readonly DomainEvent[]) => events.map((e) => e.type);

const inPhase = (phase: Parameters<typeof toPhase>[1], at: Spot[], setup: ArenaSetup = {}): Game => {
  const game = arena(at, setup);
  toPhase(game, phase);
  return game;
};

describe('PG-9 movement at its edges', () => {
  const move = (at: Spot[], to: { x: number; y: number }) =>
    inPhase('movement', at).when({ type: 'Move', unitId: TROOPERS, path: [to] }, seat('red'));
  it('RUL-8 PG-9 a move of exactly the Movement value (6") is allowed; 0.01" farther is refused', () => {
    expect(eventData(move([], { x: 16, y: 14 }).events, 'UnitMoved')).toMatchObject({ distance: 6, movement: 6 });
    const v = move([], { x: 16.01, y: 14 }).thenRejects('PG-9', 'TOO_FAR');
    expect(v.message).toBe('Vanguard Troopers can move 6" but the path is 6.01".');
  });
  it('RUL-8 PG-9 PG-13 a Slowed unit (default: half its Movement) moves exactly 3"; 0.01" farther is refused', () => {
    const slowedMove = (x: number) => {
      const game = arena();
      given(game, {
        type: 'StatusesResolved',
        data: {
          seat: 'blue',
          chosenBy: 'default',
          results: [{ unitId: TROOPERS, status: 'given', effect: 'given', cohesion: 6, statuses: [{ name: 'Slowed', remaining: 1 }] }],
          rule: 'PG-13',
        },
      });
      toPhase(game, 'movement');
      return game.when({ type: 'Move', unitId: TROOPERS, path: [{ x, y: 14 }] }, seat('red'));
    };
    expect(eventData(slowedMove(13).events, 'UnitMoved')).toMatchObject({ distance: 3, movement: 3 });
    expect(slowedMove(13.01).thenRejects('PG-9', 'TOO_FAR').message).toBe(
      'Vanguard Troopers can move 3" (halved while Slowed) but the path is 3.01".',
    );
  });
  it('RUL-8 PG-9 a base may end touching the edge of the battlefield; 0.01" past it is off the battlefield', () => {
    const start = [{ unitId: TROOPERS, x: 4, y: 14 }];
    expect(typesOf(move(start, { x: 1, y: 14 }).events)).toEqual(['UnitMoved']);
    move(start, { x: 0.99, y: 14 }).thenRejects('PG-9', 'OFF_BATTLEFIELD');
  });
  it('RUL-8 PG-9 a base may pass an enemy base touching it; 0.01" closer is moving through it', () => {
    const past = (y: number) =>
      move(
        [
          { unitId: TROOPERS, x: 22, y: 14 },
          { unitId: RAIDERS, x: 25, y },
        ],
        { x: 28, y: 14 },
      );
    expect(typesOf(past(16).events)).toEqual(['UnitMoved']);
    past(15.99).thenRejects('PG-9', 'THROUGH_ENEMY');
  });
  it('RUL-8 PG-9 a base may skirt impassable terrain touching it; 0.01" closer is moving through it', () => {
    // The ridge's northern edge runs along y = 12; the Troopers' base has a 1" radius.
    const skirt = (y: number) => move([{ unitId: TROOPERS, x: 18, y }], { x: 23, y });
    expect(typesOf(skirt(13).events)).toEqual(['UnitMoved']);
    skirt(12.99).thenRejects('PG-9', 'IMPASSABLE_TERRAIN');
  });
});

describe('PG-11 ranged attacks at their edges', () => {
  const shoot = (at: Spot[]) =>
    inPhase('ranged', at).when({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), misses(6));
  it('RUL-8 PG-11 a target at exactly the weapon\'s Range (24" edge to edge) is within Range; 0.01" past it is not', () => {
    const at = (x: number) => [
      { unitId: TROOPERS, x: 10, y: 3 },
      { unitId: RAIDERS, x, y: 3 },
    ];
    expect(eventData(shoot(at(36)).events, 'AttackResolved')).toMatchObject({ weapon: 'Plasma Rifles', attacks: 6 });
    const v = shoot(at(36.01)).thenRejects('PG-11', 'OUT_OF_RANGE');
    expect(v.message).toBe('Plasma Rifles has Range 24" but Raiders (blue-raiders-1) is 24.01" away.');
  });
  it('RUL-8 PG-11 an enemy unit exactly 1" away engages the shooter (default engagement range); 1.01" away does not', () => {
    const at = (x: number) => [
      { unitId: TROOPERS, x: 22, y: 14 },
      { unitId: RAIDERS, x, y: 14 },
    ];
    shoot(at(25)).thenRejects('PG-11', 'ENGAGED');
    expect(eventData(shoot(at(25.01)).events, 'AttackResolved')).toMatchObject({ weapon: 'Plasma Rifles' });
  });
});

describe('PG-12 melee attacks at their edges', () => {
  const strike = (troopersX: number, setup: ArenaSetup = {}) =>
    inPhase(
      'melee',
      [
        { unitId: TROOPERS, x: troopersX, y: 14 },
        { unitId: RAIDERS, x: 25, y: 14 },
      ],
      { first: 'blue', ...setup },
    ).when({ type: 'MeleeAttack', unitId: RAIDERS, targetId: TROOPERS, weapons: ['Scrap Blades'] }, seat('blue'), misses(10));
  it('RUL-8 PG-12 a target exactly at the 1" melee range may be attacked; 0.01" past it may not', () => {
    expect(eventData(strike(22).events, 'AttackResolved')).toMatchObject({ weapon: 'Scrap Blades', attacks: 10 });
    const v = strike(21.99).thenRejects('PG-12', 'NOT_IN_MELEE_RANGE');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) is 1.01" from Raiders (blue-raiders-1); Scrap Blades reaches 1".');
  });
  it('RUL-8 PG-12 a melee weapon reaching 2" reaches a target exactly 2" away; 0.01" past it does not', () => {
    const factions = withUnit('scrap-horde', 'raiders', (r) => ({
      ...r,
      weapons: r.weapons.map((w) => (w.name === 'Scrap Blades' ? { ...w, range: 2 } : w)),
    }));
    expect(typesOf(strike(21, { factions }).events)).toContain('AttackResolved');
    strike(20.99, { factions }).thenRejects('PG-12', 'NOT_IN_MELEE_RANGE');
  });
});

describe('PG-21 Command Center placement at its edges', () => {
  const rich = { startingResources: { carbon: 1000, crystal: 0, faction: 0 } };
  const NEW_CC = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'command-center', x: 20, y: 33 } as const;
  const WORKER = { unitId: 'red-worker-1', x: 20, y: 28.6 };
  /** A Worker beside the new spot (20, 33), red's Command Center lost unless `limit` allows a second one. */
  const building = (at: Spot[], limit?: number) => {
    const game = arena([...at, WORKER], { mission: { ...rich, ...(limit ? { commandCenterLimit: limit } : {}) } });
    if (!limit) given(game, destroyUnit(rules(game), must(unit(game, 'red-cc')), 'given'));
    toPhase(game, 'action');
    return game;
  };
  it('RUL-8 PG-21 a Command Center exactly 4" from an enemy unit is within 4" and refused; 4.01" away it may be begun', () => {
    const v = building([{ unitId: RAIDERS, x: 28, y: 33 }])
      .when(NEW_CC, seat('red'))
      .thenRejects('PG-21', 'TOO_CLOSE_TO_ENEMY');
    expect(v.message).toBe('A rebuilt Command Center may not be placed within 4" of the enemy unit Raiders (blue-raiders-1) (4" away).');
    expect(typesOf(building([{ unitId: RAIDERS, x: 28.01, y: 33 }]).when(NEW_CC, seat('red')).events)).toEqual(['ConstructionStarted']);
  });
  it('RUL-8 PG-21 a Command Center exactly 6" from an enemy one may be begun; 5.99" away it may not', () => {
    expect(typesOf(building([{ unitId: 'blue-cc', x: 32, y: 33 }]).when(NEW_CC, seat('red')).events)).toEqual(['ConstructionStarted']);
    const v = building([{ unitId: 'blue-cc', x: 31.99, y: 33 }])
      .when(NEW_CC, seat('red'))
      .thenRejects('PG-21', 'TOO_CLOSE_TO_ENEMY_CC');
    expect(v.message).toBe(
      'A rebuilt Command Center must be at least 6" from the enemy Command Center (blue-cc); this spot is 5.99" away.',
    );
  });
  it('RUL-8 PG-21 an additional Command Center exactly 12" from a friendly one may be begun; 11.99" away it may not', () => {
    expect(typesOf(building([{ unitId: 'red-cc', x: 20, y: 15 }], 2).when(NEW_CC, seat('red')).events)).toEqual(['ConstructionStarted']);
    const v = building([{ unitId: 'red-cc', x: 20, y: 15.01 }], 2)
      .when(NEW_CC, seat('red'))
      .thenRejects('PG-21', 'TOO_CLOSE_TO_FRIENDLY_CC');
    expect(v.message).toBe('An additional Command Center must be at least 12" from Command Center (red-cc); this spot is 11.99" away.');
  });
  it('RUL-8 PG-21 PG-19 the building Worker exactly 1" from the new base may build it (default reach); 1.01" away it may not', () => {
    // The Worker's base has a 0.5" radius and the Command Center's 3".
    const reach = (y: number) => building([{ ...WORKER, y }]).when(NEW_CC, seat('red'));
    expect(typesOf(reach(28.5).events)).toEqual(['ConstructionStarted']);
    reach(28.49).thenRejects('PG-21', 'OUT_OF_REACH');
  });
});

describe('PG-8 gathering at its edges', () => {
  const OTHERS = [
    { unitId: 'red-worker-2', x: 2, y: 34 },
    { unitId: 'red-worker-3', x: 4, y: 34 },
    { unitId: 'red-worker-4', x: 6, y: 35 },
  ];
  it('RUL-8 PG-8 PG-19 a Worker exactly 1" from a Carbon Node mines it (default reach); 1.01" away it does not', () => {
    // carbon-west stands at (8, 30); the Worker's base has a 0.5" radius.
    const gather = (x: number) =>
      inPhase('resource', [{ unitId: 'red-worker-1', x, y: 30 }, ...OTHERS]).when({ type: 'Gather', nodes: ['carbon-west'] }, seat('red'));
    expect(eventData(gather(9.5).events, 'ResourcesGathered').nodes).toEqual([
      { nodeId: 'carbon-west', kind: 'carbon', amount: 5, remaining: 'infinite', gatherers: ['red-worker-1'] },
    ]);
    gather(9.51).thenRejects('PG-8', 'NODE_NOT_ELIGIBLE');
  });
});

describe('PG-4 deployment at its edges (mission data)', () => {
  const deployRed = (troopersX: number) => {
    const game = new Game();
    const options = { firstPlayer: 'red', rules: { mission: ARENA, factions: EXAMPLE.factions, armies: EXAMPLE.armies } };
    game.run({ type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options }, player('p_red'));
    game.run({ type: 'JoinGame' }, player('p_blue'));
    const units = EXAMPLE_DEPLOYMENT.red.map((d) => (d.unitId === TROOPERS ? { ...d, x: troopersX, y: 14 } : d));
    return game.when({ type: 'Deploy', units }, seat('red'));
  };
  it('RUL-8 PG-4 a base touching the edge of its deployment zone is wholly inside it; 0.01" past it is not', () => {
    // red's zone in the arena ends at x = 24; the Troopers' base has a 1" radius.
    expect(typesOf(deployRed(23).events)).toEqual(['UnitsDeployed', 'DeploymentStarted']);
    deployRed(23.01).thenRejects('PG-4', 'OUTSIDE_ZONE');
  });
});
