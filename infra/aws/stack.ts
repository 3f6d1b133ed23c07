/**
 * ArbiterStack: Arbiter on AWS, in one env-agnostic stack (no lookups; `cdk synth` runs offline).
 *
 * What it creates:
 * - DynamoDB `events` (the immutable log; stream of new images) and `games` (read model,
 *   snapshots, idempotency records, players), both from the shared definitions in
 *   functions/adapters/tables.ts: on-demand, point-in-time recovery, retained when the stack is deleted.
 * - Ten Lambda functions built by ArbiterFunction (Node.js 22, arm64, esbuild ESM bundles,
 *   one-month log groups): the HTTP API, the club API (clubs, ladders, tournaments), the
 *   documentation, the web viewer, the projector, the timer reactor, the publisher, the
 *   tournament reactor, the phase timer and the webhook deliverer.
 * - An HTTP API (API Gateway v2) with every route of the route table
 *   (functions/http/route-table.ts) on the function it names, throttled and access-logged;
 *   its URL is the `ApiUrl` output.
 * - Stream event source mappings from `events` to the projector, the timer reactor, the
 *   publisher and the tournament reactor (CLUB-4): INSERTs only, partial batch responses, bisect on error, bounded retries and
 *   age, one encrypted on-failure queue per consumer.
 * - An EventBridge Scheduler group for phase deadlines and tournament round deadlines, the
 *   role Scheduler uses to invoke the phase timer (and nothing else), and a dead-letter queue
 *   for failed deliveries.
 * - The `arbiter` EventBridge bus the publisher (the phase timer, for reminders; the tournament
 *   reactor, for pairings) sends integration events to.
 * - Webhook deliveries: a rule from the bus to an encrypted queue read by the deliverer
 *   (partial batch responses, delayed retries on the queue), with a dead-letter queue.
 * - Alarms (AWS-2), each notifying one SNS topic (e-mail from the `alarmEmail` context): any
 *   message in a dead-letter or on-failure queue, a stream consumer more than a minute
 *   behind, API 5xx, each function's errors, throttles, failed webhook processing; and (OPS-4)
 *   on the service's own figures: late deadlines, projection lag, records set aside, the
 *   webhook failure rate. A CloudWatch dashboard of them all (infra/aws/dashboard.ts).
 * - OPS-6: with the `monthlyBudgetUsd` context, an AWS Budgets budget alerting the same topic.
 * - TRUST-1: an asymmetric KMS key (P-256, sign and verify) per generation (`signingKeyGenerations`,
 *   TRUST-5), whose public halves a custom resource reads at deploy for the functions to publish;
 *   the API and club functions may `kms:Sign` with the current one (infra/aws/signing-keys.ts).
 * - Settings from CDK context (AWS-5, infra/aws/config.ts): corsOrigins, alarmEmail, logRetentionDays,
 *   and an optional custom domain (domainName with certificateArn).
 * - Outputs naming what `npm run smoke` and `npm run redrive` need (`cdk deploy --outputs-file`).
 *
 * Each function is granted only what it does; cdk-nag (AwsSolutions) findings that remain
 * are acknowledged next to the resource they concern, with the reason.
 */
import { type CfnElement, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { eventsTable, gamesTable, type KeyAttribute, type TableDefinition } from '../../functions/adapters/tables.ts';
import { rateLimitsText } from '../../functions/kernel/rate-limits.ts';
import { STREAM_CONSUMERS } from '../../functions/stream/consumers/index.ts';
import { handlerEntries } from '../handlers.ts';
import { ArbiterAlarms } from './alarms.ts';
import { ArbiterFunction } from './arbiter-function.ts';
import { CostBudget } from './budget.ts';
import { type StackConfig, stackConfigFrom } from './config.ts';
import { ArbiterDashboard } from './dashboard.ts';
import { consumeEventStream } from './event-stream.ts';
import { ArbiterHttpApi } from './http-api.ts';
import { PhaseDeadlines } from './phase-deadlines.ts';
import { SigningKeys } from './signing-keys.ts';
import { grantTables, TABLE_ACCESS } from './table-grants.ts';
import { WebhookDeliveries } from './webhook-deliveries.ts';

export interface ArbiterStackProps extends StackProps {
  /** Active X-Ray tracing on every function. Off by default: it is billed per trace. */
  readonly tracing?: boolean;
}

export { DEFAULT_AWS_CORS_ORIGINS, DEFAULT_LOG_RETENTION_DAYS } from './config.ts';

interface Tables {
  readonly events: Table;
  readonly games: Table;
}

interface Functions {
  readonly api: ArbiterFunction;
  readonly projector: ArbiterFunction;
  readonly timerReactor: ArbiterFunction;
  readonly publisher: ArbiterFunction;
  readonly tournaments: ArbiterFunction;
  readonly phaseTimer: ArbiterFunction;
  readonly webhooks: ArbiterFunction;
  readonly web: ArbiterFunction;
  readonly docs: ArbiterFunction;
  readonly clubs: ArbiterFunction;
}

const attributeTypes: Record<KeyAttribute['type'], AttributeType> = {
  S: AttributeType.STRING,
  N: AttributeType.NUMBER,
};

interface Handler {
  readonly id: string;
  /** Relative to the repository root. */
  readonly entry: string;
  readonly description: string;
  readonly timeout?: Duration;
  readonly assets?: { readonly from: string; readonly into: string };
}

/** Stream consumers get a minute: a batch of 100 records may need gap-filling reads. */
const streamTimeout = Duration.minutes(1);

const handlers: Readonly<Record<keyof Functions, Handler>> = {
  api: {
    id: 'Api',
    entry: handlerEntries.api,
    description: 'Arbiter HTTP API: players, games, commands, webhooks',
    // Long waits (PBM-8, at most 20 s) must finish inside API Gateway's 30 s integration limit.
    timeout: Duration.seconds(29),
  },
  projector: {
    id: 'Projector',
    entry: handlerEntries.projector,
    description: 'Folds events into the games read model',
    timeout: streamTimeout,
  },
  timerReactor: {
    id: 'TimerReactor',
    entry: handlerEntries.timerReactor,
    description: 'Creates and deletes phase deadline schedules',
    timeout: streamTimeout,
  },
  publisher: {
    id: 'Publisher',
    entry: handlerEntries.publisher,
    description: 'Publishes integration events to the arbiter bus',
    timeout: streamTimeout,
  },
  tournaments: {
    id: 'TournamentReactor',
    entry: handlerEntries.tournaments,
    description: 'Opens tournament games, arms round deadlines, reports game results (CLUB-4)',
    timeout: streamTimeout,
  },
  phaseTimer: {
    id: 'PhaseTimer',
    entry: handlerEntries.phaseTimer,
    description: 'Gives DeadlineReached when a phase deadline passes',
    timeout: Duration.seconds(30),
  },
  webhooks: {
    id: 'WebhookDelivery',
    entry: handlerEntries.webhooks,
    description: 'Sends signed webhook notifications and queues their retries',
    // Ten messages at once, each a few deliveries of at most 5 s in parallel.
    timeout: Duration.minutes(1),
  },
  web: {
    id: 'Web',
    entry: handlerEntries.web,
    description: 'Serves the replay viewer page at /',
    timeout: Duration.seconds(5),
    // `npm ci` builds the page (npm run build:web); the function serves it from its own package.
    assets: { from: 'dist/web', into: 'web' },
  },
  docs: {
    id: 'Docs',
    entry: handlerEntries.docs,
    description: 'Serves the OpenAPI document and the rulesets with their JSON Schemas',
    timeout: Duration.seconds(10),
  },
  clubs: {
    id: 'Clubs',
    entry: handlerEntries.clubs,
    description: 'Arbiter HTTP API: clubs, ladders and tournaments',
    timeout: Duration.seconds(29),
  },
};

const key = (attribute: KeyAttribute) => ({ name: attribute.name, type: attributeTypes[attribute.type] });

export class ArbiterStack extends Stack {
  readonly tables: Tables;
  readonly functions: Functions;
  /** Each stream consumer's on-failure queue. */
  readonly streamFailures: Readonly<Record<'projector' | 'timerReactor' | 'publisher' | 'tournaments', Queue>>;
  readonly http: ArbiterHttpApi;
  readonly deadlines: PhaseDeadlines;
  readonly bus: EventBus;
  readonly webhooks: WebhookDeliveries;
  readonly alarms: ArbiterAlarms;
  readonly config: StackConfig;
  /** TRUST-1: the KMS signing key's generations, and what the functions publish of them. */
  readonly signingKeys: SigningKeys;
  /** OPS-4: what an operator looks at first. */
  readonly dashboard: ArbiterDashboard;
  /** OPS-6: the account's monthly budget, when `monthlyBudgetUsd` is set. */
  readonly budget: CostBudget | null;

  constructor(scope: Construct, id: string, props: ArbiterStackProps = {}) {
    super(scope, id, { description: 'Arbiter: event-sourced referee for wargames', ...props });
    this.tables = {
      events: this.tableFrom('EventsTable', eventsTable),
      games: this.tableFrom('GamesTable', gamesTable),
    };
    this.config = stackConfigFrom(this);
    this.functions = this.createFunctions(props.tracing === true);
    this.grantTableAccess();
    const { corsOrigins } = this.config;
    this.http = new ArbiterHttpApi(
      this,
      'Http',
      { api: this.functions.api.fn, web: this.functions.web.fn, docs: this.functions.docs.fn, clubs: this.functions.clubs.fn },
      corsOrigins,
      this.config.logRetention,
      this.config.domain,
      this.config.throttle,
    );
    // The function allows the same origins, so a direct call answers as API Gateway does.
    for (const { fn } of [this.functions.api, this.functions.docs, this.functions.clubs])
      fn.addEnvironment('ARBITER_CORS_ORIGINS', corsOrigins.join(','));
    for (const { fn } of [this.functions.api, this.functions.clubs])
      fn.addEnvironment('ARBITER_RATE_LIMITS', rateLimitsText(this.config.rateLimits));
    this.signingKeys = this.createSigningKeys();
    const { projector, timerReactor, publisher, tournaments } = this.functions;
    this.streamFailures = {
      projector: consumeEventStream(this, this.tables.events, projector),
      timerReactor: consumeEventStream(this, this.tables.events, timerReactor),
      publisher: consumeEventStream(this, this.tables.events, publisher),
      tournaments: consumeEventStream(this, this.tables.events, tournaments),
    };
    this.deadlines = new PhaseDeadlines(this, 'PhaseDeadlines', {
      // Games' step deadlines, and tournaments' round deadlines (CLUB-4): one group, one target.
      reactors: [timerReactor, tournaments],
      phaseTimer: this.functions.phaseTimer.fn,
    });
    this.bus = this.createEventBus();
    this.webhooks = new WebhookDeliveries(this, 'WebhookDeliveries', { bus: this.bus, deliverer: this.functions.webhooks });
    this.alarms = this.createAlarms();
    this.dashboard = this.createDashboard();
    this.budget =
      this.config.monthlyBudgetUsd === null
        ? null
        : new CostBudget(this, 'CostBudget', { monthlyUsd: this.config.monthlyBudgetUsd, topic: this.alarms.topic });
    this.outputOperationsNames();
    this.acknowledgeSharedFindings();
  }

  /**
   * TRUST-1: the functions that sign receipts and exports (the API's commands and game exports,
   * the club function's tournament commands and exports, the webhook deliverer's notifications) may `kms:Sign` with the current key, and
   * nothing else of KMS; the documentation function serves the public keys (JWKS), reading them
   * from its environment. A function that starts to sign joins the first list here, and passes
   * `signer: kmsSignerFromEnv` to depsFromEnv.
   */
  private createSigningKeys(): SigningKeys {
    const keys = new SigningKeys(this, 'SigningKeys', {
      generations: this.config.signingKeyGenerations,
      revoked: this.config.revokedSigningKeys,
      logRetention: this.config.logRetention,
    });
    for (const { fn } of [this.functions.api, this.functions.clubs, this.functions.webhooks]) keys.grantSign(fn);
    keys.publishTo(this.functions.docs.fn);
    new CfnOutput(this, 'SigningKeyArn', { value: keys.current.keyArn, description: 'The KMS key that certifies the signing keys now' });
    return keys;
  }

  /** AWS-2: the API, every function and the webhook deliverer watched; then every alarm of the stack notifies the topic. */
  private createAlarms(): ArbiterAlarms {
    const alarms = new ArbiterAlarms(this, 'Alarms', { alarmEmail: this.config.alarmEmail });
    alarms.onApiErrors(this.http.api);
    const all = Object.values(this.functions);
    for (const fn of all) alarms.onFunctionErrors(fn);
    alarms.onThrottles(all);
    alarms.onWebhookFailures(this.functions.webhooks);
    alarms.onUnschedulableSteps(this.functions.timerReactor);
    // OPS-4: on the service's own figures (functions/kernel/metrics.ts).
    alarms.onLateDeadlines();
    alarms.onProjectionLag();
    alarms.onRecordsSetAside(
      STREAM_CONSUMERS.map((c) => c.name),
      Object.values(this.streamFailures),
    );
    alarms.onWebhookFailureRate();
    alarms.notifyAll(this);
    return alarms;
  }

  /** OPS-4: every alarm, the service's figures, then each queue, function and table (infra/aws/dashboard.ts). */
  private createDashboard(): ArbiterDashboard {
    return new ArbiterDashboard(this, 'Operations', {
      alarms: this.node.findAll().filter((c): c is Alarm => c instanceof Alarm),
      functions: { ...this.functions },
      tables: { ...this.tables },
      workQueues: { webhooks: this.webhooks.queue },
      givenUpQueues: {
        ...Object.fromEntries(Object.entries(this.streamFailures).map(([name, queue]) => [`${name} on-failure`, queue])),
        'deadline dead letters': this.deadlines.deadLetters,
        'webhook dead letters': this.webhooks.deadLetters,
      },
    });
  }

  /**
   * What `npm run redrive -- --outputs cdk-outputs.json` (AWS-3) reads: the tables, the
   * queues it drains and what it needs to re-create a deadline's schedule.
   */
  private outputOperationsNames(): void {
    const outputs: Record<string, [string, string]> = {
      EventsTableName: [this.tables.events.tableName, 'The events table (the log)'],
      GamesTableName: [this.tables.games.tableName, 'The games table (read models, players, webhooks)'],
      ProjectorFailuresQueueUrl: [this.streamFailures.projector.queueUrl, 'Stream batches the projector gave up on'],
      TimerReactorFailuresQueueUrl: [this.streamFailures.timerReactor.queueUrl, 'Stream batches the timer reactor gave up on'],
      PublisherFailuresQueueUrl: [this.streamFailures.publisher.queueUrl, 'Stream batches the publisher gave up on'],
      TournamentReactorFailuresQueueUrl: [this.streamFailures.tournaments.queueUrl, 'Stream batches the tournament reactor gave up on'],
      DeadlineDeadLettersQueueUrl: [this.deadlines.deadLetters.queueUrl, 'Phase deadlines Scheduler could not deliver'],
      WebhookDeadLettersQueueArn: [this.webhooks.deadLetters.queueArn, 'Webhook messages given up on'],
      WebhookQueueArn: [this.webhooks.queue.queueArn, 'The webhook delivery queue'],
      ScheduleGroupName: [this.deadlines.group.scheduleGroupName, 'The deadline schedules group'],
      SchedulerRoleArn: [this.deadlines.schedulerRole.roleArn, 'The role Scheduler invokes the phase timer with'],
      PhaseTimerArn: [this.functions.phaseTimer.fn.functionArn, 'The phase timer function'],
      DeadlineDeadLettersQueueArn: [this.deadlines.deadLetters.queueArn, 'The deadline dead-letter queue'],
    };
    for (const [id, [value, description]] of Object.entries(outputs)) new CfnOutput(this, id, { value, description });
  }

  private tableFrom(id: string, definition: TableDefinition): Table {
    const table = new Table(this, id, {
      partitionKey: key(definition.partitionKey),
      sortKey: key(definition.sortKey),
      ...(definition.stream === 'NEW_IMAGE' ? { stream: StreamViewType.NEW_IMAGE } : {}),
      ...(definition.timeToLive ? { timeToLiveAttribute: definition.timeToLive } : {}),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // The log is the only source of truth and the read model is costly to rebuild:
      // neither goes away with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of definition.indexes ?? []) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        projectionType: ProjectionType.INCLUDE,
        nonKeyAttributes: [...index.attributes],
      });
    }
    return table;
  }

  private createFunctions(tracing: boolean): Functions {
    const environment = { EVENTS_TABLE: this.tables.events.tableName, GAMES_TABLE: this.tables.games.tableName };
    const logRetention = this.config.logRetention;
    const make = ({ id, ...handler }: Handler) => new ArbiterFunction(this, id, { ...handler, environment, tracing, logRetention });
    return {
      api: make(handlers.api),
      projector: make(handlers.projector),
      timerReactor: make(handlers.timerReactor),
      publisher: make(handlers.publisher),
      tournaments: make(handlers.tournaments),
      phaseTimer: make(handlers.phaseTimer),
      webhooks: make(handlers.webhooks),
      // The page reads no table: only its own files.
      web: new ArbiterFunction(this, handlers.web.id, { ...handlers.web, tracing, logRetention }),
      // Nor does the documentation: the OpenAPI document and the rulesets are built from code.
      docs: new ArbiterFunction(this, handlers.docs.id, { ...handlers.docs, tracing, logRetention }),
      // Clubs, ladders and tournaments: the API's own kind of function, apart so the API's bundle stays small (PERF-1).
      clubs: make(handlers.clubs),
    };
  }

  /** OPS-1: each function gets the DynamoDB actions its code calls, table by table (infra/aws/table-grants.ts). */
  private grantTableAccess(): void {
    for (const [name, access] of Object.entries(TABLE_ACCESS))
      grantTables(this.functions[name as keyof typeof TABLE_ACCESS].fn, this.tables, access);
  }

  private createEventBus(): EventBus {
    const bus = new EventBus(this, 'Bus', { eventBusName: 'arbiter' });
    // The publisher, the phase timer for reminders (PBM-7), which it publishes and never logs,
    // and the tournament reactor for each player's pairing (CLUB-4).
    for (const { fn } of [this.functions.publisher, this.functions.phaseTimer, this.functions.tournaments]) {
      bus.grantPutEventsTo(fn);
      fn.addEnvironment('EVENT_BUS_NAME', bus.eventBusName);
    }
    new CfnOutput(this, 'EventBusName', {
      value: bus.eventBusName,
      description: 'Bus carrying Arbiter integration events',
    });
    return bus;
  }

  /** Findings every function shares; the rest are acknowledged beside their resource. */
  private acknowledgeSharedFindings(): void {
    const games = this.getLogicalId(this.tables.games.node.defaultChild as CfnElement);
    Validations.of(this).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::<${games}.Arn>/index/*]`,
        reason:
          "CDK's table grants cover a table's indexes as index/*; the games table has one index, the lobby (REL-31), so the wildcard names nothing else.",
      },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'The AWS-managed basic execution role only lets a function write its own logs; CDK attaches it to every function role.',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          'Pinned to Node.js 22 on purpose, the runtime the bundles target (esbuild node22); moving on is a reviewed change, not a side effect of a CDK upgrade.',
      },
    );
  }
}
