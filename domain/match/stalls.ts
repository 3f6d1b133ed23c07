/**
 * Nothing stalls: what the match lifecycle decides when a step of its own is missed.
 *
 * - PBM-10 the lobby: a game whose seats are not all taken `openFor` after it was created
 *   (default `DEFAULT_OPEN_FOR`) ends without a winner, and its seed is revealed.
 * - PBM-9 choosing the first player: when the roll-off winner lets the deadline pass, the
 *   roll-off winner takes the first turn (`chosenBy: 'deadline'`), and play begins.
 * - PBM-11 absent players: with `options.absence`, a seat that misses one deadline more
 *   than `maxMissed` in a row forfeits; the other seat wins when there are two.
 * Every other missed step is the ruleset's `onDeadline` policy.
 */
import type { DomainEvent } from '../kernel/envelope.ts';
import type { AnyRuleset } from '../kernel/ruleset.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import type { DeadlineReached } from './commands.ts';
import { revealAtEnd, revealSeed } from './ending.ts';
import type { DeadlinePassed, GameEnded } from './events.ts';
import type { MatchCtx } from './match-ctx.ts';
import { listed as list } from './refusals.ts';
import { rulesContext } from './rules-context.ts';
import { begin } from './start.ts';
import type { Match } from './state.ts';
import { DEFAULT_OPEN_FOR } from './steps.ts';
import { awaitingSeats } from './view.ts';

/** PBM-10: the end of a game nobody filled in time. */
const expired = (match: Match): GameEnded => {
  const empty = match.seats.filter((s) => s.playerId === null).map((s) => s.name);
  const seats = `the ${list(empty)} seat${empty.length === 1 ? ' was' : 's were'}`;
  return {
    type: 'GameEnded',
    data: {
      winner: null,
      reason: `expired: ${seats} not taken within ${match.options.openFor ?? DEFAULT_OPEN_FOR} (PBM-10)`,
      rule: 'PBM-10',
    },
  };
};

/** PBM-9: the roll-off winner's missed choice; they take the first turn. */
const chosenByDeadline = (match: Match, rule: string): DomainEvent | null =>
  match.rollOff ? { type: 'FirstPlayerChosen', data: { seat: match.rollOff.winner, chosenBy: 'deadline', rule } } : null;

/** PBM-11: the end of the game when this missed deadline puts a seat over `maxMissed`, or null. */
const forfeited = (match: Match, awaiting: readonly string[]): GameEnded | null => {
  const max = match.options.absence?.maxMissed;
  if (max === undefined) return null;
  const out = awaiting.filter((seat) => (match.missed?.[seat] ?? 0) + 1 > max);
  if (out.length === 0) return null;
  const others = match.seats.filter((s) => !out.includes(s.name) && s.playerId !== null);
  const winner = others.length === 1 && others[0] ? others[0].name : null;
  const missed = `${max + 1} deadline${max === 0 ? '' : 's'}${max === 0 ? '' : ' in a row'}`;
  return { type: 'GameEnded', data: { winner, reason: `${list(out)} missed ${missed} (PBM-11)`, rule: 'PBM-11' } };
};

/**
 * The phase timer's command. A fire for a step that already closed, a duplicate fire,
 * and a fire for a game that is over all decide nothing, so they write nothing. What a
 * missed step decides is above (PBM-9, PBM-10, PBM-11) or the ruleset's `onDeadline`.
 */
export const deadlineReached = (match: Match, command: DeadlineReached, ctx: MatchCtx, firstSeq: number): Decision<DomainEvent> => {
  if (ctx.actor.kind !== 'system') return reject('SYSTEM_ONLY', 'MATCH', 'Only the phase timer can declare a deadline passed.', 403);
  const step = match.step;
  if (match.status === 'ended' || !step || step.key !== command.phaseKey || !step.deadline || ctx.now < step.deadline) {
    return { ok: true, events: [] };
  }
  const passed: DeadlinePassed = {
    type: 'DeadlinePassed',
    data: { phaseKey: step.key, phase: step.phase, deadline: step.deadline, awaiting: awaitingSeats(ctx.rulesets, match) },
  };
  const ended = match.status === 'lobby' ? expired(match) : forfeited(match, passed.data.awaiting);
  if (ended) return { ok: true, events: [passed, ended, revealSeed(match, ctx)] };
  if (match.status === 'choosing') {
    const chosen = chosenByDeadline(match, ctx.rulesets.getFold(match.ruleset).firstPlayerRule);
    return { ok: true, events: chosen ? [passed, chosen, ...begin(match, [passed, chosen], ctx, firstSeq)] : [] };
  }
  if (match.status !== 'playing') return { ok: true, events: [] };
  const ruleset: AnyRuleset = ctx.rulesets.getRuleset(match.ruleset);
  const decision: Decision<DomainEvent> = ruleset.onDeadline(match.rules, rulesContext(match, ctx, firstSeq));
  return decision.ok ? revealAtEnd(match, ctx, { ok: true, events: [passed, ...decision.events] }) : decision;
};
