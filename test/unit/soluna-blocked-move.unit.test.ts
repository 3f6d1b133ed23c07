/**
 * SOL-5 (INV-10, issue 43): a model whose move is blocked has still used its activation, and
 * with it a deferred activation it held. Ava (Mind 9) cannot act in phase 2 by her Mind; she
 * defers in phase 1 to act there. In phase 2 she and Bex both move to the same square: both
 * moves are blocked, and Ava's deferral is spent all the same, as it would be by any action
 * other than deferring again.
 */
import { describe, expect, it } from 'vitest';
import { canAct } from '../../domain/soluna/activation.ts';
import { seat } from '../support/decider-spec.ts';
import { act, mission, playing, profile, sol, submit } from '../support/soluna.ts';

const sun = seat('sun', 'p_sun');
const moon = seat('moon', 'p_moon');

describe('SOL-5 a blocked move uses the activation', () => {
  it('SOL-5 a model acting on its deferral whose move is blocked has spent the deferral, and stays where it was', () => {
    const game = playing(
      mission([profile({ id: 'ava', mind: 9, at: [0, 0], leader: true })], [profile({ id: 'bex', mind: 10, at: [2, 0], leader: true })]),
    );
    expect([canAct(9, 1), canAct(9, 2)]).toEqual([true, false]);
    // Phase 1: Ava holds her activation; Bex does nothing.
    game.run(submit([act('ava', { kind: 'defer' })]), sun);
    game.run(submit([act('bex', { kind: 'none' })]), moon);
    const held = sol(game);
    expect(held.phase).toBe(2);
    expect(held.models.find((m) => m.id === 'ava')?.deferred).toBe(true);
    expect(held.eligible).toEqual({ sun: ['ava'], moon: ['bex'] });
    // Phase 2: both move to the square between them.
    game.run(submit([act('ava', { kind: 'move', to: [1, 0] })]), sun);
    game.run(submit([act('bex', { kind: 'move', to: [1, 0] })]), moon);
    const blocked = game.log.filter((e) => e.type === 'MoveBlocked').map((e) => (e.data as { model: string }).model);
    expect(blocked.sort()).toEqual(['ava', 'bex']);
    const after = sol(game);
    const ava = after.models.find((m) => m.id === 'ava');
    expect(ava?.at).toEqual([0, 0]);
    expect(ava?.deferred).toBe(false);
  });
});
