/**
 * One DynamoDB Local (in memory) for the whole run; every test file makes its own
 * tables under a unique prefix, so files run in parallel without seeing each other.
 */
import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../infra/local/dynamodb-local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dynamo = await startDynamoLocal({ dataDir: null });
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}
