import { describe, expect, it } from 'vitest';
import {
  type BoardingOrders,
  boardingOrdersSchema,
  boardingSeats,
  checkBoardingOrders,
  resolveBoarding,
} from '../../domain/gsc2/boarding.ts';
import { decide } from '../../domain/gsc2/decide.ts';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import { fold } from '../../domain/gsc2/evolve.ts';
import { useTractorBeam } from '../../domain/gsc2/movement.ts';
import { needsRepair, type Repair, repair, repairSeats } from '../../domain/gsc2/repairs.ts';
import type { GscState, ShipState } from '../../domain/gsc2/state.ts';
import { type UseSystem, useSystem, useSystemSchema } from '../../domain/gsc2/systems.ts';
import { victory } from '../../domain/gsc2/victory.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { seat } from '../support/decider-spec.ts';
import { battle, levels, of, place, rcFor, startBattle, types } from '../support/gsc2.ts';

const orders = (actions: BoardingOrders['actions'], sabotage: BoardingOrders['sabotage'] = []): BoardingOrders => ({
  step: 'boarding',
  actions,
  sabotage,
});

/** The Boarding step: Valiant (red cruiser) in contact with Tyrant (blue cruiser) `range` inches north, which is immobilized, did not move and faces it (bow aspect 1). */
const alongside = (range = 5): GscState => {
  let state: GscState = { ...battle(), turn: 1, step: 'boarding' };
  state = place(state, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 6, contact: ['tyrant'] });
  return place(state, 'tyrant', { at: { x: 0, y: range }, facing: 4, moved: 0, ...levels(state, 'tyrant', { drive: { level: 0 } }) });
};

/** The rules version before assault pods flew (RUL-10): a pods action rammed at once, at most 6" away. */
const BEFORE_FLYING_PODS = 'gsc2-0.3.0';

/** Dice that miss every boarding roll: a d10 of 10 is more than any target here. */
const misses = (n: number) => scriptedDice(Array<number>(n).fill(10));

/** Viper (blue destroyer: crew 2, one assault squad, no internal defense) in the Boarding step with red `boarders` aboard. */
const boarded = (boarders: { assault: number; heavy: number }, patch: Partial<ShipState> = {}): GscState =>
  place({ ...battle(), turn: 1, step: 'boarding' }, 'viper', { boarders, ...patch });

const noSquads = (state: GscState, id: string) => levels(state, id, { assaultSquads: { level: 0 }, heavyAssaultSquads: { level: 0 } });

describe('GSC-20 boarding actions', () => {
  it('GSC-20 boarding actions resolve in order: direct contact, assault pods, teleporters', () => {
    const given = orders([
      { ship: 'valiant', target: 'tyrant', method: 'teleporters', assault: 1, heavy: 0 },
      { ship: 'valiant', target: 'tyrant', method: 'pods', assault: 0, heavy: 1 },
      { ship: 'valiant', target: 'tyrant', method: 'contact', assault: 1, heavy: 0 },
    ]);
    expect(checkBoardingOrders(alongside(), 'red', given)).toBeNull();
    const events = resolveBoarding(alongside(), [{ seat: 'red', orders: given }], scriptedDice([1, 1, ...Array(11).fill(10)]));
    expect(events.slice(0, 5).map((e) => (e.type === 'BoardersLanded' ? `${e.type} ${e.data.method}` : e.type))).toEqual([
      'BoardersLanded contact',
      'PodsLaunched',
      'PodMoved',
      'PodRammed',
      'BoardersLanded teleporters',
    ]);
    expect(of(events, 'BoardersLanded').map((e) => e.data.landed)).toEqual([
      { assault: 1, heavy: 0 },
      { assault: 1, heavy: 0 },
    ]);
    expect(of(events, 'PodRammed')[0]?.data).toMatchObject({ squad: 'heavy', hit: true });
    const teleport = of(events, 'BoardersLanded')[1]?.data.rolls[0];
    // teleporters: targeting 5 + Tyrant's bow aspect 1, with the normal modifiers (one deflector level -1, did not move +2)
    expect(teleport).toMatchObject({ target: 6, effectiveTarget: 7, rule: 'GSC-20' });
    expect(events.indexOf(of(events, 'BoardingFought')[0] as GscEvent)).toBeGreaterThan(4);
  });
  it('GSC-20 direct contact needs a move into contact with an immobilized ship this Movement phase', () => {
    const state = place(alongside(), 'valiant', { contact: [] });
    const refused = checkBoardingOrders(
      state,
      'red',
      orders([{ ship: 'valiant', target: 'tyrant', method: 'contact', assault: 1, heavy: 0 }]),
    );
    expect(refused).toMatchObject({ ok: false, violation: { code: 'ILLEGAL_BOARDING', rule: 'GSC-20' } });
  });
  it('GSC-20 teleporters reach 8"', () => {
    const far = place(alongside(), 'tyrant', { at: { x: 0, y: 9 } });
    expect(
      checkBoardingOrders(far, 'red', orders([{ ship: 'valiant', target: 'tyrant', method: 'teleporters', assault: 1, heavy: 0 }])),
    ).toMatchObject({ violation: { rule: 'GSC-20' } });
    const seven = place(alongside(), 'tyrant', { at: { x: 0, y: 7 } });
    expect(
      checkBoardingOrders(seven, 'red', orders([{ ship: 'valiant', target: 'tyrant', method: 'teleporters', assault: 1, heavy: 0 }])),
    ).toBeNull();
  });
  it("GSC-20 one set of orders uses each of a ship's pods and transporters once, over all its actions", () => {
    // Valiant has one assault pod and two transporters: one squad each.
    const twoPods = orders([
      { ship: 'valiant', target: 'tyrant', method: 'pods', assault: 1, heavy: 0 },
      { ship: 'valiant', target: 'tyrant', method: 'pods', assault: 0, heavy: 1 },
    ]);
    expect(checkBoardingOrders(alongside(), 'red', twoPods)).toEqual({
      ok: false,
      violation: {
        code: 'ILLEGAL_BOARDING',
        rule: 'GSC-20',
        message: 'Valiant has 1 assault pod(s) left, one per squad, and these orders already send 1 that way (GSC-20).',
      },
    });
    const threeTeleported = orders([
      { ship: 'valiant', target: 'tyrant', method: 'teleporters', assault: 1, heavy: 0 },
      { ship: 'valiant', target: 'tyrant', method: 'teleporters', assault: 1, heavy: 1 },
    ]);
    expect(checkBoardingOrders(alongside(), 'red', threeTeleported)).toMatchObject({
      violation: { code: 'ILLEGAL_BOARDING', rule: 'GSC-20', message: expect.stringContaining('2 working transporter(s)') },
    });
    // Each counts only its own way: a pod and two transporters' squads, all in one set of orders.
    const eachOnce = orders([
      { ship: 'valiant', target: 'tyrant', method: 'teleporters', assault: 1, heavy: 0 },
      { ship: 'valiant', target: 'tyrant', method: 'pods', assault: 0, heavy: 1 },
      { ship: 'valiant', target: 'tyrant', method: 'teleporters', assault: 1, heavy: 0 },
    ]);
    expect(checkBoardingOrders(alongside(), 'red', eachOnce)).toBeNull();
  });
  it('RUL-10 GSC-20 a game under gsc2-0.6.0 keeps checking each boarding action alone, as it was decided', () => {
    const twoPods = orders([
      { ship: 'valiant', target: 'tyrant', method: 'pods', assault: 1, heavy: 0 },
      { ship: 'valiant', target: 'tyrant', method: 'pods', assault: 0, heavy: 1 },
    ]);
    expect(checkBoardingOrders(alongside(), 'red', twoPods, 'gsc2-0.6.0')).toBeNull();
    expect(checkBoardingOrders(alongside(), 'red', twoPods, 'gsc2-0.7.0')).toMatchObject({ violation: { code: 'ILLEGAL_BOARDING' } });
  });
});

describe('GSC-21 boarding combat', () => {
  // Viper (blue destroyer): crew 2, one assault squad, no internal defense
  const boarded = (boarders: { assault: number; heavy: number }, patch: Partial<ShipState> = {}) =>
    place({ ...battle(), step: 'boarding' }, 'viper', { boarders, ...patch });

  it('GSC-21 crew hit on 3 or less, assault squads on 5, heavy assault squads on 7, all at once', () => {
    const events = resolveBoarding(boarded({ assault: 1, heavy: 1 }), [], scriptedDice([3, 4, 5, 5, 7]));
    const [fought] = of(events, 'BoardingFought');
    expect(fought?.data.defenders.rolls.map((r) => [r.value, r.target, r.success])).toEqual([
      [3, 3, true],
      [4, 3, false],
      [5, 5, true],
    ]);
    expect(fought?.data.boarders.rolls.map((r) => [r.value, r.target, r.success])).toEqual([
      [5, 5, true],
      [7, 7, true],
    ]);
    // simultaneous: the two boarders who die still strike; squads fall before the crew
    expect(fought?.data).toMatchObject({ crewAfter: 1, defendersAfter: { assault: 0, heavy: 0 }, boardersAfter: { assault: 0, heavy: 0 } });
  });
  it('GSC-21 troops sent to destroy systems roll after all the others', () => {
    const events = resolveBoarding(
      boarded({ assault: 2, heavy: 0 }),
      [{ seat: 'red', orders: orders([], [{ ship: 'viper', assault: 1, heavy: 0 }]) }],
      scriptedDice([10, 10, 10, 10, 1, 3]),
    );
    expect(events.map((e) => e.type)).toEqual(['BoardingFought', 'DamageInflicted']);
    expect(of(events, 'BoardingFought')[0]?.data.boarders.rolls).toHaveLength(1);
    expect(of(events, 'DamageInflicted')[0]?.data).toMatchObject({
      source: 'sabotage (assault squad)',
      hull: 0,
      chart: { value: 3 },
      system: { ref: 'drive' },
      rule: 'GSC-21',
    });
  });
  it('GSC-21 a ship whose crew and squads are all gone while boarders remain is captured', () => {
    const state = boarded({ assault: 0, heavy: 2 }, { crew: 1, ...levels(battle(), 'viper', { assaultSquads: { level: 0 } }) });
    const events = resolveBoarding(state, [], scriptedDice([10, 1, 1]));
    expect(events.at(-1)).toEqual({ type: 'ShipCaptured', data: { ship: 'viper', by: 'red', rule: 'GSC-21' } });
  });
});

describe('GSC-23 repairs', () => {
  const damaged = () => {
    const state: GscState = { ...battle(), turn: 2, step: 'repairs', awaited: ['red'] };
    return place(
      state,
      'valiant',
      levels(state, 'valiant', {
        'battery:A': { level: 0, hits: 1 },
        deflectors: { level: -1, destroyed: true },
        'battery:B': { level: 0, hits: 2, destroyed: true },
      }),
    );
  };
  it('GSC-23 a repair unit repairs on 4 or less', () => {
    const decision = repair(damaged(), { type: 'Repair', attempts: [{ ship: 'valiant', system: 'battery:A' }] }, rcFor('red', [4]));
    expect(decision).toMatchObject({
      ok: true,
      events: [
        { type: 'RepairAttempted', data: { repaired: true, roll: { value: 4, target: 4, rule: 'GSC-23' }, after: { level: 1, hits: 0 } } },
        { type: 'RepairsDone' },
      ],
    });
    const failed = repair(damaged(), { type: 'Repair', attempts: [{ ship: 'valiant', system: 'battery:A' }] }, rcFor('red', [5]));
    expect(failed).toMatchObject({ ok: true, events: [{ data: { repaired: false, after: { level: 0 } } }, {}] });
  });
  it('GSC-23 the last seat to repair ends the turn: victory is determined and the next turn starts', () => {
    const attempts = [{ ship: 'valiant', system: 'battery:A' }];
    const both = { ...damaged(), awaited: ['red', 'blue'] };
    const first = decide(both, { type: 'Repair', attempts }, rcFor('red', [5]));
    expect(first).toMatchObject({ ok: true, events: [{ type: 'RepairAttempted' }, { type: 'RepairsDone' }] });
    if (!first.ok) throw new Error('refused');
    const last = decide(fold(both, first.events), { type: 'Repair', attempts: [] }, rcFor('blue', []));
    if (!last.ok) throw new Error('refused');
    expect(last.events.slice(0, 3)).toEqual([
      { type: 'RepairsDone', data: { seat: 'blue', rule: 'GSC-23' } },
      { type: 'TurnStarted', data: { turn: 3, rule: 'GSC-1' } },
      { type: 'StepStarted', data: { turn: 3, step: 'movement', awaiting: [], rule: 'GSC-1' } },
    ]);
  });
  it('GSC-23 the systems are chosen before rolling: an impossible choice is refused before any die', () => {
    const tooMany = repair(
      damaged(),
      {
        type: 'Repair',
        attempts: [
          { ship: 'valiant', system: 'battery:A' },
          { ship: 'valiant', system: 'battery:A' },
          { ship: 'valiant', system: 'battery:A' },
        ],
      },
      rcFor('red', []),
    );
    expect(tooMany).toMatchObject({ ok: false, violation: { rule: 'GSC-23', code: 'CANNOT_REPAIR' } });
    expect(repair(damaged(), { type: 'Repair', attempts: [{ ship: 'valiant', system: 'shields' }] }, rcFor('red', []))).toMatchObject({
      ok: false,
      violation: { message: "Valiant's shields is not damaged." },
    });
  });
  it('GSC-19 destroyed batteries and deflectors below 0 cannot be repaired', () => {
    for (const system of ['battery:B', 'deflectors']) {
      expect(repair(damaged(), { type: 'Repair', attempts: [{ ship: 'valiant', system }] }, rcFor('red', []))).toMatchObject({
        ok: false,
        violation: { rule: 'GSC-19' },
      });
    }
  });
  const attempts = (...refs: [string, string][]): Repair => ({
    type: 'Repair',
    attempts: refs.map(([ship, system]) => ({ ship, system })),
  });
  const repairsStep = (state: GscState = battle()): GscState => ({ ...state, turn: 2, step: 'repairs', awaited: ['red'] });
  const afterOf = (decision: ReturnType<typeof repair>) =>
    decision.ok ? of(decision.events, 'RepairAttempted').map((e) => e.data.after) : [];

  it('RUL-9 GSC-23 each attempt works on the system as the attempts before it left it', () => {
    // Valiant's 2 shields both down: two repair units, two successes, both levels back
    const state = repairsStep(place(battle(), 'valiant', levels(battle(), 'valiant', { shields: { level: 0 } })));
    const decision = repair(state, attempts(['valiant', 'shields'], ['valiant', 'shields']), rcFor('red', [1, 1]));
    expect(afterOf(decision)).toEqual([
      { level: 1, max: 2, hits: 0, destroyed: false },
      { level: 2, max: 2, hits: 0, destroyed: false },
    ]);
  });
  it('RUL-9 GSC-23 a third attempt with two repair units is refused, naming the units that work', () => {
    const state = repairsStep(place(battle(), 'valiant', levels(battle(), 'valiant', { shields: { level: 0 } })));
    const three = attempts(['valiant', 'shields'], ['valiant', 'shields'], ['valiant', 'shields']);
    expect(repair(state, three, rcFor('red', []))).toEqual({
      ok: false,
      violation: { code: 'CANNOT_REPAIR', rule: 'GSC-23', message: 'Valiant has 2 working repair unit(s); each tries one repair a turn.' },
    });
  });
  it("RUL-9 GSC-19 a size 1-3 ship's drive, halved by one hit, is whole again after one repair; its other systems gain a level", () => {
    // the example cruiser as a size-3 ship: drive 8 halved to 4, shields 2 both down
    const base = battle();
    const small: GscState = {
      ...base,
      designs: { ...base.designs, cruiser: { ...(base.designs.cruiser as GscState['designs'][string]), size: 3 } },
    };
    const state = repairsStep(place(small, 'valiant', levels(small, 'valiant', { drive: { level: 4, hits: 1 }, shields: { level: 0 } })));
    const decision = repair(state, attempts(['valiant', 'drive'], ['valiant', 'shields']), rcFor('red', [1, 1]));
    expect(afterOf(decision)).toEqual([
      { level: 8, max: 8, hits: 0, destroyed: false },
      { level: 1, max: 2, hits: 0, destroyed: false },
    ]);
  });
  it('RUL-9 GSC-19 a size-4 ship\'s drive, which lost 1" a hit, gains back 1" a repair', () => {
    const state = repairsStep(place(battle(), 'lance', levels(battle(), 'lance', { drive: { level: 10, hits: 2 } })));
    const decision = repair(state, attempts(['lance', 'drive']), rcFor('red', [1]));
    expect(afterOf(decision)).toEqual([{ level: 11, max: 12, hits: 0, destroyed: false }]);
  });
  it("RUL-9 GSC-19 a hit towards a cruiser's next deflector level (2 hits a level) needs repair and is repaired", () => {
    const state = repairsStep(place(battle(), 'valiant', levels(battle(), 'valiant', { deflectors: { hits: 1 } })));
    expect(repairSeats(state)).toEqual(['red']);
    const decision = repair(state, attempts(['valiant', 'deflectors']), rcFor('red', [1]));
    expect(afterOf(decision)).toEqual([{ level: 1, max: 1, hits: 0, destroyed: false }]);
  });
  it('RUL-9 GSC-19 a seat whose only damage is destroyed has nothing to repair', () => {
    const state = repairsStep(
      place(battle(), 'valiant', levels(battle(), 'valiant', { 'battery:B': { level: 0, hits: 2, destroyed: true } })),
    );
    expect(repairSeats(state)).toEqual([]);
    expect(needsRepair(state.ships.valiant?.systems['battery:B'])).toBe(false);
    expect(needsRepair(undefined)).toBe(false);
  });
});

describe('GSC-23 victory', () => {
  it('GSC-23 a side with no ship left in the battle loses', () => {
    const state = place(place(battle(), 'tyrant', { status: 'destroyed' }), 'viper', { status: 'captured' });
    expect(victory(state)).toMatchObject({ type: 'GameEnded', data: { winner: 'red', rule: 'GSC-23' } });
  });
  it('GSC-23 victory is determined after repairs; at the turn limit the side with more hull wins (default)', () => {
    const fleets = {
      red: [{ id: 'big', design: 'cruiser', x: 0, y: 0, facing: 0 }],
      blue: [{ id: 'small', design: 'destroyer', x: 0, y: 60, facing: 4 }],
    };
    const game = startBattle({ fleets, turnLimit: 1 });
    game.run({ type: 'MoveShip', ship: 'small', path: [] }, seat('blue'));
    game.run({ type: 'MoveShip', ship: 'big', path: [] }, seat('red'));
    for (const step of ['missiles', 'beams'] as const) {
      const empty = step === 'missiles' ? { step, launches: [] } : { step, fire: [] };
      game.run({ type: 'SubmitOrders', orders: empty }, seat('red'));
      game.run({ type: 'SubmitOrders', orders: empty }, seat('blue'));
    }
    const last = game.run({ type: 'SubmitOrders', orders: { step: 'boarding' } }, seat('red'));
    expect(last.slice(-2)).toEqual([
      { type: 'GameEnded', data: { winner: 'red', reason: "turn limit 1 reached: red has 12 hull left to blue's 6", rule: 'GSC-23' } },
      { type: 'SeedRevealed', data: { seed: expect.any(String), contributions: [] } },
    ]);
    expect(game.state.status).toBe('ended');
  });
});

describe('GSC-22 systems usable in each step', () => {
  const inStep = (step: GscState['step']): GscState => ({ ...battle(), step });
  it('GSC-22 cloaks are used in Movement, not in Beams', () => {
    expect(useSystem(inStep('movement'), { type: 'UseSystem', ship: 'lance', system: 'cloaks' }, rcFor('red', []))).toEqual({
      ok: true,
      events: [{ type: 'SystemUsed', data: { ship: 'lance', system: 'cloaks', step: 'movement', rule: 'GSC-22' } }],
    });
    expect(useSystem(inStep('beams'), { type: 'UseSystem', ship: 'lance', system: 'cloaks' }, rcFor('red', []))).toMatchObject({
      ok: false,
      violation: { code: 'NOT_THIS_STEP', rule: 'GSC-22' },
    });
  });
  it('GSC-22 scanners are used in Beams and Boarding; a ship without them cannot', () => {
    expect(useSystem(inStep('beams'), { type: 'UseSystem', ship: 'valiant', system: 'scanners' }, rcFor('red', []))).toMatchObject({
      ok: true,
    });
    expect(useSystem(inStep('boarding'), { type: 'UseSystem', ship: 'lance', system: 'scanners' }, rcFor('red', []))).toMatchObject({
      ok: false,
      violation: { code: 'NOT_FITTED' },
    });
  });
  it('GSC-22 tractor beams only in Movement', () => {
    expect(
      useTractorBeam(inStep('beams'), { type: 'UseTractorBeam', ship: 'valiant', beam: 'T1', target: 'tyrant' }, rcFor('red', [])),
    ).toMatchObject({
      ok: false,
      violation: { rule: 'GSC-22' },
    });
  });
  const use = (step: GscState['step'], ship: string, system: UseSystem['system']) =>
    useSystem({ ...battle(), turn: 1, step }, { type: 'UseSystem', ship, system }, rcFor('red', []));

  it('RUL-9 GSC-22 UseSystem parses a ship and one of the systems it takes', () => {
    expect(useSystemSchema.parse({ type: 'UseSystem', ship: 'valiant', system: 'cloaks' })).toEqual({
      type: 'UseSystem',
      ship: 'valiant',
      system: 'cloaks',
    });
  });
  it('RUL-9 GSC-22 MDS, tractor beams, assault pods and transporters are used through their own command, in their own step', () => {
    for (const [step, system] of [
      ['movement', 'mds'],
      ['missiles', 'mds'],
      ['movement', 'tractorBeams'],
      ['boarding', 'assaultPods'],
      ['boarding', 'transporters'],
    ] as const) {
      expect(use(step, 'valiant', system)).toMatchObject({ ok: false, violation: { code: 'USE_ITS_COMMAND', rule: 'GSC-22' } });
    }
  });
  it('RUL-9 GSC-22 internal defense is used in Boarding by a ship whose design has it', () => {
    expect(use('boarding', 'valiant', 'internalDefense')).toEqual({
      ok: true,
      events: [{ type: 'SystemUsed', data: { ship: 'valiant', system: 'internalDefense', step: 'boarding', rule: 'GSC-22' } }],
    });
    expect(use('boarding', 'lance', 'internalDefense')).toMatchObject({ ok: false, violation: { code: 'NOT_FITTED', rule: 'GSC-22' } });
  });
});

describe('RUL-9 GSC-20 boarding orders', () => {
  it('RUL-9 GSC-20 boarding orders parse their sabotage: the ship aboard and how many squads of each kind', () => {
    expect(boardingOrdersSchema.parse({ step: 'boarding', sabotage: [{ ship: 'viper', assault: 1, heavy: 2 }] })).toEqual({
      step: 'boarding',
      actions: [],
      sabotage: [{ ship: 'viper', assault: 1, heavy: 2 }],
    });
  });
  it('RUL-9 GSC-20 teleporters send as many squads as the ship has working transporters', () => {
    // Valiant has 2 transporters: 2 squads is exactly enough, 3 is one too many
    const two = orders([{ ship: 'valiant', target: 'tyrant', method: 'teleporters', assault: 2, heavy: 0 }]);
    expect(checkBoardingOrders(alongside(), 'red', two)).toBeNull();
    const three = orders([{ ship: 'valiant', target: 'tyrant', method: 'teleporters', assault: 2, heavy: 1 }]);
    expect(checkBoardingOrders(alongside(), 'red', three)).toMatchObject({
      ok: false,
      violation: { code: 'ILLEGAL_BOARDING', rule: 'GSC-20' },
    });
  });
  it('RUL-9 GSC-20 before gsc2-0.4.0 pods reach 6" and no farther; teleporters still reach 8"', () => {
    const pods = orders([{ ship: 'valiant', target: 'tyrant', method: 'pods', assault: 1, heavy: 0 }]);
    expect(checkBoardingOrders(alongside(6), 'red', pods, BEFORE_FLYING_PODS)).toBeNull();
    expect(checkBoardingOrders(alongside(6.5), 'red', pods, BEFORE_FLYING_PODS)).toMatchObject({
      violation: { code: 'ILLEGAL_BOARDING', rule: 'GSC-20' },
    });
    // the 6" limit is the pods' own: a teleport at 7" is legal under the old rules too
    const teleport = orders([{ ship: 'valiant', target: 'tyrant', method: 'teleporters', assault: 1, heavy: 0 }]);
    expect(checkBoardingOrders(alongside(7), 'red', teleport, BEFORE_FLYING_PODS)).toBeNull();
  });
});

describe('RUL-9 GSC-21 sabotage orders', () => {
  const sabotage = (state: GscState, ship: string, assault: number) =>
    checkBoardingOrders(state, 'red', orders([], [{ ship, assault, heavy: 0 }]));
  const noBoarders = { ok: false, violation: { code: 'NO_BOARDERS', rule: 'GSC-21' } };

  it('RUL-9 GSC-21 only troops of yours aboard an enemy ship can be sent against its systems', () => {
    expect(sabotage(boarded({ assault: 1, heavy: 0 }), 'viper', 1)).toBeNull();
    // blue's troops aboard red's own Valiant are not red's to send
    const onValiant = place(boarded({ assault: 0, heavy: 0 }), 'valiant', { boarders: { assault: 1, heavy: 0 } });
    expect(sabotage(onValiant, 'valiant', 1)).toMatchObject(noBoarders);
  });
  it('RUL-9 GSC-21 sabotage aboard a ship that is not in the battle is refused, not a crash', () => {
    expect(sabotage(boarded({ assault: 1, heavy: 0 }), 'ghost', 1)).toMatchObject(noBoarders);
  });
});

describe('RUL-9 GSC-20 who gives boarding orders', () => {
  // at the start both cruisers have squads, a pod and transporters: both seats can board
  it('RUL-9 GSC-20 a seat whose ships have no squads does not board, even with pods and transporters', () => {
    let state: GscState = { ...battle(), turn: 1, step: 'boarding' };
    expect(boardingSeats(state)).toEqual(['red', 'blue']);
    state = place(state, 'valiant', noSquads(state, 'valiant'));
    state = place(state, 'lance', noSquads(state, 'lance'));
    expect(boardingSeats(state)).toEqual(['blue']);
  });
  it('RUL-9 GSC-20 squads board by contact, by pods or by transporters: any one of them is enough', () => {
    const base: GscState = { ...battle(), turn: 1, step: 'boarding' };
    // Valiant keeps its squads but has no pod, no transporter and no contact; Lance has an assault squad and nothing to send it with
    const stranded = place(base, 'valiant', { pods: 0, ...levels(base, 'valiant', { transporters: { level: 0 } }) });
    expect(boardingSeats(stranded)).toEqual(['blue']);
    expect(boardingSeats(place(stranded, 'lance', { contact: ['viper'] }))).toEqual(['red', 'blue']);
    expect(boardingSeats(place(stranded, 'valiant', levels(stranded, 'valiant', { transporters: { level: 1 } })))).toEqual(['red', 'blue']);
  });
  it('RUL-9 GSC-21 a seat with troops aboard an enemy ship gives boarding orders (to send them against systems)', () => {
    let state: GscState = { ...battle(), turn: 1, step: 'boarding' };
    state = place(state, 'valiant', noSquads(state, 'valiant'));
    state = place(state, 'lance', noSquads(state, 'lance'));
    expect(boardingSeats(place(state, 'viper', { boarders: { assault: 1, heavy: 0 } }))).toEqual(['red', 'blue']);
  });
});

describe('RUL-9 GSC-20 landings', () => {
  it('RUL-9 GSC-20 direct contact lands every squad sent, with no roll', () => {
    const events = resolveBoarding(
      alongside(),
      [{ seat: 'red', orders: orders([{ ship: 'valiant', target: 'tyrant', method: 'contact', assault: 1, heavy: 0 }]) }],
      misses(9),
    );
    expect(events[0]).toEqual({
      type: 'BoardersLanded',
      data: {
        ship: 'valiant',
        target: 'tyrant',
        method: 'contact',
        sent: { assault: 1, heavy: 0 },
        landed: { assault: 1, heavy: 0 },
        rolls: [],
        rule: 'GSC-20',
      },
    });
  });
  it('RUL-9 GSC-20 nobody lands on a ship out of the battle', () => {
    const gone = place(alongside(), 'tyrant', { status: 'destroyed' });
    const contact = orders([{ ship: 'valiant', target: 'tyrant', method: 'contact', assault: 1, heavy: 0 }]);
    expect(resolveBoarding(gone, [{ seat: 'red', orders: contact }], misses(0))).toEqual([]);
  });
  it('RUL-9 GSC-20 an action naming a ship not in the battle lands nobody, and is no crash', () => {
    // orders are checked when sealed; resolving must still not trust them
    for (const [ship, target] of [
      ['ghost', 'tyrant'],
      ['valiant', 'ghost'],
    ] as const) {
      const stale = orders([{ ship, target, method: 'contact', assault: 1, heavy: 0 }]);
      expect(resolveBoarding(alongside(), [{ seat: 'red', orders: stale }], misses(0))).toEqual([]);
    }
  });
  it("RUL-9 GSC-20 before gsc2-0.4.0 a pod rolls its launcher's targeting and is lost with its squad on a miss; a teleport rolls 5 and a failed one stays home", () => {
    // Lance (a destroyer: targeting 4) given a pod, a transporter and a heavy squad, 5" from Tyrant's bow (aspect 1)
    let state = place(alongside(), 'valiant', { contact: [] });
    state = place(state, 'lance', {
      at: { x: 0, y: 0 },
      pods: 1,
      ...levels(state, 'lance', {
        transporters: { level: 1, max: 1, hits: 0, destroyed: false },
        heavyAssaultSquads: { level: 1, max: 1, hits: 0, destroyed: false },
      }),
    });
    const given = orders([
      { ship: 'lance', target: 'tyrant', method: 'pods', assault: 1, heavy: 0 },
      { ship: 'lance', target: 'tyrant', method: 'teleporters', assault: 0, heavy: 1 },
    ]);
    expect(checkBoardingOrders(state, 'red', given, BEFORE_FLYING_PODS)).toBeNull();
    const events = resolveBoarding(state, [{ seat: 'red', orders: given }], misses(2), BEFORE_FLYING_PODS);
    // both miss: the pod's squad was sent and is lost, the teleported squad was never sent
    expect(events).toMatchObject([
      {
        type: 'BoardersLanded',
        data: {
          method: 'pods',
          sent: { assault: 1, heavy: 0 },
          landed: { assault: 0, heavy: 0 },
          rolls: [{ target: 5, compare: 'atMost', success: false, rule: 'GSC-20' }],
        },
      },
      {
        type: 'BoardersLanded',
        data: {
          method: 'teleporters',
          sent: { assault: 0, heavy: 0 },
          landed: { assault: 0, heavy: 0 },
          rolls: [{ target: 6, compare: 'atMost', success: false, rule: 'GSC-20' }],
        },
      },
    ]);
    expect(events).toHaveLength(2);
  });
});

describe('RUL-9 GSC-21 saboteurs', () => {
  it('RUL-9 GSC-21 saboteurs do not fight; those left roll after the fight, each success a chart roll against the ship as the last left it', () => {
    // both of red's squads aboard Viper are sent against its systems: the fight has no boarders' rolls
    const given = orders([], [{ ship: 'viper', assault: 2, heavy: 0 }]);
    const events = resolveBoarding(
      boarded({ assault: 2, heavy: 0 }),
      [{ seat: 'red', orders: given }],
      scriptedDice([10, 10, 10, 1, 1, 2, 1]),
    );
    expect(types(events)).toEqual(['BoardingFought', 'DamageInflicted', 'DamageInflicted']);
    expect(of(events, 'BoardingFought')[0]?.data).toMatchObject({
      boarders: { rolls: [], hits: 0 },
      crewAfter: 2,
      defendersAfter: { assault: 1, heavy: 0 },
      // the saboteurs are still aboard after the fight
      boardersAfter: { assault: 2, heavy: 0 },
    });
    const [first, second] = of(events, 'DamageInflicted');
    expect(first?.data).toMatchObject({
      target: 'viper',
      source: 'sabotage (assault squad)',
      armor: { value: 1, sides: 10, target: 5, compare: 'atMost', success: true, rule: 'GSC-21' },
      chart: { value: 1, sides: 10, rule: 'GSC-18' },
      system: { ref: 'battery:A', before: { level: 1, hits: 0, destroyed: false }, after: { level: 0, hits: 1 } },
      rule: 'GSC-21',
    });
    // the same row again: battery A, damaged by the first saboteur, is now destroyed (GSC-19)
    expect(second?.data.system).toMatchObject({ ref: 'battery:A', before: { level: 0, hits: 1 }, after: { hits: 2, destroyed: true } });
  });
  it('RUL-9 GSC-21 a heavy squad sent against systems rolls 7 or less, after the fight', () => {
    const given = orders([], [{ ship: 'viper', assault: 0, heavy: 1 }]);
    const events = resolveBoarding(boarded({ assault: 0, heavy: 1 }), [{ seat: 'red', orders: given }], scriptedDice([10, 10, 10, 7, 3]));
    expect(types(events)).toEqual(['BoardingFought', 'DamageInflicted']);
    expect(of(events, 'BoardingFought')[0]?.data).toMatchObject({
      boarders: { rolls: [], hits: 0 },
      boardersAfter: { assault: 0, heavy: 1 },
    });
    expect(of(events, 'DamageInflicted')[0]?.data).toMatchObject({
      source: 'sabotage (heavy squad)',
      armor: { value: 7, target: 7, compare: 'atMost', success: true, rule: 'GSC-21' },
      chart: { value: 3, sides: 10, rule: 'GSC-18' },
      // row 3 of the destroyer's chart: drive first; a size-4 ship loses 1"
      system: { ref: 'drive', after: { level: 11 } },
    });
  });
  it('RUL-9 GSC-21 sabotage ordered aboard one ship does not take troops off the fight aboard another', () => {
    let state = boarded({ assault: 1, heavy: 0 });
    state = place(state, 'tyrant', { boarders: { assault: 1, heavy: 0 } });
    const given = orders([], [{ ship: 'viper', assault: 1, heavy: 0 }]);
    // Tyrant: 4 crew + 1 internal defense + 3 squads defend, 1 boarder attacks; Viper: 3 defend, 1 saboteur rolls after
    const events = resolveBoarding(state, [{ seat: 'red', orders: given }], misses(13));
    expect(events.map((e) => `${e.type} ${'ship' in e.data ? e.data.ship : 'target' in e.data ? e.data.target : ''}`)).toEqual([
      'BoardingFought tyrant',
      'BoardingFought viper',
      'DamageInflicted viper',
    ]);
    expect(of(events, 'BoardingFought')[0]?.data.boarders.rolls).toHaveLength(1);
    expect(of(events, 'BoardingFought')[1]?.data.boarders.rolls).toHaveLength(0);
  });
});

describe('RUL-9 GSC-21 capture', () => {
  it('RUL-9 GSC-21 a ship with crew left is not captured, even with no squads and boarders aboard', () => {
    const state = boarded({ assault: 1, heavy: 0 }, noSquads(battle(), 'viper'));
    expect(types(resolveBoarding(state, [], misses(3)))).toEqual(['BoardingFought']);
  });
  it('RUL-9 GSC-21 a ship with squads left is not captured, even with no crew', () => {
    const state = boarded({ assault: 1, heavy: 0 }, { crew: 0 });
    expect(types(resolveBoarding(state, [], misses(2)))).toEqual(['BoardingFought']);
  });
  it('RUL-9 GSC-21 a ship whose last crewman and last boarder fall together is not captured', () => {
    const state = boarded({ assault: 1, heavy: 0 }, { crew: 1, ...noSquads(battle(), 'viper') });
    const events = resolveBoarding(state, [], scriptedDice([1, 1]));
    expect(events).toHaveLength(1);
    expect(of(events, 'BoardingFought')[0]?.data).toMatchObject({ crewAfter: 0, boardersAfter: { assault: 0, heavy: 0 } });
  });
});
