/** The DynamoDB client, for AWS or for DynamoDB Local, with a request counter for benchmarks. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface DynamoOptions {
  readonly endpoint?: string | undefined;
  readonly region?: string;
}

export interface CountingClient {
  readonly client: DynamoDBClient;
  /** Requests sent since creation, by operation name (GetItem, TransactWriteItems, ...). */
  readonly requests: Map<string, number>;
}

export const createDynamoClient = ({ endpoint, region = 'us-east-1' }: DynamoOptions = {}): CountingClient => {
  const client = new DynamoDBClient({
    region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    maxAttempts: 5,
  });
  const requests = new Map<string, number>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      requests.set(name, (requests.get(name) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'arbiterRequestCounter' },
  );
  return { client, requests };
};
