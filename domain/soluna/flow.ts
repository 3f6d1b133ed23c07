/**
 * The turn: phases 1 to 10 (SOL-1), skipping phases in which nobody may act (SOL-7, with
 * eligibility recomputed from the current Mind values, SOL-9), the end of the turn
 * (SOL-6) and victory (SOL-8).
 */
import type { GameEnded } from '../match/events.ts';
import type { PhaseStarted, SolEvent } from './events.ts';
import { fold } from './evolve.ts';
import { eligibleBySeat, firstActingPhase } from './models.ts';
import type { SolState } from './state.ts';

const phaseStarted = (state: SolState, phase: number, from: number): PhaseStarted => ({
  type: 'PhaseStarted',
  data: {
    turn: state.turn,
    phase,
    skipped: Array.from({ length: phase - from }, (_, i) => from + i),
    eligible: eligibleBySeat(state, phase),
  },
});

/** SOL-7: a turn begins at the phase of the first possible activation. */
export const openTurn = (state: SolState, turn: number): SolEvent[] => {
  const started: SolEvent = { type: 'TurnStarted', data: { turn } };
  const opened = fold(state, [started]);
  const phase = firstActingPhase(opened, 1);
  if (phase === null) return [started, scoreEnd(opened, 'no model can act in a whole turn')];
  return [started, phaseStarted(opened, phase, 1)];
};

/** After `PhaseEnded` (already folded into `state`): victory, the next phase, or the end of the turn. */
export const afterPhase = (state: SolState): SolEvent[] => {
  const ended = victory(state);
  if (ended) return [ended];
  const next = firstActingPhase(state, state.phase + 1);
  if (next !== null) return [phaseStarted(state, next, state.phase + 1)];
  return endTurn(state);
};

/** SOL-6: after phase 10 turn-based effects expire; then the turn limit, or the next turn at phase 1. */
const endTurn = (state: SolState): SolEvent[] => {
  const ended: SolEvent = { type: 'TurnEnded', data: { turn: state.turn, expired: state.effects } };
  const next = fold(state, [ended]);
  if (state.victory.turnLimit !== null && state.turn >= state.victory.turnLimit) {
    return [ended, scoreEnd(next, `the turn limit of ${state.victory.turnLimit} was reached`)];
  }
  return [ended, ...openTurn(next, state.turn + 1)];
};

/** SOL-8 default: a side is beaten when its leader (or, without one or with `all`, its last model) is slain. */
const beaten = (state: SolState, seat: string): boolean => {
  const models = state.models.filter((m) => m.seat === seat);
  const leader = models.find((m) => m.leader);
  return state.victory.eliminate === 'leader' && leader ? leader.slain : models.every((m) => m.slain);
};

export const victory = (state: SolState): GameEnded | null => {
  const lost = state.seats.filter((seat) => beaten(state, seat));
  if (lost.length === 0) return null;
  const standing = state.seats.filter((seat) => !lost.includes(seat));
  const what = state.victory.eliminate === 'leader' ? 'leader' : 'warband';
  const winner = standing.length === 1 ? (standing[0] ?? null) : null;
  const reason = winner ? `the ${lost.join(', ')} ${what} was slain` : `every ${what} fell in the same phase: a draw`;
  return { type: 'GameEnded', data: { winner, reason, rule: 'SOL-8' } };
};

/** SOL-8 default when play cannot go on: the side that slew more enemy models wins; equal is a draw. */
export const scoreEnd = (state: SolState, why: string): GameEnded => {
  const slew = (seat: string) => state.models.filter((m) => m.seat !== seat && m.slain).length;
  const scores = state.seats.map((seat) => ({ seat, score: slew(seat) }));
  const best = Math.max(...scores.map((s) => s.score));
  const leaders = scores.filter((s) => s.score === best);
  const winner = leaders.length === 1 ? (leaders[0]?.seat ?? null) : null;
  const tally = scores.map((s) => `${s.seat} ${s.score}`).join(', ');
  return { type: 'GameEnded', data: { winner, reason: `${why}; enemy models slain: ${tally}`, rule: 'SOL-8' } };
};
