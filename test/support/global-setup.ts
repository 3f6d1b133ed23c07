/**
 * One DynamoDB Local (in memory) for the whole run; every test file makes its own
 * tables under a unique prefix, so files run in parallel without seeing each other.
 */
import type { TestProject } from 'vitest/node';
import { probeJava, startDynamoLocal } from '../../infra/local/dynamodb-local.ts';
import { javaProblem } from '../../infra/local/prerequisites.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // As npm start does (DOC-6): without a Java that runs it, DynamoDB Local would only say that it exited.
  const noJava = javaProblem(probeJava());
  if (noJava) throw new Error(noJava);
  const dynamo = await startDynamoLocal({ dataDir: null });
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}
