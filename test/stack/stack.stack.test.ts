/**
 * The CDK stack, checked on its synthesized CloudFormation template, plus cdk-nag.
 *
 * Bundling is skipped (`aws:cdk:bundling-stacks: []`): each function's asset then points at
 * the source folder and esbuild never runs, so the whole file synthesizes in seconds; the last
 * test bundles two functions for real.
 */

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { eventsTable, gamesTable, lobbyIndex } from '../../functions/adapters/tables.ts';
import { openApiDocument } from '../../functions/docs/http/openapi.ts';
import { buildRouter } from '../../functions/http/every-route.ts';
import { ROUTES, routeKeys } from '../../functions/http/route-table.ts';
import { METRICS } from '../../functions/kernel/metrics.ts';
import { defaultRateLimits, rateLimitsText } from '../../functions/kernel/rate-limits.ts';
import { STREAM_CONSUMERS } from '../../functions/stream/consumers/index.ts';
import { WEB_ROUTE_KEYS } from '../../functions/web/assets.ts';
import { FIGURE_ALARMS, UNSCHEDULABLE_STEP_LINE, WEBHOOK_FAILURE_LINE } from '../../infra/aws/alarms.ts';
import { ArbiterFunction } from '../../infra/aws/arbiter-function.ts';
import { DEFAULT_THROTTLE } from '../../infra/aws/config.ts';
import { apiRoutes, clubsRoutes, docsRoutes } from '../../infra/aws/http-api.ts';
import { ArbiterStack, type ArbiterStackProps, DEFAULT_AWS_CORS_ORIGINS, DEFAULT_LOG_RETENTION_DAYS } from '../../infra/aws/stack.ts';
import { maxReceiveCount } from '../../infra/aws/webhook-deliveries.ts';
import { handlerEntries } from '../../infra/handlers.ts';
import { idleLine, idleResources } from '../../scripts/cost.ts';
import { REDRIVE_OUTPUTS } from '../../tools/ops/redrive-aws.ts';

interface Statement {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
  readonly Condition?: unknown;
}

/**
 * Without CDK's built-in CloudFormation validation: it starts a WebAssembly engine of about 11
 * CPU-s at the first synth (32 → 21 CPU-s for this file, ARC-3), and it only ever warns, which
 * no test here read. `npm run synth` (cdk synth) runs it and prints what it finds.
 */
const synth = (props: ArbiterStackProps = {}, context: Record<string, unknown> = {}) => {
  const app = new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = new ArbiterStack(app, 'Arbiter', props);
  return { app, stack, template: Template.fromStack(stack) };
};

const { stack, template } = synth();
/** Built on first use: only two tests need the traced variant. */
let traced: ReturnType<typeof synth> | undefined;
const tracedSynth = () => {
  traced ??= synth({ tracing: true });
  return traced;
};
const { api, projector, timerReactor, publisher, tournaments, phaseTimer, webhooks, web, docs, clubs } = stack.functions;
const consumers = { projector, timerReactor, publisher, tournaments } as const;
const allFunctions = { api, projector, timerReactor, publisher, tournaments, phaseTimer, webhooks, web, docs, clubs } as const;

interface ResourceJson {
  readonly Properties: Record<string, unknown>;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
}

const resources: Record<string, ResourceJson> = template.toJSON().Resources;
const logicalId = (construct: IConstruct): string => stack.getLogicalId(construct.node.defaultChild as CfnElement);
/** The synthesized resource of an L2 construct. */
const resourceOf = (construct: IConstruct) => {
  const resource = resources[logicalId(construct)];
  if (!resource) throw new Error(`${construct.node.path} is not in the template`);
  return resource;
};
const environmentOf = (fn: ArbiterFunction) =>
  (resourceOf(fn.fn).Properties.Environment as { Variables: Record<string, unknown> }).Variables;
const ref = (construct: IConstruct) => ({ Ref: logicalId(construct) });
const arnOf = (construct: IConstruct) => ({ 'Fn::GetAtt': [logicalId(construct), 'Arn'] });
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const actionsOf = (statement: Statement): string[] => [statement.Action].flat();
const resourcesOf = (statement: Statement): unknown[] => [statement.Resource].flat();

/** Every statement of every AWS::IAM::Policy attached to the role, by its logical ID. */
const statementsOfRole = (roleId: string): Statement[] =>
  Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as unknown[]).some((role) => same(role, { Ref: roleId })))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);

const statementsOf = (fn: ArbiterFunction): Statement[] => {
  if (!fn.fn.role) throw new Error(`${fn.node.id} has no role`);
  return statementsOfRole(logicalId(fn.fn.role));
};

/** Whether a statement's action (`dynamodb:PutItem`, `dynamodb:*`, `*`) covers `action`. */
const covers = (granted: string, action: string): boolean =>
  granted === action || granted === '*' || (granted.endsWith(':*') && action.startsWith(granted.slice(0, -1)));

/** Whether the function may perform `action` on `resource`, wildcards included. */
const allows = (fn: ArbiterFunction, action: string, resource: unknown): boolean =>
  statementsOf(fn).some(
    (s) =>
      s.Effect === 'Allow' &&
      actionsOf(s).some((granted) => covers(granted, action)) &&
      resourcesOf(s).some((r) => r === '*' || same(r, resource)),
  );

describe('the events table', () => {
  it('is keyed and streamed as functions/adapters/tables.ts defines it: new images of every event', () => {
    expect(resourceOf(stack.tables.events).Properties).toMatchObject({
      KeySchema: [
        { AttributeName: eventsTable.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: eventsTable.sortKey.name, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'gameId', AttributeType: 'S' },
        { AttributeName: 'seq', AttributeType: 'N' },
      ],
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
  });

  it('is billed on demand, has point-in-time recovery and outlives the stack', () => {
    expect(resourceOf(stack.tables.events)).toMatchObject({
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      },
    });
  });
});

describe('the games table', () => {
  it('is keyed pk/sk, has no stream, is billed on demand, recoverable and retained', () => {
    const games = resourceOf(stack.tables.games);
    expect(games).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: gamesTable.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: gamesTable.sortKey.name, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      },
    });
    expect(games.Properties.StreamSpecification).toBeUndefined();
    template.resourceCountIs('AWS::DynamoDB::Table', 2);
  });

  it('REL-31 has the lobby index functions/adapters/tables.ts defines, projecting the lobby entry alone', () => {
    expect(resourceOf(stack.tables.games).Properties.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: lobbyIndex.name,
        KeySchema: [
          { AttributeName: lobbyIndex.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: lobbyIndex.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...lobbyIndex.attributes] },
      },
    ]);
  });
});

describe('the functions', () => {
  it("runs all ten handlers on Node.js 22, arm64, 512 MB, each with its own log group (and the signing keys' reader, TRUST-1)", () => {
    template.resourceCountIs('AWS::Lambda::Function', 11);
    for (const fn of Object.values(allFunctions)) {
      expect(resourceOf(fn.fn).Properties).toMatchObject({
        Handler: 'index.handler',
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        LoggingConfig: { LogGroup: ref(fn.logGroup) },
      });
    }
  });

  it('logs every function as JSON, so the API handler lines and the request id are fields', () => {
    for (const fn of Object.values(allFunctions)) {
      expect(resourceOf(fn.fn).Properties).toMatchObject({ LoggingConfig: { LogFormat: 'JSON' } });
    }
  });

  it('keeps every log group, the API access logs included, for a month', () => {
    const logGroups = Object.values(template.findResources('AWS::Logs::LogGroup'));
    expect(logGroups).toHaveLength(12);
    for (const group of logGroups) expect(group.Properties.RetentionInDays).toBe(30);
  });

  it('PBM-8 gives the API function 29 s, so a 20 s wait answers inside the HTTP API integration limit of 30 s', () => {
    expect(resourceOf(allFunctions.api.fn).Properties).toMatchObject({ Timeout: 29 });
  });

  it('tells every function but the web page and the documentation the physical names of both tables, and enables source maps', () => {
    for (const fn of Object.values(allFunctions).filter((f) => f !== web && f !== docs)) {
      expect(environmentOf(fn)).toMatchObject({
        EVENTS_TABLE: ref(stack.tables.events),
        GAMES_TABLE: ref(stack.tables.games),
        NODE_OPTIONS: '--enable-source-maps',
      });
    }
  });

  it.each(['timerReactor', 'tournaments'] as const)(
    'CLUB-4 tells the %s the schedule group, scheduler role, phase timer and scheduler dead-letter queue',
    (name) => {
      const { deadlines } = stack;
      expect(environmentOf(allFunctions[name])).toMatchObject({
        SCHEDULE_GROUP: deadlines.group.scheduleGroupName,
        SCHEDULER_ROLE_ARN: arnOf(deadlines.schedulerRole),
        PHASE_TIMER_ARN: arnOf(phaseTimer.fn),
        SCHEDULER_DLQ_ARN: arnOf(deadlines.deadLetters),
      });
    },
  );

  it('CLUB-4 tells the publisher and the tournament reactor the event bus name', () => {
    for (const fn of [publisher, tournaments]) expect(environmentOf(fn)).toMatchObject({ EVENT_BUS_NAME: ref(stack.bus) });
  });

  it('CLUB-4 the tournament reactor runs the tournament reactions on AWS: its handler is the one npm start and the memory runtime compose', () => {
    expect(handlerEntries.tournaments).toBe('functions/stream/tournaments.ts');
    expect(resourceOf(tournaments.fn).Properties).toMatchObject({ Timeout: 60 });
  });

  it('does not trace unless asked, and traces every function when asked', () => {
    template.resourcePropertiesCountIs('AWS::Lambda::Function', { TracingConfig: Match.anyValue() }, 0);
    tracedSynth().template.resourcePropertiesCountIs('AWS::Lambda::Function', { TracingConfig: { Mode: 'Active' } }, 10);
  });
});

describe('table access', () => {
  const eventsArn = arnOf(stack.tables.events);
  const gamesArn = arnOf(stack.tables.games);

  it('CLUB-4 lets only the API, the club function, the phase timer and the tournament reactor (its games, its results) append events, and no function update or delete one', () => {
    for (const [name, fn] of Object.entries(allFunctions)) {
      expect({ name, put: allows(fn, 'dynamodb:PutItem', eventsArn) }).toEqual({
        name,
        put: fn === api || fn === clubs || fn === phaseTimer || fn === tournaments,
      });
      for (const action of ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']) {
        expect({ name, action, allowed: allows(fn, action, eventsArn) }).toEqual({ name, action, allowed: false });
      }
    }
  });

  it('CLUB-4 lets the API, the club function, the projector, the phase timer, the tournament reactor (command records) and the webhook deliverer (delivery logs) write the games table, and no other function', () => {
    for (const [name, fn] of Object.entries(allFunctions)) {
      const writes = fn === api || fn === clubs || fn === projector || fn === phaseTimer || fn === tournaments || fn === webhooks;
      expect({ name, writes: allows(fn, 'dynamodb:PutItem', gamesArn) }).toEqual({ name, writes });
    }
  });

  it('lets every function query the events table (the publisher folds each game to the event before its batch) and read games, but the web page and the documentation, which read no table, and the publisher and timer reactor, which read no single item of games (OPS-1)', () => {
    const tableless = (fn: (typeof allFunctions)[keyof typeof allFunctions]) => fn === web || fn === docs;
    const foldOnly = (fn: (typeof allFunctions)[keyof typeof allFunctions]) => fn === publisher || fn === timerReactor;
    for (const [name, fn] of Object.entries(allFunctions)) {
      expect({ name, query: allows(fn, 'dynamodb:Query', eventsArn) }).toEqual({ name, query: !tableless(fn) });
      expect({ name, get: allows(fn, 'dynamodb:GetItem', gamesArn) }).toEqual({ name, get: !tableless(fn) && !foldOnly(fn) });
    }
  });
});

describe('the HTTP API', () => {
  const apiId = logicalId(stack.http.api);

  it.each(apiRoutes)('routes %s to the API function', (routeKey) => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      ApiId: { Ref: apiId },
      RouteKey: routeKey,
      AuthorizationType: 'NONE',
      Target: Match.anyValue(),
    });
  });

  it('has exactly the routes of the design: the API, the documentation, the clubs and the viewer each on one Lambda proxy integration to its function', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Route', apiRoutes.length + docsRoutes.length + clubsRoutes.length + WEB_ROUTE_KEYS.length);
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', 4);
    for (const fn of [api, docs, web, clubs]) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
        IntegrationType: 'AWS_PROXY',
        IntegrationUri: arnOf(fn.fn),
        PayloadFormatVersion: '2.0',
      });
    }
  });

  it('PERF-1 the OpenAPI document and the rulesets go to the documentation function, which reads no table; the API function has none of them', () => {
    expect([...docsRoutes].sort()).toEqual([
      'GET /.well-known/arbiter-keys.json',
      'GET /openapi.json',
      'GET /rulesets',
      'GET /rulesets/{id}',
    ]);
    expect(apiRoutes.filter((route) => docsRoutes.includes(route))).toEqual([]);
    const docsIntegration = Object.entries(template.findResources('AWS::ApiGatewayV2::Integration')).find(
      ([, r]) => JSON.stringify((r as ResourceJson).Properties.IntegrationUri) === JSON.stringify(arnOf(docs.fn)),
    )?.[0];
    expect(docsIntegration).toBeDefined();
    for (const routeKey of docsRoutes) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: routeKey,
        Target: { 'Fn::Join': ['', ['integrations/', { Ref: docsIntegration }]] },
      });
    }
    expect(JSON.stringify(environmentOf(docs))).not.toContain('TABLE');
  });

  it('VIEW-1 VIEW-15 DOC-3 DOC-4 CLUB-7 the stack serves the viewer, its sample matches, the API reference, the CLI package and the tournament page from the web function, which reads no table', () => {
    expect([...WEB_ROUTE_KEYS].sort()).toEqual([
      'GET /',
      'GET /cli/arbiter-cli.tgz',
      'GET /docs',
      'GET /docs/docs.js',
      'GET /docs/swagger-ui-bundle.js',
      'GET /docs/swagger-ui.css',
      'GET /lobby',
      'GET /lobby.js',
      'GET /samples/gsc2.ndjson',
      'GET /samples/post-galactica-battle.ndjson',
      'GET /samples/post-galactica.ndjson',
      'GET /samples/soluna.ndjson',
      'GET /tournament',
      'GET /tournament.js',
      'GET /viewer.js',
    ]);
    const webIntegration = Object.entries(template.findResources('AWS::ApiGatewayV2::Integration')).find(
      ([, r]) => JSON.stringify((r as ResourceJson).Properties.IntegrationUri) === JSON.stringify(arnOf(web.fn)),
    )?.[0];
    for (const routeKey of WEB_ROUTE_KEYS) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: routeKey,
        Target: { 'Fn::Join': ['', ['integrations/', { Ref: webIntegration }]] },
      });
    }
    expect(JSON.stringify(environmentOf(web))).not.toContain('TABLE');
  });

  it('API-10 one route table: the API Gateway routes in the template are the router routes, and so are the OpenAPI paths', () => {
    const router = buildRouter(() => {
      throw new Error('routes only');
    }).routeKeys;
    const inTemplate = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (r) => (r as { Properties: { RouteKey: string } }).Properties.RouteKey,
    );
    const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
    const inSpec = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect([...inTemplate].sort()).toEqual([...router, ...WEB_ROUTE_KEYS].sort());
    expect([...inSpec].sort()).toEqual([...router].sort());
  });

  it('ARC-5 the API Gateway routes are the route table: each route of it, and no other, goes to the function it names', () => {
    const integrationOf = (fn: (typeof allFunctions)[keyof typeof allFunctions]) =>
      Object.entries(template.findResources('AWS::ApiGatewayV2::Integration')).find(
        ([, r]) => JSON.stringify((r as ResourceJson).Properties.IntegrationUri) === JSON.stringify(arnOf(fn.fn)),
      )?.[0];
    const targets = { api: integrationOf(api), docs: integrationOf(docs), clubs: integrationOf(clubs) };
    const inTemplate = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (r) => (r as { Properties: { RouteKey: string } }).Properties.RouteKey,
    );
    expect([...inTemplate].sort()).toEqual([...routeKeys(), ...WEB_ROUTE_KEYS].sort());
    for (const route of ROUTES) {
      expect(targets[route.serves], route.serves).toBeDefined();
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `${route.method} ${route.path}`,
        Target: { 'Fn::Join': ['', ['integrations/', { Ref: targets[route.serves] }]] },
      });
    }
  });

  it('throttles and access-logs the auto-deployed default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: apiId },
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  it('outputs the API URL', () => {
    template.hasOutput('ApiUrl', { Value: Match.objectLike({ 'Fn::Join': Match.anyValue() }) });
  });

  const corsOf = (t: Template) => {
    const apis = Object.values(t.findResources('AWS::ApiGatewayV2::Api'));
    expect(apis).toHaveLength(1);
    return apis[0]?.Properties.CorsConfiguration as Record<string, unknown>;
  };
  const corsSettings = {
    AllowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    AllowHeaders: ['authorization', 'content-type', 'if-none-match'],
    ExposeHeaders: ['arbiter-read-model', 'etag', 'location', 'retry-after', 'x-request-id'],
    MaxAge: 3600,
    AllowCredentials: false,
  };

  it('API-5 answers preflights for any origin by default (the corsOrigins default of cdk.json), without credentials', () => {
    const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: { corsOrigins: string[] } };
    expect(cdkJson.context.corsOrigins).toEqual([...DEFAULT_AWS_CORS_ORIGINS]);
    expect(corsOf(template)).toEqual({ AllowOrigins: ['*'], ...corsSettings });
    expect(environmentOf(api)).toMatchObject({ ARBITER_CORS_ORIGINS: '*' });
  });

  it('API-5 takes the allowed origins from the corsOrigins context, as a list or comma-separated, and tells the API function the same', () => {
    const listed = synth({}, { corsOrigins: ['https://table.example.org', 'https://bot.example.net:8443'] });
    expect(corsOf(listed.template)).toEqual({
      AllowOrigins: ['https://table.example.org', 'https://bot.example.net:8443'],
      ...corsSettings,
    });
    const fromCli = synth({}, { corsOrigins: 'https://table.example.org, https://bot.example.net:8443' });
    expect(corsOf(fromCli.template)).toEqual(corsOf(listed.template));
    const variables = (
      fromCli.template.toJSON().Resources[fromCli.stack.getLogicalId(fromCli.stack.functions.api.fn.node.defaultChild as CfnElement)]
        .Properties.Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(variables.ARBITER_CORS_ORIGINS).toBe('https://table.example.org,https://bot.example.net:8443');
    expect(() => synth({}, { corsOrigins: 'https://table.example.org/play' })).toThrow(/not an origin/);
  });
});

describe('the stream consumers', () => {
  it('CLUB-4 subscribes exactly the projector, the timer reactor, the publisher and the tournament reactor to the events stream', () => {
    const fromStream = template.findResources('AWS::Lambda::EventSourceMapping', {
      Properties: { EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.tables.events), 'StreamArn'] } },
    });
    expect(Object.keys(fromStream)).toHaveLength(4);
    for (const fn of Object.values(consumers)) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: ref(fn.fn),
        EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.tables.events), 'StreamArn'] },
      });
    }
  });

  it.each(Object.keys(consumers) as (keyof typeof consumers)[])(
    '%s gets INSERTs only, reports partial failures, bisects, gives up after bounded retries into its own queue',
    (name) => {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: ref(consumers[name].fn),
        StartingPosition: 'TRIM_HORIZON',
        FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ eventName: ['INSERT'] }) }] },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: 10,
        MaximumRecordAgeInSeconds: 86_400,
        BatchSize: 100,
        MaximumBatchingWindowInSeconds: 1,
        DestinationConfig: { OnFailure: { Destination: arnOf(stack.streamFailures[name]) } },
      });
    },
  );

  it('HALL-3 subscribes one function, with its own on-failure queue, to every consumer of the one list', () => {
    const keyOf = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    expect(Object.keys(stack.streamFailures).sort()).toEqual(STREAM_CONSUMERS.map((c) => keyOf(c.name)).sort());
    expect(Object.keys(consumers).sort()).toEqual(STREAM_CONSUMERS.map((c) => keyOf(c.name)).sort());
  });

  it('INV-4 a record the projector sets aside raises an alarm that reaches the alarm topic and says to redrive', () => {
    const queue = logicalId(stack.streamFailures.projector);
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).filter((alarm) =>
      JSON.stringify(alarm.Properties.Dimensions ?? []).includes(queue),
    );
    expect(alarms).toHaveLength(1);
    const [alarm] = alarms;
    expect(alarm?.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(alarm?.Properties.AlarmDescription).toMatch(/redrive/);
    expect(alarm?.Properties.AlarmActions).toHaveLength(1);
  });

  it('keeps every queue encrypted and refuses it to plain HTTP', () => {
    const queues = template.findResources('AWS::SQS::Queue');
    expect(Object.keys(queues)).toHaveLength(7);
    for (const [id, queue] of Object.entries(queues)) {
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        },
      });
    }
  });
});

describe('phase deadlines', () => {
  const { group, schedulerRole, deadLetters } = stack.deadlines;
  const roleId = logicalId(schedulerRole);

  it('keeps deadline schedules in their own group', () => {
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: group.scheduleGroupName });
  });

  it('lets only EventBridge Scheduler assume the scheduler role, from this account and group', () => {
    expect(resourceOf(schedulerRole).Properties.AssumeRolePolicyDocument).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Action: 'sts:AssumeRole',
          Effect: 'Allow',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: {
            StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
            ArnEquals: { 'aws:SourceArn': arnOf(group) },
          },
        },
      ],
    });
  });

  it('lets the scheduler role invoke the phase timer and reach its dead-letter queue, and nothing else', () => {
    const role = resourceOf(schedulerRole).Properties as {
      ManagedPolicyArns?: unknown;
      Policies: { PolicyDocument: { Statement: Statement[] } }[];
    };
    expect(role.ManagedPolicyArns).toBeUndefined();
    expect(role.Policies).toHaveLength(1);
    expect(role.Policies[0]?.PolicyDocument.Statement).toEqual([
      { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: arnOf(phaseTimer.fn) },
      { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: arnOf(deadLetters) },
    ]);
    expect(statementsOfRole(roleId)).toEqual([]);
  });

  it.each(['timerReactor', 'tournaments'] as const)(
    'CLUB-4 lets the %s create and delete schedules only inside the deadline group (OPS-1: nothing reads one)',
    (name) => {
      const scheduling = statementsOf(allFunctions[name]).filter((s) => actionsOf(s).some((a) => a.startsWith('scheduler:')));
      expect(scheduling).toHaveLength(1);
      expect(actionsOf(scheduling[0] as Statement).sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']);
      expect(JSON.stringify(scheduling[0]?.Resource)).toMatch(new RegExp(`:schedule/${group.scheduleGroupName}/\\*"\\]\\]}$`));
    },
  );

  it('lets no function but the two reactors touch schedules', () => {
    for (const other of [api, clubs, projector, publisher, phaseTimer, webhooks, web, docs]) {
      expect(
        statementsOf(other)
          .flatMap(actionsOf)
          .filter((a) => a.startsWith('scheduler:')),
      ).toEqual([]);
    }
  });

  it.each(['timerReactor', 'tournaments'] as const)(
    'CLUB-4 lets the %s pass the scheduler role, to Scheduler only, and no other role',
    (name) => {
      const passing = statementsOf(allFunctions[name]).filter((s) => actionsOf(s).includes('iam:PassRole'));
      expect(passing).toEqual([
        {
          Action: 'iam:PassRole',
          Effect: 'Allow',
          Resource: arnOf(schedulerRole),
          Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        },
      ]);
    },
  );
});

describe('the event bus', () => {
  it('CLUB-4 is named arbiter and only the publisher, the phase timer and the tournament reactor (pairings) may put events on it', () => {
    template.hasResourceProperties('AWS::Events::EventBus', { Name: 'arbiter' });
    for (const [name, fn] of Object.entries(allFunctions)) {
      const puts = statementsOf(fn).some((s) => actionsOf(s).includes('events:PutEvents'));
      expect({ name, puts }).toEqual({ name, puts: fn === publisher || fn === phaseTimer || fn === tournaments });
    }
    for (const fn of [publisher, tournaments]) expect(allows(fn, 'events:PutEvents', arnOf(stack.bus))).toBe(true);
  });

  it('PBM-7 the phase timer publishes reminders: it may put events on the arbiter bus only, and is told its name', () => {
    expect(allows(phaseTimer, 'events:PutEvents', arnOf(stack.bus))).toBe(true);
    const puts = statementsOf(phaseTimer).filter((s) => actionsOf(s).includes('events:PutEvents'));
    expect(puts.flatMap(resourcesOf)).toEqual([arnOf(stack.bus)]);
    expect(environmentOf(phaseTimer)).toMatchObject({ EVENT_BUS_NAME: ref(stack.bus) });
  });
});

describe('PBM-6 webhook deliveries', () => {
  const { queue, deadLetters, rule } = stack.webhooks;

  it('PBM-6 a rule sends every integration event on the arbiter bus to the delivery queue, and what it cannot hand over to the dead-letter queue', () => {
    expect(resourceOf(rule).Properties).toMatchObject({
      EventBusName: ref(stack.bus),
      EventPattern: { source: ['arbiter'] },
      State: 'ENABLED',
      Targets: [
        {
          Arn: arnOf(queue),
          DeadLetterConfig: { Arn: arnOf(deadLetters) },
          RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 21_600 },
        },
      ],
    });
  });

  it('PBM-6 the deliverer reads the queue ten messages at a time and reports partial batch failures', () => {
    const fromQueue = Object.values(
      template.findResources('AWS::Lambda::EventSourceMapping', { Properties: { EventSourceArn: arnOf(queue) } }),
    );
    expect(fromQueue).toHaveLength(1);
    expect(fromQueue[0]?.Properties).toMatchObject({
      FunctionName: ref(webhooks.fn),
      BatchSize: 10,
      MaximumBatchingWindowInSeconds: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 5);
  });

  it('PBM-6 the queue gives a message up to its dead-letter queue after bounded receives, and hides one for six function timeouts', () => {
    expect(resourceOf(queue).Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: arnOf(deadLetters), maxReceiveCount },
      VisibilityTimeout: 6 * 60,
    });
    expect(maxReceiveCount).toBeLessThanOrEqual(10);
  });

  it('PBM-6 only EventBridge, for this rule, and the deliverer (its delayed retries) may send to the queue', () => {
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [ref(queue)],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'events.amazonaws.com' },
            Action: Match.arrayWith(['sqs:SendMessage']),
            Condition: { ArnEquals: { 'aws:SourceArn': arnOf(rule) } },
          }),
        ]),
      },
    });
    for (const [name, fn] of Object.entries(allFunctions)) {
      expect({ name, sends: allows(fn, 'sqs:SendMessage', arnOf(queue)) }).toEqual({ name, sends: fn === webhooks });
    }
    expect(allows(webhooks, 'sqs:ReceiveMessage', arnOf(queue))).toBe(true);
    expect(allows(webhooks, 'sqs:DeleteMessage', arnOf(queue))).toBe(true);
  });

  it('PBM-6 the deliverer knows its queue, runs for at most a minute, and may not append events', () => {
    expect(environmentOf(webhooks)).toMatchObject({ WEBHOOK_QUEUE_URL: ref(queue) });
    expect(resourceOf(webhooks.fn).Properties).toMatchObject({ Timeout: 60 });
    expect(allows(webhooks, 'dynamodb:PutItem', arnOf(stack.tables.events))).toBe(false);
    expect(allows(webhooks, 'dynamodb:Query', arnOf(stack.tables.events))).toBe(true);
  });

  it('PBM-6 every webhook route is a route of the HTTP API', () => {
    const webhookRoutes = ROUTES.filter((r) => r.tag === 'webhooks').map((r) => `${r.method} ${r.path}`);
    expect(webhookRoutes.length).toBe(7);
    expect(apiRoutes).toEqual(expect.arrayContaining(webhookRoutes));
  });
});

describe('the alarms', () => {
  const queues = [...Object.values(stack.streamFailures), stack.deadlines.deadLetters, stack.webhooks.deadLetters];

  it.each(queues.map((queue) => [queue.node.path, queue] as const))('fires on the first message in %s', (_path, queue) => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(queue), 'QueueName'] } }],
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it.each(Object.keys(consumers) as (keyof typeof consumers)[])('fires when the %s is more than a minute behind the stream', (name) => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Dimensions: [{ Name: 'FunctionName', Value: ref(consumers[name].fn) }],
      Statistic: 'Maximum',
      Threshold: 60_000,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  const alarmsOf = (t: Template) => Object.values(t.findResources('AWS::CloudWatch::Alarm')) as ResourceJson[];
  const topicRef = ref(stack.alarms.topic);

  it('AWS-2 every alarm notifies the alarm topic, in alarm and back to OK, and says what to do', () => {
    const all = alarmsOf(template);
    // The queues, the iterator ages, API 5xx, each function's errors, throttles, webhook failures, unschedulable steps,
    // and OPS-4's four on the figures.
    expect(all).toHaveLength(queues.length + Object.keys(consumers).length + 1 + Object.keys(allFunctions).length + 3 + 4);
    for (const alarm of all) {
      expect(alarm.Properties.AlarmActions).toEqual([topicRef]);
      expect(alarm.Properties.OKActions).toEqual([topicRef]);
      // A description that names what to do, not only what happened.
      expect(alarm.Properties.AlarmDescription).toMatch(/\b(run npm run redrive|Read|Look|Find)\b/);
    }
  });

  it('AWS-2 the queues and iterator-age alarms say to redrive or where to look', () => {
    for (const queue of queues) {
      const alarm = alarmsOf(template).find((a) =>
        same(a.Properties.Dimensions, [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(queue), 'QueueName'] } }]),
      );
      expect(alarm?.Properties.AlarmDescription).toContain('npm run redrive');
    }
  });

  it('AWS-2 the alarm topic refuses plain HTTP, is an output, and has no subscription unless alarmEmail is set', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [topicRef],
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
    template.hasOutput('AlarmTopicArn', { Value: topicRef });
    template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('AWS-2 fires on any API 5xx, summed over five minutes', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Dimensions: [{ Name: 'ApiId', Value: ref(stack.http.api) }],
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [topicRef],
    });
  });

  it.each(Object.keys(allFunctions) as (keyof typeof allFunctions)[])('AWS-2 fires on any error of the %s function', (name) => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: ref(allFunctions[name].fn) }],
      Statistic: 'Sum',
      Threshold: 1,
      AlarmActions: [topicRef],
    });
  });

  it('AWS-2 fires when any function is throttled: one alarm summing every function', () => {
    const throttles = alarmsOf(template).filter((a) => JSON.stringify(a.Properties.Metrics ?? []).includes('"MetricName":"Throttles"'));
    expect(throttles).toHaveLength(1);
    const metrics = throttles[0]?.Properties.Metrics as {
      Id: string;
      Expression?: string;
      MetricStat?: { Metric: { Dimensions: unknown } };
    }[];
    const watched = metrics.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.Dimensions] : []));
    expect(watched).toEqual(Object.values(allFunctions).map((fn) => [{ Name: 'FunctionName', Value: ref(fn.fn) }]));
    expect(metrics.find((m) => m.Expression)?.Expression).toBe(watched.map((_, i) => `t${i}`).join(' + '));
  });

  it("AWS-2 fires on failed webhook deliveries: a metric filter on the deliverer's failure line, and an alarm on it", () => {
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: ref(webhooks.logGroup),
      FilterPattern: `"${WEBHOOK_FAILURE_LINE}"`,
      MetricTransformations: [{ MetricNamespace: 'Arbiter', MetricName: 'WebhookDeliveryFailures', MetricValue: '1', DefaultValue: 0 }],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'Arbiter',
      MetricName: 'WebhookDeliveryFailures',
      Statistic: 'Sum',
      Threshold: 5,
      AlarmActions: [topicRef],
    });
    // The line the filter counts is the one the deliverer writes.
    expect(readFileSync(new URL('../../functions/webhooks/deliver.ts', import.meta.url), 'utf8')).toContain(`'${WEBHOOK_FAILURE_LINE}'`);
  });

  it("REL-18 fires on a step the timer reactor could not schedule: a metric filter on the reactor's error line, and an alarm on it", () => {
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: ref(timerReactor.logGroup),
      FilterPattern: `"${UNSCHEDULABLE_STEP_LINE}"`,
      MetricTransformations: [{ MetricNamespace: 'Arbiter', MetricName: 'UnschedulableSteps', MetricValue: '1', DefaultValue: 0 }],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'Arbiter',
      MetricName: 'UnschedulableSteps',
      Statistic: 'Sum',
      Threshold: 1,
      AlarmActions: [topicRef],
    });
    // The line the filter counts is the one the reactor writes.
    expect(readFileSync(new URL('../../functions/games/app/timer-reactor.ts', import.meta.url), 'utf8')).toContain(
      `'${UNSCHEDULABLE_STEP_LINE}'`,
    );
  });
});

describe('TRUST-1 TRUST-5 the signing key on AWS', () => {
  const kmsActionsOf = (statements: readonly Statement[]) =>
    statements.flatMap((st) =>
      actionsOf(st)
        .filter((a) => a.startsWith('kms:') || a === '*')
        .map((action) => ({ action, resources: resourcesOf(st) })),
    );
  const KID = 'a'.repeat(43);
  const nagFindings = (built: { stack: ArbiterStack }) =>
    new AwsSolutionsChecks(built.stack.node.root, { verbose: true }).validateScope(built.stack).violations.map((v) => v.ruleName);

  it('TRUST-1 the stack makes an asymmetric KMS key, P-256, for signing and verifying only, kept when the stack goes', () => {
    template.resourceCountIs('AWS::KMS::Key', 1);
    template.hasResource('AWS::KMS::Key', {
      Properties: { KeySpec: 'ECC_NIST_P256', KeyUsage: 'SIGN_VERIFY' },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    expect(resourceOf(stack.signingKeys.current).Properties).not.toHaveProperty('EnableKeyRotation');
  });

  it('TRUST-1 the API, the club function and the webhook deliverer may kms:Sign with that key alone, and no function may do anything else of KMS', () => {
    const key = arnOf(stack.signingKeys.current);
    for (const [name, fn] of Object.entries(allFunctions)) {
      const signs = fn === api || fn === clubs || fn === webhooks;
      expect({ name, kms: kmsActionsOf(statementsOf(fn)) }).toEqual({ name, kms: signs ? [{ action: 'kms:Sign', resources: [key] }] : [] });
      expect(environmentOf(fn).ARBITER_KMS_KEY_ID, name).toEqual(signs ? key : undefined);
    }
  });

  it('TRUST-1 the public keys reach the API, club, webhook and documentation functions at deploy, read by a function that alone may GetPublicKey', () => {
    const reader = stack.signingKeys.reader;
    if (!reader.role) throw new Error('the reader has no role');
    const key = arnOf(stack.signingKeys.current);
    expect(kmsActionsOf(statementsOfRole(logicalId(reader.role)))).toEqual([
      { action: 'kms:GetPublicKey', resources: [key] },
      { action: 'kms:DescribeKey', resources: [key] },
    ]);
    const [resourceId, resource] = Object.entries(template.findResources('Custom::ArbiterSigningKeys'))[0] ?? [];
    expect(resource?.Properties).toEqual({ ServiceToken: arnOf(reader), KeyIds: [key] });
    for (const [name, fn] of Object.entries(allFunctions)) {
      const publishes = fn === api || fn === clubs || fn === webhooks || fn === docs;
      expect({ name, keys: environmentOf(fn).ARBITER_SIGNING_KEYS }).toEqual({
        name,
        keys: publishes ? { 'Fn::GetAtt': [resourceId, 'Keys'] } : undefined,
      });
      if (publishes) expect(environmentOf(fn).ARBITER_REVOKED_KEYS).toBe('{}');
    }
    template.hasOutput('SigningKeyArn', { Value: key });
  });

  it('TRUST-5 signingKeyGenerations makes a new key that signs while the older ones stay published; revokedSigningKeys marks keys with their date', () => {
    const built = synth({}, { signingKeyGenerations: 2, revokedSigningKeys: `${KID}=2026-12-08T12:00:00Z` });
    const id = (c: IConstruct) => built.stack.getLogicalId(c.node.defaultChild as CfnElement);
    const [first, second] = built.stack.signingKeys.generations;
    if (!first || !second) throw new Error('two generations expected');
    built.template.resourceCountIs('AWS::KMS::Key', 2);
    expect(built.stack.signingKeys.current).toBe(second);
    const apiRole = built.stack.functions.api.fn.role;
    if (!apiRole) throw new Error('no role');
    const apiKms = Object.values(built.template.findResources('AWS::IAM::Policy'))
      .filter((policy) => (policy.Properties.Roles as unknown[]).some((role) => same(role, { Ref: id(apiRole) })))
      .flatMap((policy) => kmsActionsOf(policy.Properties.PolicyDocument.Statement as Statement[]));
    expect(apiKms).toEqual([{ action: 'kms:Sign', resources: [{ 'Fn::GetAtt': [id(second), 'Arn'] }] }]);
    const [, resource] = Object.entries(built.template.findResources('Custom::ArbiterSigningKeys'))[0] ?? [];
    expect(resource?.Properties.KeyIds).toEqual([{ 'Fn::GetAtt': [id(first), 'Arn'] }, { 'Fn::GetAtt': [id(second), 'Arn'] }]);
    const apiResource = built.template.toJSON().Resources[id(built.stack.functions.api.fn)] as ResourceJson;
    expect((apiResource.Properties.Environment as { Variables: Record<string, unknown> }).Variables.ARBITER_REVOKED_KEYS).toBe(
      JSON.stringify({ [KID]: '2026-12-08T12:00:00.000Z' }),
    );
    expect(nagFindings(built)).toEqual([]);
    expect(() => synth({}, { signingKeyGenerations: 0 })).toThrow(
      /signingKeyGenerations context is a whole number of generations from 1, not 0/,
    );
    expect(() => synth({}, { revokedSigningKeys: 'abc=yesterday' })).toThrow(/revokedSigningKeys context names each key by its kid/);
  });
});

describe('AWS-1/AWS-3 outputs for the smoke and the redrive', () => {
  it('AWS-3 the stack outputs every name npm run redrive reads, each the resource it names', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining([...REDRIVE_OUTPUTS, 'ApiUrl']));
    expect(outputs.ProjectorFailuresQueueUrl?.Value).toEqual(ref(stack.streamFailures.projector));
    expect(outputs.TimerReactorFailuresQueueUrl?.Value).toEqual(ref(stack.streamFailures.timerReactor));
    expect(outputs.PublisherFailuresQueueUrl?.Value).toEqual(ref(stack.streamFailures.publisher));
    expect(outputs.TournamentReactorFailuresQueueUrl?.Value).toEqual(ref(stack.streamFailures.tournaments));
    expect(outputs.DeadlineDeadLettersQueueUrl?.Value).toEqual(ref(stack.deadlines.deadLetters));
    expect(outputs.DeadlineDeadLettersQueueArn?.Value).toEqual(arnOf(stack.deadlines.deadLetters));
    expect(outputs.WebhookDeadLettersQueueArn?.Value).toEqual(arnOf(stack.webhooks.deadLetters));
    expect(outputs.WebhookQueueArn?.Value).toEqual(arnOf(stack.webhooks.queue));
    expect(outputs.EventsTableName?.Value).toEqual(ref(stack.tables.events));
    expect(outputs.GamesTableName?.Value).toEqual(ref(stack.tables.games));
    expect(outputs.PhaseTimerArn?.Value).toEqual(arnOf(phaseTimer.fn));
    expect(outputs.SchedulerRoleArn?.Value).toEqual(arnOf(stack.deadlines.schedulerRole));
  });
});

describe('AWS-5 the settings a deployer chooses, from CDK context', () => {
  const CERTIFICATE = 'arn:aws:acm:eu-west-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
  const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };
  const retentions = (t: Template) =>
    Object.values(t.findResources('AWS::Logs::LogGroup')).map((g) => (g as ResourceJson).Properties.RetentionInDays);
  const nagFindings = (built: { stack: ArbiterStack }) =>
    new AwsSolutionsChecks(built.stack.node.root, { verbose: true }).validateScope(built.stack).violations.map((v) => v.ruleName);

  it('AWS-5 cdk.json writes out every default the stack uses when a setting is not given', () => {
    expect(cdkJson.context).toMatchObject({
      corsOrigins: [...DEFAULT_AWS_CORS_ORIGINS],
      alarmEmail: '',
      logRetentionDays: DEFAULT_LOG_RETENTION_DAYS,
      domainName: '',
      certificateArn: '',
      throttleRateLimit: DEFAULT_THROTTLE.rateLimit,
      throttleBurstLimit: DEFAULT_THROTTLE.burstLimit,
      rateLimits: rateLimitsText(defaultRateLimits),
      signingKeyGenerations: 1,
      revokedSigningKeys: '',
      monthlyBudgetUsd: '',
    });
    expect(stack.config).toEqual({
      corsOrigins: ['*'],
      alarmEmail: null,
      logRetention: 30,
      domain: null,
      throttle: DEFAULT_THROTTLE,
      rateLimits: defaultRateLimits,
      signingKeyGenerations: 1,
      revokedSigningKeys: {},
      monthlyBudgetUsd: null,
    });
    template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    // The same template with cdk.json's context as without any.
    expect(synth({}, cdkJson.context).template.toJSON()).toEqual(template.toJSON());
  });

  it('AWS-5 alarmEmail subscribes that address to the alarm topic, by e-mail', () => {
    const built = synth({}, { alarmEmail: 'ops@example.org' });
    built.template.resourceCountIs('AWS::SNS::Subscription', 1);
    built.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.org',
      TopicArn: { Ref: built.stack.getLogicalId(built.stack.alarms.topic.node.defaultChild as CfnElement) },
    });
    expect(nagFindings(built)).toEqual([]);
    expect(() => synth({}, { alarmEmail: 'not an address' })).toThrow(/alarmEmail context is one e-mail address/);
  });

  it('AWS-5 logRetentionDays sets every log group, the API access logs included, from cdk.json or the command line', () => {
    expect(retentions(template)).toEqual(Array(12).fill(30));
    expect(retentions(synth({}, { logRetentionDays: 365 }).template)).toEqual(Array(12).fill(365));
    expect(retentions(synth({}, { logRetentionDays: '7' }).template)).toEqual(Array(12).fill(7));
    expect(() => synth({}, { logRetentionDays: 10 })).toThrow(
      /logRetentionDays context is one of CloudWatch Logs' periods \(1, 3, 5, 7, 14, 30/,
    );
  });

  it('AWS-5 domainName with certificateArn serves the API at that name too: a regional domain, mapped to the stage, with the DNS target as an output', () => {
    const built = synth({}, { domainName: 'api.example.org', certificateArn: CERTIFICATE });
    const id = (c: IConstruct) => built.stack.getLogicalId(c.node.defaultChild as CfnElement);
    const domain = built.stack.http.domainName;
    if (!domain) throw new Error('no domain');
    built.template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.example.org',
      DomainNameConfigurations: [{ CertificateArn: CERTIFICATE, EndpointType: 'REGIONAL' }],
    });
    built.template.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', {
      ApiId: { Ref: id(built.stack.http.api) },
      DomainName: { Ref: id(domain) },
      Stage: '$default',
    });
    built.template.hasOutput('CustomDomainUrl', { Value: 'https://api.example.org/' });
    built.template.hasOutput('CustomDomainTarget', { Value: { 'Fn::GetAtt': [id(domain), 'RegionalDomainName'] } });
    expect(nagFindings(built)).toEqual([]);
    expect(() => synth({}, { domainName: 'api.example.org' })).toThrow(/domainName context needs certificateArn/);
    expect(() => synth({}, { domainName: 'https://api.example.org', certificateArn: CERTIFICATE })).toThrow(
      /host name like api.example.org/,
    );
  });

  const stageThrottle = (t: Template) =>
    (Object.values(t.findResources('AWS::ApiGatewayV2::Stage'))[0] as ResourceJson).Properties.DefaultRouteSettings;
  const apiEnvironment = (built: { stack: ArbiterStack; template: Template }) =>
    (
      Object.values(built.template.findResources('AWS::Lambda::Function')).find(
        (f) => (f as ResourceJson).Properties.Description === 'Arbiter HTTP API: players, games, commands, webhooks',
      ) as ResourceJson
    ).Properties.Environment as { Variables: Record<string, unknown> };

  it('REL-26 the stage throttle and the API function rate limits come from context, with the defaults cdk.json writes out', () => {
    expect(stageThrottle(template)).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    expect(apiEnvironment({ stack, template }).Variables.ARBITER_RATE_LIMITS).toBe('games=100,players=60,webhooks=60,invites=30');
    const built = synth({}, { throttleRateLimit: '200', throttleBurstLimit: 400, rateLimits: { games: 500, invites: 10 } });
    expect(stageThrottle(built.template)).toEqual({ ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 });
    expect(apiEnvironment(built).Variables.ARBITER_RATE_LIMITS).toBe('games=500,players=60,webhooks=60,invites=10');
    expect(() => synth({}, { throttleRateLimit: 0 })).toThrow(/throttleRateLimit context is a whole number of requests from 1, not 0/);
    expect(() => synth({}, { throttleRateLimit: 200 })).toThrow(/throttleBurstLimit context \(100\) is at least throttleRateLimit \(200\)/);
    expect(() => synth({}, { rateLimits: 'game=5' })).toThrow(
      /rateLimits context: "game=5" names no limit; the limits are games, players, webhooks, invites/,
    );
    expect(() => synth({}, { rateLimits: 'games=lots' })).toThrow(/games is a whole number of requests an hour from 1, not "lots"/);
  });

  it('REL-26 the games table removes expired rate-limit windows by its TTL', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });

  it('AWS-5 every setting at once synthesizes, passes cdk-nag, and changes only what it sets', () => {
    const built = synth(
      {},
      {
        corsOrigins: 'https://table.example.org',
        alarmEmail: 'ops@example.org',
        logRetentionDays: 90,
        domainName: 'api.example.org',
        certificateArn: CERTIFICATE,
        throttleRateLimit: 20,
        throttleBurstLimit: 40,
        rateLimits: 'games=10',
      },
    );
    expect(built.stack.config).toEqual({
      corsOrigins: ['https://table.example.org'],
      alarmEmail: 'ops@example.org',
      logRetention: 90,
      domain: { name: 'api.example.org', certificateArn: CERTIFICATE },
      throttle: { rateLimit: 20, burstLimit: 40 },
      rateLimits: { ...defaultRateLimits, games: 10 },
      signingKeyGenerations: 1,
      revokedSigningKeys: {},
      monthlyBudgetUsd: null,
    });
    expect(retentions(built.template)).toEqual(Array(12).fill(90));
    built.template.resourceCountIs('AWS::CloudWatch::Alarm', Object.keys(template.findResources('AWS::CloudWatch::Alarm')).length);
    built.template.resourceCountIs('AWS::Lambda::Function', 11);
    expect(nagFindings(built)).toEqual([]);
  });
});

describe('cdk-nag AwsSolutions checks', () => {
  // cdk-nag 3 is a policy validation plugin; validateScope runs the same rules without
  // failing the synth, so the test can list what is left. Acknowledged findings are excluded.
  const findings = (built: { stack: ArbiterStack }) =>
    new AwsSolutionsChecks(built.stack.node.root, { verbose: true })
      .validateScope(built.stack)
      .violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);

  it('leaves no unacknowledged error or warning', () => {
    expect(findings({ stack })).toEqual([]);
  });

  it('leaves none with tracing on either', () => {
    expect(findings(tracedSynth())).toEqual([]);
  });
});

/**
 * The one place this file bundles for real: two functions in a stack of their own, synthesized
 * with esbuild, as `cdk synth` and `cdk deploy` do.
 */
describe('PERF-1 each function is its own code-split bundle', () => {
  it('PERF-1 the API and the projector each get an asset of their own: index.mjs, and the API the rule systems as chunks it loads on first use', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'arbiter-cdk-'));
    try {
      const app = new App({ outdir, builtinCloudFormationValidation: false });
      const small = new Stack(app, 'Bundled');
      const api = new ArbiterFunction(small, 'Api', { entry: handlerEntries.api, description: 'api' });
      const projector = new ArbiterFunction(small, 'Projector', { entry: handlerEntries.projector, description: 'projector' });
      const assembly = app.synth();
      const assetDir = (fn: ArbiterFunction) => {
        const code = (small.resolve((fn.fn.node.defaultChild as CfnElement & { code: unknown }).code) ?? {}) as { s3Key?: unknown };
        const key = JSON.stringify(code.s3Key ?? '');
        const hash = /([0-9a-f]{64})\.zip/.exec(key)?.[1] ?? '';
        return join(assembly.directory, `asset.${hash}`);
      };
      const [apiDir, projectorDir] = [assetDir(api), assetDir(projector)];
      expect(apiDir).not.toBe(projectorDir);
      for (const dir of [apiDir, projectorDir]) expect(readdirSync(dir)).toEqual(expect.arrayContaining(['index.mjs', 'index.mjs.map']));
      // A bundle with nothing to load on first use has no chunks folder.
      const chunksOf = (dir: string) =>
        existsSync(join(dir, 'chunks')) ? readdirSync(join(dir, 'chunks')).filter((file) => file.endsWith('.mjs')) : [];
      const apiChunks = chunksOf(apiDir);
      expect(apiChunks.filter((file) => file.startsWith('ruleset-'))).toHaveLength(3);
      expect(readFileSync(join(apiDir, 'index.mjs'), 'utf8')).toContain('handler');
      const projectorChunks = chunksOf(projectorDir);
      expect(projectorChunks.filter((file) => file.startsWith('ruleset-'))).toEqual([]);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** A dashboard's body as CloudWatch reads it, each CloudFormation token in it written as `<token>` (quotes made single). */
const tokenText = (token: unknown) => `<${JSON.stringify(token).replaceAll('"', "'")}>`;
interface DashboardWidget {
  readonly type: string;
  readonly y: number;
  readonly properties: { readonly title?: string; readonly alarms?: string[]; readonly metrics?: unknown[][] };
}
const dashboardOf = (t: Template): { widgets: DashboardWidget[] } => {
  const [dashboard, ...more] = Object.values(t.findResources('AWS::CloudWatch::Dashboard')) as ResourceJson[];
  if (!dashboard || more.length > 0) throw new Error('the stack has not one dashboard');
  const parts = (dashboard.Properties.DashboardBody as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
  return JSON.parse(parts.map((p) => (typeof p === 'string' ? p : tokenText(p))).join(''));
};

describe('OPS-4 the dashboard and the alarms on figures', () => {
  const { widgets } = dashboardOf(template);
  const lines = widgets.flatMap((w) => w.properties.metrics ?? []);
  /** Whether a graph draws `metric` of `namespace` with these dimensions (name, value, …). */
  const graphs = (namespace: string, metric: string, ...dimensions: unknown[]) =>
    lines.some((line) => same(line.slice(0, 2 + dimensions.length), [namespace, metric, ...dimensions]));
  const expressions = lines.flatMap((line) =>
    line.flatMap((part) => (typeof part === 'object' && part && 'expression' in part ? [String(part.expression)] : [])),
  );
  const topicRef = ref(stack.alarms.topic);
  const alarmNamed = (id: string) => {
    const alarm = Object.entries(template.findResources('AWS::CloudWatch::Alarm')).find(([logical]) => logical.startsWith(`Alarms${id}`));
    if (!alarm) throw new Error(`no alarm ${id}`);
    return alarm[1] as ResourceJson;
  };
  const metricStats = (alarm: ResourceJson) =>
    (alarm.Properties.Metrics as { Id: string; Expression?: string; MetricStat?: { Metric: unknown; Stat: string; Period: number } }[]) ??
    [];

  it.each(Object.entries(METRICS))('OPS-4 the dashboard graphs %s from the metric catalogue, in the Arbiter namespace', (name, spec) => {
    if (spec.dimensions.length === 0) expect(graphs('Arbiter', name)).toBe(true);
    else expect(expressions).toContain(`SEARCH('{Arbiter,${spec.dimensions.join(',')}} MetricName="${name}"', 'Sum', 300)`);
  });

  it('OPS-4 the dashboard opens on the state of every alarm of the stack, and its address is an output', () => {
    const top = [...widgets].sort((a, b) => a.y - b.y).find((w) => w.type !== 'text');
    expect(top?.type).toBe('alarm');
    const alarms = Object.keys(template.findResources('AWS::CloudWatch::Alarm')).map((id) => tokenText({ 'Fn::GetAtt': [id, 'Arn'] }));
    expect([...(top?.properties.alarms ?? [])].sort()).toEqual(alarms.sort());
    expect(JSON.stringify(template.toJSON().Outputs.DashboardUrl.Value)).toContain('#dashboards:name=');
  });

  it.each(Object.keys(allFunctions) as (keyof typeof allFunctions)[])(
    'OPS-4 the dashboard shows the errors and p99 duration of the %s function',
    (name) => {
      const fn = ref(allFunctions[name].fn);
      expect(graphs('AWS/Lambda', 'Errors', 'FunctionName', tokenText(fn))).toBe(true);
      expect(graphs('AWS/Lambda', 'Duration', 'FunctionName', tokenText(fn))).toBe(true);
    },
  );

  it('OPS-4 the dashboard shows the read and write throttles of both tables', () => {
    for (const table of [stack.tables.events, stack.tables.games])
      for (const metric of ['ReadThrottleEvents', 'WriteThrottleEvents'])
        expect(graphs('AWS/DynamoDB', metric, 'TableName', tokenText(ref(table)))).toBe(true);
  });

  it('OPS-4 the dashboard shows the depth of the webhook queue and of every on-failure and dead-letter queue', () => {
    const queues = [stack.webhooks.queue, ...Object.values(stack.streamFailures), stack.deadlines.deadLetters, stack.webhooks.deadLetters];
    for (const queue of queues) {
      const name = tokenText({ 'Fn::GetAtt': [logicalId(queue), 'QueueName'] });
      expect(graphs('AWS/SQS', 'ApproximateNumberOfMessagesVisible', 'QueueName', name)).toBe(true);
    }
    expect(
      graphs(
        'AWS/SQS',
        'ApproximateAgeOfOldestMessage',
        'QueueName',
        tokenText({ 'Fn::GetAtt': [logicalId(stack.webhooks.queue), 'QueueName'] }),
      ),
    ).toBe(true);
  });

  it('OPS-4 deadlines late: the p99 of DeadlineLateness over its threshold for two 5-minute periods pages the alarm topic', () => {
    expect(alarmNamed('DeadlinesLate').Properties).toMatchObject({
      Namespace: 'Arbiter',
      MetricName: 'DeadlineLateness',
      ExtendedStatistic: 'p99',
      Period: 300,
      Threshold: FIGURE_ALARMS.deadlineLatenessP99Ms,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 2,
      AlarmActions: [topicRef],
    });
    expect(alarmNamed('DeadlinesLate').Properties.Dimensions).toBeUndefined();
    expect(alarmNamed('DeadlinesLate').Properties.AlarmDescription).toMatch(/PhaseTimer.*dead-letter queue.*Scheduler/);
  });

  it('OPS-4 projection lag: the p99 of ProjectionLag over its threshold for two 5-minute periods pages the alarm topic', () => {
    expect(alarmNamed('ProjectionLag').Properties).toMatchObject({
      Namespace: 'Arbiter',
      MetricName: 'ProjectionLag',
      ExtendedStatistic: 'p99',
      Threshold: FIGURE_ALARMS.projectionLagP99Ms,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 2,
      AlarmActions: [topicRef],
    });
  });

  it('OPS-4 records set aside: any one, by any stream consumer (the figure, or on AWS a batch sent to its on-failure queue), pages the alarm topic', () => {
    const alarm = alarmNamed('RecordsSetAside');
    expect(alarm.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', AlarmActions: [topicRef] });
    const metrics = metricStats(alarm);
    const watched = metrics.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric] : []));
    expect(watched).toEqual([
      ...STREAM_CONSUMERS.map((c) => ({
        Namespace: 'Arbiter',
        MetricName: 'RecordSetAside',
        Dimensions: [{ Name: 'consumer', Value: c.name }],
      })),
      ...Object.values(stack.streamFailures).map((queue) => ({
        Namespace: 'AWS/SQS',
        MetricName: 'NumberOfMessagesSent',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(queue), 'QueueName'] } }],
      })),
    ]);
    const ids = metrics.filter((m) => m.MetricStat).map((m) => m.Id);
    expect(ids).toEqual([...STREAM_CONSUMERS.map((_, i) => `r${i}`), ...Object.values(stack.streamFailures).map((_, i) => `q${i}`)]);
    expect(metrics.find((m) => m.Expression)?.Expression).toBe(`SUM([${ids.join(', ')}])`);
    expect(alarm.Properties.AlarmDescription).toContain('npm run redrive');
  });

  it('OPS-4 webhook failure rate: failed over delivered plus failed, as a math expression, pages above its share', () => {
    const alarm = alarmNamed('WebhookFailureRate');
    expect(alarm.Properties).toMatchObject({
      Threshold: FIGURE_ALARMS.webhookFailurePercent,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [topicRef],
    });
    const metrics = metricStats(alarm);
    expect(metrics.filter((m) => m.MetricStat).map((m) => [m.Id, m.MetricStat?.Metric, m.MetricStat?.Stat, m.MetricStat?.Period])).toEqual([
      ['d', { Namespace: 'Arbiter', MetricName: 'WebhookDelivered' }, 'Sum', 900],
      ['f', { Namespace: 'Arbiter', MetricName: 'WebhookFailed' }, 'Sum', 900],
    ]);
    expect(metrics.find((m) => m.Expression)?.Expression).toBe(
      `IF(FILL(d, 0) + FILL(f, 0) >= ${FIGURE_ALARMS.webhookMinimumAttempts}, 100 * FILL(f, 0) / (FILL(d, 0) + FILL(f, 0)), 0)`,
    );
  });
});

describe('OPS-5 point-in-time recovery', () => {
  it('OPS-5 every table of the stack keeps 35 days of point-in-time recovery and outlives the stack', () => {
    const tables = Object.values(template.findResources('AWS::DynamoDB::Table')) as ResourceJson[];
    expect(tables).toHaveLength(2);
    for (const table of tables) {
      expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(table.DeletionPolicy).toBe('Retain');
    }
  });
});

describe('OPS-6 the cost of running it', () => {
  it('OPS-6 there is no budget unless monthlyBudgetUsd is set', () => {
    template.resourceCountIs('AWS::Budgets::Budget', 0);
  });

  it('OPS-6 monthlyBudgetUsd makes a monthly cost budget of that amount, alerting the alarm topic, which Budgets may publish to', () => {
    const built = synth({}, { monthlyBudgetUsd: '12.50' });
    const topic = { Ref: built.stack.getLogicalId(built.stack.alarms.topic.node.defaultChild as CfnElement) };
    built.template.resourceCountIs('AWS::Budgets::Budget', 1);
    built.template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 12.5, Unit: 'USD' } },
      NotificationsWithSubscribers: [
        {
          Notification: { NotificationType: 'ACTUAL', ComparisonOperator: 'GREATER_THAN', Threshold: 80, ThresholdType: 'PERCENTAGE' },
          Subscribers: [{ SubscriptionType: 'SNS', Address: topic }],
        },
        {
          Notification: { NotificationType: 'FORECASTED', ComparisonOperator: 'GREATER_THAN', Threshold: 100, ThresholdType: 'PERCENTAGE' },
          Subscribers: [{ SubscriptionType: 'SNS', Address: topic }],
        },
      ],
    });
    built.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [topic],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Allow', Action: 'sns:Publish', Principal: { Service: 'budgets.amazonaws.com' }, Resource: topic }),
        ]),
      },
    });
    expect(new AwsSolutionsChecks(built.stack.node.root, { verbose: true }).validateScope(built.stack).violations).toEqual([]);
    expect(synth({}, { monthlyBudgetUsd: 40 }).stack.config.monthlyBudgetUsd).toBe(40);
    for (const wrong of ['0', 'lots', '-5', '1.234'])
      expect(() => synth({}, { monthlyBudgetUsd: wrong })).toThrow(/monthlyBudgetUsd context is an amount of US dollars above 0/);
  });

  it('OPS-6 npm run cost counts what an idle stack bills for by the month in this template: alarm metrics, the dashboard, the KMS key', () => {
    const alarms = Object.keys(template.findResources('AWS::CloudWatch::Alarm')).length;
    // Every alarm reads one metric but those on math expressions: throttles (each function), records set aside (each
    // consumer's figure and on-failure queue), the webhook rate (two).
    const alarmMetrics = alarms + (Object.keys(allFunctions).length - 1) + (STREAM_CONSUMERS.length * 2 - 1) + 1;
    expect(idleResources(template.toJSON() as Parameters<typeof idleResources>[0])).toEqual({
      alarms,
      alarmMetrics,
      dashboards: 1,
      kmsKeys: 1,
    });
    expect(idleLine(idleResources(template.toJSON() as Parameters<typeof idleResources>[0]))).toContain(
      `${alarms} alarms reading ${alarmMetrics} metrics`,
    );
  });
});
