/**
 * Arbiter on one machine: DynamoDB Local, the tables from the shared definition, the
 * HTTP API and the stream consumers, wired exactly as on AWS but in one process.
 */
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { everyRuleset } from '../../domain/rulesets.ts';
import { LocalBus } from '../../functions/adapters/bus.ts';
import { type CountingClient, createDynamoClient } from '../../functions/adapters/dynamo-client.ts';
import { createDeps, createWebhooks } from '../../functions/adapters/dynamo-deps.ts';
import { KeyFileSigner, keysFolder } from '../../functions/adapters/key-file.ts';
import { ephemeralSigner } from '../../functions/adapters/key-signer.ts';
import { MetricsRecorder } from '../../functions/adapters/memory/metrics.ts';
import { LocalScheduler } from '../../functions/adapters/scheduler.ts';
import { type TableNames, tableNames } from '../../functions/adapters/tables.ts';
import { dnsResolve, HttpWebhookSender } from '../../functions/adapters/webhook-sender.ts';
import { type WaitLimits, Waits, waitLimitsFromEnv } from '../../functions/games/app/waiting.ts';
import { makeApi } from '../../functions/http/every-route.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import type { Resolve, Signer } from '../../functions/kernel/ports.ts';
import { defaultRateLimits, type RateLimits } from '../../functions/kernel/rate-limits.ts';
import type { WebhookPolicy } from '../../functions/notifications/app/webhooks.ts';
import { makePhaseTimer } from '../../functions/scheduler/phase-timer.ts';
import { type ConsumerPorts, lambdaOf, STREAM_CONSUMERS } from '../../functions/stream/consumers/index.ts';
import { webAssets } from '../../functions/web/assets.ts';
import { ensureTables, type LocalDynamo, startDynamoLocal } from './dynamodb-local.ts';
import { failedRecordsFor } from './failed-records.ts';
import { type ApiHandler, startHttpServer } from './http-server.ts';
import { prometheusText } from './metrics-route.ts';
import { StreamPoller, writesTo } from './stream-poller.ts';
import { gamesPutInto, gameWaitKey, inboxesThatPoke } from './wait-pokes.ts';
import { LocalWebhookDeliveries, localWebhookPolicy } from './webhook-deliveries.ts';
import { WebhookRetries } from './webhook-retries.ts';

export interface RuntimeOptions {
  readonly port: number;
  readonly host?: string;
  /** Keep nothing on disk. */
  readonly memory: boolean;
  readonly dataDir: string;
  /** Use an already running DynamoDB (Local) instead of starting one. */
  readonly dynamoEndpoint?: string;
  readonly tablePrefix?: string;
  /** How long the stream poller waits between reads when no write of this process nudges it (1 s). */
  readonly pollIntervalMs?: number;
  /**
   * Read the stream right after this process writes an event (true unless said): a test that
   * needs the read model to stay behind its writes turns it off.
   */
  readonly readStreamOnWrite?: boolean;
  readonly log?: (line: string) => void;
  /** Webhook settings over the local defaults (http allowed; loopback only with `allowLoopback: true`). */
  readonly webhooks?: Partial<WebhookPolicy>;
  /** Rate limits over the defaults (REL-26); `npm start` reads them from ARBITER_RATE_LIMITS. */
  readonly rateLimits?: Partial<RateLimits>;
  /** How webhook host names are resolved, at subscription and at delivery: `dns.lookup` unless a test gives its own (REL-28). */
  readonly resolve?: Resolve;
  /**
   * What the HTTP stand-in serves instead of this process's own router: a test serves the API's
   * Lambda bundle with it, to play through the code a deployment runs.
   */
  readonly apiHandler?: ApiHandler;
  /** Limits of waiting reads over ARBITER_MAX_WAITS_PER_KEY and the defaults (REL-23). */
  readonly waits?: Partial<WaitLimits>;
  /** How long idle connections are kept (75 s, REL-10). */
  readonly keepAliveMs?: number;
}

/** What the services need, whatever holds the data. */
export type ServiceOptions = Omit<
  RuntimeOptions,
  'memory' | 'dataDir' | 'dynamoEndpoint' | 'tablePrefix' | 'pollIntervalMs' | 'readStreamOnWrite'
>;

/** What a runtime serves, whatever holds its data. */
export interface ServiceRuntime {
  readonly url: string;
  readonly deps: Deps;
  /** Phase deadlines pending in this process. */
  readonly scheduler: LocalScheduler;
  /** Integration events published in this process. */
  readonly bus: LocalBus;
  /** Webhook deliveries and their retries (kept in the games table across restarts: REL-30). */
  readonly webhooks: LocalWebhookDeliveries;
  stop(): Promise<void>;
}

/** The runtime of `npm start`: the services on DynamoDB Local, fed by its stream. */
export interface Runtime extends ServiceRuntime {
  readonly dynamoEndpoint: string;
  /** What the DynamoDB Local it started exposes beyond this machine (REL-19); null when nothing. */
  readonly dynamoExposure: string | null;
  readonly tables: TableNames;
  /** The DynamoDB client's request counts: what the API and the consumers read and wrote. */
  readonly dynamo: CountingClient;
  readonly poller: StreamPoller;
}

/**
 * TRUST-1: the key that signs receipts and exports: the data folder's (made on the first start,
 * rotated by `npm run keys`, picked up without a restart), or with --memory one for this process
 * only. The line says which, by its id; the key itself is never logged.
 */
const localSigner = (options: RuntimeOptions, log: (line: string) => void): Signer => {
  if (options.memory) {
    log('Arbiter: signing receipts and exports with a key made for this process only (--memory); it is gone when the process stops.');
    return ephemeralSigner();
  }
  const { signer, made } = KeyFileSigner.open(options.dataDir);
  log(
    `Arbiter: signing receipts and exports with key ${signer.currentKid()}, ${made ? 'made now' : 'kept'} in ${keysFolder(options.dataDir)} (npm run keys -- rotate makes another).`,
  );
  return signer;
};

/** HALL-3: the Lambdas' consumers, from the one list, as the stream poller runs them over this process's ports (§10). */
export const pollerConsumers = (ports: ConsumerPorts) => STREAM_CONSUMERS.map((c) => ({ name: c.name, handler: lambdaOf(c, () => ports) }));

export const startRuntime = async (options: RuntimeOptions): Promise<Runtime> => {
  const log = options.log ?? (() => {});
  const dynamo: LocalDynamo | null = options.dynamoEndpoint
    ? null
    : await startDynamoLocal({ dataDir: options.memory ? null : options.dataDir });
  const endpoint = options.dynamoEndpoint ?? dynamo?.endpoint ?? '';
  const stops: (() => Promise<void>)[] = [];
  try {
    const dynamoClient = createDynamoClient({ endpoint });
    const { client } = dynamoClient;
    dynamo?.awaitCommits(client);
    stops.push(async () => client.destroy());
    const tables = tableNames(options.tablePrefix);
    await ensureTables(client, tables);
    const policy = localWebhookPolicy(options.webhooks);
    const resolve = options.resolve ?? dnsResolve;
    const waits = new Waits({ ...waitLimitsFromEnv(process.env), ...options.waits });
    const created = createDeps(client, tables, everyRuleset(), {
      webhooks: createWebhooks(client, tables, policy, new HttpWebhookSender(policy, resolve), resolve),
      waits,
      rateLimits: { ...defaultRateLimits, ...options.rateLimits },
      signer: localSigner(options, log),
      // OPS-3: kept in this process, for GET /metrics.
      metrics: new MetricsRecorder(),
    });
    // COST-7: the projector's inbox writes answer the waits on those inboxes at once (wait-pokes.ts).
    const deps: Deps = { ...created, games: inboxesThatPoke(created.games, waits) };
    const services = await startServices(deps, options, new WebhookRetries(client, tables));
    stops.push(services.stop);
    const { scheduler, bus } = services;
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tables.events }));
    const poller = new StreamPoller({
      endpoint,
      streamArn: Table?.LatestStreamArn ?? '',
      consumers: pollerConsumers({ deps, scheduler, bus }),
      ...(options.pollIntervalMs === undefined ? {} : { intervalMs: options.pollIntervalMs }),
      // Records the consumers gave up on: <dataDir>/failed-stream-records.ndjson, or in memory.
      failedRecords: failedRecordsFor(options),
      log,
      metrics: deps.metrics,
    });
    poller.start();
    stops.push(() => poller.stop());
    // Every event this process appends (commands, deadlines, reactions) is read off the stream
    // at once, as AWS's mapping, always polling, would soon do; writes by other processes wait
    // for the interval. The waits on that game's log are answered at once too (COST-7).
    if (options.readStreamOnWrite !== false)
      client.middlewareStack.add(
        (next, context) => async (args) => {
          const result = await next(args);
          const command = String(context.commandName);
          if (writesTo(command, args.input as object, tables.events)) poller.nudge();
          for (const gameId of gamesPutInto(command, args.input as object, tables.events)) waits.poke(gameWaitKey(gameId));
          return result;
        },
        { step: 'initialize', name: 'arbiterStreamNudge' },
      );
    return {
      ...services,
      dynamoEndpoint: endpoint,
      dynamoExposure: dynamo?.exposure ?? null,
      tables,
      dynamo: dynamoClient,
      poller,
      // In reverse order of starting: the poller first, the client last.
      stop: async () => {
        for (const stop of stops.reverse()) await stop();
        await dynamo?.stop();
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await dynamo?.stop();
    throw error;
  }
};

/**
 * What every runtime runs around its storage: the HTTP API, the bus, the phase timers that
 * fire deadlines and reminders into it, and the webhook deliveries it feeds.
 */
export const startServices = async (
  deps: Deps,
  options: ServiceOptions,
  retries?: WebhookRetries,
  now: () => number = Date.now,
): Promise<ServiceRuntime> => {
  const log = options.log ?? (() => {});
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const each of stops.reverse()) await each();
  };
  try {
    const server = await startHttp(deps, options);
    stops.push(() => closeServer(server));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const bus = new LocalBus();
    // The phase timer publishes reminders (PBM-7) to the same bus as the publisher.
    const scheduler = new LocalScheduler(
      makePhaseTimer(
        () => deps,
        () => bus,
      ),
      log,
      undefined,
      undefined,
      now,
    );
    stops.push(async () => scheduler.stop());
    const webhooks = new LocalWebhookDeliveries(() => deps, log, retries);
    bus.subscribe(webhooks.onEvent);
    stops.push(() => webhooks.stop());
    const resumed = await webhooks.resume();
    if (resumed > 0) log(`webhooks: ${resumed} retr${resumed === 1 ? 'y' : 'ies'} pending from before the restart, re-armed`);
    return { url: `http://${options.host ?? '127.0.0.1'}:${port}`, deps, scheduler, bus, webhooks, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
};

/** Where `npm run build:web` puts the viewer (VIEW-1). */
const WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));

/**
 * The API behind the local stand-in for API Gateway. Its JSON log lines (one per request)
 * go to the runtime's log; without one, only errors are printed.
 */
const startHttp = (deps: Deps, options: ServiceOptions): Promise<Server> => {
  const log = (entry: Readonly<Record<string, unknown>>) => {
    if (options.log) options.log(JSON.stringify(entry));
    else if (entry.level === 'error') console.error(JSON.stringify(entry));
  };
  const recorded = deps.metrics instanceof MetricsRecorder ? deps.metrics : null;
  return startHttpServer(options.apiHandler ?? makeApi(() => deps, log), {
    port: options.port,
    host: options.host ?? '127.0.0.1',
    log,
    web: webAssets(WEB_DIR),
    ...(recorded ? { metrics: () => prometheusText(recorded.series()) } : {}),
    ...(options.keepAliveMs === undefined ? {} : { keepAliveMs: options.keepAliveMs }),
  });
};

const closeServer = (server: Server): Promise<void> =>
  new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
