/**
 * OPS-1: every AWS call a function makes is granted, and nothing more. The calls are those the
 * storage tier recorded while realistic flows played through each Lambda entry point
 * (test/int/ops-1-aws-calls.int.test.ts, kept in test/fixtures/aws-calls.json, which that test
 * holds equal to what it records); the grants are the IAM policy statements of each function's
 * role in the synthesized template, each resource resolved to the stack's table, index, stream,
 * queue, schedule group, role, bus or key. A grant no recorded call used is either gone from the
 * stack or listed below with the path that needs it.
 */

import { readFileSync } from 'node:fs';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ArbiterStack } from '../../infra/aws/stack.ts';
import type { EntryPoint, RecordedCalls } from '../support/aws-calls.ts';

/** As test/stack/stack.stack.test.ts synthesizes: no bundling, no CloudFormation validation (seconds, not a minute). */
const app = new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new ArbiterStack(app, 'Arbiter');
const template = Template.fromStack(stack).toJSON() as TemplateJson;
const recorded = JSON.parse(readFileSync(new URL('../fixtures/aws-calls.json', import.meta.url), 'utf8')) as RecordedCalls;

interface Statement {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
}
interface TemplateJson {
  readonly Resources: Record<string, { readonly Type: string; readonly Properties: Record<string, unknown> }>;
}

/** The stack's functions, under the names the recording gives them (the web page's too: it calls nothing). */
type Fn = EntryPoint | 'web';
const FUNCTIONS = Object.keys(stack.functions) as Fn[];

const logicalId = (construct: IConstruct): string => stack.getLogicalId(construct.node.defaultChild as CfnElement);

/** Each resource a grant can name, by logical ID, under the name the recording gives it (test/support/aws-calls.ts). */
const NAMES: Readonly<Record<string, string>> = {
  [logicalId(stack.tables.events)]: 'events',
  [logicalId(stack.tables.games)]: 'games',
  [logicalId(stack.deadlines.group)]: 'schedules',
  [logicalId(stack.deadlines.schedulerRole)]: 'scheduler-role',
  [logicalId(stack.deadlines.deadLetters)]: 'deadline-dead-letters',
  [logicalId(stack.bus)]: 'bus',
  [logicalId(stack.webhooks.queue)]: 'webhook-queue',
  [logicalId(stack.webhooks.deadLetters)]: 'webhook-dead-letters',
  [logicalId(stack.signingKeys.current)]: 'signing-key',
  ...Object.fromEntries(Object.entries(stack.streamFailures).map(([consumer, queue]) => [logicalId(queue), `${consumer}-failures`])),
};

/** The logical IDs a CloudFormation value refers to (Ref, Fn::GetAtt), with the attribute each GetAtt reads. */
const references = (value: unknown): { id: string; attribute: string | null }[] => {
  if (Array.isArray(value)) return value.flatMap(references);
  if (value === null || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  if (typeof object.Ref === 'string') return [{ id: object.Ref, attribute: null }];
  const getAtt = object['Fn::GetAtt'] as [string, string] | undefined;
  if (getAtt) return [{ id: getAtt[0], attribute: getAtt[1] }];
  return Object.values(object).flatMap(references);
};

/**
 * A statement's resource under its recording name: `*`, a table, `<table>/index/*`, `<table>/stream`,
 * a queue, the schedule group, the scheduler role, the bus or the key. A resource of the stack the
 * names do not know fails the test, so a new resource is named before it is granted.
 */
const resourceName = (resource: unknown): string => {
  if (resource === '*') return '*';
  // The schedule group's schedules are an ARN built from its name, which the stack knows before deploy.
  if (JSON.stringify(resource).includes(`:schedule/${stack.deadlines.group.scheduleGroupName}/*`)) return 'schedules';
  const named = references(resource).filter((r) => !r.id.startsWith('AWS::'));
  const [first] = named;
  const name = first ? NAMES[first.id] : undefined;
  if (!first || !name || named.length > 1) throw new Error(`OPS-1: a grant on ${JSON.stringify(resource)}, which the check cannot name`);
  if (first.attribute === 'StreamArn') return `${name}/stream`;
  const index = /\/index\/([^"]+)"/.exec(JSON.stringify(resource))?.[1];
  return index === undefined ? name : `${name}/index/${index}`;
};

interface Grant {
  readonly action: string;
  readonly resource: string;
}

/** Every action on every resource the function's role may perform, from its inline policies (the managed one only writes its logs). */
const grantsOf = (resources: TemplateJson['Resources'], fn: Fn): Grant[] => {
  const role = stack.functions[fn].fn.role;
  if (!role) throw new Error(`${fn} has no role`);
  const roleId = logicalId(role);
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
    .filter((s) => s.Effect === 'Allow')
    .flatMap((s) =>
      [s.Action].flat().flatMap((action) => [s.Resource].flat().map((resource) => ({ action, resource: resourceName(resource) }))),
    );
};

/** Whether a grant covers a recorded call: the same action on the same resource, an index under `index/*`, or any resource. */
const covers = (grant: Grant, action: string, resource: string): boolean =>
  grant.action === action &&
  (grant.resource === resource ||
    grant.resource === '*' ||
    (grant.resource.endsWith('/index/*') && resource.startsWith(grant.resource.slice(0, -1))));

const CONSUMERS: readonly Fn[] = ['projector', 'timerReactor', 'publisher', 'tournaments'];
const STREAM_MAPPING =
  "the stream event source mapping's: Lambda reads the events table's stream with the function's role; the code never does";
const ON_FAILURE =
  "the stream mapping's on-failure destination: Lambda sends a batch it gave up on to the consumer's queue with the function's role";
const SQS_MAPPING = "the SQS event source mapping's: Lambda polls, hides and deletes the deliverer's messages with the function's role";
const BEFORE_COST_2 =
  'folding a game checkpointed before COST-2 reads its snapshots (Query) and seed (BatchGetItem) from games (adapters/event-store.ts latestSnapshot, batchGet); the flows play new games only';

/** A grant allowed on these functions though no recorded call used it, and the path that needs it. */
interface Allowed {
  readonly functions: readonly Fn[];
  readonly action: string;
  readonly resource: string;
  readonly why: string;
}

const ALLOWED_UNUSED: readonly Allowed[] = [
  ...['DescribeStream', 'GetRecords', 'GetShardIterator'].map((a) => ({
    functions: CONSUMERS,
    action: `dynamodb:${a}`,
    resource: 'events/stream',
    why: STREAM_MAPPING,
  })),
  {
    functions: CONSUMERS,
    action: 'dynamodb:ListStreams',
    resource: '*',
    why: `${STREAM_MAPPING} (ListStreams has no resource-level permission)`,
  },
  ...CONSUMERS.flatMap((fn) =>
    ['SendMessage', 'GetQueueAttributes', 'GetQueueUrl'].map((a) => ({
      functions: [fn],
      action: `sqs:${a}`,
      resource: `${fn}-failures`,
      why: ON_FAILURE,
    })),
  ),
  ...['ReceiveMessage', 'DeleteMessage', 'ChangeMessageVisibility', 'GetQueueAttributes', 'GetQueueUrl'].map((a) => ({
    functions: ['webhooks'] as const,
    action: `sqs:${a}`,
    resource: 'webhook-queue',
    why: SQS_MAPPING,
  })),
  {
    functions: ['phaseTimer', 'publisher', 'timerReactor', 'tournaments'],
    action: 'dynamodb:Query',
    resource: 'games',
    why: BEFORE_COST_2,
  },
  {
    functions: ['projector', 'publisher', 'timerReactor', 'webhooks'],
    action: 'dynamodb:BatchGetItem',
    resource: 'games',
    why: BEFORE_COST_2,
  },
  {
    functions: ['phaseTimer', 'tournaments'],
    action: 'dynamodb:GetItem',
    resource: 'games',
    why: "a deadline Scheduler fires twice, or a tournament command (a result, a round's end) decided again after a conflict, reads its command's record (games/app/commands.ts recordOf, tournaments/app/tournaments.ts)",
  },
];

interface Verdict {
  /** `function action resource` of each recorded call no grant covers. */
  readonly ungranted: string[];
  /** `function action resource` of each grant no recorded call used and the allowlist does not name. */
  readonly unused: string[];
  /** `function action resource` of each allowlist entry that names no grant, or a grant a recorded call uses: a stale entry. */
  readonly staleAllowances: string[];
}

/** The recorded calls of `fn`, one by one. */
const callsOf = (calls: RecordedCalls, fn: Fn): Grant[] =>
  Object.entries(calls[fn as EntryPoint] ?? {}).flatMap(([action, names]) => names.map((resource) => ({ action, resource })));

/** OPS-1's check, on a template: what is called but not granted, and what is granted but neither called nor explained. */
const check = (resources: TemplateJson['Resources'], calls: RecordedCalls): Verdict => {
  const ungranted = new Set<string>();
  const unused = new Set<string>();
  const staleAllowances = new Set<string>();
  for (const fn of FUNCTIONS) {
    const grants = grantsOf(resources, fn);
    const made = callsOf(calls, fn);
    for (const call of made)
      if (!grants.some((g) => covers(g, call.action, call.resource))) ungranted.add(`${fn} ${call.action} ${call.resource}`);
    const isUsed = (grant: Grant) => made.some((call) => covers(grant, call.action, call.resource));
    for (const grant of grants) {
      const allowed = ALLOWED_UNUSED.some((a) => a.functions.includes(fn) && a.action === grant.action && a.resource === grant.resource);
      if (!isUsed(grant) && !allowed) unused.add(`${fn} ${grant.action} ${grant.resource}`);
    }
    for (const allowance of ALLOWED_UNUSED.filter((a) => a.functions.includes(fn))) {
      const granted = grants.filter((g) => g.action === allowance.action && g.resource === allowance.resource);
      if (granted.length === 0 || granted.some(isUsed)) staleAllowances.add(`${fn} ${allowance.action} ${allowance.resource}`);
    }
  }
  const sorted = (set: Set<string>) => [...set].sort();
  return { ungranted: sorted(ungranted), unused: sorted(unused), staleAllowances: sorted(staleAllowances) };
};

/** A copy of the template's resources with `edit` applied to the statements of `fn`'s policies. */
const edited = (fn: Fn, edit: (statements: Statement[]) => Statement[]): TemplateJson['Resources'] => {
  const copy = structuredClone(template.Resources);
  const role = stack.functions[fn].fn.role;
  for (const resource of Object.values(copy)) {
    if (resource.Type !== 'AWS::IAM::Policy' || !role) continue;
    if (JSON.stringify(resource.Properties.Roles) !== JSON.stringify([{ Ref: logicalId(role) }])) continue;
    const document = resource.Properties.PolicyDocument as { Statement: Statement[] };
    document.Statement = edit(document.Statement);
  }
  return copy;
};

const eventsTableId = logicalId(stack.tables.events);

describe('OPS-1 every AWS call granted, nothing more', () => {
  const verdict = check(template.Resources, recorded);

  it('OPS-1 the recording covers every function that calls AWS, each under the name the stack gives it', () => {
    expect(Object.keys(recorded).sort()).toEqual(FUNCTIONS.filter((fn) => fn !== 'docs' && fn !== 'web').sort());
  });

  it('OPS-1 each function is granted every action it was recorded calling, on that resource', () => {
    expect(verdict.ungranted).toEqual([]);
  });

  it('OPS-1 each grant is used by a recorded call, or listed with the path that needs it', () => {
    expect(verdict.unused).toEqual([]);
  });

  it('OPS-1 each listed grant exists and no recorded call uses it, so the list says no more than the stack', () => {
    expect(verdict.staleAllowances).toEqual([]);
    for (const { why } of ALLOWED_UNUSED) expect(why).toMatch(/^[a-z].{30,}[^.]$/);
  });

  it("OPS-1 without the publisher's read of the events table (as before 806a876), the check names the calls it would refuse", () => {
    const withoutEvents = edited('publisher', (statements) =>
      statements.filter((s) => !JSON.stringify(s.Resource).includes(`"${eventsTableId}","Arn"`)),
    );
    expect(check(withoutEvents, recorded).ungranted).toEqual(['publisher dynamodb:Query events']);
  });

  it('OPS-1 a grant no call needs, such as a Scan of the games table for the projector, is named', () => {
    const gamesArn = { 'Fn::GetAtt': [logicalId(stack.tables.games), 'Arn'] };
    const withScan = edited('projector', (statements) => [...statements, { Effect: 'Allow', Action: 'dynamodb:Scan', Resource: gamesArn }]);
    expect(check(withScan, recorded).unused).toEqual(['projector dynamodb:Scan games']);
  });
});
