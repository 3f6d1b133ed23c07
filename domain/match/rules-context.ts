/**
 * What a decision of the match lifecycle hands the ruleset: the dice and the salt for the
 * command being decided, and the match as the events it is about to emit leave it.
 */
import type { Ctx } from '../kernel/context.ts';
import type { Dice } from '../kernel/dice.ts';
import { rollKey, saltKey, seededDice } from '../kernel/dice.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import { hmacSha256Hex } from '../kernel/hash.ts';
import type { RulesContext } from '../kernel/ruleset.ts';
import { evolveEvent } from './evolve.ts';
import type { MatchCtx } from './match-ctx.ts';
import type { Match } from './state.ts';

/** The match after events this decision is about to emit, to decide what follows them (RUL-1: events, no envelopes). */
export const provisional = (match: Match, events: readonly DomainEvent[], ctx: MatchCtx): Match =>
  events.reduce((s, event) => evolveEvent(s, event, { gameId: match.gameId, at: ctx.now }, ctx.rulesets), match);

/** The dice of the command whose first event will be `firstSeq`: scripted in rule tests, else drawn from the game's key. */
export const diceFor = (match: Match, ctx: Ctx, firstSeq: number): Dice =>
  ctx.dice ??
  seededDice(
    rollKey(
      ctx.seed,
      match.seats.flatMap((s) => (s.seedContribution ? [s.seedContribution] : [])),
    ),
    match.gameId,
    firstSeq,
  );

export const rulesContext = (match: Match, ctx: Ctx, firstSeq: number): RulesContext => ({
  ctx,
  dice: diceFor(match, ctx, firstSeq),
  seat: ctx.actor.kind === 'player' ? ctx.actor.seat : null,
  salt: (label) => hmacSha256Hex(saltKey(ctx.seed), `${match.gameId}:${firstSeq}:salt:${label}`),
  rulesVersion: match.rulesVersion,
});
