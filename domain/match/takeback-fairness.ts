/**
 * INV-7, INV-1: what keeps takebacks fair and bounded, since a ruleset's `matchBoundsSince`
 * (RUL-10: a game under older rules keeps the older decisions, so its log re-adjudicates).
 *
 * Fairness: nobody seated undoes a roll alone. An organiser who holds a seat is also a player;
 * a correction of theirs that undoes a roll or a reveal would let them re-roll the dice their
 * opponent saw (dice fishing, which TB-1 and TB-2 exist to stop), so it needs the other seats'
 * agreement (`ProposeTakeback`). An organiser with no seat (a tournament's or a club's) rules
 * alone, with a reason. A correction that crosses no roll and no reveal undoes nothing chance
 * decided, and stays the organiser's.
 *
 * Bounds: each takeback keeps its voided runs in the state for ever (`voided`), each agreed
 * continuation its fork (`forks`), so a game keeps at most `MAX_TAKEBACKS` and `MAX_FORKS`.
 */
import type { EventEnvelope } from '../kernel/envelope.ts';
import { rulesSince } from '../kernel/rules-version.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import type { Undoing } from './events.ts';
import type { LogAfter, MatchCtx } from './match-ctx.ts';
import type { Match } from './state.ts';
import { isVoided } from './undo.ts';

/** INV-1: the takebacks (own, agreed or corrections) a game accepts; each keeps its voided runs in the state. */
export const MAX_TAKEBACKS = 100;

/** INV-1: the continuations a game may agree (TB-6); each is kept in the state (`forks`). */
export const MAX_FORKS = 20;

/** INV-1: the longest reason a takeback, a proposal or a correction may give (commands.ts says the same to the parser). */
export const MAX_REASON = 500;

/** Whether `match` is decided under the fair and bounded match rules (INV-1, INV-7), by the version it is decided under. */
export const isBounded = (match: Match, ctx: MatchCtx): boolean => {
  const since = ctx.rulesets.findFold(match.ruleset)?.matchBoundsSince;
  return since === undefined || rulesSince(ctx.rulesVersion ?? match.rulesVersion, since);
};

/** How many takebacks `match` has had: each voided at least one run, kept with its seq (`by`). */
export const takebacksSoFar = (match: Match): number => new Set((match.voided ?? []).map((v) => v.by)).size;

/** INV-1: the refusal of one takeback more than a game keeps, or null. 409: the game has used them all, whatever is asked. */
export const takebackCapRefusal = (match: Match, ctx: MatchCtx, rule: string): Decision<never> | null => {
  if (!isBounded(match, ctx) || takebacksSoFar(match) < MAX_TAKEBACKS) return null;
  return reject(
    'TOO_MANY_TAKEBACKS',
    rule,
    `This game has had ${MAX_TAKEBACKS} takebacks, the most a game keeps; play on, or continue from any version in a fork (TB-6).`,
    409,
  );
};

/** INV-1: the refusal of a reason over `MAX_REASON` characters, or a correction's missing one (422: a rule on the command itself). */
export const reasonRefusal = (match: Match, ctx: MatchCtx, reason: unknown, rule: string, required: boolean): Decision<never> | null => {
  if (!isBounded(match, ctx)) return null;
  if (reason === undefined && !required) return null;
  if (typeof reason === 'string' && reason.length >= 1 && reason.length <= MAX_REASON) return null;
  return reject(
    'BAD_REASON',
    rule,
    required
      ? `A correction states its reason, 1 to ${MAX_REASON} characters; it is kept in the log and shown to every seat.`
      : `A reason is 1 to ${MAX_REASON} characters.`,
  );
};

/**
 * What of the events a takeback would undo was decided by chance or by another seat in secret,
 * as undo.ts's window counts them (TB-1): a roll, a reveal, orders another seat sealed than
 * `seat`. The first such, as a phrase, or null.
 */
export const chanceUndone = (match: Match, log: LogAfter, undoes: Undoing, ctx: MatchCtx, seat: string): string | null => {
  const reveals: readonly string[] = ctx.rulesets.findFold(match.ruleset)?.revealTypes ?? [];
  const events = log.events.filter((e: EventEnvelope) => e.seq > log.after && !isVoided(match.voided, e.seq));
  const roll = undoes.rolls[0];
  if (roll) return `the ${roll.purpose} roll (d${roll.sides} = ${roll.face}) drawn at event ${roll.draw.seq}`;
  const revealed = events.find((e) => reveals.includes(e.type));
  if (revealed) return `the orders revealed at event ${revealed.seq}`;
  const sealed = events.find((e) => e.visibleTo !== undefined && e.visibleTo !== seat);
  return sealed ? `the orders ${sealed.visibleTo} sealed at event ${sealed.seq}` : null;
};

/** The seated players other than the actor's: whose agreement a seated organiser needs. */
const otherPlayers = (match: Match, playerId: string): string[] =>
  match.seats.filter((s) => s.playerId !== null && s.playerId !== playerId).map((s) => s.name);

/**
 * INV-7: a seated organiser's correction across a roll or a reveal, refused, or null. 422, not
 * 409: the body is valid and the game is in a state that takes corrections; it is refused by
 * the fairness rule for what this correction would undo (as a takeback too far, TOO_FAR, is).
 * A sandbox's owner, who holds every seat, needs nobody's agreement.
 */
export const seatedCorrectionRefusal = (match: Match, log: LogAfter, undoes: Undoing, ctx: MatchCtx): Decision<never> | null => {
  if (ctx.actor.kind !== 'player' || !isBounded(match, ctx)) return null;
  const { playerId } = ctx.actor;
  const own = match.seats.find((s) => s.playerId === playerId);
  const others = otherPlayers(match, playerId);
  if (!own || others.length === 0) return null;
  const crossed = chanceUndone(match, log, undoes, ctx, own.name);
  if (crossed === null) return null;
  return reject(
    'NEEDS_AGREEMENT',
    'TB-3',
    `This correction would undo ${crossed}, and you hold the seat ${own.name}: a seated organiser undoes no roll or reveal alone. Propose it with ProposeTakeback (TB-2), which ${others.join(' and ')} must accept; only an organiser with no seat corrects across a roll or a reveal.`,
  );
};
