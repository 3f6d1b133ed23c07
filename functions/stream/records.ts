/** Reading DynamoDB stream records (Lambda's shape) back into event envelopes. */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { type Item, itemToEvent } from '../adapters/event-codec.ts';

export interface GameBatch {
  readonly gameId: string;
  readonly events: EventEnvelope[];
  /** The stream sequence number of this game's first record: where a retry must restart. */
  readonly firstSequenceNumber: string;
}

/** New events grouped by game, in stream order. Non-INSERT records are ignored (the mapping filters them too). */
export const batchesByGame = (event: DynamoDBStreamEvent): GameBatch[] => {
  const byGame = new Map<string, GameBatch>();
  for (const record of event.Records) {
    const image = insertedImage(record);
    if (!image) continue;
    const envelope = itemToEvent(image);
    const batch = byGame.get(envelope.gameId);
    if (batch) batch.events.push(envelope);
    else
      byGame.set(envelope.gameId, {
        gameId: envelope.gameId,
        events: [envelope],
        firstSequenceNumber: record.dynamodb?.SequenceNumber ?? '',
      });
  }
  return [...byGame.values()];
};

const insertedImage = (record: DynamoDBRecord): Item | null =>
  record.eventName === 'INSERT' && record.dynamodb?.NewImage ? (record.dynamodb.NewImage as Item) : null;

/**
 * Handle each game's events independently; a game that fails is reported by its first
 * record, so Lambda (or the local poller) redelivers from there. Consumers are
 * idempotent, so redelivering the records after it is harmless.
 */
export const perGame = async (
  event: DynamoDBStreamEvent,
  handle: (batch: GameBatch) => Promise<unknown>,
  onError: (batch: GameBatch, error: unknown) => void = (batch, error) => console.error(`stream: game ${batch.gameId} failed`, error),
): Promise<DynamoDBBatchResponse> => {
  const failures: string[] = [];
  await Promise.all(
    batchesByGame(event).map(async (batch) => {
      try {
        await handle(batch);
      } catch (error) {
        onError(batch, error);
        failures.push(batch.firstSequenceNumber);
      }
    }),
  );
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
};
