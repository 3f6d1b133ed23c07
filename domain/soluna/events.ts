/** Sol'una events. Only `ActionsSealed` is sealed (`visibleTo` its seat); all others are public. */
import type { DieRoll } from '../kernel/dice.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import type { GameEnded } from '../match/events.ts';
import type { ModelAction } from './choices.ts';
import type { Square } from './grid.ts';
import type { Effect } from './mission.ts';

/** SOL-6: a turn-based change of Mind; it expires after phase 10. */
export interface TurnEffect {
  readonly model: string;
  readonly amount: number;
  /** The artifact or psionic and who used it, for the log reader. */
  readonly source: string;
}

/** SOL-4: what a model suffered in the phase, applied at its end. */
export interface Injury {
  readonly model: string;
  readonly damage: number;
  readonly healed: number;
  /** Wounds taken after the phase. */
  readonly woundsTaken: number;
  readonly slain: boolean;
}

export type TurnStarted = DomainEvent<'TurnStarted', { readonly turn: number }>;
/** SOL-1/SOL-7: a phase in which at least one model may act; `skipped` phases had none. */
export type PhaseStarted = DomainEvent<
  'PhaseStarted',
  {
    readonly turn: number;
    readonly phase: number;
    readonly skipped: readonly number[];
    /** Per seat, the models that may act (an empty seat is not awaited). */
    readonly eligible: Readonly<Record<string, readonly string[]>>;
  }
>;
/** SOL-3: one seat's choices, visible only to that seat until the reveal. */
export type ActionsSealed = DomainEvent<
  'ActionsSealed',
  { readonly turn: number; readonly phase: number; readonly seat: string; readonly actions: readonly ModelAction[]; readonly salt: string }
>;
/**
 * SOL-3: public at once, beside the sealed set: its hash, so the other seat holds a
 * commitment before the reveal and can check the revealed actions against it. The salt
 * is secret until the reveal, so the hash gives nothing away.
 */
export type ActionsCommitted = DomainEvent<
  'ActionsCommitted',
  { readonly turn: number; readonly phase: number; readonly seat: string; readonly hash: string }
>;
export type RevealedOrders =
  | { readonly seat: string; readonly actions: readonly ModelAction[]; readonly salt: string; readonly hash: string }
  /** A seat that missed the deadline (SOL-4): its models were given `missed` choices. */
  | { readonly seat: string; readonly actions: readonly ModelAction[]; readonly missed: 'none' | 'defer' };
/** SOL-3: every choice of the phase, with the hash of each sealed order set. */
export type ActionsRevealed = DomainEvent<
  'ActionsRevealed',
  { readonly turn: number; readonly phase: number; readonly orders: readonly RevealedOrders[] }
>;
export type ModelMoved = DomainEvent<
  'ModelMoved',
  { readonly model: string; readonly from: Square; readonly to: Square; readonly path: readonly Square[] }
>;
/** Two or more models chose the same destination: none of them moves (default). */
export type MoveBlocked = DomainEvent<'MoveBlocked', { readonly model: string; readonly to: Square; readonly reason: string }>;
/** SOL-4: resolved against the start-of-phase positions; damage applies at the end of the phase. */
export type AttackResolved = DomainEvent<
  'AttackResolved',
  {
    readonly model: string;
    readonly weapon: string;
    readonly target: string;
    readonly targetAt: Square;
    readonly roll: DieRoll;
    readonly damage: number;
  }
>;
export type PowerUsed = DomainEvent<
  'PowerUsed',
  {
    readonly model: string;
    readonly kind: 'artifact' | 'psionic';
    readonly power: string;
    readonly target: string;
    readonly effect: Effect;
  }
>;
/** SOL-5: the model holds its activation for a later phase, possibly of a later turn. */
export type ActivationDeferred = DomainEvent<'ActivationDeferred', { readonly model: string }>;
/** The model does nothing; a held (deferred) activation is spent. */
export type ActivationPassed = DomainEvent<'ActivationPassed', { readonly model: string }>;
/** SOL-4/SOL-9: injuries, deaths and Mind effects take effect; `minds` lists changed Mind values. */
export type PhaseEnded = DomainEvent<
  'PhaseEnded',
  {
    readonly turn: number;
    readonly phase: number;
    readonly injuries: readonly Injury[];
    readonly effects: readonly TurnEffect[];
    readonly minds: readonly { readonly model: string; readonly from: number; readonly to: number }[];
  }
>;
/** SOL-6: after phase 10 turn-based effects expire and starred choices are available again. */
export type TurnEnded = DomainEvent<'TurnEnded', { readonly turn: number; readonly expired: readonly TurnEffect[] }>;

export type SolEvent =
  | TurnStarted
  | PhaseStarted
  | ActionsSealed
  | ActionsCommitted
  | ActionsRevealed
  | ModelMoved
  | MoveBlocked
  | AttackResolved
  | PowerUsed
  | ActivationDeferred
  | ActivationPassed
  | PhaseEnded
  | TurnEnded
  | GameEnded;

export const SOL_EVENT_TYPES: readonly SolEvent['type'][] = [
  'TurnStarted',
  'PhaseStarted',
  'ActionsSealed',
  'ActionsCommitted',
  'ActionsRevealed',
  'ModelMoved',
  'MoveBlocked',
  'AttackResolved',
  'PowerUsed',
  'ActivationDeferred',
  'ActivationPassed',
  'PhaseEnded',
  'TurnEnded',
  'GameEnded',
];
