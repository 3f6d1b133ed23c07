/**
 * OPS-2: the Lambda bundles run as Lambda runs them. Every bundle the stack ships is built once
 * per test run (in parallel, with the stack's esbuild settings: `bundleHandler`) and loaded from
 * disk by Node itself, as Lambda loads `index.mjs`; each is invoked with the environment the
 * stack gives that function (read from the synthesized template, its references resolved to this
 * machine's stand-ins) and nothing else of ours, and with events shaped as AWS sends them.
 *
 * The bundles' folders are named `arbiter-bundles-e2e-*`, which vitest.config.ts keeps out of
 * vite's transforms: they are imported as they are, not compiled again.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
  DynamoDBBatchResponse,
  DynamoDBStreamEvent,
  SQSEvent,
} from 'aws-lambda';
import { handlerEntries } from '../../infra/handlers.ts';
import { type BundleReport, bundleHandler, ROOT } from '../../scripts/check-bundles.ts';
import type { AwsStandIn, PutEntry, StoredSchedule } from './aws-stand-in.ts';

export type FunctionName = keyof typeof handlerEntries;
export const FUNCTION_NAMES = Object.keys(handlerEntries) as FunctionName[];

export interface Bundles {
  /** Where each function's bundle is: `index.mjs` and its `chunks/`. */
  readonly folder: (name: FunctionName) => string;
  readonly reports: Readonly<Partial<Record<FunctionName, BundleReport>>>;
}

/**
 * The built files a function's package carries beside its bundle, as infra/aws/stack.ts gives them
 * (`assets`, copied in by infra/aws/arbiter-function.ts): the web function serves the pages that
 * the storage tier's global setup builds (test/support/build-setup.ts).
 */
const BUNDLED_ASSETS: Partial<Record<FunctionName, { readonly from: string; readonly into: string }>> = {
  web: { from: 'dist/web', into: 'web' },
};

/** One function's package: its bundle, and the files it carries. */
const buildOne = async (name: FunctionName, outdir: string): Promise<BundleReport> => {
  const report = await bundleHandler(resolve(ROOT, handlerEntries[name]), outdir);
  const assets = BUNDLED_ASSETS[name];
  if (assets) cpSync(join(ROOT, assets.from), join(outdir, assets.into), { recursive: true });
  return report;
};

let dir: string | undefined;
const builds = new Map<FunctionName, Promise<BundleReport>>();

/** This process's folder of bundles, removed when it exits. */
const bundlesFolder = (): string => {
  if (dir === undefined) {
    const made = mkdtempSync(join(tmpdir(), 'arbiter-bundles-e2e-'));
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    dir = made;
  }
  return dir;
};

/**
 * The bundles of `names` (every function's unless said), each built once per process (the
 * storage tier's files share modules, so a second file asking for one gets the same build), all
 * at once: esbuild works in its own threads.
 */
export const lambdaBundles = async (names: readonly FunctionName[] = FUNCTION_NAMES): Promise<Bundles> => {
  const root = bundlesFolder();
  const folder = (name: FunctionName) => join(root, name);
  for (const name of names) if (!builds.has(name)) builds.set(name, buildOne(name, folder(name)));
  const built = await Promise.all(names.map(async (name) => [name, await builds.get(name)] as const));
  return { folder, reports: Object.fromEntries(built) };
};

let copies = 0;

/**
 * Every export of a bundle's entry (`handler`, and what else the entry exports), loaded from a
 * fresh copy of its folder: its own module graph, as a cold container has (nothing cached, no
 * ruleset loaded). The copy sits in the build's folder.
 */
export const coldModule = async (name: FunctionName): Promise<Record<string, unknown>> => {
  const bundles = await lambdaBundles([name]);
  copies += 1;
  const copy = `${bundles.folder(name)}-cold-${copies}`;
  cpSync(bundles.folder(name), copy, { recursive: true });
  return (await import(join(copy, 'index.mjs'))) as Record<string, unknown>;
};

/** A bundle's `handler`, loaded cold (`coldModule`). */
export const coldHandler = async <H>(name: FunctionName): Promise<H> => (await coldModule(name)).handler as H;

/** The text of every file of a function's bundle, the chunks loaded on first use included. */
export const bundleText = (folder: string): string =>
  (readdirSync(folder, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => readFileSync(join(folder, file), 'utf8'))
    .join('\n');

// ---------------------------------------------------------------------------------------------
// The environment the stack sets, resolved here.

/** A value of the template: a string, or a reference CloudFormation resolves at deploy. */
type TemplateValue = string | { readonly Ref: string } | { readonly 'Fn::GetAtt': readonly [string, string] };

export interface StackEnvironments {
  /** Each function's `Environment.Variables` in the synthesized template, as written there. */
  readonly variables: Readonly<Record<FunctionName, Readonly<Record<string, TemplateValue>>>>;
  /** Each resource's type, by logical id: what a reference points at. */
  readonly types: Readonly<Record<string, string>>;
  /** The name the template gives a resource (`Name`), by logical id, where it gives one: the bus's. */
  readonly names: Readonly<Record<string, unknown>>;
  readonly tables: { readonly events: string; readonly games: string };
  /** The HTTP API's stage: `$default` puts no stage name in the paths the API receives. */
  readonly stageName: string;
  /** The HTTP API's routes, each with the function its integration invokes and the payload version it sends. */
  readonly routes: readonly StackRoute[];
}

export interface StackRoute {
  /** `METHOD /path/{param}`, as API Gateway matches it. */
  readonly routeKey: string;
  readonly function: FunctionName;
  readonly payloadVersion: string;
}

let synthesized: Promise<StackEnvironments> | undefined;

/**
 * The stack synthesized once, without bundling (its assets point at the sources: the bundles
 * here are built by `lambdaBundles`, with the same options), as test/stack does.
 */
export const stackEnvironments = (): Promise<StackEnvironments> => {
  synthesized ??= (async () => {
    const [{ App }, { Template }, { ArbiterStack }] = await Promise.all([
      import('aws-cdk-lib'),
      import('aws-cdk-lib/assertions'),
      import('../../infra/aws/stack.ts'),
    ]);
    const app = new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new ArbiterStack(app, 'Arbiter', {});
    const resources: Record<string, { Type: string; Properties: Record<string, unknown> }> = Template.fromStack(stack).toJSON().Resources;
    const idOf = (construct: { node: { defaultChild?: unknown } }) =>
      stack.getLogicalId(construct.node.defaultChild as Parameters<typeof stack.getLogicalId>[0]);
    const variables = Object.fromEntries(
      FUNCTION_NAMES.map((name) => {
        const environment = resources[idOf(stack.functions[name].fn)]?.Properties.Environment as
          | { Variables: Record<string, TemplateValue> }
          | undefined;
        return [name, environment?.Variables ?? {}];
      }),
    ) as StackEnvironments['variables'];
    const stage = Object.values(resources).find((r) => r.Type === 'AWS::ApiGatewayV2::Stage');
    const byLogicalId = new Map(FUNCTION_NAMES.map((name) => [idOf(stack.functions[name].fn), name]));
    const routes = Object.values(resources)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map(({ Properties: route }) => {
        // Target: `integrations/<Ref>`; the integration's URI is its function's ARN.
        const target = JSON.stringify(route.Target).match(/"Ref":"([^"]+)"/)?.[1] ?? '';
        const integration = resources[target]?.Properties ?? {};
        const [fnId] = (integration.IntegrationUri as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
        const name = byLogicalId.get(fnId);
        if (!name) throw new Error(`route ${String(route.RouteKey)} invokes ${fnId}, which is no function of handlerEntries`);
        return { routeKey: String(route.RouteKey), function: name, payloadVersion: String(integration.PayloadFormatVersion) };
      });
    return {
      routes,
      variables,
      types: Object.fromEntries(Object.entries(resources).map(([id, r]) => [id, r.Type])),
      names: Object.fromEntries(Object.entries(resources).map(([id, r]) => [id, r.Properties?.Name])),
      tables: { events: idOf(stack.tables.events), games: idOf(stack.tables.games) },
      stageName: String(stage?.Properties.StageName),
    };
  })();
  return synthesized;
};

/** What this machine has in place of the stack's resources. */
export interface LocalResources {
  readonly tables: { readonly events: string; readonly games: string };
  readonly standIn: AwsStandIn;
  readonly dynamoEndpoint: string;
  /** When the stack's KMS key was made (what DescribeKey says): the published key's `created`. */
  readonly keyCreated: string;
}

/**
 * One template value as CloudFormation would resolve it, with this machine's resource in place
 * of each AWS one: table names to the test's DynamoDB Local tables, the queue's URL to the
 * stand-in's, ARNs in the stand-in's account, the signing keys to the stand-in's KMS key. A
 * reference to a kind of resource not listed here throws, naming it: a new one needs its stand-in.
 */
export const resolveValue = (value: TemplateValue, env: StackEnvironments, local: LocalResources): string => {
  if (typeof value === 'string') return value;
  const [id, attribute] = 'Ref' in value ? [value.Ref, 'Ref'] : value['Fn::GetAtt'];
  const type = env.types[id];
  if (type === 'AWS::DynamoDB::Table' && attribute === 'Ref') {
    if (id === env.tables.events) return local.tables.events;
    if (id === env.tables.games) return local.tables.games;
  }
  if (type === 'AWS::SQS::Queue' && attribute === 'Ref') return local.standIn.queueUrl(id);
  if (type === 'AWS::Events::EventBus' && attribute === 'Ref') return String(env.names[id]);
  if (type === 'Custom::ArbiterSigningKeys' && attribute === 'Keys') return local.standIn.publishedKeys(local.keyCreated);
  if (attribute === 'Arn') {
    const service = { 'AWS::KMS::Key': 'kms', 'AWS::IAM::Role': 'iam', 'AWS::Lambda::Function': 'lambda', 'AWS::SQS::Queue': 'sqs' }[
      type ?? ''
    ];
    if (service) return local.standIn.arn(service, id);
  }
  throw new Error(`no local stand-in for ${JSON.stringify(value)} (a ${type ?? 'resource not in the template'})`);
};

/**
 * What Lambda itself puts in every function's environment (the region, the role's credentials),
 * here with credentials that mean nothing, and the SDK's endpoint variables pointing every AWS
 * client the bundles build at the stand-in: none of the bundles names an endpoint, as on AWS.
 * DYNAMODB_ENDPOINT is the one variable of ours a deployment never sets (functions/config.ts).
 */
export const lambdaProvided = (local: LocalResources): Record<string, string> => ({
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
  AWS_ENDPOINT_URL: local.standIn.url,
  DYNAMODB_ENDPOINT: local.dynamoEndpoint,
});

/** A function's whole environment: the template's variables resolved, and what Lambda adds. */
export const functionEnvironment = (name: FunctionName, env: StackEnvironments, local: LocalResources): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(env.variables[name]).map(([key, value]) => [key, resolveValue(value, env, local)])),
  ...lambdaProvided(local),
});

/**
 * Every variable the code of ours could read: `required('X')`, `process.env.X`, `env.X`,
 * `env[X]` and the `*_ENV = 'X'` constants, in functions/ (what the bundles are built from).
 */
export const variablesOurCodeNames = (): Set<string> => {
  const names = new Set<string>();
  const files = (readdirSync(join(ROOT, 'functions'), { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => f.endsWith('.ts'));
  const patterns = [
    /required\('([A-Z][A-Z0-9_]+)'\)/g,
    /\benv\.([A-Z][A-Z0-9_]+)/g,
    /\benv\['([A-Z][A-Z0-9_]+)'\]/g,
    /_ENV = '([A-Z][A-Z0-9_]+)'/g,
  ];
  for (const file of files) {
    const text = readFileSync(join(ROOT, 'functions', file), 'utf8');
    for (const pattern of patterns) for (const [, name] of text.matchAll(pattern)) names.add(name as string);
  }
  return names;
};

/** Which of `names` a bundle reads: each that its files name, as a string or a property (minifying keeps both). */
export const variablesRead = (text: string, names: Iterable<string>): Set<string> =>
  new Set([...names].filter((name) => new RegExp(`["'.\`]${name}\\b`).test(text)));

let invoking: Promise<unknown> = Promise.resolve();
/** Every variable any invocation was given: absent from the next one unless it is given them too. */
const given = new Set<string>();

/**
 * Runs `call` with `environment` as the process's variables, one invocation at a time, as a
 * Lambda container runs one event at a time with its own environment: a variable another
 * function was given is absent, so a bundle reading one its function is not given finds nothing.
 * The process's own variables are as they were once the call is done.
 */
export const withEnvironment = <T>(environment: Readonly<Record<string, string>>, call: () => Promise<T>): Promise<T> => {
  const run = async () => {
    const before = { ...process.env };
    for (const name of given) delete process.env[name];
    for (const [name, value] of Object.entries(environment)) {
      process.env[name] = value;
      given.add(name);
    }
    try {
      return await call();
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
      Object.assign(process.env, before);
    }
  };
  const result = invoking.then(run, run);
  invoking = result.catch(() => undefined);
  return result;
};

let invocations = 0;

/** A Lambda invocation's context, as the runtime gives it. */
export const lambdaContext = (functionName: string): Context => {
  invocations += 1;
  return {
    functionName,
    functionVersion: '$LATEST',
    awsRequestId: `req-${invocations}`,
    memoryLimitInMB: '512',
    getRemainingTimeInMillis: () => 29_000,
  } as unknown as Context;
};

// ---------------------------------------------------------------------------------------------
// Events shaped as AWS sends them.

export type ApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

let requests = 0;

/**
 * An HTTP API payload, version 2.0, as API Gateway hands the `$default` stage's request to a
 * Lambda integration: headers lower-cased and repeated ones joined by commas, cookies moved out of
 * the headers into `cookies`, the query string raw and parsed, a body base64-encoded
 * (`isBase64Encoded`) as API Gateway encodes one it does not take for text. No stage name in the
 * path: the stack's stage is `$default` (checked on the template by the caller).
 */
export const httpApiEvent = (
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string },
  route: { readonly routeKey: string; readonly pathParameters?: Record<string, string> } = { routeKey: '$default' },
): APIGatewayProxyEventV2 => {
  requests += 1;
  const headers = Object.fromEntries(Object.entries(init.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const cookies = headers.cookie?.split(/;\s*/);
  delete headers.cookie;
  const query = [...url.searchParams.keys()].length > 0 ? Object.fromEntries(url.searchParams) : undefined;
  const base64 = init.body !== undefined && requests % 2 === 0;
  return {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers: { host: url.host, 'x-forwarded-proto': 'https', 'x-forwarded-for': '127.0.0.1', ...headers },
    ...(query ? { queryStringParameters: query } : {}),
    ...(route.pathParameters && Object.keys(route.pathParameters).length > 0 ? { pathParameters: route.pathParameters } : {}),
    ...(init.body === undefined ? {} : { body: base64 ? Buffer.from(init.body).toString('base64') : init.body }),
    isBase64Encoded: base64,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: url.host,
      domainPrefix: url.hostname.split('.')[0] ?? '',
      http: {
        method: init.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: `api-${requests}`,
      routeKey: route.routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  };
};

/**
 * The route API Gateway picks for a request, and its path parameters: of the routes whose
 * method and path match, the one with the most literal segments (`/games/mine` before
 * `/games/{id}`); undefined when none does (API Gateway answers 404 itself).
 */
export const routeOf = (
  routes: readonly StackRoute[],
  method: string,
  path: string,
): { route: StackRoute; pathParameters: Record<string, string> } | undefined => {
  const matches = routes.flatMap((route) => {
    const [routeMethod, routePath = ''] = route.routeKey.split(' ');
    if (routeMethod !== method && routeMethod !== 'ANY') return [];
    const names: string[] = [];
    const pattern = routePath.replace(/\{([^}]+)\}/g, (_, name: string) => {
      names.push(name.replace(/\+$/, ''));
      return name.endsWith('+') ? '(.+)' : '([^/]+)';
    });
    const found = new RegExp(`^${pattern}$`).exec(path);
    if (!found) return [];
    const pathParameters = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]));
    return [{ route, pathParameters, literal: routePath.split('/').filter((part) => part && !part.startsWith('{')).length }];
  });
  return matches.sort((a, b) => b.literal - a.literal)[0];
};

/**
 * A `fetch` in front of the HTTP API, for test/support/client.ts's `Client`: each request goes,
 * as an HTTP API v2 event with its route's key and path parameters, to the function the stack's
 * route for it invokes; each answer is turned back into a `Response` as API Gateway turns it (a
 * base64 body decoded, `cookies` as Set-Cookie headers).
 */
export const httpApiTransport =
  (routes: readonly StackRoute[], functions: Partial<Record<FunctionName, ApiHandler>>) =>
  async (url: string, init: RequestInit): Promise<Response> => {
    const target = new URL(url);
    const method = init.method ?? 'GET';
    const routed = routeOf(routes, method, target.pathname);
    const invoke = routed && functions[routed.route.function];
    if (!routed || !invoke)
      return new Response('{"message":"Not Found"}', { status: 404, headers: { 'content-type': 'application/json' } });
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? { body: init.body } : {};
    const event = httpApiEvent(
      target,
      { method, headers, ...body },
      { routeKey: routed.route.routeKey, pathParameters: routed.pathParameters },
    );
    const result = await invoke(event, lambdaContext(routed.route.function));
    const answer = new Headers(result.headers as Record<string, string> | undefined);
    for (const cookie of result.cookies ?? []) answer.append('set-cookie', cookie);
    const text = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? '');
    return new Response(result.statusCode === 204 || result.statusCode === 304 ? null : text, {
      status: result.statusCode ?? 200,
      headers: answer,
    });
  };

/** The payload a one-time schedule invokes its target with: the schedule's `Input`, parsed, as Scheduler delivers it. */
export const schedulerPayload = (schedule: StoredSchedule): unknown => JSON.parse(schedule.Target.Input);

/** When a one-time schedule fires: its `at(yyyy-mm-ddThh:mm:ss)` expression, in UTC. */
export const firesAt = (schedule: StoredSchedule): Date => {
  const at = /^at\((.+)\)$/.exec(schedule.ScheduleExpression)?.[1];
  if (!at) throw new Error(`not a one-time schedule: ${schedule.ScheduleExpression}`);
  return new Date(`${at}Z`);
};

/**
 * The SQS message an EventBridge rule's queue target writes for one PutEvents entry: the whole
 * event envelope as JSON (version, id, detail-type, source, account, time, region, resources,
 * detail), in an SQS record as the event source mapping hands it to the function.
 */
export const busEventMessage = (entry: PutEntry, id: number): string =>
  JSON.stringify({
    version: '0',
    id: `bus-${id}`,
    'detail-type': entry.DetailType,
    source: entry.Source,
    account: '000000000000',
    time: new Date((entry.Time ?? Date.now() / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: 'us-east-1',
    resources: [],
    detail: JSON.parse(entry.Detail),
  });

/** An SQS batch as the event source mapping delivers it, one record per body. */
export const sqsEvent = (bodies: readonly string[], queueArn: string): SQSEvent => ({
  Records: bodies.map((body, i) => ({
    messageId: `msg-${i + 1}-${requests}`,
    receiptHandle: `receipt-${i + 1}`,
    body,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: String(Date.now()),
      SenderId: 'AIDAEVENTBRIDGE',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: 'us-east-1',
  })),
});

export type StreamHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse | undefined>;

/**
 * Keeps every `fetch` of the bundles on this machine. The KMS signer (functions/adapters/kms-signer.ts)
 * sends its one SigV4-signed request with `fetch` to `kms.<region>.amazonaws.com`, a URL it makes
 * from the region (no endpoint variable, unlike the SDK's clients): that host goes to the stand-in,
 * as `AWS_ENDPOINT_URL` sends the SDK's; any other host but loopback throws. Answers the undoing.
 */
export const keepFetchOnMachine = (standIn: AwsStandIn): (() => void) => {
  const real = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (/^kms\.[a-z0-9-]+\.amazonaws\.com$/.test(url.hostname)) return real(new URL(`${url.pathname}${url.search}`, standIn.url), init);
    if (url.hostname !== '127.0.0.1') throw new Error(`a bundle fetched ${url.origin}: tests send nothing off this machine`);
    return real(input, init);
  };
  return () => {
    globalThis.fetch = real;
  };
};
