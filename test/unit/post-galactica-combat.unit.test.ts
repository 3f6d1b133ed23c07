import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { attackCount } from '../../domain/post-galactica/combat.ts';
import { type Weapon, weaponSchema } from '../../domain/post-galactica/datasheets.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { lineOfSightBlocker } from '../../domain/post-galactica/targeting.ts';
import { modelsRemaining, type Placed, sheetOf } from '../../domain/post-galactica/units.ts';
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
  withBuilding,
  withUnit,
} from '../support/post-galactica.ts';
import { carrierSheet, inPhase, NONE, standing, withCarriers } from '../support/post-galactica-setups.ts';

const EXAMPLE = exampleScenario();

const attackData = (events: readonly DomainEvent[]) => eventData(events, 'AttackResolved');
const faces = (hits: number, misses: number, hit = 6) => scriptedDice([...Array(hits).fill(hit), ...Array(misses).fill(1)]);

const inContact: Spot[] = [
  { unitId: TROOPERS, x: 22.5, y: 14 },
  { unitId: RAIDERS, x: 25, y: 14 },
];

const withTroopers = (change: Parameters<typeof withUnit>[2]) => withUnit('vanguard', 'vanguard-troopers', change);

describe('attack counts', () => {
  it("PG-1 5 models × Attacks 2 = 10 attacks (the text's example: Raiders with Scrap Blades)", () => {
    const game = arena(inContact, { first: 'blue' });
    toPhase(game, 'melee');
    const events = game.run(
      { type: 'MeleeAttack', unitId: RAIDERS, targetId: TROOPERS, weapons: ['Scrap Blades'] },
      seat('blue'),
      faces(0, 10),
    );
    const data = attackData(events);
    expect(data).toMatchObject({ models: 5, attacks: 10, attacksRule: { rule: 'PG-1', explanation: '5 models × 2 attacks = 10 attacks' } });
    expect(data.rolls).toHaveLength(10);
  });
  it('PG-1 a weapon that says otherwise is not multiplied by the models', () => {
    const state = rules(arena());
    const raiders = sheetOf(state, { seat: 'blue', datasheet: 'raiders' });
    const blades = { ...must(raiders.weapons[1]), perUnit: true };
    expect(attackCount(raiders, blades, 5)).toEqual({
      attacks: 2,
      rule: 'PG-1',
      explanation: 'Scrap Blades makes 2 attacks per unit (the weapon says so)',
    });
  });
  it("PG-3 a high Body Value unit uses its datasheet's special attack rule instead of PG-1", () => {
    const game = arena([{ unitId: RAIDERS, x: 30, y: 3 }]);
    toPhase(game, 'ranged');
    const data = attackData(
      game.run({ type: 'RangedAttack', unitId: 'red-sentinel-walker-1', targetId: RAIDERS }, seat('red'), scriptedDice([3, 1, 1, 1])),
    );
    expect(data).toMatchObject({
      models: 2,
      attacks: 4,
      attacksRule: { rule: 'PG-3', explanation: 'Stabilised Volley: 4 attacks with Autocannon, not multiplied by models' },
    });
    expect(data).toMatchObject({ hits: 1, cohesionLost: 2, cohesion: 3, modelsRemaining: 3 });
  });
  it('PG-3 the player may decline the special rule and count attacks by PG-1', () => {
    const game = arena([{ unitId: RAIDERS, x: 30, y: 3 }]);
    toPhase(game, 'ranged');
    const data = attackData(
      game.run({ type: 'RangedAttack', unitId: 'red-sentinel-walker-1', targetId: RAIDERS, specialRule: false }, seat('red'), faces(0, 4)),
    );
    expect(data.attacksRule).toEqual({ rule: 'PG-1', explanation: '2 models × 2 attacks = 4 attacks' });
  });
  it('PG-3 a special attack rule on a unit that is not Lone, a building, a Monster or of high Body Value is refused at game creation', () => {
    const factions = withTroopers((t) => ({ ...t, specialAttackRule: { name: 'Volley Fire', attacks: 9 } }));
    const v = new Game()
      .when(
        { type: 'CreateGame', ruleset: 'post-galactica', options: { rules: { mission: ARENA, factions, armies: EXAMPLE.armies } } },
        player('p1'),
      )
      .thenRejects('MATCH', 'BAD_OPTIONS');
    expect(v.message).toContain(
      'PG-3: only Lone units, buildings, Monsters and high Body Value units may have a special attack rule; Vanguard Troopers is none of these',
    );
  });
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

describe('Cohesion and models', () => {
  it('PG-2 6 Cohesion at Body Value 2 represents 3 models of 2 Cohesion each (Vanguard Troopers)', () => {
    const state = rules(arena());
    const troopers = sheetOf(state, { seat: 'red', datasheet: 'vanguard-troopers' });
    expect([troopers.cohesion, troopers.bodyValue, modelsRemaining(troopers.cohesion, troopers.bodyValue)]).toEqual([6, 2, 3]);
    expect(modelsRemaining(5, 2)).toBe(3);
    expect(modelsRemaining(4, 2)).toBe(2);
  });
  it('PG-2 losing Cohesion removes models, and fewer models make fewer attacks', () => {
    const game = arena(inContact, { first: 'blue' });
    toPhase(game, 'melee');
    const data = attackData(
      game.run({ type: 'MeleeAttack', unitId: RAIDERS, targetId: TROOPERS, weapons: ['Scrap Blades'] }, seat('blue'), faces(3, 7, 3)),
    );
    expect(data).toMatchObject({ hits: 3, cohesionLost: 3, cohesion: 3, modelsRemaining: 2 });
    toPhase(game, 'melee', 'red');
    const back = attackData(game.run({ type: 'MeleeAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), faces(0, 2)));
    expect(back).toMatchObject({ models: 2, attacks: 2, weapon: 'Combat Knives' });
  });
  it('PG-2 at 0 Cohesion the last model is gone and the unit is destroyed', () => {
    const game = arena(inContact, { first: 'blue' });
    toPhase(game, 'melee');
    const events = game.run({ type: 'MeleeAttack', unitId: RAIDERS, targetId: TROOPERS }, seat('blue'), faces(8, 2));
    expect(attackData(events)).toMatchObject({ hits: 8, cohesionLost: 6, cohesion: 0, modelsRemaining: 0 });
    expect(events[1]).toEqual({
      type: 'UnitDestroyed',
      data: {
        unitId: TROOPERS,
        seat: 'red',
        datasheet: 'vanguard-troopers',
        cause: 'Scrap Blades (Raiders (blue-raiders-1))',
        worker: null,
        destroyedZone: true,
        commandCenter: null,
        rule: 'PG-2',
      },
    });
    expect(unit(game, TROOPERS)).toBeUndefined();
    expect(rules(game).players.red?.destroyedZone.units).toEqual([TROOPERS]);
  });
});

describe('ranged attacks', () => {
  const rangedFor = (at: Spot[], setup: ArenaSetup = {}) => {
    const game = arena(at, setup);
    toPhase(game, 'ranged');
    return game;
  };
  it("PG-11 every hit die is in the log with its target number and each modifier's rule (Aim +1)", () => {
    const game = arena([
      { unitId: TROOPERS, x: 18, y: 26 },
      { unitId: RAIDERS, x: 30, y: 26 },
    ]);
    toPhase(game, 'action');
    game.run({ type: 'Aim', unitId: TROOPERS }, seat('red'));
    toPhase(game, 'ranged');
    const data = attackData(
      game.run({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), scriptedDice([3, 2, 6, 1, 1, 1])),
    );
    expect(data.rolls[0]).toEqual({
      purpose: 'hit 1/6: Vanguard Troopers (red-vanguard-troopers-1) with Plasma Rifles vs Raiders (blue-raiders-1)',
      sides: 6,
      value: 3,
      draw: { seq: 0, index: 0 },
      modifiers: [{ value: 1, rule: 'PG-10', reason: 'Aim action this turn' }],
      total: 4,
      target: 4,
      effectiveTarget: 4,
      compare: 'atLeast',
      success: true,
      rule: 'PG-11',
    });
    expect(data.rolls[1]).toMatchObject({ value: 2, total: 3, success: false });
    expect(data).toMatchObject({ hits: 2, cohesion: 3, modelsRemaining: 3 });
  });
  it('PG-11 a unit without a ranged weapon cannot make a ranged attack', () => {
    const v = rangedFor([])
      .when({ type: 'RangedAttack', unitId: 'red-worker-1', targetId: RAIDERS }, seat('red'))
      .thenRejects('PG-11', 'NO_RANGED_WEAPON');
    expect(v.message).toBe('Engineer (red-worker-1) has no ranged weapon.');
  });
  it('PG-11 a unit with Ranged Skill 0 cannot make a ranged attack', () => {
    const game = rangedFor([], { factions: withTroopers((t) => ({ ...t, rangedSkill: 0 })) });
    const v = game.when({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red')).thenRejects('PG-11', 'SKILL_ZERO');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) has Ranged Skill 0 and cannot make ranged attacks.');
  });
  it("PG-11 the target must be within the weapon's Range (edge to edge)", () => {
    const v = rangedFor([])
      .when({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'))
      .thenRejects('PG-11', 'OUT_OF_RANGE');
    expect(v.message).toBe('Plasma Rifles has Range 24" but Raiders (blue-raiders-1) is 26" away.');
  });
  it('PG-11 the target must be a legal target: not your own unit', () => {
    rangedFor([])
      .when({ type: 'RangedAttack', unitId: TROOPERS, targetId: 'red-vanguard-troopers-2' }, seat('red'))
      .thenRejects('PG-11', 'ILLEGAL_TARGET');
  });
  it('PG-11 impassable terrain that blocks sight (Kessel Ridge) stops a ranged attack', () => {
    const game = rangedFor([
      { unitId: TROOPERS, x: 18, y: 9 },
      { unitId: RAIDERS, x: 30, y: 9 },
    ]);
    const v = game
      .when({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'))
      .thenRejects('PG-11', 'NO_LINE_OF_SIGHT');
    expect(v.message).toBe(
      'Kessel Ridge blocks line of sight from Vanguard Troopers (red-vanguard-troopers-1) to Raiders (blue-raiders-1).',
    );
  });
  it('PG-11 impassable terrain that does not block sight (the Crater) lets the attack through', () => {
    const game = rangedFor([
      { unitId: TROOPERS, x: 18, y: 26 },
      { unitId: RAIDERS, x: 30, y: 26 },
    ]);
    expect(attackData(game.run({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), faces(0, 6))).attacks).toBe(6);
  });
  it('PG-11 obscuring terrain (the Ruined Hab) blocks sight across it but not out of it', () => {
    const across = rangedFor([
      { unitId: TROOPERS, x: 12, y: 18 },
      { unitId: RAIDERS, x: 30, y: 18 },
    ]);
    across.when({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red')).thenRejects('PG-11', 'NO_LINE_OF_SIGHT');
    const inside = rangedFor([
      { unitId: TROOPERS, x: 17, y: 18 },
      { unitId: RAIDERS, x: 30, y: 18 },
    ]);
    expect(attackData(inside.run({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), faces(0, 6))).hits).toBe(0);
  });
  it('PG-11 a unit engaged in melee (within 1") cannot make a ranged attack', () => {
    const v = rangedFor(inContact)
      .when({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'))
      .thenRejects('PG-11', 'ENGAGED');
    expect(v.message).toBe(
      'Vanguard Troopers (red-vanguard-troopers-1) is engaged in melee with Raiders (blue-raiders-1) and cannot fire Plasma Rifles.',
    );
  });
  it('PG-11 unless a rule allows it: Scrap Pistols (Fire While Engaged) fire while engaged', () => {
    const game = rangedFor(inContact, { first: 'blue' });
    const data = attackData(game.run({ type: 'RangedAttack', unitId: RAIDERS, targetId: TROOPERS }, seat('blue'), faces(1, 4, 5)));
    expect(data).toMatchObject({ weapon: 'Scrap Pistols', attacks: 5, hits: 1, cohesion: 5 });
  });
  it('PG-11 a weapon fires once per turn', () => {
    const game = rangedFor([
      { unitId: TROOPERS, x: 18, y: 26 },
      { unitId: RAIDERS, x: 30, y: 26 },
    ]);
    game.run({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), faces(0, 6));
    game.when({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red')).thenRejects('PG-11', 'ALREADY_ATTACKED');
  });
  it('PG-4 a ranged attack outside the Ranged Phase is refused', () => {
    const v = arena(inContact)
      .when({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'))
      .thenRejects('PG-4', 'WRONG_PHASE');
    expect(v.message).toBe('A ranged attack happens in the Ranged Phase; it is the Command Phase.');
  });
});

describe('melee attacks', () => {
  it('PG-12 the target must be adjacent or within melee range', () => {
    const game = arena();
    toPhase(game, 'melee');
    const v = game
      .when({ type: 'MeleeAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'))
      .thenRejects('PG-12', 'NOT_IN_MELEE_RANGE');
    expect(v.message).toBe('Raiders (blue-raiders-1) is 26" from Vanguard Troopers (red-vanguard-troopers-1); Combat Knives reaches 1".');
  });
  it('PG-12 a unit with Melee Skill 0 cannot make a melee attack', () => {
    const game = arena(inContact, { factions: withTroopers((t) => ({ ...t, meleeSkill: 0 })) });
    toPhase(game, 'melee');
    game.when({ type: 'MeleeAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red')).thenRejects('PG-12', 'SKILL_ZERO');
  });
  it('PG-12 a unit needs a melee weapon or natural melee attack', () => {
    const game = arena(inContact, { factions: withTroopers((t) => ({ ...t, weapons: t.weapons.filter((w) => w.type === 'ranged') })) });
    toPhase(game, 'melee');
    const v = game.when({ type: 'MeleeAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red')).thenRejects('PG-12', 'NO_MELEE_WEAPON');
    expect(v.message).toBe('Vanguard Troopers (red-vanguard-troopers-1) has no melee weapon or natural melee attack.');
  });
  it("PG-12 a natural melee attack (the Flame Brute's Crushing Claws) hits for its Damage per hit", () => {
    const game = arena(
      [
        { unitId: TROOPERS, x: 22.5, y: 30 },
        { unitId: 'blue-flame-brute-1', x: 25.5, y: 30 },
      ],
      { first: 'blue' },
    );
    toPhase(game, 'melee');
    const data = attackData(
      game.run({ type: 'MeleeAttack', unitId: 'blue-flame-brute-1', targetId: TROOPERS }, seat('blue'), faces(2, 1, 3)),
    );
    expect(data).toMatchObject({
      weapon: 'Crushing Claws',
      attacks: 3,
      attacksRule: { rule: 'PG-3' },
      hits: 2,
      cohesionLost: 4,
      cohesion: 2,
      modelsRemaining: 1,
    });
  });
  it('PG-12 a melee weapon is used once per turn', () => {
    const game = arena(inContact);
    toPhase(game, 'melee');
    game.run({ type: 'MeleeAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), faces(0, 3));
    game.when({ type: 'MeleeAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red')).thenRejects('PG-12', 'ALREADY_ATTACKED');
  });
});

describe('statuses from weapons', () => {
  it('PG-13 a weapon that inflicts a status applies it to a target it hits (Flamer: Burning for 2 Status Phases)', () => {
    const game = arena(
      [
        { unitId: TROOPERS, x: 20, y: 30 },
        { unitId: 'blue-flame-brute-1', x: 25.5, y: 30 },
      ],
      { first: 'blue' },
    );
    toPhase(game, 'ranged');
    const data = attackData(
      game.run({ type: 'RangedAttack', unitId: 'blue-flame-brute-1', targetId: TROOPERS }, seat('blue'), faces(1, 2, 4)),
    );
    expect(data.statusApplied).toEqual({ name: 'Burning', remaining: 2 });
    expect(unit(game, TROOPERS)?.statuses).toEqual([{ name: 'Burning', remaining: 2 }]);
  });
  it('RUL-9 PG-13 a status a weapon applies again is refreshed, once; the target’s other statuses stay', () => {
    // The Flamer (Burning for 2) hits the Troopers, already Burning (1 left) and Regenerating.
    const game = arena(
      [
        { unitId: TROOPERS, x: 20, y: 30 },
        { unitId: 'blue-flame-brute-1', x: 25.5, y: 30 },
      ],
      { first: 'blue' },
    );
    given(
      game,
      standing(TROOPERS, 6, [
        { name: 'Burning', remaining: 1 },
        { name: 'Regenerating', remaining: 1 },
      ]),
    );
    toPhase(game, 'ranged');
    game.run({ type: 'RangedAttack', unitId: 'blue-flame-brute-1', targetId: TROOPERS }, seat('blue'), scriptedDice([6, 1, 1]));
    expect(unit(game, TROOPERS)?.statuses).toEqual([
      { name: 'Regenerating', remaining: 1 },
      { name: 'Burning', remaining: 2 },
    ]);
  });
});

const attacks = (events: readonly DomainEvent[]) =>
  events.flatMap((e) => (e.type === 'AttackResolved' ? [eventData([e], 'AttackResolved')] : []));

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
    const { factions, red } = withCarriers(carrierSheet({ cohesion: 4, bodyValue: 4 }));
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
