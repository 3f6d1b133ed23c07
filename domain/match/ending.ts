/** The end of a game: a seat concedes; every decision that ends a game reveals the dice seed after it. */
import type { Ctx } from '../kernel/context.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import type { GameEnded, SeedRevealed } from './events.ts';
import { hasEnded } from './refusals.ts';
import type { Match } from './state.ts';

export const concede = (match: Match, ctx: Ctx): Decision<DomainEvent> => {
  if (match.status === 'ended') return reject('GAME_OVER', 'MATCH', hasEnded(match, 'there is nothing to concede'), 409);
  const seat = ctx.actor.kind === 'player' ? ctx.actor.seat : null;
  if (seat === null) return reject('NOT_SEATED', 'MATCH', 'Only a seated player can concede.', 403);
  const others = match.seats.filter((s) => s.name !== seat && s.playerId !== null);
  const winner = others.length === 1 && others[0] ? others[0].name : null;
  const ended: GameEnded = { type: 'GameEnded', data: { winner, reason: `${seat} conceded` } };
  return { ok: true, events: [{ type: 'PlayerConceded', data: { seat } }, ended, revealSeed(match, ctx)] };
};

/** A decision that ends the game reveals the seed after it (a ruleset's victory, a draw by agreement, PBM-13). */
export const revealAtEnd = (match: Match, ctx: Ctx, decision: Decision<DomainEvent>): Decision<DomainEvent> =>
  decision.ok && decision.events.some((e) => e.type === 'GameEnded')
    ? { ok: true, events: [...decision.events, revealSeed(match, ctx)] }
    : decision;

export const revealSeed = (match: Match, ctx: Ctx): SeedRevealed => ({
  type: 'SeedRevealed',
  data: { seed: ctx.seed, contributions: match.seats.flatMap((s) => (s.seedContribution ? [s.seedContribution] : [])) },
});
