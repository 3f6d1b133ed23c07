/**
 * RUL-8: every count, limit, die target and turn count Post Galactica states, and the
 * engine's stated defaults that act like one, tested at exactly its threshold and one past
 * it. Distances are in post-galactica-edges.
 */
import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import type { PgEvent } from '../../domain/post-galactica/events.ts';
import { exampleScenario } from '../../domain/post-galactica/examples.ts';
import { destroyUnit, workerLimit, workersOnBattlefield } from '../../domain/post-galactica/workers.ts';
import { Game, player, seat } from '../support/decider-spec.ts';
import {
  ARENA,
  type ArenaSetup,
  arena,
  eventData,
  given,
  type Mission,
  must,
  passTo,
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
const typesOf = (events: readonly DomainEvent[]) => events.map((e) => e.type);
const destroyed = (game: Game, unitId: string) => given(game, destroyUnit(rules(game), must(unit(game, unitId)), 'given'));
const TRAIN = { type: 'Produce', buildingId: 'red-cc', datasheet: 'engineer' } as const;

const created = (rulesOptions: unknown) =>
  new Game().when({ type: 'CreateGame', ruleset: 'post-galactica', options: { rules: rulesOptions } }, player('p1'));

describe('PG-17 Workers lost at the Free Worker Allowance of 3', () => {
  it('RUL-8 PG-17 a Worker destroyed while exactly 3 are on the battlefield is Free Worker Allowance, even with purchased capacity held', () => {
    const game = arena();
    // red-worker-4 waits off the battlefield, as a destroyed transport's passenger with no room does (transports.ts).
    const waiting: PgEvent = {
      type: 'PassengersDisembarked',
      data: { transportId: 'red-dropship-1', placements: [{ unitId: 'red-worker-4', position: null }], rule: 'PG-10' },
    };
    given(game, waiting);
    expect([workersOnBattlefield(rules(game), 'red'), workerLimit(rules(game), 'red')]).toEqual([3, 4]);
    const lost = destroyUnit(rules(game), must(unit(game, 'red-worker-1')), 'given');
    expect(lost.data).toMatchObject({ worker: { before: 3, allowance: 'free', workerLimit: 4 }, destroyedZone: false, rule: 'PG-17' });
    given(game, lost);
    expect(rules(game).players.red?.destroyedZone.purchasedWorkerCapacity).toBe(0);
  });
  it('RUL-8 PG-17 a Worker destroyed while 4 (one more than 3) are on the battlefield moves one purchased capacity to the Destroyed Zone', () => {
    const game = arena();
    const lost = destroyUnit(rules(game), must(unit(game, 'red-worker-1')), 'given');
    expect(lost.data).toMatchObject({ worker: { before: 4, allowance: 'purchased', workerLimit: 3 }, destroyedZone: true });
  });
});

describe('PG-16 Deployment Points and the Worker Limit', () => {
  it("RUL-8 PG-16 a Deployment List costing exactly the mission's Deployment Points is accepted; 1 point over is refused", () => {
    // red's example list: 2 × Vanguard Troopers 30, Sentinel Walker 40, 1 purchased Worker 10 = 110.
    const armies = EXAMPLE.armies;
    expect(typesOf(created({ mission: { ...ARENA, deploymentPoints: 110 }, factions: EXAMPLE.factions, armies }).events)).toEqual([
      'GameCreated',
    ]);
    const v = created({ mission: { ...ARENA, deploymentPoints: 109 }, factions: EXAMPLE.factions, armies }).thenRejects(
      'MATCH',
      'BAD_OPTIONS',
    );
    expect(v.message).toContain("PG-16: red's Deployment List costs 110 Deployment Points");
  });
  it('RUL-8 PG-16 PG-17 a Worker may be trained while one below the Worker Limit of 3; at the limit it may not', () => {
    const game = arena([], { red: { purchasedWorkers: 0 } });
    destroyed(game, 'red-worker-1');
    toPhase(game, 'action');
    expect(typesOf(game.run(TRAIN, seat('red')))).toEqual(['ProductionStarted']);
    const v = game.when(TRAIN, seat('red')).thenRejects('PG-17', 'WORKER_LIMIT');
    expect(v.message).toBe('Workers: limit 3 reached (2 on the battlefield, 1 in training).');
  });
});

describe('PG-18 and PG-20 training at the edge of Supply and resources', () => {
  const trainTroopers = (supply: number) => {
    const factions = withUnit(
      'vanguard',
      'vanguard-troopers',
      (t) => ({ ...t, supply }),
      withBuilding('vanguard', 'command-center', (cc) => ({ ...cc, produces: ['engineer', 'vanguard-troopers'] })),
    );
    const game = arena([], { factions, red: { units: [], purchasedWorkers: 0 } });
    toPhase(game, 'action');
    return game.when({ type: 'Produce', buildingId: 'red-cc', datasheet: 'vanguard-troopers' }, seat('red'));
  };
  it("RUL-8 PG-20 PG-18 a unit needing exactly the Supply left of the Command Center's 5 is trained; 1 more is refused", () => {
    // 3 Workers use 3 of the 5.
    expect(typesOf(trainTroopers(2).events)).toEqual(['ProductionStarted']);
    const v = trainTroopers(3).thenRejects('PG-18', 'NOT_ENOUGH_SUPPLY');
    expect(v.message).toBe('Supply: 3 of 5 used; Vanguard Troopers needs 3.');
  });
  it('RUL-8 PG-18 exactly the cost in resources trains a Worker back; 1 Carbon short does not', () => {
    const training = (carbon: number) => {
      const game = arena([], { red: { purchasedWorkers: 0 }, mission: { startingResources: { carbon, crystal: 0, faction: 0 } } });
      destroyed(game, 'red-worker-1');
      toPhase(game, 'action');
      return game.when(TRAIN, seat('red'));
    };
    expect(typesOf(training(50).events)).toEqual(['ProductionStarted']);
    training(49).thenRejects('PG-18', 'NOT_ENOUGH_RESOURCES');
  });
});

describe('PG-15 the Command Center limit', () => {
  it('RUL-8 PG-15 PG-21 under a limit of 2 a second Command Center may be begun; a third may not', () => {
    const game = arena(
      [
        { unitId: 'red-worker-1', x: 20, y: 28.6 },
        { unitId: 'red-worker-2', x: 20, y: 9.4 },
      ],
      { mission: { startingResources: { carbon: 1000, crystal: 0, faction: 0 }, commandCenterLimit: 2 } },
    );
    toPhase(game, 'action');
    const build = (unitId: string, y: number) => ({ type: 'Construct', unitId, datasheet: 'command-center', x: 20, y }) as const;
    expect(typesOf(game.run(build('red-worker-1', 33), seat('red')))).toEqual(['ConstructionStarted']);
    const v = game.when(build('red-worker-2', 5), seat('red')).thenRejects('PG-21', 'COMMAND_CENTER_LIMIT');
    expect(v.message).toBe('You control 1 active and 1 under construction Command Centers; the limit is 2, so no new one may be begun.');
  });
});

describe('PG-1, PG-2 and PG-3 models and attacks', () => {
  const inContact: Spot[] = [
    { unitId: TROOPERS, x: 22.5, y: 14 },
    { unitId: RAIDERS, x: 25, y: 14 },
  ];
  /** The Troopers (6 Cohesion, Body Value 2 unless changed) after `hits` from the Raiders, then striking back. */
  const afterHits = (hits: number, bodyValue = 2) => {
    const factions = withUnit('vanguard', 'vanguard-troopers', (t) => ({ ...t, bodyValue }));
    const game = arena(inContact, { first: 'blue', factions });
    toPhase(game, 'melee');
    const faces = [...Array(hits).fill(6), ...Array(10 - hits).fill(1)];
    game.run({ type: 'MeleeAttack', unitId: RAIDERS, targetId: TROOPERS, weapons: ['Scrap Blades'] }, seat('blue'), scriptedDice(faces));
    toPhase(game, 'melee', 'red');
    const back = game.run({ type: 'MeleeAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), scriptedDice(Array(3).fill(1)));
    return eventData(back, 'AttackResolved');
  };
  it('RUL-8 PG-2 PG-1 at 4 Cohesion (exactly 2 × Body Value 2) the Troopers are 2 models and make 2 attacks; at 5 they are 3 (rounded up)', () => {
    expect(afterHits(2)).toMatchObject({ models: 2, attacks: 2 });
    expect(afterHits(1)).toMatchObject({ models: 3, attacks: 3 });
  });
  it('RUL-8 PG-2 PG-1 at 2 Cohesion (exactly one Body Value) the Troopers are 1 model making Attacks × 1; at 3 they are 2', () => {
    expect(afterHits(4)).toMatchObject({ models: 1, attacks: 1 });
    expect(afterHits(3)).toMatchObject({ models: 2, attacks: 2 });
  });
  it('RUL-8 PG-2 at Body Value 3, 3 Cohesion is 1 model; 4 Cohesion (one past) is 2, rounded up however small the part', () => {
    expect(afterHits(3, 3)).toMatchObject({ models: 1, attacks: 1 });
    expect(afterHits(2, 3)).toMatchObject({ models: 2, attacks: 2 });
  });
  it('RUL-8 PG-3 Body Value 5 is high (default threshold) and may have a special attack rule; Body Value 4 may not', () => {
    const troopers = (bodyValue: number) =>
      created({
        mission: ARENA,
        factions: withUnit('vanguard', 'vanguard-troopers', (t) => ({
          ...t,
          bodyValue,
          specialAttackRule: { name: 'Volley', attacks: 3 },
        })),
        armies: EXAMPLE.armies,
      });
    expect(typesOf(troopers(5).events)).toEqual(['GameCreated']);
    expect(troopers(4).thenRejects('MATCH', 'BAD_OPTIONS').message).toContain('PG-3: only Lone units');
  });
});

describe('die targets (default: a d6 at or above the Skill hits)', () => {
  const RANGE: Spot[] = [
    { unitId: TROOPERS, x: 10, y: 3 },
    { unitId: RAIDERS, x: 30, y: 3 },
  ];
  it('RUL-8 PG-11 Ranged Skill 0 may not make ranged attacks; Ranged Skill 1 may', () => {
    const shooting = (rangedSkill: number) => {
      const game = arena(RANGE, { factions: withUnit('vanguard', 'vanguard-troopers', (t) => ({ ...t, rangedSkill })) });
      toPhase(game, 'ranged');
      return game.when({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), scriptedDice(Array(6).fill(1)));
    };
    shooting(0).thenRejects('PG-11', 'SKILL_ZERO');
    expect(typesOf(shooting(1).events)).toContain('AttackResolved');
  });
  it('RUL-8 PG-12 Melee Skill 0 may not make melee attacks; Melee Skill 1 may', () => {
    const striking = (meleeSkill: number) => {
      const factions = withUnit('scrap-horde', 'raiders', (r) => ({ ...r, meleeSkill }));
      const game = arena(
        [
          { unitId: TROOPERS, x: 22.5, y: 14 },
          { unitId: RAIDERS, x: 25, y: 14 },
        ],
        { first: 'blue', factions },
      );
      toPhase(game, 'melee');
      return game.when({ type: 'MeleeAttack', unitId: RAIDERS, targetId: TROOPERS }, seat('blue'), scriptedDice(Array(10).fill(1)));
    };
    striking(0).thenRejects('PG-12', 'SKILL_ZERO');
    expect(typesOf(striking(1).events)).toContain('AttackResolved');
  });
  it('RUL-8 PG-11 a die equal to the Ranged Skill (4) hits; one less (3) misses', () => {
    const game = arena(RANGE);
    toPhase(game, 'ranged');
    const shot = eventData(
      game.run({ type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS }, seat('red'), scriptedDice([4, 3, 1, 1, 1, 1])),
      'AttackResolved',
    );
    expect(shot.rolls.slice(0, 2).map((r) => [r.value, r.target, r.success])).toEqual([
      [4, 4, true],
      [3, 4, false],
    ]);
    expect(shot.hits).toBe(1);
  });
});

describe('PG-7 a single countdown counter', () => {
  it("RUL-8 PG-7 1 counter placed this turn stays through the opponent's Command Phase and completes in the controller's next one", () => {
    const game = arena();
    toPhase(game, 'action');
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26.5 }, seat('red'));
    expect(typesOf(passTo(game, 'blue'))).not.toContain('CountersRemoved');
    expect(rules(game).countdowns.map((c) => c.counters)).toEqual([1]);
    const events = passTo(game, 'red');
    expect(eventData(events, 'CountersRemoved').removed).toMatchObject([{ remaining: 0 }]);
    expect(eventData(events, 'CountdownCompleted')).toMatchObject({ kind: 'construction', unitId: 'red-supply-depot-1' });
    expect(unit(game, 'red-supply-depot-1')?.complete).toBe(true);
  });
});

describe('PG-7 counters placed in the Command Phase itself', () => {
  it('RUL-8 PG-7 PG-6 a recharge counter a start-of-turn ability places in this Command Phase is not removed in it, only in the next', () => {
    const factions = withUnit('vanguard', 'vanguard-troopers', (t) => ({
      ...t,
      abilities: [{ name: 'Field Rations', trigger: 'startOfTurn', cost: { carbon: 0, crystal: 0, faction: 0 }, recharge: 1 }],
    }));
    const game = arena([], { factions, red: { units: [{ datasheet: 'vanguard-troopers' }], purchasedWorkers: 1 } });
    expect(rules(game).countdowns).toMatchObject([{ kind: 'recharge', counters: 1, placedTurn: 1, unitId: TROOPERS }]);
    const next = passTo(game, 'red');
    expect(eventData(next, 'CountersRemoved').removed).toMatchObject([{ kind: 'recharge', remaining: 0 }]);
    expect(rules(game).countdowns).toEqual([]);
  });
});

describe('PG-8 a finite node at its last resources', () => {
  const finite = (total: number): Partial<Mission> => ({
    resourceNodes: [{ id: 'carbon-west', kind: 'carbon', x: 8, y: 30, total }],
  });
  const gathered = (total: number) => {
    const game = arena([], { mission: finite(total) });
    toPhase(game, 'resource');
    return eventData(game.run({ type: 'Gather' }, seat('red')), 'ResourcesGathered').nodes;
  };
  it('RUL-8 PG-8 a node holding exactly what the 4 Workers gather (20) yields it all and is empty; holding 19 it yields 19', () => {
    expect(gathered(20)).toMatchObject([{ amount: 20, remaining: 0 }]);
    expect(gathered(19)).toMatchObject([{ amount: 19, remaining: 0 }]);
    expect(gathered(21)).toMatchObject([{ amount: 20, remaining: 1 }]);
  });
});

describe('PG-4 and PG-14 turn and round counts', () => {
  const endTurn = (game: Game) => {
    toPhase(game, 'end');
    return typesOf(game.run({ type: 'EndPhase' }, seat(rules(game).activeSeat)));
  };
  it("RUL-8 PG-4 a round is not complete after the first player's turn; it is after the second player's", () => {
    const game = arena();
    expect(endTurn(game)).not.toContain('RoundCompleted');
    expect(rules(game).round).toBe(1);
    expect(endTurn(game)).toContain('RoundCompleted');
    expect(rules(game).round).toBe(2);
  });
  it("RUL-8 PG-14 a round limit of 2 ends the game after the last player's turn of round 2, not one turn earlier", () => {
    const game = arena([], { mission: { victory: [{ type: 'roundLimit', rounds: 2 }] } });
    expect(endTurn(game)).not.toContain('GameEnded');
    expect(endTurn(game)).not.toContain('GameEnded');
    expect(endTurn(game)).not.toContain('GameEnded');
    expect(endTurn(game)).toContain('GameEnded');
  });
  it('RUL-8 PG-14 exactly the Victory Points of the mission (2) win at the End Phase; 1 point fewer does not', () => {
    const scored = (total: number): PgEvent => ({
      type: 'ObjectivesScored',
      data: { seat: 'red', objectives: ['relay'], points: total, total, rule: 'PG-14' },
    });
    const setup: ArenaSetup = { mission: { victory: [{ type: 'objectivePoints', points: 2 }] } };
    const short = arena([], setup);
    given(short, scored(1));
    expect(endTurn(short)).not.toContain('GameEnded');
    const enough = arena([], setup);
    given(enough, scored(2));
    expect(endTurn(enough)).toContain('GameEnded');
  });
});
