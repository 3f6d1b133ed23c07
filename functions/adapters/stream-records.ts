/**
 * HALL-3: the change feed's adapter for DynamoDB Streams. A stream record (Lambda's shape, or
 * the local poller's, which is the same) becomes the events it holds, grouped by stream in
 * stream order; a record that is not a readable event is reported alone, and every other
 * stream's records are handled as usual (REL-5). What the consumers see is the port: one
 * stream's batch of event envelopes (functions/stream/consumers/).
 */
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { type Item, itemToEvents } from './event-codec.ts';

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
