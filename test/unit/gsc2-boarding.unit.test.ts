import { describe, expect, it } from 'vitest';
import { type BoardingOrders, checkBoardingOrders, resolveBoarding } from '../../domain/gsc2/boarding.ts';
import { decide } from '../../domain/gsc2/decide.ts';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import { fold } from '../../domain/gsc2/evolve.ts';
import { useTractorBeam } from '../../domain/gsc2/movement.ts';
import { repair } from '../../domain/gsc2/repairs.ts';
import type { GscState, ShipState } from '../../domain/gsc2/state.ts';
import { useSystem } from '../../domain/gsc2/systems.ts';
import { victory } from '../../domain/gsc2/victory.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { seat } from '../support/decider-spec.ts';
import { battle, levels, of, place, rcFor, startBattle } from '../support/gsc2.ts';

const orders = (actions: BoardingOrders['actions'], sabotage: BoardingOrders['sabotage'] = []): BoardingOrders => ({
  step: 'boarding',
  actions,
  sabotage,
});

/** Valiant (red cruiser) 5" behind Tyrant (blue cruiser), which is immobilized and did not move. */
const alongside = (): GscState => {
  let state: GscState = { ...battle(), turn: 1, step: 'boarding' };
  state = place(state, 'valiant', { at: { x: 0, y: 0 }, facing: 0, moved: 6, contact: ['tyrant'] });
  return place(state, 'tyrant', { at: { x: 0, y: 5 }, facing: 4, moved: 0, ...levels(state, 'tyrant', { drive: { level: 0 } }) });
};

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
});
