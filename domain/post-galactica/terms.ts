/**
 * Post Galactica terms that its events, its state and its rules all speak of, kept apart from
 * each so that none of them imports another to name one.
 */

/** What a countdown counter counts down to (PG-7). */
export type CountdownKind = 'construction' | 'production' | 'research' | 'salvage' | 'recharge';

/** A status on a unit and the Status Phases it has left (PG-13). */
export interface StatusState {
  readonly name: string;
  /** Status Phases left; the status ends when this reaches 0. */
  readonly remaining: number;
}

/** PG-10: the actions whose effect lasts through the next enemy turn (defaults, see the coverage doc). */
export type Stance = 'Overwatch' | 'Dodge' | 'Disengage';

/** PG-16: up to 3 Workers are always allowed (the Free Worker Allowance). */
export const FREE_WORKER_ALLOWANCE = 3;
