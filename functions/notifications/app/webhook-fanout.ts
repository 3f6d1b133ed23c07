/**
 * Fan-out (PBM-1): which subscriptions hear an integration event, and what each is told.
 * A delivery's id is derived from the event's stable id and the subscription, so the same
 * event fanned out twice (a redelivered message) gives the same deliveries.
 */

import type { Rulesets } from '../../../domain/catalogue.ts';
import { sha256Hex } from '../../../domain/kernel/hash.ts';
import type { Undoing } from '../../../domain/match/events.ts';
import type { GameState, TakebackProposal } from '../../../domain/match/state.ts';
import { gameAt } from '../../games/app/game-fold.ts';
import { receiptOfEvent } from '../../games/app/receipts.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { IntegrationEvent, Subscription } from '../../kernel/ports.ts';
import {
  type Notice,
  type NoticeSeat,
  type NoticeStanding,
  type TakenBackHow,
  type TournamentNotice,
  tournamentPage,
  type WebhookKind,
} from './webhook-messages.ts';
import type { Delivery } from './webhooks.ts';

export const deliveryId = (eventId: string, subscriptionId: string): string =>
  `msg_${sha256Hex(`${eventId}|${subscriptionId}`).slice(0, 32)}`;

const KIND_OF_EVENT: Readonly<Record<string, WebhookKind>> = {
  TurnStarted: 'turn-started',
  PhaseStarted: 'phase-started',
  GameEnded: 'game-ended',
  // Published by a reminder's fire (PBM-7), one per seat still to act; only that seat's player hears it.
  DeadlineApproaching: 'deadline-approaching',
};

/** CLUB-7: a tournament's events that name no game; each is addressed to one player (`detail.playerId`). */
const TOURNAMENT_KINDS: Readonly<Record<string, WebhookKind>> = {
  TournamentRoundStarted: 'tournament-round-started',
  TournamentEnded: 'tournament-ended',
};

/**
 * Whether `subscription` may hear `event` at all: it is enabled, and it was made no later than
 * the event was recorded. A subscription hears what happens from its making on; the stream may
 * hand the fan-out an event recorded a moment before it (a command just before the subscribe),
 * and hearing that one would depend on how far the stream lags, and change when a message is
 * fanned out again later. Both times come from the service's clock as ISO strings.
 */
const hears = (subscription: Subscription, event: IntegrationEvent): boolean => subscription.enabled && subscription.createdAt <= event.at;

/** Which kind (if any) an event is for one subscription of `ownerId`. */
export const kindFor = (event: IntegrationEvent, kinds: readonly string[], ownerId: string): WebhookKind | null => {
  const addressee = typeof event.detail.playerId === 'string' ? event.detail.playerId : null;
  if (event.type === 'SeatAwaited') {
    if (addressee === ownerId && kinds.includes('your-turn')) return 'your-turn';
    return kinds.includes('seat-awaited') ? 'seat-awaited' : null;
  }
  // CLUB-4: a pairing is told to the player it pairs, on a subscription for pairings.
  if (event.type === 'TournamentPaired') return addressee === ownerId && kinds.includes('tournament-paired') ? 'tournament-paired' : null;
  // CLUB-7: a round's start and the final standings are told to each entered player, on a subscription for them.
  const ofTournament = TOURNAMENT_KINDS[event.type];
  if (ofTournament) return addressee === ownerId && kinds.includes(ofTournament) ? ofTournament : null;
  // TB-7: every seat hears of a takeback, a proposal of one and its answers: a subscription for its own turn too, as
  // the turn may be its again, or its acceptance is asked for.
  if (event.type.startsWith('Taken') || event.type.startsWith('Takeback')) {
    return kinds.includes('taken-back') || kinds.includes('your-turn') ? 'taken-back' : null;
  }
  // TB-7: every seat hears of a continuation proposed or started; a your-turn subscription too, as it asks them to act.
  if (event.type === 'ForkProposed' || event.type === 'ContinuationStarted')
    return kinds.includes('continuation') || kinds.includes('your-turn') ? 'continuation' : null;
  const kind = KIND_OF_EVENT[event.type];
  if (!kind || !kinds.includes(kind)) return null;
  if (kind === 'deadline-approaching' && addressee !== null && addressee !== ownerId) return null;
  return kind;
};

/**
 * One delivery per enabled subscription of a seated player that wants this event, and
 * of the game's creator when it ends, seated or not (PBM-10: an open game that expired).
 * The seats come from the log at the event (the read model may lag behind the publisher);
 * names are read only when someone is to be told.
 */
export const fanOut = async (deps: Deps, event: IntegrationEvent): Promise<Delivery[]> => {
  if (Object.hasOwn(TOURNAMENT_KINDS, event.type)) return fanOutTournament(deps, event);
  const state = await gameAt(deps, event.gameId, event.seq);
  if (state.status === 'empty') return [];
  // TB-2: a decline removed the proposal it answers; the notice names it from the state before.
  const before = event.type === 'TakebackDeclined' ? await gameAt(deps, event.gameId, event.seq - 1) : state;
  const proposal = before.status === 'empty' ? undefined : before.takebackProposal;
  const creator = event.type === 'GameEnded' ? [state.createdBy] : [];
  const players = [...new Set([...state.seats.flatMap((s) => (s.playerId ? [s.playerId] : [])), ...creator])];
  const wanted = (
    await Promise.all(
      players.map(async (playerId) =>
        (
          await deps.webhooks.table.subscriptions(playerId)
        ).flatMap((subscription) => {
          if (!hears(subscription, event) || (subscription.gameId !== null && subscription.gameId !== event.gameId)) return [];
          const kind = kindFor(event, subscription.kinds, playerId);
          return kind ? [{ subscription, kind }] : [];
        }),
      ),
    )
  ).flat();
  if (wanted.length === 0) return [];
  const [names, receipt] = await Promise.all([
    Promise.all(players.map(async (id) => [id, (await deps.games.player(id))?.name ?? null] as const)).then((named) => new Map(named)),
    receiptOf(deps, event),
  ]);
  return wanted.map(({ subscription, kind }) => ({
    id: deliveryId(event.id, subscription.id),
    playerId: subscription.playerId,
    subscriptionId: subscription.id,
    notice: { ...noticeOf(deps.rulesets, event, kind, subscription.id, state, names, proposal), ...receipt },
  }));
};

/**
 * TRUST-2: the receipt of the event a notice announces (its stream's, a game's or a tournament's,
 * at its seq), read from the log and signed once for every subscription told of it.
 */
const receiptOf = async (deps: Deps, event: IntegrationEvent): Promise<Pick<Notice, 'receipt'>> => {
  const receipt = await receiptOfEvent(deps, event.gameId, event.seq);
  return receipt === null ? {} : { receipt };
};

/**
 * CLUB-7: a tournament's round start or end has no game to fold: its addressee's subscriptions
 * that ask for it hear it, those kept to one game do not. The names of the standings it
 * carries are read when someone is to be told.
 */
const fanOutTournament = async (deps: Deps, event: IntegrationEvent): Promise<Delivery[]> => {
  const playerId = text(event.detail.playerId);
  if (playerId === null) return [];
  const wanted = (await deps.webhooks.table.subscriptions(playerId)).flatMap((subscription) => {
    if (!hears(subscription, event) || subscription.gameId !== null) return [];
    const kind = kindFor(event, subscription.kinds, playerId);
    return kind ? [{ subscription, kind }] : [];
  });
  if (wanted.length === 0) return [];
  const d = event.detail as Partial<TournamentDetail>;
  const rows = [...(d.top ?? []), ...(d.you ? [d.you] : [])];
  const [names, receipt] = await Promise.all([
    deps.games.playerNames([...new Set(rows.map((row) => row.playerId))]),
    receiptOf(deps, event),
  ]);
  const named = (row: TournamentDetailRow): NoticeStanding => ({ ...row, playerName: names.get(row.playerId) ?? null });
  const ruleset = text(d.ruleset);
  const tournament: TournamentNotice = {
    tournamentId: text(d.tournamentId) ?? '',
    tournamentName: text(d.tournamentName) ?? '',
    round: count(d.round) ?? 0,
    rounds: count(d.rounds) ?? 0,
    page: tournamentPage(text(d.tournamentId) ?? ''),
    ...(event.type === 'TournamentRoundStarted' ? { table: d.table ?? null, bye: d.bye === true, deadline: text(d.deadline) } : {}),
    ...(event.type === 'TournamentEnded' ? { top: (d.top ?? []).map(named), you: d.you ? named(d.you) : null } : {}),
  };
  return wanted.map(({ subscription, kind }) => ({
    id: deliveryId(event.id, subscription.id),
    playerId: subscription.playerId,
    subscriptionId: subscription.id,
    notice: {
      kind,
      subscriptionId: subscription.id,
      eventId: event.id,
      event: event.type,
      gameId: d.table?.gameId ?? null,
      seq: event.seq,
      at: event.at,
      ruleset,
      rulesetTitle: ruleset === null ? null : (deps.rulesets.findFold(ruleset)?.title ?? ruleset),
      seat: null,
      turn: null,
      round: null,
      phase: null,
      deadline: event.type === 'TournamentRoundStarted' ? text(d.deadline) : null,
      result: null,
      tournament,
      ...receipt,
    },
  }));
};

/** CLUB-7: a standings row as a tournament's integration event carries it: the notice's, before names are added at fan-out. */
export type TournamentDetailRow = Omit<NoticeStanding, 'playerName'>;

/**
 * CLUB-7: the detail of `TournamentRoundStarted` and `TournamentEnded` (functions/tournaments/app/tournament-rounds.ts
 * writes it): the notice a player is sent, addressed, with unnamed rows and without the page's path.
 */
export type TournamentDetail = Omit<TournamentNotice, 'top' | 'you' | 'page'> & {
  readonly playerId: string;
  readonly ruleset: string;
  readonly top?: readonly TournamentDetailRow[];
  readonly you?: TournamentDetailRow | null;
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);
const count = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The spectator's view of the ruleset state: where the turn and round counters are, for every ruleset. */
const counters = (rulesets: Rulesets, state: Exclude<GameState, { status: 'empty' }>): Record<string, unknown> => {
  if (state.status !== 'playing' && state.status !== 'ended') return {};
  const view = state.rules === null ? null : rulesets.findFold(state.ruleset)?.view(state.rules, null);
  return typeof view === 'object' && view !== null ? (view as Record<string, unknown>) : {};
};

const HOWS: ReadonlySet<string> = new Set(['own', 'agreed', 'organiser']);

/**
 * TB-1, TB-2, TB-3: a takeback says where the game went back to, how many events it voided,
 * on whose authority, what it undid, and why; a proposal says the same of what it would do,
 * an acceptance or a decline only who answered (the notice's seat).
 */
const takenBackOf = (event: IntegrationEvent, proposal: TakebackProposal | undefined): Pick<Notice, 'takenBack'> => {
  const d = event.detail;
  const undoes = event.type === 'TakebackProposed' ? (d.undoes as Undoing | undefined) : undefined;
  const ranges = event.type === 'TakenBack' ? d.voids : event.type === 'TakebackProposed' ? undoes?.voids : proposal?.undoes.voids;
  const voids = Array.isArray(ranges) ? (ranges as { from: number; to: number }[]) : [];
  const voided = voids.reduce((sum, range) => sum + range.to - range.from + 1, 0);
  switch (event.type) {
    case 'TakenBack': {
      const how = typeof d.how === 'string' && HOWS.has(d.how) ? (d.how as TakenBackHow) : 'own';
      return {
        takenBack: { step: 'taken', how, toVersion: count(d.toVersion) ?? 0, voided, reason: text(d.reason), summary: text(d.summary) },
      };
    }
    case 'TakebackProposed':
      return {
        takenBack: {
          step: 'proposed',
          how: 'agreed',
          toVersion: count(d.toVersion) ?? 0,
          voided,
          reason: text(d.reason),
          summary: undoes?.summary ?? null,
        },
      };
    case 'TakebackAccepted':
    case 'TakebackDeclined':
      return {
        takenBack: {
          step: event.type === 'TakebackAccepted' ? 'accepted' : 'declined',
          how: 'agreed',
          toVersion: proposal?.toVersion ?? 0,
          voided,
          reason: proposal?.reason ?? null,
          summary: proposal?.undoes.summary ?? null,
        },
      };
    default:
      return {};
  }
};

/** TB-6: a continuation says its stage and where it comes from. */
const continuationOf = (event: IntegrationEvent, gameId: string): Pick<Notice, 'continuation'> => {
  if (event.type === 'ForkProposed')
    return { continuation: { stage: 'proposed', from: { gameId, version: count(event.detail.version) ?? 0 } } };
  if (event.type !== 'ContinuationStarted') return {};
  const from = event.detail.from as { gameId?: unknown; version?: unknown } | undefined;
  return { continuation: { stage: 'started', from: { gameId: text(from?.gameId) ?? '', version: count(from?.version) ?? 0 } } };
};

/** CLUB-4: a pairing says the tournament, round, table and opponent (with the opponent's name). */
const pairingOf = (event: IntegrationEvent, names: ReadonlyMap<string, string | null>): Pick<Notice, 'pairing'> => {
  const d = event.detail;
  const opponentId = text(d.opponentId);
  if (event.type !== 'TournamentPaired' || opponentId === null) return {};
  return {
    pairing: {
      tournamentId: text(d.tournamentId) ?? '',
      tournamentName: text(d.tournamentName) ?? '',
      round: count(d.round) ?? 0,
      table: count(d.table) ?? 0,
      opponent: { seat: text(d.opponentSeat) ?? '', playerId: opponentId, playerName: names.get(opponentId) ?? null },
      deadline: text(d.deadline),
    },
  };
};

/** PBM-7: a reminder says how long before the deadline it was asked for and how long was left. */
const reminderOf = (event: IntegrationEvent): Pick<Notice, 'reminder'> => {
  const before = text(event.detail.reminder);
  const secondsLeft = count(event.detail.secondsLeft);
  return event.type === 'DeadlineApproaching' && before !== null && secondsLeft !== null ? { reminder: { before, secondsLeft } } : {};
};

export const noticeOf = (
  rulesets: Rulesets,
  event: IntegrationEvent,
  kind: WebhookKind,
  subscriptionId: string,
  state: Exclude<GameState, { status: 'empty' }>,
  names: ReadonlyMap<string, string | null>,
  proposal: TakebackProposal | undefined = state.takebackProposal,
): Notice => {
  const seatOf = (name: string | null): NoticeSeat | null => {
    if (!name) return null;
    const playerId = state.seats.find((s) => s.name === name)?.playerId ?? null;
    return { seat: name, playerId, playerName: playerId ? (names.get(playerId) ?? null) : null };
  };
  const { detail } = event;
  const view = counters(rulesets, state);
  const ended = event.type === 'GameEnded';
  return {
    kind,
    subscriptionId,
    eventId: event.id,
    event: event.type,
    gameId: event.gameId,
    seq: event.seq,
    at: event.at,
    ruleset: state.ruleset,
    rulesetTitle: rulesets.findFold(state.ruleset)?.title ?? state.ruleset,
    seat: ended ? null : seatOf(text(detail.seat) ?? text(detail.by)),
    turn: ended ? null : (count(detail.turn) ?? count(view.turn)),
    round: ended ? null : count(view.round),
    phase: ended || event.type === 'TurnStarted' ? null : (text(detail.phase) ?? text(detail.step) ?? state.step?.phase ?? null),
    deadline: ended ? null : (text(detail.deadline) ?? state.step?.deadline ?? null),
    result: ended ? { winner: seatOf(text(detail.winner)), reason: text(detail.reason) ?? '' } : null,
    ...reminderOf(event),
    ...takenBackOf(event, proposal),
    ...continuationOf(event, event.gameId),
    ...pairingOf(event, names),
  };
};
