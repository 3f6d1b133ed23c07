/**
 * Reading DynamoDB stream records (Lambda's shape) back into event envelopes, one record
 * at a time: a record that is not a readable event is reported alone, and every other
 * game's records are handled as usual (REL-5).
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { type Item, itemToEvents } from '../adapters/event-codec.ts';
import { isTournamentId } from '../app/ports.ts';

export interface GameBatch {
  readonly gameId: string;
  readonly events: EventEnvelope[];
  /** The stream sequence number of this game's first record: where a retry must restart. */
  readonly firstSequenceNumber: string;
}

/** A record that cannot be read as an event (an attribute missing, a payload not JSON, no image). */
export interface UnreadableRecord {
  readonly sequenceNumber: string;
  /** From the record's key, when it has one. */
  readonly gameId: string | null;
  readonly error: unknown;
}

export interface DecodedRecords {
  readonly games: GameBatch[];
  readonly unreadable: UnreadableRecord[];
}

/**
 * New events grouped by game, in stream order. Non-INSERT records are ignored (the mapping
 * filters them too). A game's events after an unreadable record of its own are left out:
 * they cannot be applied in order, and that record's report brings them round again.
 */
export const decodeRecords = (event: DynamoDBStreamEvent): DecodedRecords => {
  const byGame = new Map<string, GameBatch>();
  const unreadable: UnreadableRecord[] = [];
  const stuck = new Set<string>();
  for (const record of event.Records) {
    if (record.eventName !== 'INSERT') continue;
    const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
    const decoded = decode(record);
    if ('error' in decoded) {
      unreadable.push({ sequenceNumber, ...decoded });
      if (decoded.gameId !== null) stuck.add(decoded.gameId);
      continue;
    }
    for (const envelope of decoded.events) {
      if (stuck.has(envelope.gameId)) continue;
      const batch = byGame.get(envelope.gameId);
      if (batch) batch.events.push(envelope);
      else byGame.set(envelope.gameId, { gameId: envelope.gameId, events: [envelope], firstSequenceNumber: sequenceNumber });
    }
  }
  return { games: [...byGame.values()], unreadable };
};

/** A record's events: one, or a packed run's (INV-1, event-codec.ts). */
const decode = (record: DynamoDBRecord): { events: EventEnvelope[] } | { gameId: string | null; error: unknown } => {
  const image = record.dynamodb?.NewImage as Item | undefined;
  try {
    if (!image) throw new Error('an INSERT record without a new image');
    return { events: itemToEvents(image) };
  } catch (error) {
    return { gameId: record.dynamodb?.Keys?.gameId?.S ?? image?.gameId?.S ?? null, error };
  }
};

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
