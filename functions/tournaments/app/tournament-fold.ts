/**
 * HALL-2, CLUB-2: how a tournament's events fold, the fold the store is handed to load a
 * tournament's stream (`StreamFold`, functions/kernel/ports.ts), as a game's is `gameFold`. A
 * load gives the log with its state: a command chains its batch to the last event, answers a
 * retry with the events its record names, and checks whose a record's first event was.
 */
import type { EventEnvelope } from '../../../domain/kernel/envelope.ts';
import { emptyTournament, foldTournament, type TournamentEvent, type TournamentState } from '../../../domain/tournament/state.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { StreamFold } from '../../kernel/ports.ts';

/** A tournament's whole log (tournaments are short: at most a few hundred events) and its state. */
export interface TournamentStream {
  readonly events: readonly EventEnvelope[];
  readonly state: TournamentState;
}

/** `events` of a tournament folded onto `from` (none: from the empty tournament). */
export const foldStream = (events: readonly EventEnvelope[], from?: TournamentState): TournamentState =>
  foldTournament(
    events.map(({ type, data }) => ({ type, data }) as TournamentEvent),
    from,
  );

/** `events`, the next of the stream, added to `from`'s log and folded onto its state. */
export const extendStream = (from: TournamentStream, events: readonly EventEnvelope[]): TournamentStream => ({
  events: [...from.events, ...events],
  state: foldStream(events, from.state),
});

/**
 * The fold of a tournament's stream. Its appends pass no `snapshot`: a tournament is never
 * snapshotted (nor is its state remembered by the memory store), so its tag, which only a
 * snapshot is checked against, is a constant, and the store reads the stream whole.
 */
export const tournamentFold: StreamFold<TournamentStream> = {
  initial: { events: [], state: emptyTournament },
  fold: async (events, from) => extendStream(from, events),
  tag: () => 'tournament',
  snapshotted: false,
};

/** The tournament's log and state as its stream has them now. */
export const loadTournament = async (deps: Pick<Deps, 'store'>, tournamentId: string): Promise<TournamentStream> =>
  (await deps.store.load(tournamentId, tournamentFold)).state;
