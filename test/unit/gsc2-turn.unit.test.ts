import { describe, expect, it } from 'vitest';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import type { DomainEvent } from '../../domain/kernel/envelope.ts';
import { seat } from '../support/decider-spec.ts';
import { rulesOf, startBattle } from '../support/gsc2.ts';

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
