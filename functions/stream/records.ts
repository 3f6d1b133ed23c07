/**
 * Handing a DynamoDB Streams batch (Lambda's shape) to a consumer, one stream at a time, and
 * answering with the partial batch failures Lambda redelivers from (REL-5); the records are
 * decoded by the change feed's adapter (functions/adapters/stream-records.ts).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { decodeRecords, type GameBatch } from '../adapters/stream-records.ts';
import { isTournamentId } from '../kernel/ports.ts';

export type { GameBatch } from '../adapters/stream-records.ts';

/** What ties a consumer's log line to its invocation (OPS-3): which consumer, Lambda's request id, and whether it is the container's first. */
export interface Invocation {
  readonly consumer: string;
  readonly requestId: string;
  readonly coldStart: boolean;
}

/** A failure a consumer reports: its sentence, the game and the command of the batch (null when unknown), and the error. */
export interface StreamFailure {
  readonly msg: string;
  readonly gameId: string | null;
  readonly commandId: string | null;
  readonly error: unknown;
}

export type StreamLog = (failure: StreamFailure) => void;

/**
 * OPS-3: one JSON line a failure on standard error, with the invocation's ids beside the game's,
 * as the API's lines carry them (functions/http/handler.ts), so one query finds a game's story
 * across functions. The error goes as its text and stack: a thrown Error serializes to {}.
 */
export const streamLog =
  (invocation: Invocation): StreamLog =>
  ({ error, ...failure }) =>
    console.error(
      JSON.stringify({
        level: 'error',
        ...invocation,
        ...failure,
        error: String(error),
        ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
      }),
    );

/** Where a consumer run outside a Lambda logs: no request id of Lambda's. */
const unattributed = streamLog({ consumer: 'stream', requestId: 'none', coldStart: false });

/**
 * Handle each game's events independently. A game that fails is reported by its first
 * record and an unreadable record by itself, so Lambda (or the local poller) redelivers
 * from the earliest of them; consumers are idempotent, so redelivering the records after
 * it is harmless. A record that keeps failing is, after the mapping's bounded retries and
 * bisection, sent alone to the on-failure destination, and the shard moves on.
 */
export const perGame = (
  event: DynamoDBStreamEvent,
  handle: (batch: GameBatch) => Promise<unknown>,
  log: StreamLog = unattributed,
): Promise<DynamoDBBatchResponse> =>
  // A tournament's stream shares the events table (CLUB-2) but is not a game: the game consumers leave it.
  perStream(event, handle, log, (streamId) => !isTournamentId(streamId));

/**
 * As `perGame`, for a consumer of games' and tournaments' streams alike (the tournament
 * reactor, CLUB-4): each stream's batch is handled by itself and fails by itself.
 */
export const perStream = async (
  event: DynamoDBStreamEvent,
  handle: (batch: GameBatch) => Promise<unknown>,
  log: StreamLog = unattributed,
  accept: (streamId: string) => boolean = () => true,
): Promise<DynamoDBBatchResponse> => {
  const decoded = decodeRecords(event);
  const { unreadable } = decoded;
  const games = decoded.games.filter((batch) => accept(batch.gameId));
  const failed = new Set<string>();
  for (const record of unreadable) {
    log({
      msg: `stream: record ${record.sequenceNumber}${record.gameId === null ? '' : ` of game ${record.gameId}`} is not an event: ${String(record.error)}`,
      gameId: record.gameId,
      commandId: null,
      error: record.error,
    });
    failed.add(record.sequenceNumber);
  }
  await Promise.all(
    games.map(async (batch) => {
      try {
        await handle(batch);
      } catch (error) {
        log({ msg: `stream: game ${batch.gameId} failed`, gameId: batch.gameId, commandId: batch.events[0]?.commandId ?? null, error });
        failed.add(batch.firstSequenceNumber);
      }
    }),
  );
  // In stream order; Lambda redelivers from the lowest.
  const failures = [...new Set(event.Records.map((r) => r.dynamodb?.SequenceNumber ?? ''))].filter((s) => failed.has(s));
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
};
