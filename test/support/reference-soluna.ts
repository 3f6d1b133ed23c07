/**
 * The Sol'una reference match: the example mission ("The Standing Stones", `{}` options)
 * played through the real decider with the reference seed. Both seats choose by a small
 * policy that reads the start-of-phase state, as a player would: attack with the surest
 * weapon that reaches (the enemy leader first), else use a power, else close in on the
 * enemy leader. Along the way the script makes the choices a reference match must hold:
 * one re-submission before the reveal, one deferral, one missed deadline. It plays until
 * the rules end the game (a slain leader, or the mission's turn limit).
 */

import { checkAction } from '../../domain/soluna/actions.ts';
import type { ModelAction } from '../../domain/soluna/choices.ts';
import { isStarred } from '../../domain/soluna/choices.ts';
import { distance, type Square } from '../../domain/soluna/grid.ts';
import type { Power } from '../../domain/soluna/mission.ts';
import { awaitedSeats } from '../../domain/soluna/orders.ts';
import type { SolModel, SolState } from '../../domain/soluna/state.ts';
import { awaiting } from '../../domain/soluna/view.ts';
import type { Recorder } from './finished-games.ts';
import { act, shoot, submit } from './soluna.ts';

/** Far more phases than the example mission's 8-turn limit allows: a guard, never reached. */
const MAX_PHASES = 200;

const solOf = (game: Recorder): SolState => (game.state as unknown as { rules: SolState }).rules;

const enemiesOf = (state: SolState, model: SolModel): SolModel[] =>
  state.models
    .filter((m) => m.seat !== model.seat && !m.slain)
    .sort((a, b) => Number(b.leader) - Number(a.leader) || distance(model.at, a.at) - distance(model.at, b.at));

const legal = (state: SolState, model: SolModel, action: ModelAction['action']): boolean =>
  checkAction(state, model, action).violation === undefined;

/** The surest weapon (lowest to-hit) against the first enemy it reaches, the leader first. */
const attack = (state: SolState, model: SolModel): ModelAction | null => {
  const weapons = [...model.attacks].sort((a, b) => a.toHit - b.toHit);
  for (const target of enemiesOf(state, model)) {
    for (const weapon of weapons) {
      const candidate = shoot(model.id, target.id, weapon.name);
      if (legal(state, model, candidate.action)) return candidate;
    }
  }
  return null;
};

/** A power that hurts an enemy (a wound, or Mind lost), or heals a wounded ally; never one that does nothing. */
const power = (state: SolState, model: SolModel): ModelAction | null => {
  const uses = (kind: 'artifact' | 'psionic', p: Power): ModelAction[] => {
    const hurts = p.target === 'enemy' && (p.effect.kind === 'wound' || (p.effect.kind === 'mind' && p.effect.amount < 0));
    const heals = p.target === 'ally' && p.effect.kind === 'heal';
    const targets = hurts
      ? enemiesOf(state, model)
      : heals
        ? state.models.filter((m) => m.seat === model.seat && !m.slain && m.woundsTaken > 0)
        : [];
    return targets.map((t) =>
      act(model.id, kind === 'artifact' ? { kind, artifact: p.name, target: t.id } : { kind, psionic: p.name, target: t.id }),
    );
  };
  const candidates = [...model.psionics.flatMap((p) => uses('psionic', p)), ...model.artifacts.flatMap((p) => uses('artifact', p))];
  return candidates.find((c) => legal(state, model, c.action)) ?? null;
};

/** The free square within reach that is nearest the enemy leader (nearest enemy without one), not one a friend already chose. */
const advance = (state: SolState, model: SolModel, taken: readonly Square[]): ModelAction | null => {
  const [goal] = enemiesOf(state, model);
  if (!goal) return null;
  const here = distance(model.at, goal.at);
  let best: { to: Square; apart: number } | null = null;
  for (let y = 0; y < state.grid.height; y += 1) {
    for (let x = 0; x < state.grid.width; x += 1) {
      const to: Square = [x, y];
      if (distance(model.at, to) > model.movement || taken.some((t) => t[0] === x && t[1] === y)) continue;
      const apart = distance(to, goal.at);
      if (apart === 0 || apart >= here || (best && apart >= best.apart)) continue;
      if (legal(state, model, { kind: 'move', to })) best = { to, apart };
    }
  }
  return best ? act(model.id, { kind: 'move', to: best.to }) : null;
};

interface Plan {
  resubmitted: boolean;
  deferred: boolean;
  missed: boolean;
}

/** One seat's choices for the phase: one for every model of it that may act. */
const choose = (state: SolState, seat: string, plan: Plan): ModelAction[] => {
  const taken: Square[] = [];
  return (state.eligible[seat] ?? []).map((id) => {
    const model = state.models.find((m) => m.id === id) as SolModel;
    const starred = model.starredUsed < state.rules.starredPerTurn;
    const strike = starred ? (attack(state, model) ?? power(state, model)) : null;
    if (strike) return strike;
    // SOL-5, once: a follower with nothing to strike holds its activation for a later phase
    if (!plan.deferred && !model.leader && !model.deferred) {
      plan.deferred = true;
      return act(model.id, { kind: 'defer' });
    }
    const move = advance(state, model, taken);
    if (move?.action.kind === 'move' && move.action.to) taken.push(move.action.to);
    return move ?? act(model.id, { kind: 'none' });
  });
};

/** Plays the match until the rules end it (or the guard is reached). */
export const playSolunaReference = (game: Recorder): void => {
  const plan: Plan = { resubmitted: false, deferred: false, missed: false };
  for (let i = 0; i < MAX_PHASES && game.state.status === 'playing'; i += 1) {
    const state = solOf(game);
    const seats = awaitedSeats(state);
    // who seals first alternates, so both seats' sets are sometimes the one the reveal waits for
    const order = state.phase % 2 === 1 ? seats : [...seats].reverse();
    // SOL-4, once: in turn 2, the first phase both seats must choose in, the second seat misses the deadline
    const miss = !plan.missed && state.turn >= 2 && seats.length === 2 ? order[1] : undefined;
    for (const seat of order) {
      if (seat === miss) continue;
      const actions = choose(state, seat, plan);
      // SOL-3, once: a seat re-seals before the reveal; only the last set counts
      if (!plan.resubmitted && seats.length === 2 && seat === order[0] && actions.some((a) => isStarred(a.action))) {
        plan.resubmitted = true;
        game.give(submit(actions.map((a) => act(a.model, { kind: 'none' }))), game.seat(seat));
      }
      game.give(submit(actions), game.seat(seat));
    }
    if (miss !== undefined && game.state.status === 'playing' && awaiting(solOf(game)).includes(miss)) {
      plan.missed = true;
      game.missDeadline();
    }
  }
};
