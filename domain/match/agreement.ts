/**
 * PBM-13 by agreement of every seat: a draw, and a pause. A seat proposes (`OfferDraw`,
 * `RequestPause`), every other seat accepts (`AcceptDraw`, `AgreePause`) or any seat
 * declines (`DeclineDraw`, `DeclinePause`; the proposer so withdraws it). A proposal
 * lapses at the end of the phase it was made in (when the step's key changes; see
 * `evolveControl`). When the last seat agrees, a draw ends the game without a winner and
 * a pause is the same `GamePaused` the organiser's gives, by `seats`.
 */
import type { Ctx } from '../kernel/context.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import type { GameEnded } from './events.ts';
import { notUnderWay, pauseNow } from './organiser.ts';
import { standing } from './refusals.ts';
import type { Match, Proposal } from './state.ts';

export const DRAW_REASON = 'drawn by agreement (PBM-13)';

interface Agreement {
  readonly slot: 'drawOffer' | 'pauseRequest';
  readonly noun: string;
  readonly proposed: 'DrawOffered' | 'PauseRequested';
  readonly agreed: 'DrawAccepted' | 'PauseAgreed';
  readonly declined: 'DrawDeclined' | 'PauseDeclined';
  /** What the agreement of every seat decides. */
  readonly settle: (match: Match, ctx: Ctx) => DomainEvent[];
  /** A reason the proposal cannot be made now, or null. */
  readonly refuse: (match: Match) => Decision<never> | null;
}

const drawn: GameEnded = { type: 'GameEnded', data: { winner: null, reason: DRAW_REASON, rule: 'PBM-13' } };

export const DRAW: Agreement = {
  slot: 'drawOffer',
  noun: 'a draw',
  proposed: 'DrawOffered',
  agreed: 'DrawAccepted',
  declined: 'DrawDeclined',
  settle: () => [drawn],
  refuse: (match) =>
    match.status === 'playing'
      ? null
      : reject('GAME_NOT_PLAYING', 'PBM-13', `A draw can be offered only while the game is played. ${standing(match)}`, 409),
};

export const PAUSE: Agreement = {
  slot: 'pauseRequest',
  noun: 'a pause',
  proposed: 'PauseRequested',
  agreed: 'PauseAgreed',
  declined: 'PauseDeclined',
  settle: (match, ctx) => [pauseNow(match, ctx, 'seats')],
  refuse: notUnderWay,
};

const seatOfActor = (ctx: Ctx): string | null => (ctx.actor.kind === 'player' ? ctx.actor.seat : null);
const notSeated = (what: string) => reject('NOT_SEATED', 'PBM-13', `Only a seated player may ${what}.`, 403);

/** The proposal open now: one made in the step the game waits in. */
const openProposal = (match: Match, agreement: Agreement): Proposal | null => {
  const proposal = match[agreement.slot];
  return proposal && proposal.phaseKey === match.step?.key ? proposal : null;
};

const noneOpen = (agreement: Agreement) =>
  reject(
    'NOTHING_PROPOSED',
    'PBM-13',
    `Nobody has proposed ${agreement.noun} in this phase; a proposal lapses at the end of its phase.`,
    409,
  );

/** The events of `agreed` seats agreeing, and what every seat's agreement settles when they are all of them. */
const withSettlement = (match: Match, ctx: Ctx, agreement: Agreement, events: DomainEvent[], agreed: readonly string[]) => {
  const everyone = match.seats.filter((s) => s.playerId !== null).every((s) => agreed.includes(s.name));
  return { ok: true as const, events: everyone ? [...events, ...agreement.settle(match, ctx)] : events };
};

export const propose = (match: Match, ctx: Ctx, agreement: Agreement): Decision<DomainEvent> => {
  const seat = seatOfActor(ctx);
  if (seat === null) return notSeated(`propose ${agreement.noun}`);
  const refused = agreement.refuse(match);
  if (refused) return refused;
  const open = openProposal(match, agreement);
  if (open)
    return reject(
      'ALREADY_PROPOSED',
      'PBM-13',
      `${open.by} has already proposed ${agreement.noun} in this phase; accept or decline it.`,
      409,
    );
  const event = { type: agreement.proposed, data: { seat, phaseKey: match.step?.key ?? '' } };
  return withSettlement(match, ctx, agreement, [event], [seat]);
};

export const agree = (match: Match, ctx: Ctx, agreement: Agreement): Decision<DomainEvent> => {
  const seat = seatOfActor(ctx);
  if (seat === null) return notSeated(`agree to ${agreement.noun}`);
  const open = openProposal(match, agreement);
  if (!open) return noneOpen(agreement);
  if (open.agreed.includes(seat)) return reject('ALREADY_AGREED', 'PBM-13', `${seat} already agrees to ${agreement.noun}.`, 409);
  return withSettlement(match, ctx, agreement, [{ type: agreement.agreed, data: { seat } }], [...open.agreed, seat]);
};

export const decline = (match: Match, ctx: Ctx, agreement: Agreement): Decision<DomainEvent> => {
  const seat = seatOfActor(ctx);
  if (seat === null) return notSeated(`decline ${agreement.noun}`);
  if (!openProposal(match, agreement)) return noneOpen(agreement);
  return { ok: true, events: [{ type: agreement.declined, data: { seat } }] };
};
