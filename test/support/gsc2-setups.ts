/**
 * Set-ups several GSC2 rule test files share: the referee's answer to a command, a battle on
 * other options, ships marked moved, and a missile in flight. Ships are the example battle's
 * (`battle()` in gsc2.ts: red's Valiant and Lance, blue's Tyrant and Viper).
 */
import { expect } from 'vitest';
import type { GscCommand } from '../../domain/gsc2/commands.ts';
import { decide } from '../../domain/gsc2/decide.ts';
import type { GscEvent } from '../../domain/gsc2/events.ts';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import { type GscState, initialState, type Missile } from '../../domain/gsc2/state.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import { place, rcFor } from './gsc2.ts';

/** The decision's events, failing the test on a refusal. */
export const accepted = (state: GscState, command: GscCommand, seat: string, faces: number[] = []): readonly GscEvent[] => {
  const decision = decide(state, command, rcFor(seat, faces));
  if (!decision.ok) throw new Error(`refused: ${decision.violation.code} ${decision.violation.message}`);
  return decision.events;
};

/** Why `seat` may not give `command`. */
export const refusal = (state: GscState, command: GscCommand, seat: string, faces: number[] = []) => {
  const decision = decide(state, command, rcFor(seat, faces));
  expect(decision.ok).toBe(false);
  return decision.ok ? undefined : decision.violation;
};

/** A battle before the first turn on these options (`{}` is the example scenario), red the first player. */
export const battleWith = (rules: Record<string, unknown>): GscState =>
  initialState({ seats: ['red', 'blue'], firstSeat: 'red', options: gscOptionsSchema.parse(rules) });

/** Dice of which no die may be rolled. */
export const noDice = () => scriptedDice([]);

/** The state with these ships marked as having moved this turn. */
export const moved = (state: GscState, ...ids: string[]) => ids.reduce((s, id) => place(s, id, { moved: 1 }), state);

/** A missile of `seat`'s in flight at `at`: red's from Valiant at Tyrant, blue's the other way. */
export const missile = (id: string, seat: string, at: { x: number; y: number }): Missile => ({
  ...{ id, seat, ship: seat === 'red' ? 'valiant' : 'tyrant', target: seat === 'red' ? 'tyrant' : 'valiant' },
  ...{ at, damage: 2, tested: null },
});
