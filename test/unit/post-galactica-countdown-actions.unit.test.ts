import { describe, expect, it } from 'vitest';
import type { Faction } from '../../domain/post-galactica/datasheets.ts';
import { seat } from '../support/decider-spec.ts';
import { arena, eventData, passTo, rules, TROOPERS, toPhase, unit, withBuilding, withUnit } from '../support/post-galactica.ts';

// The example factions, with a Command Center that may Research, Engineers that may Salvage,
// and Vanguard Troopers with three abilities.
const PLASMA_TUNING = { name: 'Plasma Tuning', cost: { carbon: 50, crystal: 0, faction: 0 }, counters: 2 };
const research = withBuilding('vanguard', 'command-center', (cc) => ({
  ...cc,
  actions: [...cc.actions, 'Research'],
  research: { 'plasma-tuning': PLASMA_TUNING, 'armor-plating': { ...PLASMA_TUNING, name: 'Armor Plating' } },
}));
const salvaging = withUnit('vanguard', 'engineer', (e) => ({ ...e, actions: [...e.actions, 'Salvage'] }), research);
// Vanguard gains 1 faction resource in each Command Phase (the example's commandIncome, PG-6).
const NONE = { carbon: 0, crystal: 0, faction: 0 };
const factions: Record<string, Faction> = withUnit(
  'vanguard',
  'vanguard-troopers',
  (t) => ({
    ...t,
    actions: [...t.actions, 'Activate Ability'],
    abilities: [
      { name: 'Stim Packs', cost: NONE, recharge: 2, status: { name: 'Regenerating', duration: 1 } },
      { name: 'Requisition', cost: { carbon: 0, crystal: 10, faction: 0 }, gain: { carbon: 25, crystal: 0, faction: 0 } },
      { name: 'Overcharge', cost: NONE, requires: 'plasma-tuning' },
    ],
  }),
  salvaging,
);

const RESEARCH = { type: 'Research', buildingId: 'red-cc', research: 'plasma-tuning' } as const;
const inAction = () => {
  const game = arena([], { factions });
  toPhase(game, 'action');
  return game;
};

describe('Research', () => {
  it('PG-10 Research places research counters and pays the cost; none come off the turn they are placed (PG-7)', () => {
    const game = inAction();
    expect(game.run(RESEARCH, seat('red'))).toEqual([
      {
        type: 'ResearchStarted',
        data: {
          seat: 'red',
          countdownId: 'cd-1',
          buildingId: 'red-cc',
          research: 'plasma-tuning',
          name: 'Plasma Tuning',
          cost: PLASMA_TUNING.cost,
          counters: 2,
          placedTurn: 1,
          rule: 'PG-10',
        },
      },
    ]);
    expect(rules(game).players.red?.resources.carbon).toBe(150);
    expect(rules(game).countdowns.map((c) => [c.kind, c.item, c.counters])).toEqual([['research', 'plasma-tuning', 2]]);
  });
  it('PG-10 research completes in the Command Phase its last counter comes off, and is recorded for the player (PG-7)', () => {
    const game = inAction();
    game.run(RESEARCH, seat('red'));
    expect(eventData(passTo(game, 'red'), 'CountersRemoved').removed).toMatchObject([{ kind: 'research', remaining: 1 }]);
    expect(rules(game).players.red?.researched).toEqual([]);
    expect(eventData(passTo(game, 'red'), 'CountdownCompleted')).toMatchObject({ kind: 'research', unitId: 'red-cc', rule: 'PG-7' });
    expect(rules(game).players.red?.researched).toEqual(['plasma-tuning']);
    toPhase(game, 'action');
    game.when(RESEARCH, seat('red')).thenRejects('PG-10', 'ALREADY_RESEARCHED');
  });
  it('PG-10 a building researches only what its datasheet lists', () => {
    const v = inAction()
      .when({ ...RESEARCH, research: 'warp-drive' }, seat('red'))
      .thenRejects('PG-10', 'UNKNOWN_RESEARCH');
    expect(v.message).toBe('Command Center (red-cc) researches plasma-tuning, armor-plating, not "warp-drive".');
  });
  it('PG-10 a building may only Research if its datasheet allows it (the example Command Center does not)', () => {
    const game = arena();
    toPhase(game, 'action');
    game.when(RESEARCH, seat('red')).thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
  });
  it('PG-18 a building researching has no capacity for more: one countdown at a time', () => {
    const game = inAction();
    game.run(RESEARCH, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    const v = game.when({ ...RESEARCH, research: 'armor-plating' }, seat('red')).thenRejects('PG-18', 'NO_PRODUCTION_CAPACITY');
    expect(v.message).toBe('Command Center (red-cc) is busy (Plasma Tuning at red-cc, 1 counters left).');
  });
});

describe('Salvage', () => {
  const depotBuilt = () => {
    const game = inAction();
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    return game;
  };
  it('PG-10 a Worker begins salvaging a friendly building within 1", placing salvage counters (PG-7)', () => {
    const game = depotBuilt();
    expect(unit(game, 'red-supply-depot-1')?.complete).toBe(true);
    const events = game.run({ type: 'Salvage', unitId: 'red-worker-1', targetId: 'red-supply-depot-1' }, seat('red'));
    expect(events).toEqual([
      {
        type: 'SalvageStarted',
        data: {
          seat: 'red',
          countdownId: 'cd-2',
          unitId: 'red-worker-1',
          targetId: 'red-supply-depot-1',
          counters: 1,
          placedTurn: 3,
          rule: 'PG-10',
        },
      },
    ]);
  });
  it('PG-10 when the salvage counters are gone the building leaves, not to the Destroyed Zone, and half its cost comes back', () => {
    const game = depotBuilt();
    game.run({ type: 'Salvage', unitId: 'red-worker-1', targetId: 'red-supply-depot-1' }, seat('red'));
    const carbon = rules(game).players.red?.resources.carbon ?? 0;
    const done = eventData(passTo(game, 'red'), 'CountdownCompleted');
    expect(done).toMatchObject({ kind: 'salvage', unitId: 'red-supply-depot-1', gained: { carbon: 50, crystal: 0, faction: 0 } });
    expect(unit(game, 'red-supply-depot-1')).toBeUndefined();
    expect(rules(game).players.red?.resources.carbon).toBe(carbon + 50);
    expect(rules(game).players.red?.destroyedZone.units).toEqual([]);
  });
  it('PG-15 a Command Center cannot be salvaged', () => {
    const game = arena([{ unitId: 'red-worker-1', x: 6, y: 21.6 }], { factions });
    toPhase(game, 'action');
    const v = game
      .when({ type: 'Salvage', unitId: 'red-worker-1', targetId: 'red-cc' }, seat('red'))
      .thenRejects('PG-10', 'NOT_SALVAGEABLE');
    expect(v.message).toBe('Command Center (red-cc) cannot be salvaged: only your complete buildings other than a Command Center can.');
  });
  it('PG-10 a building out of reach is not salvaged', () => {
    const game = depotBuilt();
    game
      .when({ type: 'Salvage', unitId: 'red-worker-3', targetId: 'red-supply-depot-1' }, seat('red'))
      .thenRejects('PG-10', 'OUT_OF_REACH');
  });
});

describe('Activate Ability', () => {
  const STIM = { type: 'ActivateAbility', unitId: TROOPERS, ability: 'Stim Packs' } as const;
  it('PG-10 an ability applies its status and places its recharge counters', () => {
    const game = inAction();
    expect(eventData(game.run(STIM, seat('red')), 'AbilityActivated')).toEqual({
      seat: 'red',
      unitId: TROOPERS,
      ability: 'Stim Packs',
      cost: NONE,
      gained: NONE,
      resources: { carbon: 200, crystal: 50, faction: 1 },
      statusApplied: { name: 'Regenerating', remaining: 1 },
      recharge: { countdownId: 'cd-1', counters: 2, placedTurn: 1 },
      rule: 'PG-10',
    });
    expect(unit(game, TROOPERS)?.statuses).toEqual([{ name: 'Regenerating', remaining: 1 }]);
  });
  it('PG-7 PG-10 a recharging ability cannot be used until its last recharge counter is removed', () => {
    const game = inAction();
    game.run(STIM, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    const v = game.when(STIM, seat('red')).thenRejects('PG-10', 'RECHARGING');
    expect(v.message).toBe('Stim Packs of Vanguard Troopers (red-vanguard-troopers-1) is recharging (1 recharge counters left).');
    expect(eventData(passTo(game, 'red'), 'CountdownCompleted')).toMatchObject({ kind: 'recharge', unitId: TROOPERS });
    toPhase(game, 'action');
    expect(game.run(STIM, seat('red'))[0]?.type).toBe('AbilityActivated');
  });
  it('PG-10 an ability pays its cost and gains its resources at once', () => {
    const game = inAction();
    game.run({ type: 'ActivateAbility', unitId: TROOPERS, ability: 'Requisition' }, seat('red'));
    expect(rules(game).players.red?.resources).toEqual({ carbon: 225, crystal: 40, faction: 1 });
  });
  it('PG-10 an ability that requires research is refused until the research is done', () => {
    const v = inAction()
      .when({ type: 'ActivateAbility', unitId: TROOPERS, ability: 'Overcharge' }, seat('red'))
      .thenRejects('PG-10', 'RESEARCH_NEEDED');
    expect(v.message).toBe('Overcharge needs the research "plasma-tuning", which you have not completed.');
  });
  it('PG-10 a unit activates only abilities its datasheet has, and only if it may Activate Ability', () => {
    const game = inAction();
    game.when({ type: 'ActivateAbility', unitId: TROOPERS, ability: 'Teleport' }, seat('red')).thenRejects('PG-10', 'UNKNOWN_ABILITY');
    game
      .when({ type: 'ActivateAbility', unitId: 'red-sentinel-walker-1', ability: 'Stim Packs' }, seat('red'))
      .thenRejects('PG-10', 'ACTION_NOT_ALLOWED');
  });
});
