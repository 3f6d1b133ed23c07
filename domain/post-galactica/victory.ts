/**
 * PG-14 (rules 13.11): the End Phase checks victory, scores objectives, resolves end-of-turn
 * abilities (triggers.ts), confirms resource and Supply totals, and passes the turn, in that order. PG-22:
 * where the original Command Center is the objective, losing it loses the game even though
 * Command Centers can be rebuilt.
 */
import type { GameEnded } from '../match/events.ts';
import type { ObjectivesScored, PgEvent, TotalsConfirmed } from './events.ts';
import { fold } from './evolve.ts';
import type { VictoryCondition } from './mission.ts';
import type { PgState } from './state.ts';
import { triggeredAbilities } from './triggers.ts';
import { passTurn } from './turns.ts';
import { unitsOf } from './units.ts';
import { supplyMax, supplyUsed, workerLimit, workersOnBattlefield } from './workers.ts';

type Verdict = { readonly winner: string | null; readonly reason: string; readonly rule: string };

const otherThan = (state: PgState, losers: readonly string[]): string | null => {
  const left = state.turnOrder.filter((s) => !losers.includes(s));
  return left.length === 1 ? (left[0] ?? null) : null;
};

/** One condition's verdict, or null while it decides nothing. */
const verdictOf = (state: PgState, condition: VictoryCondition): Verdict | null => {
  const seats = state.turnOrder.filter((s) => state.players[s]);
  switch (condition.type) {
    case 'originalCommandCenter': {
      const losers = seats.filter((s) => state.players[s]?.originalCommandCenterDestroyed);
      if (losers.length === 0) return null;
      return { winner: otherThan(state, losers), reason: `${losers.join(' and ')} lost the original Command Center`, rule: 'PG-22' };
    }
    case 'objectivePoints': {
      const winners = seats.filter((s) => (state.players[s]?.victoryPoints ?? 0) >= condition.points);
      if (winners.length === 0) return null;
      return {
        winner: winners.length === 1 ? (winners[0] ?? null) : null,
        reason: `${winners.join(' and ')} reached ${condition.points} Victory Points`,
        rule: 'PG-14',
      };
    }
    case 'annihilation': {
      const losers = seats.filter((s) => unitsOf(state, s).length === 0);
      if (losers.length === 0) return null;
      return { winner: otherThan(state, losers), reason: `${losers.join(' and ')} has nothing left on the battlefield`, rule: 'PG-14' };
    }
    case 'roundLimit':
      return null;
    default:
      return null;
  }
};

/** PG-14 "check victory conditions", in the order the mission lists them. */
export const checkVictory = (state: PgState): Verdict | null => {
  for (const condition of state.mission?.victory ?? []) {
    const verdict = verdictOf(state, condition);
    if (verdict) return verdict;
  }
  return null;
};

/** After the last turn of the last round: most Victory Points wins; equal points are a draw (default). */
const roundLimitVerdict = (state: PgState): Verdict | null => {
  const limit = state.mission?.victory.find((v) => v.type === 'roundLimit');
  const lastSeat = state.turnOrder.at(-1);
  if (!limit || state.round < limit.rounds || state.activeSeat !== lastSeat) return null;
  const scores = state.turnOrder.map((s) => ({ seat: s, points: state.players[s]?.victoryPoints ?? 0 }));
  const best = Math.max(...scores.map((s) => s.points));
  const leaders = scores.filter((s) => s.points === best);
  const winner = leaders.length === 1 ? (leaders[0]?.seat ?? null) : null;
  const tally = scores.map((s) => `${s.seat} ${s.points}`).join(', ');
  return { winner, reason: `${limit.rounds} rounds played; Victory Points ${tally}`, rule: 'PG-14' };
};

/** PG-14 "score mission objectives": each objective the active seat controls scores its points (default). */
const scoreObjectives = (state: PgState): ObjectivesScored | null => {
  const seat = state.activeSeat;
  const held = state.mission?.objectives.filter((o) => state.objectives[o.id] === seat) ?? [];
  if (held.length === 0) return null;
  const points = held.reduce((sum, o) => sum + o.points, 0);
  const total = (state.players[seat]?.victoryPoints ?? 0) + points;
  return { type: 'ObjectivesScored', data: { seat, objectives: held.map((o) => o.id), points, total, rule: 'PG-14' } };
};

const totals = (state: PgState): TotalsConfirmed | null => {
  const seat = state.activeSeat;
  const player = state.players[seat];
  if (!player) return null;
  return {
    type: 'TotalsConfirmed',
    data: {
      seat,
      resources: player.resources,
      supply: { used: supplyUsed(state, seat), max: supplyMax(state, seat) },
      workers: { count: workersOnBattlefield(state, seat), limit: workerLimit(state, seat) },
      rule: 'PG-14',
    },
  };
};

const ended = (v: Verdict): GameEnded => ({ type: 'GameEnded', data: { winner: v.winner, reason: v.reason, rule: v.rule } });

/** PG-14: the End Phase, ending in GameEnded or the next player's turn. */
export const endPhaseEvents = (state: PgState): PgEvent[] => {
  const verdict = checkVictory(state);
  if (verdict) return [ended(verdict)];
  const events: PgEvent[] = [];
  const scored = scoreObjectives(state);
  if (scored) events.push(scored);
  events.push(...triggeredAbilities(fold(state, events), state.activeSeat, 'endOfTurn'));
  const confirmed = totals(fold(state, events));
  if (confirmed) events.push(confirmed);
  const after = fold(state, events);
  const last = roundLimitVerdict(after);
  return last ? [...events, ended(last)] : [...events, ...passTurn(after)];
};
