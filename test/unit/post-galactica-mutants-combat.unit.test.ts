import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import type { RulesContext } from '../../domain/kernel/ruleset.ts';
import { attackCount } from '../../domain/post-galactica/combat.ts';
import { unitSheetSchema, type Weapon, weaponSchema } from '../../domain/post-galactica/datasheets.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { postGalacticaFold } from '../../domain/post-galactica/fold.ts';
import { EPSILON, pathLength } from '../../domain/post-galactica/geometry.ts';
import { move } from '../../domain/post-galactica/movement.ts';
import { overwatchReactions } from '../../domain/post-galactica/stances.ts';
import { lineOfSightBlocker } from '../../domain/post-galactica/targeting.ts';
import { type Placed, sheetOf } from '../../domain/post-galactica/units.ts';
import { ctxFor, type Game, seat } from '../support/decider-spec.ts';
import {
  type ArenaSetup,
  arena,
  eventData,
  must,
  RAIDERS,
  rules,
  type Spot,
  TROOPERS,
  toPhase,
  unit,
  withBuilding,
  withUnit,
} from '../support/post-galactica.ts';

const EXAMPLE = exampleScenario();
const NONE = { carbon: 0, crystal: 0, faction: 0 };

const faces = (hits: number, misses: number, hit = 6) => scriptedDice([...Array(hits).fill(hit), ...Array(misses).fill(1)]);
const attacks = (events: readonly DomainEvent[]) =>
  events.flatMap((e) => (e.type === 'AttackResolved' ? [eventData([e], 'AttackResolved')] : []));
const withTroopers = (change: Parameters<typeof withUnit>[2]) => withUnit('vanguard', 'vanguard-troopers', change);

/** The arena with `at` and `setup`, opened at `phase` of the first player's turn. */
const inPhase = (phase: Parameters<typeof toPhase>[1], at: Spot[] = [], setup: ArenaSetup = {}): Game => {
  const game = arena(at, setup);
  toPhase(game, phase);
  return game;
};

/** A rules context for the functions called directly (no command reaches the state they are given). */
const context = (): RulesContext => ({
  ctx: ctxFor(seat('red')),
  dice: scriptedDice([]),
  seat: 'red',
  salt: (label) => label,
  rulesVersion: postGalacticaFold.rulesVersion,
});

// Vanguard Troopers with a second ranged weapon: Grenades, Range 6", 1 attack a model.
const GRENADES: Weapon = weaponSchema.parse({ name: 'Grenades', type: 'ranged', range: 6, attacks: 1 });
const grenadiers = withTroopers((t) => ({ ...t, weapons: [must(t.weapons[0]), GRENADES, ...t.weapons.slice(1)] }));
/** Red's grenadiers at (21, 14) in the Ranged Phase, the Raiders `gap` inches away edge to edge (both bases 1"). */
const grenadiersAt = (gap: number) =>
  inPhase(
    'ranged',
    [
      { unitId: TROOPERS, x: 21, y: 14 },
      { unitId: RAIDERS, x: 23 + gap, y: 14 },
    ],
    { factions: grenadiers },
  );
const SHOOT = { type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS } as const;

describe('RUL-9 attack counts (PG-1, PG-3)', () => {
  it('RUL-9 PG-3 a unit that may use its special attack rule uses it unless told otherwise', () => {
    // attackCount called without its fourth argument: the Sentinel Walker's Stabilised Volley applies.
    const walker = sheetOf(rules(arena()), { seat: 'red', datasheet: 'sentinel-walker' });
    expect(attackCount(walker, must(walker.weapons[0]), 2)).toEqual({
      attacks: 4,
      rule: 'PG-3',
      explanation: 'Stabilised Volley: 4 attacks with Autocannon, not multiplied by models',
    });
  });
});

describe('RUL-9 hit modifiers (PG-10, PG-13)', () => {
  it('RUL-9 PG-10 PG-12 Aim adds +1 to ranged hit rolls only: a melee attack that turn has no modifier', () => {
    const game = inPhase('action', [
      { unitId: TROOPERS, x: 22.5, y: 14 },
      { unitId: RAIDERS, x: 25, y: 14 },
    ]);
    game.run({ type: 'Aim', unitId: TROOPERS }, seat('red'));
    toPhase(game, 'melee');
    // Combat Knives, Melee Skill 4: a 3 misses (it would hit at 4 with Aim's +1).
    const knives = eventData(
      game.run({ type: 'MeleeAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), faces(3, 0, 3)),
      'AttackResolved',
    );
    expect(knives.hits).toBe(0);
    expect(knives.rolls.map((r) => r.modifiers)).toEqual([[], [], []]);
  });
  it('RUL-9 PG-13 a Suppressed attacker has −1 to hit', () => {
    // Blue's Scrap Pistols inflict Suppressed for 1 Status Phase; red's Troopers, hit once in blue's
    // turn, are still Suppressed in red's Ranged Phase.
    const pistols = withUnit('scrap-horde', 'raiders', (r) => ({
      ...r,
      weapons: r.weapons.map((w) => (w.name === 'Scrap Pistols' ? { ...w, inflicts: { status: 'Suppressed', duration: 1 } } : w)),
    }));
    const at = [
      { unitId: TROOPERS, x: 18, y: 26 },
      { unitId: RAIDERS, x: 30, y: 26 },
    ];
    const game = inPhase('ranged', at, { first: 'blue', factions: pistols });
    game.run({ type: 'RangedAttack', unitId: RAIDERS, targetId: TROOPERS }, seat('blue'), scriptedDice([5, 1, 1, 1, 1]));
    toPhase(game, 'ranged', 'red');
    expect(unit(game, TROOPERS)?.statuses).toEqual([{ name: 'Suppressed', remaining: 1 }]);
    // Plasma Rifles, Ranged Skill 4: a 5 hits (4 after −1), a 4 misses (3 after −1).
    const shot = eventData(game.run(SHOOT, seat('red'), scriptedDice([5, 4, 1, 1, 1, 1])), 'AttackResolved');
    expect(shot.rolls[0]?.modifiers).toEqual([{ value: -1, rule: 'PG-13', reason: 'attacker is Suppressed' }]);
    expect(shot.rolls[1]).toMatchObject({ value: 4, total: 3, success: false });
    expect(shot.hits).toBe(1);
  });
});

describe('RUL-9 damage and statuses (PG-2, PG-13)', () => {
  it('RUL-9 PG-2 PG-13 a Shielded target ignores 1 Cohesion of the loss from an attack that hits', () => {
    // Red's Troopers shield themselves (2 Status Phases: red's own counts one down) and the Flame
    // Brute's Crushing Claws (Damage 2) hit them once in blue's turn: 2 lost, 1 ignored.
    const shielded = withTroopers((t) => ({
      ...t,
      actions: [...t.actions, 'Activate Ability'],
      abilities: [{ name: 'Shield Generator', cost: NONE, status: { name: 'Shielded', duration: 2 } }],
    }));
    const game = inPhase(
      'action',
      [
        { unitId: TROOPERS, x: 22.5, y: 30 },
        { unitId: 'blue-flame-brute-1', x: 25.5, y: 30 },
      ],
      { factions: shielded },
    );
    game.run({ type: 'ActivateAbility', unitId: TROOPERS, ability: 'Shield Generator' }, seat('red'));
    toPhase(game, 'melee', 'blue');
    expect(unit(game, TROOPERS)?.statuses).toEqual([{ name: 'Shielded', remaining: 1 }]);
    const claws = game.run({ type: 'MeleeAttack', unitId: 'blue-flame-brute-1', targetId: TROOPERS }, seat('blue'), faces(1, 2, 3));
    expect(eventData(claws, 'AttackResolved')).toMatchObject({ hits: 1, absorbed: 1, cohesionLost: 1, cohesion: 5, modelsRemaining: 3 });
    expect(unit(game, TROOPERS)?.cohesion).toBe(5);
  });
  // The Flame Brute's Flamer (3 attacks, Ranged Skill 4) inflicts Burning for 2 Status Phases.
  const flamed = (target: string, dice: ReturnType<typeof scriptedDice>) => {
    const game = inPhase(
      'ranged',
      [
        { unitId: target, x: 20, y: 30 },
        { unitId: 'blue-flame-brute-1', x: 25.5, y: 30 },
      ],
      { first: 'blue' },
    );
    return { game, events: game.run({ type: 'RangedAttack', unitId: 'blue-flame-brute-1', targetId: target }, seat('blue'), dice) };
  };
  it('RUL-9 PG-13 a weapon that inflicts a status applies nothing when it misses', () => {
    const { game, events } = flamed(TROOPERS, faces(0, 3));
    expect(eventData(events, 'AttackResolved')).toMatchObject({ hits: 0, statusApplied: null });
    expect(unit(game, TROOPERS)?.statuses).toEqual([]);
  });
  it('RUL-9 PG-2 PG-13 a weapon that inflicts a status applies nothing to the unit it destroys', () => {
    // An Engineer has 2 Cohesion: two hits destroy it.
    const { events } = flamed('red-worker-1', faces(2, 1));
    expect(events.map((e) => e.type)).toEqual(['AttackResolved', 'UnitDestroyed']);
    expect(eventData(events, 'AttackResolved')).toMatchObject({ hits: 2, cohesion: 0, statusApplied: null });
  });
});

describe('RUL-9 an attack with several weapons (PG-11)', () => {
  it('RUL-9 PG-11 PG-2 each weapon resolves against the Cohesion the previous one left', () => {
    // Plasma Rifles: 6 attacks, 2 hit (5 → 3); Grenades: 3 attacks, 1 hits (3 → 2).
    const events = grenadiersAt(3).run(SHOOT, seat('red'), scriptedDice([6, 6, 1, 1, 1, 1, 6, 1, 1]));
    expect(attacks(events).map((a) => [a.weapon, a.attacks, a.cohesionLost, a.cohesion])).toEqual([
      ['Plasma Rifles', 6, 2, 3],
      ['Grenades', 3, 1, 2],
    ]);
  });
  it('RUL-9 PG-11 PG-2 once the target is destroyed the remaining weapons do not fire', () => {
    const game = grenadiersAt(3);
    const events = game.run(SHOOT, seat('red'), faces(5, 1));
    expect(events.map((e) => e.type)).toEqual(['AttackResolved', 'UnitDestroyed']);
    expect(unit(game, RAIDERS)).toBeUndefined();
  });
  it('RUL-9 PG-11 only the weapons named fire', () => {
    const events = grenadiersAt(3).run({ ...SHOOT, weapons: ['Grenades'] }, seat('red'), faces(0, 3));
    expect(attacks(events).map((a) => a.weapon)).toEqual(['Grenades']);
  });
  it('RUL-9 PG-11 a weapon name the attacker does not have is refused', () => {
    grenadiersAt(3)
      .when({ ...SHOOT, weapons: ['Plasma Rifles', 'Frag Launcher'] }, seat('red'))
      .thenRejects('PG-11', 'UNKNOWN_WEAPON');
  });
  it('RUL-9 PG-11 every weapon named must be able to make the attack: Grenades (6") cannot reach 7"', () => {
    // The Plasma Rifles, named first, could fire; the Grenades named with them cannot.
    grenadiersAt(7)
      .when({ ...SHOOT, weapons: ['Plasma Rifles', 'Grenades'] }, seat('red'))
      .thenRejects('PG-11', 'OUT_OF_RANGE');
  });
});

describe('RUL-9 legal attackers and targets (PG-11, PG-12)', () => {
  it('RUL-9 PG-11 the attacking unit must exist', () => {
    inPhase('ranged')
      .when({ ...SHOOT, unitId: 'red-nothing' }, seat('red'))
      .thenRejects('PG-11', 'UNKNOWN_UNIT');
  });
  it('RUL-9 PG-11 the target must be a unit on the battlefield: not a unit that does not exist', () => {
    inPhase('ranged')
      .when({ ...SHOOT, targetId: 'blue-nothing' }, seat('red'))
      .thenRejects('PG-11', 'ILLEGAL_TARGET');
  });
  it('RUL-9 PG-11 the target must be a unit on the battlefield: not one aboard a transport', () => {
    // A red Carrier (Transport 4) takes the second squad of Troopers aboard; blue cannot shoot them.
    const carrier = unitSheetSchema.parse({
      name: 'Carrier',
      movement: 8,
      cohesion: 4,
      bodyValue: 4,
      rangedSkill: 0,
      meleeSkill: 0,
      keywords: ['Vehicle', 'Transport 4'],
      actions: ['Load', 'Unload'],
      baseRadius: 1.5,
    });
    const vanguard = EXAMPLE.factions.vanguard;
    const factions = { ...EXAMPLE.factions, vanguard: { ...vanguard, units: { ...vanguard.units, carrier } } };
    const red = { units: [...EXAMPLE.armies.red.units, { datasheet: 'carrier' }] };
    const game = inPhase('action', [{ unitId: 'red-carrier-1', x: 12.5, y: 22 }], { factions, red });
    game.run({ type: 'Load', unitId: 'red-carrier-1', passengerIds: ['red-vanguard-troopers-2'] }, seat('red'));
    toPhase(game, 'ranged', 'blue');
    game
      .when({ type: 'RangedAttack', unitId: RAIDERS, targetId: 'red-vanguard-troopers-2' }, seat('blue'))
      .thenRejects('PG-11', 'ILLEGAL_TARGET');
  });
  it('RUL-9 PG-11 PG-10 a building under construction cannot attack, even with a weapon in range', () => {
    // A Supply Depot with a 48" turret, placed by a Worker this Action Phase (construction counters on it).
    const turret = weaponSchema.parse({ name: 'Turret', type: 'ranged', range: 48, attacks: 1 });
    const factions = withBuilding('vanguard', 'supply-depot', (d) => ({ ...d, rangedSkill: 3, weapons: [turret] }));
    const game = inPhase('action', [], { factions });
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    toPhase(game, 'ranged');
    game.when({ ...SHOOT, unitId: 'red-supply-depot-1' }, seat('red')).thenRejects('PG-11', 'UNDER_CONSTRUCTION');
  });
  it('RUL-9 PG-11 PG-10 a Disengaged unit is still a legal target for ranged attacks', () => {
    const factions = withTroopers((t) => ({ ...t, actions: [...t.actions, 'Disengage'] }));
    const at = [
      { unitId: TROOPERS, x: 18, y: 26 },
      { unitId: RAIDERS, x: 30, y: 26 },
    ];
    const game = inPhase('action', at, { factions });
    game.run({ type: 'Disengage', unitId: TROOPERS }, seat('red'));
    toPhase(game, 'ranged', 'blue');
    const shot = game.run({ type: 'RangedAttack', unitId: RAIDERS, targetId: TROOPERS }, seat('blue'), faces(0, 5));
    expect(eventData(shot, 'AttackResolved')).toMatchObject({ targetId: TROOPERS, weapon: 'Scrap Pistols', attacks: 5 });
  });
  it('RUL-9 PG-11 a game without a battlefield has no terrain to block line of sight', () => {
    // No command reaches a game without a mission once units are placed: called directly.
    const game = arena([
      { unitId: TROOPERS, x: 18, y: 9 },
      { unitId: RAIDERS, x: 30, y: 9 },
    ]);
    const [a, b] = [unit(game, TROOPERS), unit(game, RAIDERS)].map((u) => must(u) as Placed) as [Placed, Placed];
    expect(lineOfSightBlocker(rules(game), a, b)?.name).toBe('Kessel Ridge');
    expect(lineOfSightBlocker({ ...rules(game), mission: null }, a, b)).toBeNull();
  });
});

describe('RUL-9 stances (PG-10)', () => {
  it('RUL-9 PG-10 Dodge and Disengage are commands a unit allowed them takes as its action', () => {
    const factions = withTroopers((t) => ({ ...t, actions: [...t.actions, 'Disengage'] }));
    const game = inPhase('action', [], { factions });
    expect(game.run({ type: 'Dodge', unitId: TROOPERS }, seat('red'))).toEqual([
      { type: 'StanceTaken', data: { unitId: TROOPERS, stance: 'Dodge', rule: 'PG-10' } },
    ]);
    expect(game.run({ type: 'Disengage', unitId: 'red-vanguard-troopers-2' }, seat('red'))).toEqual([
      { type: 'StanceTaken', data: { unitId: 'red-vanguard-troopers-2', stance: 'Disengage', rule: 'PG-10' } },
    ]);
  });
  it('RUL-9 PG-10 PG-3 an Overwatch shot by a unit with a special attack rule uses it (Stabilised Volley)', () => {
    const factions = withUnit('vanguard', 'sentinel-walker', (w) => ({
      ...w,
      actions: [...w.actions, 'Overwatch'],
    }));
    const at = [
      { unitId: 'red-sentinel-walker-1', x: 14, y: 26 },
      { unitId: RAIDERS, x: 36, y: 26 },
    ];
    const game = inPhase('action', at, { factions });
    game.run({ type: 'Overwatch', unitId: 'red-sentinel-walker-1' }, seat('red'));
    toPhase(game, 'movement', 'blue');
    const events = game.run({ type: 'Move', unitId: RAIDERS, path: [{ x: 31, y: 26 }] }, seat('blue'), faces(0, 4));
    expect(eventData(events, 'AttackResolved')).toMatchObject({
      attackerId: 'red-sentinel-walker-1',
      reaction: 'Overwatch',
      attacks: 4,
      attacksRule: { rule: 'PG-3', explanation: 'Stabilised Volley: 4 attacks with Autocannon, not multiplied by models' },
    });
  });
  it('RUL-9 PG-10 a unit that is not in the game draws no Overwatch fire', () => {
    // Overwatch reacts to a unit that has just moved, so it is always there: called directly.
    const factions = withTroopers((t) => ({ ...t, actions: [...t.actions, 'Overwatch'] }));
    const game = inPhase('action', [], { factions });
    game.run({ type: 'Overwatch', unitId: TROOPERS }, seat('red'));
    expect(overwatchReactions(rules(game), 'blue-nothing', context())).toEqual([]);
  });
});

describe('RUL-9 movement (PG-9)', () => {
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
    const decision = move(state, 'red', { type: 'Move', unitId: TROOPERS, path: [{ x: 12, y: 14 }] }, context());
    expect(decision).toEqual({ ok: false, violation: { code: 'NO_BATTLEFIELD', rule: 'PG-9', message: 'This game has no battlefield.' } });
  });
});
