import { describe, expect, it } from 'vitest';
import type { GscCommand } from '../../domain/gsc2/commands.ts';
import { decide } from '../../domain/gsc2/decide.ts';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import type { GscState } from '../../domain/gsc2/state.ts';
import { afterStep, awaitedFor, startTurn } from '../../domain/gsc2/steps.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { seat } from '../support/decider-spec.ts';
import { battleAt, levels, place, rcFor, rulesOf, startBattle } from '../support/gsc2.ts';
import { moved } from '../support/gsc2-setups.ts';

type Game = ReturnType<typeof startBattle>;

/** Every ship the alternation waits for stays where it is, until the Movement step is over. */
const sitOutMovement = (game: Game, seen: DomainEvent[]) => {
  for (let guard = 0; rulesOf(game).step === 'movement' && guard < 20; guard += 1) {
    const battle = rulesOf(game);
    const mover = battle.movement.mover ?? '';
    const ship = Object.values(battle.ships).find(
      (s) =>
        s.seat === mover && s.status === 'active' && (battle.movement.mode === 'deferred' ? s.deferred : s.moved === null && !s.deferred),
    );
    seen.push(...game.run({ type: 'MoveShip', ship: ship?.id ?? '', path: [] }, seat(mover)));
  }
};

const stepsOf = (events: readonly DomainEvent[]) =>
  (events as GscEvent[]).flatMap((e) => (e.type === 'StepStarted' ? [`t${e.data.turn} ${e.data.step}`] : []));

const gone = (state: GscState, ...ids: string[]) => ids.reduce((s, id) => place(s, id, { status: 'destroyed' }), state);

describe('GSC-1 the turn sequence', () => {
  it('GSC-1 the engine runs Movement, Missiles, Beams, Boarding, then Repairs, and only then the next turn', () => {
    // the example battle: both seats have missile batteries, beams and assault pods, so every step waits for them
    const game = startBattle();
    const seen: DomainEvent[] = [];
    sitOutMovement(game, seen);
    const empty = { missiles: { launches: [] }, beams: { fire: [] }, boarding: { actions: [], sabotage: [] } } as const;
    for (const step of ['missiles', 'beams', 'boarding'] as const) {
      expect(rulesOf(game).step).toBe(step);
      for (const s of ['red', 'blue']) seen.push(...game.run({ type: 'SubmitOrders', orders: { step, ...empty[step] } }, seat(s)));
    }
    // nothing to repair: Repairs opens, victory is not yet determined, and turn 2 begins
    expect(stepsOf(seen)).toEqual(['t1 missiles', 't1 beams', 't1 boarding', 't1 repairs', 't2 movement']);
    const opening = game.log.map((e) => e as unknown as GscEvent).filter((e) => e.type === 'StepStarted');
    expect(opening[0]?.data).toMatchObject({ turn: 1, step: 'movement' });
  });
});

describe('RUL-9 GSC-1 GSC-4 the steps of a turn', () => {
  it('RUL-9 GSC-1 a seat is awaited in Beams if any of its ships has a working battery', () => {
    const refs = ['battery:A', 'battery:B', 'battery:C'];
    const state = place(battleAt(), 'valiant', levels(battleAt(), 'valiant', Object.fromEntries(refs.map((r) => [r, { level: 0 }]))));
    expect(awaitedFor(state, 'beams')).toEqual(['red', 'blue']);
  });
  it('RUL-9 GSC-1 a turn that opens with no ship on either side goes straight to its end: nobody holds the field', () => {
    const state = gone(battleAt({ terrain: [] }), 'valiant', 'lance', 'tyrant', 'viper');
    expect(startTurn(state, 2, rcFor('red', []))).toEqual([
      { type: 'TurnStarted', data: { turn: 2, rule: 'GSC-1' } },
      { type: 'StepStarted', data: { turn: 2, step: 'movement', awaiting: [], rule: 'GSC-1' } },
      { type: 'GameEnded', data: expect.objectContaining({ winner: null }) },
    ]);
  });
  it("RUL-9 GSC-4 after Boarding, the deferred ships' Movement step opens, the first player's first", () => {
    const state = place(moved(battleAt({ step: 'boarding' }), 'lance', 'tyrant', 'viper'), 'valiant', { deferred: true });
    expect(afterStep(state, rcFor('red', []))).toEqual([
      { type: 'StepStarted', data: { turn: 1, step: 'movement', awaiting: [], rule: 'GSC-4' } },
      { type: 'MoverChanged', data: { seat: 'red', mode: 'deferred', quota: 1, leader: 'red', rule: 'GSC-4' } },
    ]);
  });
  it('RUL-9 GSC-1 a command the referee does not know is an error', () => {
    expect(() => decide(battleAt(), { type: 'Nonsense' } as unknown as GscCommand, rcFor('red', []))).toThrow(/unhandled case/);
  });
});
