/**
 * TB-6 forks: a new game from the state of another at one of its versions (docs/design.md §8).
 * A sandbox is private and its requester moves every seat; a continuation keeps the seats and
 * opens fresh deadlines, and starts only when every seat has accepted it (`ProposeFork`,
 * `AcceptFork`, like a draw, PBM-13). A fork never shows its requester more than they may see:
 * it is taken from an ended game (its seed revealed, nothing hidden any more), or where no
 * sealed orders are pending that are hidden from whoever will see the fork.
 *
 * The fork's first event, `GameForked`, carries the origin's state at that version, so the
 * fork folds alone; its decision takes that state from `ctx.origin`, which the service loads
 * and `arbiter verify --origin` folds from the origin's log, so verify re-decides it.
 */
import type { Rulesets } from '../catalogue.ts';
import { seedCommitment } from '../kernel/dice.ts';
import type { DomainEvent } from '../kernel/envelope.ts';
import { sha256Hex } from '../kernel/hash.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import type { ForkGame, ProposeFork } from './commands.ts';
import type { ForkAgreed, GameForked, MatchOptions } from './events.ts';
import type { ForkOrigin, MatchCtx } from './match-ctx.ts';

export type { ForkOrigin };

import { isOrganiser } from './organiser.ts';
import { listed, standing } from './refusals.ts';
import { type ForkProposal, type GameState, type Match, seatOf } from './state.ts';
import { isBounded, MAX_FORKS } from './takeback-fairness.ts';
import { awaitingSeats } from './view.ts';

/**
 * The id of the continuation agreed at event `seq` of `gameId`: derived, so a retry of its
 * creation finds the same game (idempotent by its command id, `@fork.<gameId>.<seq>`).
 */
export const continuationId = (gameId: string, seq: number): string => `g_${sha256Hex(`fork:${gameId}:${seq}`).slice(0, 20)}`;

/** The id of a sandbox: derived from its requester and their command id, as `POST /games` derives a game's. */
export const sandboxId = (playerId: string, commandId: string): string => `g_${sha256Hex(`sandbox:${playerId}:${commandId}`).slice(0, 20)}`;

/** The seats whose sealed orders are pending at `state` and hidden from `seat` (null: someone holding no seat). */
export const hiddenFrom = (rulesets: Rulesets, state: GameState, seat: string | null): readonly string[] => {
  if (state.status !== 'playing') return [];
  const sealed = rulesets.getFold(state.ruleset).sealedBy?.(state.rules) ?? [];
  return sealed.filter((s) => s !== seat);
};

/**
 * The seat a player acts as: in a sandbox, where they hold every seat, the first seat the game
 * awaits (so one player plays each seat in turn, sealed steps one seat after another); anywhere
 * else the seat they hold.
 */
export const actingSeat = (rulesets: Rulesets, state: GameState, playerId: string): string | null => {
  if (state.status === 'empty' || state.fork?.kind !== 'sandbox' || state.createdBy !== playerId) return seatOf(state, playerId);
  return awaitingSeats(rulesets, state)[0] ?? state.seats[0]?.name ?? null;
};

/** API-8 in the domain: a private game's players and organiser may read it, anyone a public one. */
const mayRead = (state: GameState, playerId: string): boolean =>
  state.status !== 'empty' &&
  (state.options.visibility !== 'private' ||
    seatOf(state, playerId) !== null ||
    isOrganiser(state, { kind: 'player', playerId, seat: null }));

const refuse = (code: string, message: string, status: 403 | 409 | 422 = 409) => reject(code, 'TB-6', message, status);

/** Why the origin's state at `version` cannot start a fork, or null. */
const notForkable = (at: GameState, version: number): Decision<never> | null => {
  if (at.status === 'empty' || at.version < version)
    return refuse('NO_SUCH_VERSION', `The game has no version ${version}; fork from a version it has reached.`);
  if (at.status !== 'playing') {
    const when = at.status === 'ended' ? 'had ended' : 'had not started yet';
    return refuse('NOT_IN_PLAY', `At version ${version} the game ${when}, so there is no position in play to fork.`, 422);
  }
  return null;
};

const sealedRefusal = (seats: readonly string[], version: number, whom: string) =>
  refuse(
    'HIDDEN_ORDERS_PENDING',
    `At version ${version} ${listed(seats)} had sealed orders ${whom} may not see yet; fork from a version before they sealed or after the reveal, or once the game has ended.`,
  );

/** A sandbox plays without deadlines and is private to its requester; a continuation keeps the origin's options. */
const sandboxOptions = (options: MatchOptions): MatchOptions => {
  const { absence: _absence, reminders: _reminders, visibility: _visibility, deadlines: _deadlines, ...rest } = options;
  return { ...rest, deadlines: {}, visibility: 'private' };
};

/**
 * `ForkGame`, decided on the fork (an empty game) with its origin in `ctx.origin`. A sandbox is
 * a reader's: from an ended game at any version in play, or from a running one where nothing
 * sealed is hidden from them. A continuation is the server's, for a fork every seat agreed.
 */
export const forkGame = (state: GameState, command: ForkGame, ctx: MatchCtx, gameId: string): Decision<DomainEvent> => {
  if (state.status !== 'empty') return reject('GAME_EXISTS', 'MATCH', 'A game with this id already exists.', 409);
  const origin = ctx.origin;
  const { version } = command.from;
  if (!origin || origin.gameId !== command.from.gameId || origin.head.status === 'empty')
    return refuse('NO_ORIGIN', `A fork is decided with the log of the game it comes from, ${command.from.gameId}.`);
  const unforkable = notForkable(origin.at, version);
  if (unforkable) return unforkable;
  const at = origin.at as Extract<Match, { status: 'playing' }>;
  const head = origin.head;
  const ended = head.status === 'ended';
  let createdBy: string;
  let players: Record<string, string>;
  if (command.kind === 'sandbox') {
    if (ctx.actor.kind !== 'player') return reject('PLAYERS_ONLY', 'TB-6', 'A sandbox is a player’s.', 403);
    const playerId = ctx.actor.playerId;
    if (!mayRead(head, playerId)) return refuse('NOT_READABLE', 'Only who may read a game may fork it (API-8).', 403);
    const hidden = ended ? [] : hiddenFrom(ctx.rulesets, at, seatOf(head, playerId));
    if (hidden.length > 0) return sealedRefusal(hidden, version, 'you');
    createdBy = playerId;
    players = Object.fromEntries(at.seats.map((s) => [s.name, playerId]));
  } else {
    if (ctx.actor.kind !== 'system')
      return refuse('NOT_AGREED', 'A continuation starts when every seat has accepted it: propose one with POST /games/{id}/forks.');
    if (!(head.forks ?? []).some((f) => f.forkId === gameId && f.version === version))
      return refuse('NOT_AGREED', `No continuation from version ${version} called ${gameId} was agreed on ${origin.gameId}.`);
    const hidden = hiddenFrom(ctx.rulesets, at, null);
    if (hidden.length > 0) return sealedRefusal(hidden, version, 'the other seats');
    createdBy = at.createdBy;
    players = Object.fromEntries(at.seats.map((s) => [s.name, s.playerId ?? '']));
  }
  const forked: GameForked = {
    type: 'GameForked',
    data: {
      from: { gameId: origin.gameId, version, hash: at.lastHash },
      kind: command.kind,
      ruleset: at.ruleset,
      rulesVersion: at.rulesVersion,
      seats: at.seats.map((s) => s.name),
      players,
      options: command.kind === 'sandbox' ? sandboxOptions(at.options) : at.options,
      seedCommitment: seedCommitment(ctx.seed),
      createdBy,
      firstSeat: at.firstSeat,
      rules: at.rules,
    },
  };
  return { ok: true, events: [forked] };
};

/** The fold of `GameForked`: a game in play at the origin's position, with no history of its own. */
export const forkedMatch = (data: GameForked['data'], gameId: string, at: string): Match => ({
  status: 'playing',
  gameId,
  ruleset: data.ruleset,
  rulesVersion: data.rulesVersion,
  seats: data.seats.map((name) => ({ name, playerId: data.players[name] ?? null, seedContribution: null })),
  options: data.options,
  seedCommitment: data.seedCommitment,
  createdBy: data.createdBy,
  createdAt: at,
  version: 0,
  lastHash: '',
  updatedAt: at,
  rollOff: null,
  step: null,
  firstSeat: data.firstSeat,
  rules: data.rules,
  fork: { from: data.from, kind: data.kind },
});

const seatOfActor = (ctx: MatchCtx): string | null => (ctx.actor.kind === 'player' ? ctx.actor.seat : null);

/** The continuation proposed in the step the game waits in (an ended game's has none: ''). */
const openProposal = (match: Match): ForkProposal | null => {
  const proposal = match.forkProposal;
  return proposal && proposal.phaseKey === (match.step?.key ?? '') ? proposal : null;
};

const seated = (match: Match): string[] => match.seats.filter((s) => s.playerId !== null).map((s) => s.name);

/** The acceptances so far, and the agreement when they are every seat's. */
const withAgreement = (match: Match, events: DomainEvent[], agreed: readonly string[], version: number, firstSeq: number) => {
  if (!seated(match).every((s) => agreed.includes(s))) return { ok: true as const, events };
  const seq = firstSeq + events.length;
  const settled: ForkAgreed = { type: 'ForkAgreed', data: { version, forkId: continuationId(match.gameId, seq) } };
  return { ok: true as const, events: [...events, settled] };
};

/**
 * `ProposeFork`: a seat, while the game is played, or the organiser (a ruling, TB-3), on a running
 * or an ended game, proposes continuing from `version` in a fork. The service checks first that
 * the state there is in play with nothing sealed pending (the fork's own decision checks it again).
 */
export const proposeFork = (match: Match, command: ProposeFork, ctx: MatchCtx, firstSeq: number): Decision<DomainEvent> => {
  const seat = seatOfActor(ctx);
  const organiser = isOrganiser(match, ctx.actor);
  if (seat === null && !organiser) return refuse('NOT_SEATED', 'Only a seat or the organiser may propose a continuation.', 403);
  if (match.status === 'ended' && !organiser)
    return refuse(
      'RULING_NEEDED',
      `${standing(match)} An ended game continues only by its organiser's ruling (TB-3); a sandbox from it needs nobody's agreement.`,
      403,
    );
  if (match.status !== 'playing' && match.status !== 'ended') return refuse('GAME_NOT_PLAYING', standing(match));
  if (command.version > match.version)
    return refuse('NO_SUCH_VERSION', `The game has no version ${command.version}; it is at version ${match.version}.`);
  if (isBounded(match, ctx) && (match.forks ?? []).length >= MAX_FORKS)
    return refuse(
      'TOO_MANY_FORKS',
      `${MAX_FORKS} continuations were agreed on this game, the most a game keeps; continue from one of them, or fork a sandbox (INV-1).`,
    );
  const open = openProposal(match);
  if (open)
    return refuse(
      'ALREADY_PROPOSED',
      `${open.by ?? 'The organiser'} has already proposed a continuation from version ${open.version}; accept or decline it.`,
    );
  const by = seat;
  const proposed: DomainEvent = { type: 'ForkProposed', data: { by, version: command.version, phaseKey: match.step?.key ?? '' } };
  return withAgreement(match, [proposed], by === null ? [] : [by], command.version, firstSeq);
};

export const acceptFork = (match: Match, ctx: MatchCtx, firstSeq: number): Decision<DomainEvent> => {
  const seat = seatOfActor(ctx);
  if (seat === null) return refuse('NOT_SEATED', 'Only a seated player may accept a continuation.', 403);
  const open = openProposal(match);
  if (!open) return refuse('NOTHING_PROPOSED', 'No continuation is proposed in this phase; a proposal lapses at the end of its phase.');
  if (open.agreed.includes(seat)) return refuse('ALREADY_AGREED', `${seat} already accepts the continuation.`);
  return withAgreement(match, [{ type: 'ForkAccepted', data: { seat } }], [...open.agreed, seat], open.version, firstSeq);
};

export const declineFork = (match: Match, ctx: MatchCtx): Decision<DomainEvent> => {
  const seat = seatOfActor(ctx);
  const open = openProposal(match);
  if (seat === null && !(open && open.by === null && isOrganiser(match, ctx.actor)))
    return refuse('NOT_SEATED', 'Only a seat, or the organiser who proposed it, may decline a continuation.', 403);
  if (!open) return refuse('NOTHING_PROPOSED', 'No continuation is proposed in this phase; a proposal lapses at the end of its phase.');
  return { ok: true, events: [{ type: 'ForkDeclined', data: { seat } }] };
};

/** Why the origin's state at `version` cannot be forked by anyone who sees all of it, or null: the service asks before a proposal. */
export const continuationRefused = (rulesets: Rulesets, at: GameState, version: number): Decision<never> | null => {
  const unforkable = notForkable(at, version);
  if (unforkable) return unforkable;
  const hidden = hiddenFrom(rulesets, at, null);
  return hidden.length > 0 ? sealedRefusal(hidden, version, 'the other seats') : null;
};

/** How the continuation events change the origin match (TB-6); the proposal lapses with its phase (controls.ts `lapse`). */
export const evolveFork = (
  match: Match,
  e: { type: 'ForkProposed' | 'ForkAccepted' | 'ForkDeclined' | 'ForkAgreed'; data: unknown },
  seq: number,
): Match => {
  switch (e.type) {
    case 'ForkProposed': {
      const data = e.data as { by: string | null; version: number; phaseKey: string };
      return { ...match, forkProposal: { ...data, agreed: data.by === null ? [] : [data.by] } };
    }
    case 'ForkAccepted': {
      const proposal = match.forkProposal;
      const seat = (e.data as { seat: string }).seat;
      return proposal ? { ...match, forkProposal: { ...proposal, agreed: [...proposal.agreed, seat] } } : match;
    }
    case 'ForkDeclined':
      return withoutProposal(match);
    case 'ForkAgreed': {
      const data = e.data as ForkAgreed['data'];
      return { ...withoutProposal(match), forks: [...(match.forks ?? []), { version: data.version, forkId: data.forkId, seq }] };
    }
  }
};

export const withoutProposal = (match: Match): Match => {
  const { forkProposal: _gone, ...rest } = match;
  return rest as Match;
};
