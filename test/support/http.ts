/** End-to-end tests over real HTTP against the local runtime; the client itself is in client.ts. */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type MemoryRuntime, startMemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { type Runtime, type RuntimeOptions, type ServiceOptions, startRuntime } from '../../infra/local/runtime.ts';
import { fakeResolver } from './resolver.ts';

export { Client, commandId, eventually, type Reply, withPlayerNames } from './client.ts';

/**
 * The local runtime on a free port, on the test run's DynamoDB Local with tables of its own.
 * Webhook host names go to a test resolver that knows none, never to DNS (REL-28).
 */
export const startTestRuntime = (overrides: Partial<RuntimeOptions> = {}): Promise<Runtime> =>
  startRuntime({
    port: 0,
    memory: true,
    dataDir: '',
    dynamoEndpoint: inject('dynamoEndpoint'),
    tablePrefix: `e${randomBytes(5).toString('hex')}-`,
    pollIntervalMs: 250,
    resolve: fakeResolver().resolve,
    ...overrides,
  });

/**
 * The same runtime on the in-memory adapters (infra/local/memory-runtime.ts): real HTTP on a
 * loopback port, real phase timers and webhook deliveries, no DynamoDB Local (ARC-3).
 */
export const startServiceRuntime = (overrides: Partial<ServiceOptions> = {}): Promise<MemoryRuntime> =>
  startMemoryRuntime({ port: 0, resolve: fakeResolver().resolve, ...overrides });
