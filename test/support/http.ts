/** End-to-end tests over real HTTP against the local runtime; the client itself is in client.ts. */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type MemoryRuntime, startMemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { type Runtime, type RuntimeOptions, type ServiceOptions, startRuntime } from '../../infra/local/runtime.ts';
import { Client, eventually } from './client.ts';
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
    resolve: fakeResolver().resolve,
    ...overrides,
  });

/**
 * The same runtime on the in-memory adapters (infra/local/memory-runtime.ts): real HTTP on a
 * loopback port, real phase timers and webhook deliveries, no DynamoDB Local (ARC-3).
 */
export const startServiceRuntime = (overrides: Partial<ServiceOptions> = {}): Promise<MemoryRuntime> =>
  startMemoryRuntime({ port: 0, resolve: fakeResolver().resolve, ...overrides });

/** The table most route tests set: a service runtime (with these options), and Ann and Bob registered on it. */
export const annAndBob = async (overrides: Partial<ServiceOptions> = {}): Promise<{ runtime: MemoryRuntime; ann: Client; bob: Client }> => {
  const runtime = await startServiceRuntime(overrides);
  const anon = new Client(runtime.url);
  const [ann, bob] = await Promise.all([anon.register('Ann'), anon.register('Bob')]);
  return { runtime, ann: ann.client, bob: bob.client };
};

/**
 * Wait until a memory runtime has nothing left to do but wait for time: the stream's consumers
 * have caught up, no webhook delivery is in flight or waiting for its retry, and every promise
 * `busy()` lists (work a test started on a delivery, such as a player's command) has settled;
 * round again until a round changes nothing, since each of these can start another.
 */
export const quiesce = async (runtime: MemoryRuntime, busy: () => readonly Promise<unknown>[] = () => []): Promise<void> => {
  for (;;) {
    const before = [runtime.bus.published.length, busy().length];
    await runtime.stream.idle();
    await eventually(
      async () => runtime.webhooks.idle,
      (idle) => idle,
    );
    await Promise.allSettled(busy());
    if (runtime.bus.published.length === before[0] && busy().length === before[1]) return;
  }
};

/**
 * Let time pass on a memory runtime until `done()` holds: whenever the runtime is quiet (see
 * `quiesce`) and `done()` does not hold yet, skip its clock to the earliest pending schedule,
 * which fires it and every other one due by then. A deadline or reminder is reached in
 * milliseconds rather than waited for, and never before the work due ahead of it is done.
 *
 * The skips stay: a webhook is signed with the runtime's clock, and a Standard Webhooks
 * receiver refuses a timestamp more than 5 minutes ahead of its own, so a file that verifies
 * deliveries keeps its skips to a few minutes in all (deadlines of a minute, not an hour).
 */
export const letTimePass = async (
  runtime: MemoryRuntime,
  done: () => boolean | Promise<boolean>,
  busy: () => readonly Promise<unknown>[] = () => [],
  maxSkips = 50,
): Promise<void> => {
  for (let skips = 0; ; skips += 1) {
    await quiesce(runtime, busy);
    if (await done()) return;
    const due = [...runtime.scheduler.pending.values()].map((d) => d.at).sort()[0];
    if (due === undefined) throw new Error(`not done, and nothing is scheduled to make it so (after ${skips} skips)`);
    if (skips >= maxSkips) throw new Error(`not done after ${maxSkips} skips; next schedule at ${due}`);
    await runtime.skipTo(due);
  }
};
