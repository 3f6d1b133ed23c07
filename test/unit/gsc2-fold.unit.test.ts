/**
 * RUL-9: how a battle's events fold into its state (domain/gsc2/evolve.ts) and what the fold
 * publishes (fold.ts): the turn and its steps, missiles, captures, boarders and assault pods
 * folded, an unknown event refused, and the fold's event types, sealed seats and name. States
 * are the example battle (`battle()`: red's Valiant and Lance, blue's Tyrant and Viper).
 */
import { describe, expect, it } from 'vitest';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import { evolve } from '../../domain/gsc2/evolve.ts';
import { gsc2Fold } from '../../domain/gsc2/fold.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { battleAt, moving, place, rcFor } from '../support/gsc2.ts';
import { missile } from '../support/gsc2-setups.ts';

describe('RUL-9 GSC-1 GSC-3 GSC-4 how the turn and its steps fold into the battle', () => {
  it("RUL-9 GSC-4 a new turn is never the deferred ships' Movement step, whatever the last one was", () => {
    const after = evolve(moving(battleAt(), { late: true }), { type: 'TurnStarted', data: { turn: 2, rule: 'GSC-1' } });
    expect(after.turn).toBe(2);
    expect(after.movement.late).toBe(false);
  });
  it("RUL-9 GSC-4 only a Movement step opened after Boarding is the deferred ships' one; Movement and Repairs seal nothing", () => {
    const opened = (from: GscState['step'], step: GscState['step']) =>
      evolve(battleAt({ step: from }), { type: 'StepStarted', data: { turn: 1, step, awaiting: [], rule: 'GSC-1' } });
    expect(opened('boarding', 'movement')).toMatchObject({ step: 'movement', sealedStep: null, movement: { late: true } });
    expect(opened('repairs', 'movement')).toMatchObject({ step: 'movement', sealedStep: null, movement: { late: false } });
    expect(opened('boarding', 'repairs')).toMatchObject({ step: 'repairs', sealedStep: null, movement: { late: false } });
    expect(opened('movement', 'missiles')).toMatchObject({ step: 'missiles', sealedStep: 'missiles', movement: { late: false } });
  });
  it('RUL-9 GSC-23 the end of the battle is folded; a system used changes nothing by itself (GSC-22)', () => {
    const state = battleAt();
    expect(evolve(state, { type: 'GameEnded', data: { winner: 'red', reason: 'r', rule: 'GSC-23' } }).status).toBe('ended');
    expect(evolve(state, { type: 'SystemUsed', data: { ship: 'valiant', system: 'cloaks', step: 'movement', rule: 'GSC-22' } })).toBe(
      state,
    );
  });
  it('RUL-9 GSC-1 an event the fold does not know is an error, not a silent no-op', () => {
    expect(() => evolve(battleAt(), { type: 'Nonsense', data: {} } as unknown as GscEvent)).toThrow(/unhandled case/);
  });
});

describe('RUL-9 GSC-6 GSC-10 GSC-21 missiles and captures folded', () => {
  it('RUL-9 GSC-6 GSC-20 a launch from a ship not in the battle leaves it as it was', () => {
    const state = battleAt();
    const missiles = {
      ship: 'ghost',
      battery: 'M1',
      target: 'tyrant',
      missiles: ['m1'],
      at: { x: 0, y: 0 },
      damage: 2,
      rule: 'GSC-6',
    } as const;
    expect(evolve(state, { type: 'MissilesLaunched', data: missiles })).toBe(state);
    const pods = {
      ship: 'ghost',
      target: 'tyrant',
      pods: [{ id: 'p1', squad: 'assault' }],
      at: { x: 0, y: 0 },
      targeting: 5,
      rule: 'GSC-20',
    } as const;
    expect(evolve(state, { type: 'PodsLaunched', data: pods })).toBe(state);
  });
  it('RUL-9 GSC-10 a missile that fails its tracking test is gone; one that passes is tested this turn', () => {
    const state = battleAt({ missiles: { m1: missile('m1', 'red', { x: 25, y: 24 }) } });
    const roll = rcFor('red', [1]).dice.roll({ purpose: 'tracking', sides: 10, target: 5, compare: 'atMost', rule: 'GSC-10' });
    const tested = (lost: boolean) =>
      evolve(state, { type: 'TrackingTested', data: { missile: 'm1', terrain: 'relay', roll, lost, rule: 'GSC-10' } });
    expect(tested(true).missiles).toEqual({});
    expect(tested(false).missiles.m1).toEqual({ ...missile('m1', 'red', { x: 25, y: 24 }), tested: 1 });
  });
  it('RUL-9 GSC-21 a captured ship is captured, not destroyed', () => {
    const after = evolve(battleAt(), { type: 'ShipCaptured', data: { ship: 'tyrant', by: 'red', rule: 'GSC-21' } });
    expect(after.ships.tyrant?.status).toBe('captured');
  });
});

describe('RUL-9 GSC-20 boarders and assault pods folded', () => {
  // Valiant (a cruiser: 2 assault squads, 1 heavy) given 3 pods, so one of each kind can go by pod
  const ready = () => place(battleAt(), 'valiant', { pods: 3 });
  const landed = (method: 'contact' | 'pods' | 'teleporters') =>
    evolve(ready(), {
      type: 'BoardersLanded',
      data: {
        ...{ ship: 'valiant', target: 'tyrant', method, sent: { assault: 1, heavy: 1 }, landed: { assault: 1, heavy: 1 } },
        ...{ rolls: [], rule: 'GSC-20' },
      },
    });
  it('RUL-9 GSC-20 squads sent by contact leave their ship, which keeps its pods, and are aboard the target', () => {
    const after = landed('contact');
    expect(after.ships.valiant).toMatchObject({ pods: 3, systems: { assaultSquads: { level: 1 }, heavyAssaultSquads: { level: 0 } } });
    expect(after.ships.tyrant?.boarders).toEqual({ assault: 1, heavy: 1 });
  });
  it('RUL-9 GSC-20 squads sent by pod take one pod each, heavy ones too', () => {
    expect(landed('pods').ships.valiant).toMatchObject({
      pods: 1,
      systems: { assaultSquads: { level: 1 }, heavyAssaultSquads: { level: 0 } },
    });
  });
  it('RUL-9 GSC-20 pods launched take one squad of their kind and one pod each, beside the pods already in flight', () => {
    const inFlight = {
      id: 'p0',
      seat: 'red',
      ship: 'valiant',
      squad: 'assault',
      at: { x: 1, y: 1 },
      targeting: 5,
      heading: { target: 'viper' },
    } as const;
    const after = evolve(
      { ...ready(), podsInFlight: { p0: inFlight } },
      {
        type: 'PodsLaunched',
        data: {
          ...{ ship: 'valiant', target: 'tyrant', at: { x: 20, y: 0 }, targeting: 5, rule: 'GSC-20' },
          pods: [
            { id: 'p1', squad: 'assault' },
            { id: 'p2', squad: 'heavy' },
          ],
        },
      },
    );
    expect(after.ships.valiant).toMatchObject({ pods: 1, systems: { assaultSquads: { level: 1 }, heavyAssaultSquads: { level: 0 } } });
    const pod = { seat: 'red', ship: 'valiant', at: { x: 20, y: 0 }, targeting: 5, heading: { target: 'tyrant' } };
    expect(after.podsInFlight).toEqual({
      p0: inFlight,
      p1: { id: 'p1', squad: 'assault', ...pod },
      p2: { id: 'p2', squad: 'heavy', ...pod },
    });
  });
});

describe('RUL-9 GSC-11 RUL-10 what the fold publishes', () => {
  it('RUL-9 GSC-11 the seats with sealed orders are known, their orders not; OrdersRevealed is what reveals them', () => {
    const sealed = { orders: null, salt: '', hash: 'h' };
    expect(gsc2Fold.sealedBy?.(battleAt({ step: 'beams', sealedStep: 'beams', sealed: { blue: sealed } }))).toEqual(['blue']);
    expect(gsc2Fold.revealTypes).toEqual(['OrdersRevealed']);
  });

  it('RUL-9 GSC-1 the fold lists every event type the log of a battle may hold, each once', () => {
    // A record keyed by the event union: the type checker fails this file if a type is missing or extra.
    const every: Record<GscEvent['type'], true> = {
      TurnStarted: true,
      StepStarted: true,
      TerrainMoved: true,
      MoverChanged: true,
      ShipMoved: true,
      ShipStayed: true,
      MoveDeferred: true,
      TractorBeamUsed: true,
      TractorBeamArmed: true,
      MdsFired: true,
      SystemUsed: true,
      OrdersSubmitted: true,
      OrdersSealed: true,
      OrdersRevealed: true,
      InitiativeRolled: true,
      MissilesLaunched: true,
      MissileMoved: true,
      TrackingTested: true,
      MissileLost: true,
      MissileAttacked: true,
      BeamFired: true,
      DamageInflicted: true,
      ShipDestroyed: true,
      BoardersLanded: true,
      PodsLaunched: true,
      PodMoved: true,
      PodRammed: true,
      BoardingFought: true,
      ShipCaptured: true,
      RepairAttempted: true,
      RepairsDone: true,
      GameEnded: true,
    };
    expect([...gsc2Fold.eventTypes].sort()).toEqual(Object.keys(every).sort());
  });

  it('RUL-9 RUL-10 the fold names itself as it is published: its id, its title and what it is', () => {
    // The rules versions it decides are pinned by rules-versions-verify (each reference log re-adjudicates).
    expect(gsc2Fold).toMatchObject({ id: 'gsc2', title: 'GSC2', summary: expect.stringMatching(/^Starship combat: /) });
  });
});
