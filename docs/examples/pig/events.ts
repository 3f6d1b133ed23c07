/** Pig events: all public (Pig has no secret orders). */
import type { DieRoll } from '../../../domain/kernel/dice.ts';
import type { DomainEvent } from '../../../domain/kernel/envelope.ts';
import type { GameEnded } from '../../../domain/match/events.ts';

/** PIG-1: a seat's turn begins. */
export type TurnStarted = DomainEvent<'TurnStarted', { readonly turn: number; readonly seat: string }>;
/** PIG-2: one die, with the turn total after it (0 after a 1, PIG-3). */
export type DieRolled = DomainEvent<'DieRolled', { readonly seat: string; readonly roll: DieRoll; readonly turnTotal: number }>;
/** PIG-3: a 1 loses the turn total and ends the turn. */
export type PiggedOut = DomainEvent<'PiggedOut', { readonly seat: string; readonly lost: number }>;
/** PIG-4: the turn total is banked, by the seat or, when its deadline passed, for it (PIG-6). */
export type Held = DomainEvent<
  'Held',
  { readonly seat: string; readonly banked: number; readonly score: number; readonly by: 'seat' | 'deadline' }
>;

export type PigEvent = TurnStarted | DieRolled | PiggedOut | Held | GameEnded;

export const PIG_EVENT_TYPES: readonly PigEvent['type'][] = ['TurnStarted', 'DieRolled', 'PiggedOut', 'Held', 'GameEnded'];
