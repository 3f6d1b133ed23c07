/** Reading games back: the read model for the current view, the log for history. */
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import type { TakenBack } from '../../../domain/match/events.ts';
import { actingSeat } from '../../../domain/match/fork.ts';
import { emptyGame, type GameState, seatOf, type Voided } from '../../../domain/match/state.ts';
import { type GameView, redactEvents, viewGame } from '../../../domain/match/view.ts';
import { rulesetIds } from '../../../domain/ruleset-list.ts';
import type { Deps } from '../../kernel/deps.ts';
import { etagMatches, etagOf } from '../../kernel/etag.ts';
import { type InboxEntry, isStale, type LobbyEntry, lobbyOrder, type ReadModel, type StaleMark } from '../../kernel/ports.ts';
import { notFound, Problem } from '../../kernel/problems.ts';
import { mayRead, readableGame } from './access.ts';
import { gameAt, loadGame } from './game-fold.ts';
import { modelState } from './read-models.ts';
import { ADDRESS_HOLDER } from './waiting.ts';

/**
 * The game as `playerId` may see it, from the read model. When the read model is behind
 * `minVersion` (the version the caller's own command returned) or has no game yet, the
 * state is folded from the event store instead, so a client never reads older than its
 * own write (API-6).
 */
export const gameView = async (deps: Deps, gameId: string, playerId: string, minVersion = 0) => {
  const model = await deps.games.readModel(gameId);
  // INV-4: a view a failed projection left behind is not served: the game is folded from the log, and the answer says so.
  const behind = model && isStale(model) ? model : null;
  const modelled: GameState | null = model && !behind && model.version >= minVersion ? await modelState(deps, model) : null;
  // A private game the read model does not yet show the caller seated in is decided by the event store (API-8).
  const state: GameState = modelled && mayRead(modelled, playerId) ? modelled : (await loadGame(deps, gameId)).state;
  if (!mayRead(state, playerId)) throw notFound(`game ${gameId}`);
  // TB-6: in a sandbox its player sees the game as the seat it awaits, the seat they act as.
  const view = viewGame(deps.rulesets, state, actingSeat(deps.rulesets, state, playerId));
  if (!view) throw notFound(`game ${gameId}`);
  return { view: await withPlayerNames(deps, view), readModel: behind ? readModelBehind(behind) : null };
};

/**
 * INV-4: the `Arbiter-Read-Model` header of an answer folded from the log because the read
 * model is stuck behind it: how far the view got, how far its projection meant to go, since when.
 */
export const readModelBehind = (model: ReadModel & { readonly stale: StaleMark }): string =>
  `behind; view=${model.version}; failed-at=${model.stale.upTo}; since=${model.stale.at}; answered-from=log`;

/** A seat and the name of its player as it is now. */
export type NamedSeat = GameView['seats'][number] & { readonly playerName: string | null };

/**
 * API-7: each seat with its player's current name, read from the profiles when the game is
 * shown (names are not in the log, so a rename is never frozen into an event).
 */
const withPlayerNames = async (deps: Deps, view: GameView): Promise<GameView & { readonly seats: readonly NamedSeat[] }> => {
  const ids = view.seats.flatMap((s) => (s.playerId ? [s.playerId] : []));
  const names = ids.length > 0 ? await deps.games.playerNames(ids) : new Map<string, string>();
  return { ...view, seats: view.seats.map((s) => ({ ...s, playerName: s.playerId ? (names.get(s.playerId) ?? null) : null })) };
};

/** A page of the log as `playerId`'s seat may see it; without a key (null, TABLE-5), as a spectator's. */
export const gameEvents = async (deps: Deps, gameId: string, playerId: string | null, after: number, limit: number) => {
  const game = await readableGame(deps, gameId, playerId);
  // One event before the page too: whether an event is redacted can depend on the one before it.
  const read = await deps.store.readAfter(gameId, Math.max(0, after - 1), Number.MAX_SAFE_INTEGER, limit + 2);
  // A read that came back short reached the log's end; only a full page asks where the end is.
  const head = read.length < limit + 2 ? (read.at(-1)?.seq ?? 0) : await deps.store.lastSeq(gameId);
  const before = after > 0 && read[0]?.seq === after ? read.shift() : undefined;
  const page = read;
  if (after === 0 && page.length === 0) throw notFound(`game ${gameId}`);
  const seat = await seatFor(deps, gameId, playerId, page);
  // TB-6: a sandbox's player holds every seat, so nothing in it is hidden from them.
  const whole = game.status !== 'empty' && game.fork?.kind === 'sandbox' && playerId !== null && game.createdBy === playerId;
  const events = whole ? page.slice(0, limit) : redactEvents(page.slice(0, limit), seat, before);
  // INV-5: a takeback after this page voids events on it; a read model behind the log may not have folded it yet.
  const current = game.version >= head ? game : (await loadGame(deps, gameId)).state;
  const voided = voidedOn(current, events);
  return { events, ...(voided.length > 0 ? { voided } : {}), next: page.length > limit ? (events.at(-1)?.seq ?? null) : null };
};

/**
 * TB-1: the runs of voided events that touch a page: those the game's state lists, and
 * those a takeback on the page names (the read model may not have folded it yet).
 */
const voidedOn = (state: GameState, events: readonly EventEnvelope[]): Voided[] => {
  const first = events[0]?.seq ?? 0;
  const last = events.at(-1)?.seq ?? 0;
  const onPage = events.flatMap((e) =>
    e.type === 'TakenBack' ? (e.data as TakenBack['data']).voids.map((range) => ({ ...range, by: e.seq })) : [],
  );
  const known = state.status === 'empty' ? [] : (state.voided ?? []);
  const all = [...known, ...onPage.filter((r) => !known.some((k) => k.by === r.by && k.from === r.from))];
  return all.filter((r) => r.to >= first && r.from <= last);
};

/**
 * Who a wait counts against (REL-23): the player, or, for a request without a key (TABLE-5),
 * the address it came from, so that spectators share no one cap and each address has its own.
 */
export const waitHolder = (playerId: string | null, sourceIp: string): string => playerId ?? `${ADDRESS_HOLDER}${sourceIp}`;

/**
 * A page of events after `after`, waiting up to `wait` seconds for one if there is none yet
 * (PBM-8). A game that does not exist is a 404 at once, not after the wait. While it waits,
 * the request reads nothing itself: the game's watcher reads the last seq for every waiter
 * (REL-23), and this page is read again once, when there is an event after `after`. The wait
 * counts against the player, or without a key the address asking (`waitHolder`, TABLE-5).
 */
export const awaitGameEvents = async (
  deps: Deps,
  gameId: string,
  playerId: string | null,
  after: number,
  limit: number,
  wait: number,
  sourceIp: string,
  signal?: AbortSignal,
) => {
  if (wait <= 0) return gameEvents(deps, gameId, playerId, after, limit);
  return deps.waits.hold(waitHolder(playerId, sourceIp), wait, async (until) => {
    const first = await gameEvents(deps, gameId, playerId, after, limit);
    if (first.events.length > 0) return first;
    if ((await deps.store.lastSeq(gameId)) === 0) throw notFound(`game ${gameId}`);
    const head = await deps.waits.watch(
      `game:${gameId}`,
      () => deps.store.lastSeq(gameId),
      (seq) => seq > after,
      { until, signal },
    );
    return head === undefined ? first : gameEvents(deps, gameId, playerId, after, limit);
  });
};

/**
 * The state after event `at` (PERF-2): the event store starts from the nearest snapshot at or
 * before it and folds only the events after that snapshot, so asking for event 10,000 reads
 * one snapshot and at most a snapshot interval of events, not the whole log.
 */
export const stateAt = async (
  deps: Deps,
  gameId: string,
  playerId: string,
  at: number,
): Promise<{ readonly view: GameView; readonly voided?: Voided }> => {
  const game = await readableGame(deps, gameId, playerId);
  const [state, head] = await Promise.all([gameAt(deps, gameId, at), deps.store.lastSeq(gameId)]);
  if (state.status === 'empty') throw notFound(`game ${gameId}`);
  if (state.version < at) {
    throw new Problem(
      404,
      'not-found',
      'Not found',
      `Game ${gameId} has only ${state.version} events; ask for at=1 to at=${state.version}.`,
    );
  }
  // The seat is the caller's seat in the game now, so a state from before they joined is still theirs.
  // A seat once taken keeps its player, so the seats at `at` hold exactly those who joined by then.
  const seat = seatOf(state, playerId) ?? (await currentSeat(deps, gameId, playerId));
  const view = viewGame(deps.rulesets, state, seat);
  if (!view) throw notFound(`game ${gameId}`);
  // INV-5: a state a later takeback voided says so, and names the takeback, whatever the read model's lag.
  const current = game.version >= head ? game : (await loadGame(deps, gameId)).state;
  const voided = current.status === 'empty' ? undefined : current.voided?.find((r) => at >= r.from && at <= r.to);
  return voided ? { view, voided } : { view };
};

const currentSeat = async (deps: Deps, gameId: string, playerId: string): Promise<string | null> => {
  const model = await deps.games.readModel(gameId);
  const state = model && !isStale(model) ? await modelState(deps, model) : (await loadGame(deps, gameId)).state;
  return seatOf(state, playerId);
};

const seatFor = async (deps: Deps, gameId: string, playerId: string | null, known: readonly EventEnvelope[]): Promise<string | null> =>
  playerId === null ? null : (seatOf(emptyGame, playerId, known) ?? (await currentSeat(deps, gameId, playerId)));

/** The player's games, those waiting on them first, soonest deadline first. */
const ordered = (entries: readonly InboxEntry[], awaitingOnly: boolean): InboxEntry[] =>
  entries
    .filter((e) => !awaitingOnly || e.awaiting)
    .sort(
      (a, b) =>
        Number(b.awaiting) - Number(a.awaiting) ||
        (a.deadline ?? '9999').localeCompare(b.deadline ?? '9999') ||
        b.updatedAt.localeCompare(a.updatedAt),
    );

export interface InboxQuery {
  readonly awaitingOnly: boolean;
  readonly after: number;
  readonly limit: number;
  /** Seconds to wait for an answer that differs from `ifNoneMatch` (PBM-8). */
  readonly wait: number;
  readonly ifNoneMatch?: string | undefined;
}

export interface InboxPage {
  readonly body: { readonly games: InboxEntry[]; readonly next: number | null };
  readonly etag: string;
  /** The caller's If-None-Match still names this page: answer 304. */
  readonly unchanged: boolean;
}

/** The page `query` asks for, of the player's inbox entries. */
const pageOf = (entries: readonly InboxEntry[], query: InboxQuery): InboxPage => {
  const games = ordered(entries, query.awaitingOnly);
  const end = query.after + query.limit;
  const body = { games: games.slice(query.after, end), next: end < games.length ? end : null };
  const etag = etagOf(body);
  return { body, etag, unchanged: etagMatches(query.ifNoneMatch, etag) };
};

/**
 * A page of the player's games with its ETag. Asked to wait, it answers once the page
 * differs from the one the If-None-Match names; without one, awaiting-only waits until a
 * game awaits the player, and otherwise it answers at once. While it waits, the player's
 * inbox watcher reads the inbox for every wait of that player (REL-23).
 */
export const awaitInbox = async (deps: Deps, playerId: string, query: InboxQuery, signal?: AbortSignal): Promise<InboxPage> => {
  const done = (page: InboxPage) => (query.ifNoneMatch ? !page.unchanged : !query.awaitingOnly || page.body.games.length > 0);
  const read = () => deps.games.inbox(playerId);
  if (query.wait <= 0) return pageOf(await read(), query);
  return deps.waits.hold(playerId, query.wait, async (until) => {
    const first = pageOf(await read(), query);
    if (done(first)) return first;
    const games = await deps.waits.watch(`inbox:${playerId}`, read, (g) => done(pageOf(g, query)), { until, signal });
    return games === undefined ? first : pageOf(games, query);
  });
};

export interface LobbyQuery {
  readonly ruleset?: string | undefined;
  readonly after: number;
  readonly limit: number;
  readonly cursor?: string | undefined;
}

export interface LobbyPage {
  readonly games: LobbyEntry[];
  readonly next: number | null;
  readonly cursor: string | null;
}

/**
 * API-9: public games open to join, oldest first, from the projector's lobby index.
 * REL-31: a page is a key-ordered query of the index from where the cursor points, so it reads
 * what it shows (plus one entry per index partition), not the lobby. The cursor carries the
 * offset too, so `next` counts games as it always did; `after` without a cursor still works,
 * and reads the games it skips.
 */
export const lobbyPage = async (deps: Deps, query: LobbyQuery): Promise<LobbyPage> => {
  const from = query.cursor === undefined || query.cursor === '' ? { offset: query.after, key: null } : decodeCursor(query.cursor);
  const skip = from.key === null ? from.offset : 0;
  const rulesets = query.ruleset === undefined ? rulesetIds : rulesetIds.filter((id) => id === query.ruleset);
  const { entries, more } = await deps.games.lobby(rulesets, from.key, skip + query.limit);
  const games = entries.slice(skip);
  const last = games.at(-1);
  const end = from.offset + games.length;
  return {
    games,
    next: more ? end : null,
    cursor: more && last ? encodeCursor({ offset: end, key: lobbyOrder(last) }) : null,
  };
};

interface Cursor {
  readonly offset: number;
  readonly key: string | null;
}

const encodeCursor = (cursor: Cursor): string => Buffer.from(JSON.stringify([cursor.offset, cursor.key])).toString('base64url');

const decodeCursor = (text: string): Cursor => {
  try {
    const [offset, key] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (Number.isSafeInteger(offset) && (offset as number) >= 0 && typeof key === 'string' && key !== '')
      return { offset: offset as number, key };
  } catch {
    // Falls through to the problem below.
  }
  const detail =
    'cursor is not one this server gave: pass the `cursor` of the previous page as it came, or leave it out to start at the first game.';
  throw new Problem(400, 'invalid-query', 'The query string is not valid', `The query parameter ${detail}`, {
    errors: [{ pointer: '/cursor', detail }],
  });
};
