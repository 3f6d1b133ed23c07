/**
 * The read model (docs/design.md §10.1): event `seq` is applied only on top of `seq-1`;
 * duplicates are skipped; a gap (streams order records per item, not per game) is filled
 * from the `events` table. Rebuilding recomputes every read model from the log.
 */
import type { Rulesets } from '../../../domain/catalogue.ts';
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import { emptyGame, type GameState } from '../../../domain/match/state.ts';
import { awaitingSeats } from '../../../domain/match/view.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { InboxEntry, LobbyEntry, ProjectedView, StaleMark } from '../../kernel/ports.ts';
import { isPrivate } from './access.ts';
import { gameAt } from './game-fold.ts';
import { foldSteps } from './history.ts';

const ATTEMPTS = 3;

/**
 * Bring one game's read model up to at least the newest of `incoming`. Returns the version reached.
 *
 * REL-20: a projection writes the view (with its lobby entry, one item) and then each seat's
 * inbox entry, each gated by its own version, so a crash between them can leave the inboxes
 * behind a current view. The record that made the view's version is delivered again until a
 * projection of it succeeds, so a delivery whose newest event is the view's version writes
 * the inboxes again (a no-op where they are current); a later event writes them anyway.
 */
export const projectGame = async (deps: Deps, gameId: string, incoming: readonly EventEnvelope[]): Promise<number> => {
  const newest = Math.max(...incoming.map((e) => e.seq));
  try {
    return await projectOnce(deps, gameId, incoming, newest);
  } catch (error) {
    // INV-4: the view is behind the log until a projection succeeds; the reads see the mark and fold from the log.
    const mark = { upTo: newest, reason: String((error as Error).message ?? error).slice(0, 300), at: deps.clock().toISOString() };
    await markBehind(deps, gameId, mark).catch(() => {});
    throw error;
  }
};

/** INV-4: the view and each seated player's inbox row marked as behind the log (each only where it exists). */
const markBehind = async (deps: Deps, gameId: string, mark: StaleMark): Promise<void> => {
  await deps.games.markStale(gameId, mark);
  const model = await deps.games.readModel(gameId);
  const state = model ? (JSON.parse(model.state) as GameState) : null;
  if (!state || state.status === 'empty' || state.version >= mark.upTo) return;
  await Promise.all(state.seats.flatMap((s) => (s.playerId === null ? [] : [deps.games.markInboxStale(s.playerId, gameId, mark)])));
};

const projectOnce = async (deps: Deps, gameId: string, incoming: readonly EventEnvelope[], newest: number): Promise<number> => {
  for (let attempt = 1; ; attempt += 1) {
    const model = await deps.games.readModel(gameId);
    const version = model?.version ?? 0;
    if (newest < version) return version;
    const state: GameState = model ? (JSON.parse(model.state) as GameState) : emptyGame;
    if (newest === version) {
      await updateInboxes(deps, state);
      return version;
    }
    const fresh = dedupe(incoming.filter((e) => e.seq > version));
    const contiguous = fresh.every((e, i) => e.seq === version + 1 + i);
    const events = contiguous ? fresh : await deps.store.readAfter(gameId, version, newest);
    const next = await foldChecked(deps, gameId, state, events);
    if (await deps.games.putReadModel(gameId, viewOf(next), version)) {
      await updateInboxes(deps, next);
      return next.version;
    }
    if (attempt >= ATTEMPTS) throw new Error(`read model of ${gameId} kept moving; will retry`);
  }
};

const viewOf = (state: GameState): ProjectedView => ({ version: state.version, state: JSON.stringify(state), lobby: lobbyEntryOf(state) });

const dedupe = (events: readonly EventEnvelope[]): EventEnvelope[] =>
  [...new Map(events.map((e) => [e.seq, e])).values()].sort((a, b) => a.seq - b.seq);

/**
 * Fold, refusing events that do not chain onto the state: a broken log must not be projected.
 * A far takeback (TB-2, TB-3) folds onto the state at its version (`foldSteps`).
 */
const foldChecked = async (deps: Deps, gameId: string, state: GameState, events: readonly EventEnvelope[]): Promise<GameState> => {
  let head = { version: state.version, hash: state.lastHash };
  for (const event of events) {
    if (event.seq !== head.version + 1 || event.prevHash !== head.hash) {
      throw new Error(`event ${event.gameId}#${event.seq} does not chain onto version ${head.version}`);
    }
    head = { version: event.seq, hash: event.hash };
  }
  const steps = await foldSteps(deps.rulesets, events, state, (v) => gameAt(deps, gameId, v));
  return steps.at(-1)?.after ?? state;
};

/** Each seated player's inbox entry for this game, as the projector writes them. */
export const inboxEntriesOf = (rulesets: Rulesets, state: GameState): { playerId: string; entry: InboxEntry }[] => {
  if (state.status === 'empty') return [];
  const awaiting = awaitingSeats(rulesets, state);
  // INV-5: a row says what the game's latest takeback voided, as the view and the events page do.
  const latest = Math.max(0, ...(state.voided ?? []).map((r) => r.by));
  const latestTakeback = (state.voided ?? []).filter((r) => r.by === latest);
  return state.seats.flatMap((seat) =>
    seat.playerId === null
      ? []
      : [
          {
            playerId: seat.playerId,
            entry: {
              gameId: state.gameId,
              ruleset: state.ruleset,
              status: state.status,
              seat: seat.name,
              awaiting: awaiting.includes(seat.name),
              deadline: state.step?.deadline ?? null,
              version: state.version,
              updatedAt: state.updatedAt,
              ...(latestTakeback.length > 0 ? { latestTakeback } : {}),
            },
          },
        ],
  );
};

const updateInboxes = async (deps: Deps, state: GameState): Promise<void> => {
  await Promise.all(inboxEntriesOf(deps.rulesets, state).map(({ playerId, entry }) => deps.games.putInbox(playerId, entry)));
};

/**
 * API-9: a public game waiting for players is in the lobby; once it fills, expires or ends it
 * is not. The entry is written with the view, so it is exactly as current as the view.
 */
export const lobbyEntryOf = (state: GameState): LobbyEntry | null => {
  if (state.status !== 'lobby' || isPrivate(state)) return null;
  const seatsFree = state.seats.filter((s) => s.playerId === null).length;
  return seatsFree === 0 ? null : { gameId: state.gameId, ruleset: state.ruleset, seatsFree, createdAt: state.createdAt };
};

/** Recompute the read model of every game from the `events` table (also after stream retention). */
export const rebuildAll = async (deps: Deps, log: (line: string) => void = () => {}): Promise<number> => {
  let rebuilt = 0;
  for await (const gameId of deps.store.gameIds()) {
    const events = await deps.store.readAfter(gameId, 0);
    const state = await foldChecked(deps, gameId, emptyGame, events);
    await deps.games.putReadModel(gameId, viewOf(state), 'any');
    await updateInboxes(deps, state);
    rebuilt += 1;
    log(`rebuilt ${gameId} at version ${state.version}`);
  }
  return rebuilt;
};
