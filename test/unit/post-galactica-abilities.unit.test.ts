import { describe, expect, it } from 'vitest';
import type { Faction, FactionAbility } from '../../domain/post-galactica/datasheets.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { factionAbilities } from '../../domain/post-galactica/faction-abilities.ts';
import { seat, startedPostGalactica } from '../support/decider-spec.ts';
import { arena, eventData, given, must, passTo, rules, TROOPERS, toPhase, unit, withUnit } from '../support/post-galactica.ts';
import { acting, CARBON, NONE, RESEARCH, vanguardWith } from '../support/post-galactica-setups.ts';

const EXAMPLE = exampleScenario();

// Vanguard Troopers with a start-of-turn and an end-of-turn ability, and a Vanguard faction
// with two faction abilities. Vanguard gains 1 faction resource in each Command Phase (PG-6).
// Red starts with 200 Carbon; its two Troopers gain 5 each at the start of every red turn
// (red's first turn included) and 1 each at its end.
const troopers = withUnit('vanguard', 'vanguard-troopers', (t) => ({
  ...t,
  abilities: [
    { name: 'Field Rations', trigger: 'startOfTurn', cost: CARBON(0), gain: CARBON(5), status: { name: 'Shielded', duration: 1 } },
    { name: 'Dig In', trigger: 'endOfTurn', cost: CARBON(0), gain: CARBON(1) },
  ],
}));
const vanguard = must(troopers.vanguard);
const factions: Record<string, Faction> = {
  ...troopers,
  vanguard: {
    ...vanguard,
    abilities: [
      { name: 'Orbital Drop', cost: { carbon: 0, crystal: 10, faction: 0 }, gain: CARBON(20) },
      { name: 'Rally', usesPerTurn: 2, cost: CARBON(0), gain: CARBON(1) },
    ],
  },
};
const DROP = { type: 'UseFactionAbility', ability: 'Orbital Drop' } as const;

describe('start- and end-of-turn abilities', () => {
  it('PG-6 start-of-turn abilities resolve first in the Command Phase, before faction resources and the refresh', () => {
    const game = arena([], { factions });
    const events = passTo(game, 'red');
    expect(events.map((e) => e.type).slice(-6)).toEqual([
      'TurnStarted',
      'PhaseStarted',
      'AbilityTriggered',
      'AbilityTriggered',
      'FactionResourcesGained',
      'FactionAbilitiesRefreshed',
    ]);
    expect(eventData(events, 'AbilityTriggered')).toEqual({
      seat: 'red',
      unitId: TROOPERS,
      ability: 'Field Rations',
      trigger: 'startOfTurn',
      cost: CARBON(0),
      gained: CARBON(5),
      resources: { carbon: 217, crystal: 50, faction: 1 },
      statusApplied: { name: 'Shielded', remaining: 1 },
      recharge: null,
      rule: 'PG-6',
    });
    expect(unit(game, TROOPERS)).toMatchObject({ acted: false, statuses: [{ name: 'Shielded', remaining: 1 }] });
    expect(rules(game).players.red?.resources).toEqual({ carbon: 222, crystal: 50, faction: 2 });
  });

  it("PG-6 PG-14 abilities resolve for the active player's units only", () => {
    const game = arena([], { factions });
    const events = passTo(game, 'blue');
    expect(events.filter((e) => e.type === 'AbilityTriggered').map((e) => e.data)).toMatchObject([
      { unitId: TROOPERS, trigger: 'endOfTurn' },
      { unitId: 'red-vanguard-troopers-2', trigger: 'endOfTurn' },
    ]);
    expect(events.map((e) => e.type).slice(-2)).toEqual(['TurnStarted', 'PhaseStarted']);
  });

  it('PG-14 end-of-turn abilities resolve after objectives are scored and before totals are confirmed', () => {
    const game = arena([], { factions });
    given(game, { type: 'ObjectiveInteracted', data: { unitId: TROOPERS, seat: 'red', objectiveId: 'beacon', rule: 'PG-10' } });
    toPhase(game, 'end', 'red');
    const events = game.run({ type: 'EndPhase' }, seat('red'));
    expect(events.map((e) => e.type).slice(0, 4)).toEqual(['ObjectivesScored', 'AbilityTriggered', 'AbilityTriggered', 'TotalsConfirmed']);
    expect(eventData(events, 'AbilityTriggered')).toMatchObject({ ability: 'Dig In', trigger: 'endOfTurn', rule: 'PG-14' });
    expect(eventData(events, 'TotalsConfirmed').resources).toEqual({ carbon: 212, crystal: 50, faction: 1 });
  });

  it('PG-6 a start-of-turn ability that could not be activated now (its cost unaffordable) does not resolve', () => {
    const costly = withUnit('vanguard', 'vanguard-troopers', (t) => ({
      ...t,
      abilities: [{ name: 'Airstrike', trigger: 'startOfTurn', cost: CARBON(500), gain: CARBON(1) }],
    }));
    const game = arena([], { factions: costly });
    expect(passTo(game, 'red').some((e) => e.type === 'AbilityTriggered')).toBe(false);
  });

  it('PG-10 an ability with a trigger resolves by itself and is not activated', () => {
    const active = withUnit('vanguard', 'vanguard-troopers', (t) => ({ ...t, actions: [...t.actions, 'Activate Ability'] }), factions);
    const game = arena([], { factions: active });
    toPhase(game, 'action');
    const v = game
      .when({ type: 'ActivateAbility', unitId: TROOPERS, ability: 'Dig In' }, seat('red'))
      .thenRejects('PG-10', 'TRIGGERED_ABILITY');
    expect(v.message).toBe(
      `Dig In of Vanguard Troopers (${TROOPERS}) resolves by itself (at the end of the turn, PG-14); it is not activated.`,
    );
  });
});

describe('faction abilities', () => {
  const inAction = () => {
    const game = arena([], { factions });
    toPhase(game, 'action');
    return game;
  };

  it('PG-10 a faction uses its ability in the Action Phase: it pays the cost and gains at once', () => {
    const game = inAction();
    expect(game.run(DROP, seat('red'))).toEqual([
      {
        type: 'FactionAbilityUsed',
        data: {
          seat: 'red',
          ability: 'Orbital Drop',
          cost: { carbon: 0, crystal: 10, faction: 0 },
          gained: CARBON(20),
          resources: { carbon: 230, crystal: 40, faction: 1 },
          uses: 1,
          usesPerTurn: 1,
          rule: 'PG-10',
        },
      },
    ]);
    expect(rules(game).players.red?.resources).toEqual({ carbon: 230, crystal: 40, faction: 1 });
  });

  it('PG-10 a spent faction ability is refused with a clear sentence; usesPerTurn allows more', () => {
    const game = inAction();
    game.run(DROP, seat('red'));
    const v = game.when(DROP, seat('red')).thenRejects('PG-10', 'ABILITY_SPENT');
    expect(v.message).toBe(
      'Orbital Drop may be used once a turn and is spent; faction abilities are refreshed in your next Command Phase (PG-6).',
    );
    const rally = { type: 'UseFactionAbility', ability: 'Rally' } as const;
    game.run(rally, seat('red'));
    game.run(rally, seat('red'));
    expect(game.when(rally, seat('red')).thenRejects('PG-10', 'ABILITY_SPENT').message).toMatch(/^Rally may be used 2 times a turn/);
  });

  it('PG-6 faction abilities are refreshed in the Command Phase (logged), and may be used again', () => {
    const game = inAction();
    game.run(DROP, seat('red'));
    const events = passTo(game, 'red');
    expect(eventData(events, 'FactionAbilitiesRefreshed')).toEqual({
      seat: 'red',
      abilities: [
        { ability: 'Orbital Drop', usesPerTurn: 1 },
        { ability: 'Rally', usesPerTurn: 2 },
      ],
      rule: 'PG-6',
    });
    expect(rules(game).players.red?.factionAbilityUses).toEqual({});
    toPhase(game, 'action', 'red');
    expect(game.run(DROP, seat('red')).map((e) => e.type)).toEqual(['FactionAbilityUsed']);
  });

  it('PG-10 faction abilities belong to the Action Phase and to the faction that has them', () => {
    const game = arena([], { factions });
    game.when(DROP, seat('red')).thenRejects('PG-4', 'WRONG_PHASE');
    toPhase(game, 'action', 'blue');
    const v = game.when(DROP, seat('blue')).thenRejects('PG-10', 'UNKNOWN_ABILITY');
    expect(v.message).toBe('Your faction has no ability "Orbital Drop"; its abilities: none.');
  });
  const DROP = { type: 'UseFactionAbility', ability: 'Orbital Drop' } as const;
  const drop = (change: Partial<FactionAbility>) =>
    vanguardWith({
      abilities: [
        { name: 'Orbital Drop', cost: NONE, gain: CARBON(20), ...change },
        { name: 'Rally', cost: NONE },
      ],
    });
  it('RUL-9 PG-10 a faction ability that needs research is refused until the research is done', () => {
    const game = acting([], drop({ requires: 'plasma-tuning' }));
    game.when(DROP, seat('red')).thenRejects('PG-10', 'RESEARCH_NEEDED');
    game.run(RESEARCH, seat('red'));
    passTo(game, 'red');
    passTo(game, 'red');
    toPhase(game, 'action');
    expect(rules(game).players.red?.researched).toEqual(['plasma-tuning']);
    expect(eventData(game.run(DROP, seat('red')), 'FactionAbilityUsed').gained).toEqual(CARBON(20));
  });
  it('RUL-9 PG-10 a faction ability costing more than the player has is refused under PG-10', () => {
    // Red has 50 Crystal.
    acting([], drop({ cost: { ...NONE, crystal: 51 } }))
      .when(DROP, seat('red'))
      .thenRejects('PG-10', 'NOT_ENOUGH_RESOURCES');
  });
  it("RUL-9 PG-10 an unknown faction ability is refused with the list of the faction's abilities", () => {
    const v = acting([], drop({}))
      .when({ ...DROP, ability: 'Warp' }, seat('red'))
      .thenRejects('PG-10', 'UNKNOWN_ABILITY');
    expect(v.message).toBe('Your faction has no ability "Warp"; its abilities: Orbital Drop, Rally.');
  });
  it('RUL-9 PG-10 a seat with no faction has no faction abilities', () => {
    // No seat of a game lacks a player; factionAbilities is called directly.
    expect(factionAbilities(rules(acting([], drop({}))), 'green')).toEqual([]);
  });
});

describe('games without abilities behave as before', () => {
  it('PG-6 PG-10 PG-14 a game with {} options logs no ability events and has no faction abilities', () => {
    const game = startedPostGalactica();
    const types = Array.from({ length: 16 }, () => game.run({ type: 'EndPhase' }, seat(rules(game).activeSeat))).flatMap((es) =>
      es.map((e) => e.type),
    );
    expect(types.filter((t) => /Abilit/.test(t))).toEqual([]);
    toPhase(game, 'action');
    game.when(DROP, seat('red')).thenRejects('PG-10', 'UNKNOWN_ABILITY');
  });

  it('PG-6 PG-14 the example scenario resolves no abilities and refreshes nothing in a full round', () => {
    const game = arena([], { factions: EXAMPLE.factions });
    const events = [...passTo(game, 'blue'), ...passTo(game, 'red')];
    expect(events.map((e) => e.type)).toEqual([
      'TotalsConfirmed',
      'TurnStarted',
      'PhaseStarted',
      'TotalsConfirmed',
      'RoundCompleted',
      'TurnStarted',
      'PhaseStarted',
      'FactionResourcesGained',
    ]);
  });
});
