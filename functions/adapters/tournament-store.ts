/**
 * CLUB-2: a tournament's stream kept by the game store itself, so it has a game's guarantees
 * from the same code (docs/design.md §5): the store's conditional append (events on top of the
 * expected version, the command record and the seed written once, all or nothing) and its
 * records read. One adapter over any `GameStore` and `GameRecords`: on DynamoDB the `events`
 * and `games` tables, in memory the memory store. Its stream carries no snapshot.
 */
import type { AppendResult, GameRecords, GameStore, LoadedStream, StreamAppend, TournamentStore } from '../kernel/ports.ts';

export class StreamTournamentStore implements TournamentStore {
  constructor(
    private readonly store: GameStore,
    private readonly records: GameRecords,
  ) {}

  async load(tournamentId: string, commandId?: string): Promise<LoadedStream> {
    const [events, records] = await Promise.all([
      this.store.readAfter(tournamentId, 0),
      commandId === undefined ? null : this.records.secretAndCommand(tournamentId, commandId),
    ]);
    return { events, seed: records?.seed ?? null, command: records?.command ?? null };
  }

  readAfter(tournamentId: string, after: number) {
    return this.store.readAfter(tournamentId, after);
  }

  append({ streamId, ...request }: StreamAppend): Promise<AppendResult> {
    return this.store.append({ gameId: streamId, ...request });
  }
}
