/**
 * `ctx`: everything impure that a decision may depend on, passed in as values, so
 * `decide` is deterministic and a replay with the same `ctx` gives the same events.
 */
import type { Dice } from './dice.ts';

export type Actor = { readonly kind: 'player'; readonly playerId: string; readonly seat: string | null } | { readonly kind: 'system' };

export interface Ctx {
  /** Server time of the command, ISO 8601 UTC. */
  readonly now: string;
  readonly actor: Actor;
  /** The game's secret dice seed (hex). Rolls derive from it; it is logged only at the end. */
  readonly seed: string;
  /** Scripted dice for rule tests; in play the dice are always derived from `seed`. */
  readonly dice?: Dice;
}

/** How the envelope names who acted. */
export const actorLabel = (actor: Actor): string => (actor.kind === 'system' ? 'system' : (actor.seat ?? `player:${actor.playerId}`));
