/**
 * RUL-9 RUL-1 RUL-2: what the Post Galactica fold publishes (its event types, the phases
 * deadlines may be set for, what the game is) and the events evolve takes as they are.
 */
import { describe, expect, it } from 'vitest';
import { ACTION_EVENT_TYPES, type ActionEvent } from '../../domain/post-galactica/action-events.ts';
import type { PgEvent } from '../../domain/post-galactica/events.ts';
import { evolve } from '../../domain/post-galactica/evolve.ts';
import { evolveAction } from '../../domain/post-galactica/evolve-actions.ts';
import { postGalacticaFold } from '../../domain/post-galactica/fold.ts';
import { arena, rules } from '../support/post-galactica.ts';
import { acting, NONE } from '../support/post-galactica-setups.ts';

describe('RUL-9 what the fold publishes (RUL-2, PG-4)', () => {
  it('RUL-9 RUL-2 the fold lists every event type a Post Galactica log may hold, each once', () => {
    // A record keyed by the event union (the action events are listed by action-events.ts): the type
    // checker fails this file if a type is missing or extra.
    const every: Record<Exclude<PgEvent['type'], ActionEvent['type']>, true> = {
      TurnStarted: true,
      PhaseStarted: true,
      RoundCompleted: true,
      DeploymentStarted: true,
      UnitsDeployed: true,
      FactionResourcesGained: true,
      CountersRemoved: true,
      CountdownCompleted: true,
      ResourcesGathered: true,
      UnitMoved: true,
      ConstructionStarted: true,
      ProductionStarted: true,
      UnitRepaired: true,
      ObjectiveInteracted: true,
      UnitAimed: true,
      AttackResolved: true,
      UnitDestroyed: true,
      StatusesResolved: true,
      ObjectivesScored: true,
      TotalsConfirmed: true,
      GameEnded: true,
    };
    expect([...postGalacticaFold.eventTypes].sort()).toEqual([...Object.keys(every), ...ACTION_EVENT_TYPES].sort());
  });

  it('RUL-9 PG-4 deadlines may be set for deployment and for each of the eight phases, in the order of a turn', () => {
    expect(postGalacticaFold.phaseNames).toEqual([
      'deployment',
      'command',
      'resource',
      'movement',
      'action',
      'ranged',
      'melee',
      'status',
      'end',
    ]);
  });

  it('RUL-9 PG-4 the fold says what the game is: alternating full turns through eight phases', () => {
    expect(postGalacticaFold.summary).toMatch(/^Alternating full turns through eight phases/);
  });
});

describe('RUL-9 events the fold takes as they are (RUL-1)', () => {
  it('RUL-9 RUL-1 GameEnded changes nothing of the Post Galactica state', () => {
    // The match folds GameEnded itself; a log replayed through the ruleset's evolve alone passes it too.
    const state = rules(arena());
    expect(evolve(state, { type: 'GameEnded', data: { winner: 'red', reason: 'given' } })).toBe(state);
  });

  it('RUL-9 RUL-1 an event type evolve does not know is a programming error, not silently skipped', () => {
    const unknown = { type: 'Teleported', data: {} } as unknown as PgEvent;
    expect(() => evolve(rules(arena()), unknown)).toThrow('unhandled case');
  });
});

describe('RUL-9 action events in the fold (PG-10, RUL-1)', () => {
  it('RUL-9 PG-10 every action event is among the event types the ruleset declares', () => {
    const every: Record<ActionEvent['type'], true> = {
      ResearchStarted: true,
      SalvageStarted: true,
      StanceTaken: true,
      UnitsLoaded: true,
      UnitsUnloaded: true,
      PassengersDisembarked: true,
      AbilityActivated: true,
      AbilityTriggered: true,
      FactionAbilitiesRefreshed: true,
      FactionAbilityUsed: true,
    };
    expect([...ACTION_EVENT_TYPES].sort()).toEqual(Object.keys(every).sort());
    expect(postGalacticaFold.eventTypes).toEqual(expect.arrayContaining(Object.keys(every)));
  });
  it('RUL-9 PG-7 a countdown placed for a unit the state does not hold has no datasheet', () => {
    // The decider writes these only for units in the state: evolveAction is called directly.
    const state = rules(acting());
    const placed = { countdownId: 'cd-9', counters: 1, placedTurn: 1 };
    const gone = 'red-gone';
    const events: ActionEvent[] = [
      {
        type: 'ResearchStarted',
        data: { ...placed, seat: 'red', buildingId: gone, research: 'plasma-tuning', name: 'Plasma Tuning', cost: NONE, rule: 'PG-10' },
      },
      { type: 'SalvageStarted', data: { ...placed, seat: 'red', unitId: 'red-worker-1', targetId: gone, rule: 'PG-10' } },
      {
        type: 'AbilityActivated',
        data: {
          seat: 'red',
          unitId: gone,
          ability: 'Stim Packs',
          cost: NONE,
          gained: NONE,
          resources: NONE,
          statusApplied: null,
          recharge: placed,
          rule: 'PG-10',
        },
      },
    ];
    expect(events.map((e) => evolveAction(state, e).countdowns.map((c) => c.datasheet))).toEqual([[''], [''], ['']]);
  });
});
