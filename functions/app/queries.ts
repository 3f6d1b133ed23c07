/** Reading games back: the read model for the current view, the log for history. */
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame, type GameState, seatOf } from '../../domain/match/state.ts';
import { type GameView, redactEvents, viewGame } from '../../domain/match/view.ts';
import type { InboxEntry } from '../adapters/games-table.ts';
import type { Deps } from './deps.ts';
import { notFound, Problem } from './problems.ts';

/**
 * The game as `playerId` may see it, from the read model; a game so new that the
 * projector has not caught up yet is folded from the log instead.
 */
export const gameView = async (deps: Deps, gameId: string, playerId: string): Promise<GameView> => {
  const model = await deps.games.readModel(gameId);
  const state: GameState = model ? (JSON.parse(model.state) as GameState) : (await deps.store.load(gameId)).state;
  const view = viewGame(state, seatOf(state, playerId));
  if (!view) throw notFound(`game ${gameId}`);
  return view;
};

export const gameEvents = async (deps: Deps, gameId: string, playerId: string, after: number, limit: number) => {
  // One event before the page too: whether an event is redacted can depend on the one before it.
  const read = await deps.store.readAfter(gameId, Math.max(0, after - 1), Number.MAX_SAFE_INTEGER, limit + 2);
  const before = after > 0 && read[0]?.seq === after ? read.shift() : undefined;
  const page = read;
  if (after === 0 && page.length === 0) throw notFound(`game ${gameId}`);
  const seat = await seatFor(deps, gameId, playerId, page);
  const events = redactEvents(page.slice(0, limit), seat, before);
  return { events, next: page.length > limit ? (events.at(-1)?.seq ?? null) : null };
};

export const stateAt = async (deps: Deps, gameId: string, playerId: string, at: number): Promise<GameView> => {
  const events = await deps.store.readAfter(gameId, 0, at);
  if (events.length === 0) throw notFound(`game ${gameId}`);
  if (events.length < at) {
    throw new Problem(
      404,
      'not-found',
      'Not found',
      `Game ${gameId} has only ${events.length} events; ask for at=1 to at=${events.length}.`,
    );
  }
  const state = foldGame(events);
  // The seat is the caller's seat in the game now, so a state from before they joined is still theirs.
  const seat = await seatFor(deps, gameId, playerId, events);
  const view = viewGame(state, seat);
  if (!view) throw notFound(`game ${gameId}`);
  return view;
};

const seatFor = async (deps: Deps, gameId: string, playerId: string, known: readonly EventEnvelope[]): Promise<string | null> => {
  const joined = known.find((e) => e.type === 'SeatJoined' && (e.data as { playerId?: string }).playerId === playerId);
  if (joined) return (joined.data as { seat: string }).seat;
  const model = await deps.games.readModel(gameId);
  const state = model ? (JSON.parse(model.state) as GameState) : (await deps.store.load(gameId)).state;
  return seatOf(state, playerId);
};

/** The player's games, those waiting on them first, soonest deadline first. */
export const myGames = async (deps: Deps, playerId: string, awaitingOnly: boolean): Promise<InboxEntry[]> => {
  const entries = await deps.games.inbox(playerId);
  return entries
    .filter((e) => !awaitingOnly || e.awaiting)
    .sort(
      (a, b) =>
        Number(b.awaiting) - Number(a.awaiting) ||
        (a.deadline ?? '9999').localeCompare(b.deadline ?? '9999') ||
        b.updatedAt.localeCompare(a.updatedAt),
    );
};
