/**
 * COST-6 `npm run cost`: what 1,000 games of each ruleset cost a month on AWS, priced from the
 * figures `npm run bench` measured (bench/cost.bench.ts writes bench/results/cost-figures.json;
 * without one, the copy committed beside this script's output in bench/cost-figures.json).
 *
 * Measured: each game's commands, events, the capacity DynamoDB reported for the command path and
 * for the stream consumers, their requests and durations, the schedules asked for and the bytes
 * kept. Assumed, and printed with the result: what the HTTP layer adds to each request (its key's
 * lookup), how often players read a game between commands, and AWS's list prices below. Change an
 * assumption here and the table follows.
 *
 * OPS-6: it also prices the stack doing nothing, from what its synthesized template holds that
 * bills by the month whatever the traffic (alarms, dashboards, KMS keys), and adds that to the
 * games' cost.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { CostFigures, GameFigures } from '../bench/cost.bench.ts';

/**
 * US East (N. Virginia) list prices, on demand, as published by AWS in 2025; check
 * https://aws.amazon.com/dynamodb/pricing/on-demand/, /lambda/pricing/, /api-gateway/pricing/ and
 * /eventbridge/pricing/ before budgeting on them. Free tiers are left out: 1,000 games are a
 * service's traffic, not a trial's.
 */
export const PRICES = {
  /** DynamoDB on demand, per million write and read request units (after the November 2024 reduction). */
  dynamoWritePerMillion: 0.625,
  dynamoReadPerMillion: 0.125,
  /** DynamoDB Standard table storage, per GB-month, and continuous backups (point-in-time recovery) on top. */
  dynamoStoragePerGbMonth: 0.25,
  pitrPerGbMonth: 0.2,
  /** Lambda on arm64 (the stack's architecture), per GB-second and per million requests. */
  lambdaPerGbSecond: 0.0000133334,
  lambdaPerMillionRequests: 0.2,
  /** API Gateway HTTP API, per million requests (the first 300 million a month). */
  httpApiPerMillion: 1.0,
  /** EventBridge Scheduler, per million invocations (a schedule that is deleted before it fires costs nothing). */
  schedulerPerMillionInvocations: 1.0,
  /**
   * TRUST-1, TRUST-2: KMS, per 10,000 asymmetric requests other than RSA 2048 (a `Sign` with the
   * stack's ECC_NIST_P256 key; https://aws.amazon.com/kms/pricing/), and per key a month.
   */
  kmsAsymmetricPer10k: 0.15,
  kmsKeyPerMonth: 1.0,
  /**
   * OPS-6: CloudWatch, per standard-resolution alarm metric a month (an alarm on a math expression
   * bills each metric it reads), and per dashboard a month beyond the account's first three.
   */
  alarmMetricPerMonth: 0.1,
  dashboardPerMonth: 3.0,
  /** OPS-3, OPS-6: CloudWatch, per custom metric (a name with one set of dimension values) a month, billed by the hour it receives data. */
  customMetricPerMonth: 0.3,
} as const;

/** What the figures do not measure, and this model assumes. */
export const ASSUMPTIONS = {
  /** The Lambdas' memory (infra/aws/arbiter-function.ts). */
  lambdaMemoryGb: 0.5,
  /** Reads of the game per command: each seat's client reads it once after every change (a `?wait` that answers). */
  readsPerCommand: 2,
  /** A read: its key's lookup and the read model's GetItem (packed, under 4 KB), eventually consistent. */
  rcuPerRead: 1,
  /** Every request's key lookup (one GetItem of the player). */
  rcuPerRequestAuth: 0.5,
  /** A read's Lambda time, which the bench does not measure: a quarter of a command's. */
  readShareOfCommandMs: 0.25,
  /** Of the deadlines scheduled, the share that fire (the rest are cancelled when the step ends in time). */
  deadlinesFiring: 0.1,
  /** How long a game's items are kept, in months: this month's storage for a month's games. */
  storageMonths: 1,
  /**
   * TRUST-2: the share of invocations that start a Lambda container. Each start certifies the
   * container's own signing key with one KMS `Sign` (functions/adapters/kms-signer.ts: the key lives
   * 24 hours, longer than AWS keeps a container), and every receipt after it is signed in the
   * container, so a command costs no KMS request. AWS reports cold starts in under 1% of
   * production invocations; every invocation is counted, the functions that sign nothing too.
   */
  coldStartShare: 0.01,
  /**
   * OPS-6: the metric series (functions/kernel/metrics.ts) a month of games keeps alive: the five
   * without dimensions, the four rate limits, and about fifty (ruleset, command) and (ruleset,
   * rule) pairs that games of the three rulesets use. An idle month reports none and pays none.
   */
  activeMetricSeries: 60,
} as const;

const GAMES = 1000;

export interface GameCost {
  readonly dynamo: number;
  readonly lambda: number;
  readonly httpApi: number;
  readonly scheduler: number;
  readonly storage: number;
  /** TRUST-2: the KMS `Sign` of each container start; the KMS key's own monthly price is the service's, not a game's. */
  readonly kms: number;
  readonly total: number;
}

/** What one game of these figures costs, in dollars. */
export const gameCost = (f: GameFigures): GameCost => {
  const reads = f.commands * ASSUMPTIONS.readsPerCommand;
  const requests = f.commands + reads;
  const rcu = f.api.rcu + f.consumers.rcu + reads * ASSUMPTIONS.rcuPerRead + requests * ASSUMPTIONS.rcuPerRequestAuth;
  const wcu = f.api.wcu + f.consumers.wcu;
  const dynamo = (rcu * PRICES.dynamoReadPerMillion + wcu * PRICES.dynamoWritePerMillion) / 1e6;
  const invocations = requests + f.consumers.deliveries;
  const seconds =
    (f.commands * f.api.p50Ms + reads * f.api.p50Ms * ASSUMPTIONS.readShareOfCommandMs + f.consumers.deliveries * f.consumers.p50Ms) / 1000;
  const lambda = seconds * ASSUMPTIONS.lambdaMemoryGb * PRICES.lambdaPerGbSecond + (invocations * PRICES.lambdaPerMillionRequests) / 1e6;
  const httpApi = (requests * PRICES.httpApiPerMillion) / 1e6;
  const scheduler = (f.schedules.created * ASSUMPTIONS.deadlinesFiring * PRICES.schedulerPerMillionInvocations) / 1e6;
  const gb = f.storedBytes / 1024 ** 3;
  const storage = gb * (PRICES.dynamoStoragePerGbMonth + PRICES.pitrPerGbMonth) * ASSUMPTIONS.storageMonths;
  const kms = (invocations * ASSUMPTIONS.coldStartShare * PRICES.kmsAsymmetricPer10k) / 1e4;
  return { dynamo, lambda, httpApi, scheduler, storage, kms, total: dynamo + lambda + httpApi + scheduler + storage + kms };
};

/** OPS-6: what the figures the functions report cost in a month games are played (nothing in an idle one). */
export const metricsCost = (): number => ASSUMPTIONS.activeMetricSeries * PRICES.customMetricPerMonth;

/** OPS-6: what an idle stack holds that bills by the month, counted in its synthesized template. */
export interface IdleResources {
  readonly alarms: number;
  /** The metrics those alarms read: one each, or every metric of a math expression. */
  readonly alarmMetrics: number;
  readonly dashboards: number;
  readonly kmsKeys: number;
}

interface TemplateJson {
  readonly Resources: Readonly<Record<string, { readonly Type: string; readonly Properties?: { readonly Metrics?: readonly object[] } }>>;
}

export const idleResources = (template: TemplateJson): IdleResources => {
  const all = Object.values(template.Resources);
  const ofType = (type: string) => all.filter((r) => r.Type === type);
  const alarms = ofType('AWS::CloudWatch::Alarm');
  return {
    alarms: alarms.length,
    alarmMetrics: alarms.reduce((n, a) => n + (a.Properties?.Metrics?.filter((m) => 'MetricStat' in m).length || 1), 0),
    dashboards: ofType('AWS::CloudWatch::Dashboard').length,
    kmsKeys: ofType('AWS::KMS::Key').length,
  };
};

/**
 * OPS-6: an idle month, in dollars. Everything else bills per request or per byte, and an idle
 * stack makes none and keeps next to none: empty tables (and their point-in-time recovery) and
 * empty log groups cost nothing, and Lambda's long polling of the webhook queue (about 650,000
 * requests a month) stays inside SQS's free million.
 */
export const idleCost = (r: IdleResources) => {
  const alarms = r.alarmMetrics * PRICES.alarmMetricPerMonth;
  const dashboards = r.dashboards * PRICES.dashboardPerMonth;
  const kms = r.kmsKeys * PRICES.kmsKeyPerMonth;
  return { alarms, dashboards, kms, total: alarms + dashboards + kms };
};

export const idleLine = (r: IdleResources): string => {
  const c = idleCost(r);
  return `  idle: ${dollars(c.total)} a month: ${r.alarms} alarms reading ${r.alarmMetrics} metrics ${dollars(c.alarms)}, ${r.dashboards} dashboard ${dollars(c.dashboards)} (nothing if among the account's first three), ${r.kmsKeys} KMS key ${dollars(c.kms)}; empty tables, logs and queues cost nothing`;
};

const dollars = (n: number) => `$${n.toFixed(n < 1 ? 3 : 2)}`;

const figuresFile = (): { file: string; figures: CostFigures } => {
  const root = join(import.meta.dirname, '..');
  const measured = join(root, 'bench', 'results', 'cost-figures.json');
  const file = existsSync(measured) ? measured : join(root, 'bench', 'cost-figures.json');
  return { file: relative(root, file), figures: JSON.parse(readFileSync(file, 'utf8')) as CostFigures };
};

/** The stack as `cdk synth` makes it from cdk.json's settings, without bundling the functions: only the template is counted. */
const synthesizedTemplate = async (): Promise<TemplateJson> => {
  const [{ App }, { Template }, { ArbiterStack }] = await Promise.all([
    import('aws-cdk-lib'),
    import('aws-cdk-lib/assertions'),
    import('../infra/aws/stack.ts'),
  ]);
  const { context } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const app = new App({ builtinCloudFormationValidation: false, context: { ...context, 'aws:cdk:bundling-stacks': [] } });
  return Template.fromStack(new ArbiterStack(app, 'Arbiter')).toJSON() as TemplateJson;
};

/** What `npm run cost` prints, from the figures (and the file they came from) and what the idle stack holds. */
export const costReport = (figures: CostFigures, file: string, idle: IdleResources): string[] => {
  const lines = [
    `COST-6 what ${GAMES.toLocaleString('en-US')} games of each ruleset cost a month on AWS (us-east-1 list prices, on demand)`,
    `  figures: ${file} (measured ${figures.measuredAt} at ${figures.commit}, ${figures.machine})`,
    `  assumed: ${ASSUMPTIONS.readsPerCommand} reads of the game per command, ${ASSUMPTIONS.rcuPerRead} RCU a read and ${ASSUMPTIONS.rcuPerRequestAuth} a request for its key, Lambda at ${ASSUMPTIONS.lambdaMemoryGb * 1024} MB arm64 for the measured p50s (reads a quarter of a command's), ${ASSUMPTIONS.deadlinesFiring * 100}% of deadlines firing, a month's storage with point-in-time recovery, a container start (one KMS Sign) in ${ASSUMPTIONS.coldStartShare * 100}% of invocations`,
    '',
    '  ruleset          commands  DynamoDB    Lambda  HTTP API  Scheduler  storage       KMS     total   a game  all in',
  ];
  for (const [ruleset, f] of Object.entries(figures.rulesets)) {
    const c = gameCost(f);
    const row = [c.dynamo, c.lambda, c.httpApi, c.scheduler, c.storage, c.kms, c.total].map((n) => dollars(n * GAMES).padStart(9));
    const allIn = dollars(c.total * GAMES + idleCost(idle).total + metricsCost());
    lines.push(
      `  ${ruleset.padEnd(15)} ${String(f.commands).padStart(9)} ${row.join(' ')}  ${`${(c.total * 100).toFixed(3)}¢`.padStart(8)}  ${allIn.padStart(7)}`,
    );
  }
  lines.push(
    `  all in: the games, the idle stack below, and about ${ASSUMPTIONS.activeMetricSeries} metric series the functions report while games are played, ${dollars(metricsCost())} (CloudWatch custom metrics)`,
    idleLine(idle),
    '',
  );
  return lines;
};

const main = async () => {
  const { file, figures } = figuresFile();
  for (const line of costReport(figures, file, idleResources(await synthesizedTemplate()))) console.log(line);
};

if (process.argv[1] === import.meta.filename) await main();
