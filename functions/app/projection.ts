/**
 * The read model (DESIGN "Projections"): event `seq` is applied only on top of `seq-1`;
 * duplicates are skipped; a gap (streams order records per item, not per game) is filled
 * from the `events` table. Rebuilding recomputes every read model from the log.
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { awaitingSeats } from '../../domain/match/view.ts';
import type { Item } from '../adapters/event-codec.ts';
import { isPrivate } from './access.ts';
import type { Deps } from './deps.ts';

const ATTEMPTS = 3;

/** Bring one game's read model up to at least the newest of `incoming`. Returns the version reached. */
export const projectGame = async (deps: Deps, gameId: string, incoming: readonly EventEnvelope[]): Promise<number> => {
  const newest = Math.max(...incoming.map((e) => e.seq));
  for (let attempt = 1; ; attempt += 1) {
    const model = await deps.games.readModel(gameId);
    const version = model?.version ?? 0;
    if (newest <= version) return version;
    const state: GameState = model ? (JSON.parse(model.state) as GameState) : emptyGame;
    const fresh = dedupe(incoming.filter((e) => e.seq > version));
    const contiguous = fresh.every((e, i) => e.seq === version + 1 + i);
    const events = contiguous ? fresh : await deps.store.readAfter(gameId, version, newest);
    const next = foldChecked(state, events);
    if (await deps.games.putReadModel(gameId, { version: next.version, state: JSON.stringify(next) }, version)) {
      await Promise.all([updateInboxes(deps, next), updateLobby(deps, next)]);
      return next.version;
    }
    if (attempt >= ATTEMPTS) throw new Error(`read model of ${gameId} kept moving; will retry`);
  }
};

const dedupe = (events: readonly EventEnvelope[]): EventEnvelope[] =>
  [...new Map(events.map((e) => [e.seq, e])).values()].sort((a, b) => a.seq - b.seq);

/** Fold, refusing events that do not chain onto the state: a broken log must not be projected. */
const foldChecked = (state: GameState, events: readonly EventEnvelope[]): GameState => {
  let current = state;
  for (const event of events) {
    if (event.seq !== current.version + 1 || event.prevHash !== current.lastHash) {
      throw new Error(`event ${event.gameId}#${event.seq} does not chain onto version ${current.version}`);
    }
    current = foldGame([event], current);
  }
  return current;
};

const updateInboxes = async (deps: Deps, state: GameState): Promise<void> => {
  if (state.status === 'empty') return;
  const awaiting = awaitingSeats(state);
  await Promise.all(
    state.seats.flatMap((seat) =>
      seat.playerId === null
        ? []
        : [
            deps.games.putInbox(seat.playerId, {
              gameId: state.gameId,
              ruleset: state.ruleset,
              status: state.status,
              seat: seat.name,
              awaiting: awaiting.includes(seat.name),
              deadline: state.step?.deadline ?? null,
              version: state.version,
              updatedAt: state.updatedAt,
            }),
          ],
    ),
  );
};

/**
 * API-9: a public game waiting for players is in the lobby index; once it fills, expires or
 * ends it is taken out. Idempotent: a redelivered batch writes the same item or deletes it again.
 */
const updateLobby = async (deps: Deps, state: GameState): Promise<void> => {
  if (state.status === 'empty') return;
  const key = { gameId: state.gameId, createdAt: state.createdAt };
  const seatsFree = state.seats.filter((s) => s.playerId === null).length;
  if (state.status !== 'lobby' || isPrivate(state) || seatsFree === 0) return deps.games.deleteLobby(key);
  return deps.games.putLobby({ ...key, ruleset: state.ruleset, seatsFree }, state.version);
};

/** Recompute the read model of every game from the `events` table (also after stream retention). */
export const rebuildAll = async (deps: Deps, eventsTable: string, log: (line: string) => void = () => {}): Promise<number> => {
  let rebuilt = 0;
  for await (const gameId of gameIds(deps, eventsTable)) {
    const events = await deps.store.readAfter(gameId, 0);
    const state = foldChecked(emptyGame, events);
    await deps.games.putReadModel(gameId, { version: state.version, state: JSON.stringify(state) }, 'any');
    await Promise.all([updateInboxes(deps, state), updateLobby(deps, state)]);
    rebuilt += 1;
    log(`rebuilt ${gameId} at version ${state.version}`);
  }
  return rebuilt;
};

async function* gameIds(deps: Deps, eventsTable: string): AsyncGenerator<string> {
  let start: Item | undefined;
  do {
    const page = await deps.store.db.send(
      new ScanCommand({
        TableName: eventsTable,
        ProjectionExpression: 'gameId',
        FilterExpression: 'seq = :one',
        ExpressionAttributeValues: { ':one': { N: '1' } },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) if (item.gameId?.S) yield item.gameId.S;
    start = page.LastEvaluatedKey;
  } while (start);
}
