/** Real DynamoDB Local for integration tests: fresh tables per call, never a mocked SDK. */

import { randomBytes } from 'node:crypto';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { everyRuleset } from '../../domain/rulesets.ts';
import { type CountingClient, createDynamoClient } from '../../functions/adapters/dynamo-client.ts';
import { createDeps } from '../../functions/adapters/dynamo-deps.ts';
import { type TableNames, tableNames } from '../../functions/adapters/tables.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { ensureTables } from '../../infra/local/dynamodb-local.ts';

const RULESETS = everyRuleset();

export interface TestDb {
  readonly endpoint: string;
  readonly tables: TableNames;
  readonly dynamo: CountingClient;
  readonly deps: Deps;
  readonly streamArn: string;
}

export const freshTables = async (overrides: Partial<Deps> = {}): Promise<TestDb> => {
  const endpoint = inject('dynamoEndpoint');
  const dynamo = createDynamoClient({ endpoint });
  const tables = tableNames(`t${randomBytes(5).toString('hex')}-`);
  await ensureTables(dynamo.client, tables);
  const { Table } = await dynamo.client.send(new DescribeTableCommand({ TableName: tables.events }));
  return {
    endpoint,
    tables,
    dynamo,
    deps: createDeps(dynamo.client, tables, RULESETS, overrides),
    streamArn: Table?.LatestStreamArn ?? '',
  };
};
