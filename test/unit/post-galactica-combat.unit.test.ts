import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { attackCount } from '../../domain/post-galactica/combat.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { modelsRemaining, sheetOf } from '../../domain/post-galactica/units.ts';
import { Game, player, seat } from '../support/decider-spec.ts';
import {
  ARENA,
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
  withUnit,
} from '../support/post-galactica.ts';

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
});
