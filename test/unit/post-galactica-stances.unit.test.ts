import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { overwatchReactions } from '../../domain/post-galactica/stances.ts';
import { seat } from '../support/decider-spec.ts';
import { arena, eventData, passTo, RAIDERS, rules, type Spot, TROOPERS, toPhase, unit, withUnit } from '../support/post-galactica.ts';
import { inPhase, rulesContext, toAction } from '../support/post-galactica-setups.ts';

// Vanguard Troopers that may also take Overwatch and Disengage (the example allows Dodge).
const factions = withUnit('vanguard', 'vanguard-troopers', (t) => ({ ...t, actions: [...t.actions, 'Overwatch', 'Disengage'] }));

/** Red's Troopers take a stance in red's Action Phase; then blue's turn reaches `phase`. */
const stance = (type: 'Overwatch' | 'Dodge' | 'Disengage', at: Spot[], phase: 'movement' | 'ranged' | 'melee') => {
  const game = arena(at, { factions });
  toPhase(game, 'action');
  const taken = game.run({ type, unitId: TROOPERS }, seat('red'));
  toPhase(game, phase, 'blue');
  return { game, taken };
};

const faces = (hits: number, misses: number, hit = 6) => scriptedDice([...Array(hits).fill(hit), ...Array(misses).fill(1)]);
const withTroopers = (change: Parameters<typeof withUnit>[2]) => withUnit('vanguard', 'vanguard-troopers', change);

describe('Overwatch', () => {
  // Troopers at (10, 14) with Plasma Rifles (Range 24", Ranged Skill 4); Raiders start at (38, 14).
  it("PG-10 Overwatch is a stance taken as the Action Phase action; it holds into the enemy's turn", () => {
    const { game, taken } = stance('Overwatch', [], 'movement');
    expect(taken).toEqual([{ type: 'StanceTaken', data: { unitId: TROOPERS, stance: 'Overwatch', rule: 'PG-10' } }]);
    expect(unit(game, TROOPERS)?.stance).toBe('Overwatch');
  });
  it('PG-10 an enemy ending its move in range and sight is shot at once, with −1 to hit, and the stance is spent', () => {
    const { game } = stance('Overwatch', [], 'movement');
    // 3 models × 2 attacks: two 6s hit (5 after −1 against Skill 4), four 4s miss (3 after −1).
    const events = game.run({ type: 'Move', unitId: RAIDERS, path: [{ x: 31, y: 14 }] }, seat('blue'), scriptedDice([6, 6, 4, 4, 4, 4]));
    expect(events.map((e) => e.type)).toEqual(['UnitMoved', 'AttackResolved']);
    const shot = eventData(events, 'AttackResolved');
    expect(shot).toMatchObject({
      attackerId: TROOPERS,
      targetId: RAIDERS,
      reaction: 'Overwatch',
      attacks: 6,
      hits: 2,
      cohesion: 3,
      rule: 'PG-11',
    });
    expect(shot.rolls[0]?.modifiers).toEqual([{ value: -1, rule: 'PG-10', reason: 'Overwatch reaction shot' }]);
    expect(unit(game, TROOPERS)?.stance).toBeNull();
  });
  it('PG-10 an enemy ending its move out of range draws no fire, and the stance holds', () => {
    const { game } = stance('Overwatch', [], 'movement');
    // 37 - 10 = 27" centre to centre, 25" edge to edge: beyond the 24" of Plasma Rifles (PG-11).
    const events = game.run({ type: 'Move', unitId: RAIDERS, path: [{ x: 37, y: 14 }] }, seat('blue'));
    expect(events.map((e) => e.type)).toEqual(['UnitMoved']);
    expect(unit(game, TROOPERS)?.stance).toBe('Overwatch');
  });
  it("PG-10 a stance ends at the start of its controller's next turn", () => {
    const { game } = stance('Overwatch', [], 'movement');
    passTo(game, 'red');
    expect(unit(game, TROOPERS)?.stance).toBeNull();
  });
});

describe('Dodge', () => {
  it('PG-10 attacks against a Dodging unit have −1 to hit', () => {
    const at = [
      { unitId: TROOPERS, x: 18, y: 26 },
      { unitId: RAIDERS, x: 30, y: 26 },
    ];
    const { game } = stance('Dodge', at, 'ranged');
    // Scrap Pistols, Ranged Skill 5: a 6 hits (5 after −1), a 5 misses (4 after −1).
    const events = game.run({ type: 'RangedAttack', unitId: RAIDERS, targetId: TROOPERS }, seat('blue'), scriptedDice([6, 5, 1, 1, 1]));
    const shot = eventData(events, 'AttackResolved');
    expect(shot.hits).toBe(1);
    expect(shot.rolls[1]).toMatchObject({
      value: 5,
      total: 4,
      success: false,
      modifiers: [{ value: -1, rule: 'PG-10', reason: 'target is Dodging' }],
    });
  });
});

describe('Disengage', () => {
  // In base contact: the Troopers are engaged with the Raiders (edge to edge 0.5").
  const inContact = [
    { unitId: TROOPERS, x: 22.5, y: 14 },
    { unitId: RAIDERS, x: 25, y: 14 },
  ];
  const disengaged = () => {
    const game = arena(inContact, { factions });
    toPhase(game, 'action');
    game.run({ type: 'Disengage', unitId: TROOPERS }, seat('red'));
    return game;
  };
  it('PG-11 a Disengaged unit is not engaged: it may fire though an enemy stands within 1"', () => {
    const game = disengaged();
    toPhase(game, 'ranged');
    const events = game.run({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), scriptedDice([1, 1, 1, 1, 1, 1]));
    expect(eventData(events, 'AttackResolved')).toMatchObject({ weapon: 'Plasma Rifles', attacks: 6, hits: 0 });
  });
  it('PG-12 a Disengaged unit may not make melee attacks', () => {
    const game = disengaged();
    toPhase(game, 'melee');
    const v = game.when({ type: 'MeleeAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red')).thenRejects('PG-12', 'DISENGAGED');
    expect(v.message).toBe(
      'Vanguard Troopers (red-vanguard-troopers-1) has disengaged and may not make melee attacks until its next turn.',
    );
  });
  it("PG-12 a Disengaged unit is not a legal melee target in the enemy's turn", () => {
    const game = disengaged();
    toPhase(game, 'melee', 'blue');
    const v = game.when({ type: 'MeleeAttack', unitId: RAIDERS, targetId: TROOPERS }, seat('blue')).thenRejects('PG-12', 'ILLEGAL_TARGET');
    expect(v.message).toBe(
      "Vanguard Troopers (red-vanguard-troopers-1) has disengaged and is not a legal melee target until red's next turn.",
    );
  });
  it('PG-10 a unit takes only the stances its datasheet allows (Raiders may Dodge, not Overwatch)', () => {
    const game = arena([], { first: 'blue' });
    toPhase(game, 'action');
    game.when({ type: 'Overwatch', unitId: RAIDERS }, seat('blue')).thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
  });
  it('RUL-9 PG-10 PG-11 a Disengaged unit engages nobody: the enemy in base contact with it may fire', () => {
    // The Flame Brute's Flamer has no Fire While Engaged; it stands 0.5" from the Troopers, which Disengage in red's turn.
    const factions = withUnit('vanguard', 'vanguard-troopers', (t) => ({ ...t, actions: [...t.actions, 'Disengage'] }));
    const BRUTE = 'blue-flame-brute-1';
    const game = toAction(
      arena(
        [
          { unitId: TROOPERS, x: 22.5, y: 14 },
          { unitId: BRUTE, x: 25.5, y: 14 },
        ],
        { factions },
      ),
    );
    game.run({ type: 'Disengage', unitId: TROOPERS }, seat('red'));
    toPhase(game, 'ranged', 'blue');
    const events = game.run({ type: 'RangedAttack', unitId: BRUTE, targetId: TROOPERS }, seat('blue'));
    expect(eventData(events, 'AttackResolved')).toMatchObject({ attackerId: BRUTE, targetId: TROOPERS, weapon: 'Flamer' });
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
    expect(overwatchReactions(rules(game), 'blue-nothing', rulesContext())).toEqual([]);
  });
});
