/** Reading the events table's real stream (DynamoDB Local) into Lambda-shaped records. */
import type { DynamoDBRecord } from 'aws-lambda';
import { StreamPoller } from '../../infra/local/stream-poller.ts';
import type { TestDb } from './dynamo.ts';

/** Every INSERT record the stream holds now, in order. */
export const readStream = async (db: TestDb): Promise<DynamoDBRecord[]> => {
  const records: DynamoDBRecord[] = [];
  const poller = new StreamPoller({
    endpoint: db.endpoint,
    streamArn: db.streamArn,
    consumers: [
      {
        name: 'capture',
        handler: async (event) => {
          records.push(...event.Records);
          return undefined;
        },
      },
    ],
    batchSize: 10_000,
  });
  await poller.pollOnce();
  await poller.stop();
  return records;
};
