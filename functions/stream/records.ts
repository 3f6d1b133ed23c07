/**
 * Handing a DynamoDB Streams batch (Lambda's shape) to a consumer, one stream at a time, and
 * answering with the partial batch failures Lambda redelivers from (REL-5); the records are
 * decoded by the change feed's adapter (functions/adapters/stream-records.ts).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { decodeRecords, type GameBatch } from '../adapters/stream-records.ts';
import { isTournamentId } from '../kernel/ports.ts';

export type { GameBatch } from '../adapters/stream-records.ts';

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
  log: (line: string, error?: unknown) => void = console.error,
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
  log: (line: string, error?: unknown) => void = console.error,
  accept: (streamId: string) => boolean = () => true,
): Promise<DynamoDBBatchResponse> => {
  const decoded = decodeRecords(event);
  const { unreadable } = decoded;
  const games = decoded.games.filter((batch) => accept(batch.gameId));
  const failed = new Set<string>();
  for (const record of unreadable) {
    log(
      `stream: record ${record.sequenceNumber}${record.gameId === null ? '' : ` of game ${record.gameId}`} is not an event: ${String(record.error)}`,
    );
    failed.add(record.sequenceNumber);
  }
  await Promise.all(
    games.map(async (batch) => {
      try {
        await handle(batch);
      } catch (error) {
        log(`stream: game ${batch.gameId} failed`, error);
        failed.add(batch.firstSequenceNumber);
      }
    }),
  );
  // In stream order; Lambda redelivers from the lowest.
  const failures = [...new Set(event.Records.map((r) => r.dynamodb?.SequenceNumber ?? ''))].filter((s) => failed.has(s));
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
};
