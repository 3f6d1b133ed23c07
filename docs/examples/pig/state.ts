/** Pig: the state of a match, and the state it starts from. */
import type { RulesSetup } from '../../../domain/kernel/ruleset.ts';
import type { PigOptions } from './options.ts';

export interface PigState {
  readonly status: 'playing' | 'ended';
  readonly seats: readonly string[];
  /** PIG-5: the score that wins. */
  readonly target: number;
  readonly scores: Readonly<Record<string, number>>;
  /** 0 until the first turn begins. */
  readonly turn: number;
  /** The seat whose turn it is (PIG-1). */
  readonly active: string;
  /** PIG-2: what this turn's rolls add up to; only holding banks it (PIG-4). */
  readonly turnTotal: number;
}

export const initialState = ({ seats, firstSeat, options }: RulesSetup<PigOptions>): PigState => ({
  status: 'playing',
  seats,
  target: options.target,
  scores: Object.fromEntries(seats.map((seat) => [seat, 0])),
  turn: 0,
  active: firstSeat,
  turnTotal: 0,
});
