/**
 * OPS-1: a recorder of the AWS calls each entry point makes, for the storage tier to play flows
 * with and the stack tier to check against the functions' IAM policies.
 *
 * Every SDK client of the services the functions call gets, on its first `send`, a middleware
 * (`client.middlewareStack.add`, the SDK's public API) that writes down the IAM action and the
 * resource of the call, under the entry point whose invocation is running (an AsyncLocalStorage
 * the test sets around each handler call). DynamoDB calls go on to DynamoDB Local; Scheduler,
 * EventBridge and SQS have no local stand-in, so the middleware answers them itself, as AWS
 * would, and keeps what was sent for the test to deliver (a schedule's input to the phase timer,
 * a bus event to the webhook deliverer). The certified signer's one KMS `Sign` is a plain SigV4
 * request over `fetch` (functions/adapters/kms-signer.ts): it is recorded at `fetch`, and answered
 * with a P-256 signature of a key the test publishes. Production code pays nothing for any of it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SQSClient } from '@aws-sdk/client-sqs';

/** What the stack's functions are called in the recording and the check: infra/aws/stack.ts `Functions`. */
export type EntryPoint = 'api' | 'clubs' | 'docs' | 'projector' | 'timerReactor' | 'publisher' | 'tournaments' | 'phaseTimer' | 'webhooks';

/** The stack's resources a call can name; a DynamoDB index is `<table>/index/<name>`. */
export type AwsResource = string;

/** What each entry point called: IAM action to the resources it named, both sorted. */
export type RecordedCalls = Partial<Record<EntryPoint, Record<string, AwsResource[]>>>;

export interface AwsCall {
  readonly entry: EntryPoint;
  /** The IAM action the call is authorized as (a transaction's Put is `dynamodb:PutItem`). */
  readonly action: string;
  readonly resource: AwsResource;
}

/** The physical names the test gives the resources, to the names the recording uses. */
export interface ResourceNames {
  readonly [physical: string]: AwsResource;
}

type Input = Record<string, unknown>;
type TransactItem = Partial<Record<'Put' | 'Update' | 'Delete' | 'ConditionCheck' | 'Get', { TableName?: string }>>;

/** How IAM authorizes each item of a transaction: by the action of the item, not the transaction. */
const ITEM_ACTIONS = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem', Get: 'GetItem' };

/** A DynamoDB request as IAM sees it: one or more actions, each on a table or an index. */
const dynamoCalls = (operation: string, input: Input): [string, string][] => {
  if (operation === 'TransactWriteItems' || operation === 'TransactGetItems')
    return ((input.TransactItems ?? []) as TransactItem[]).flatMap((item) =>
      Object.entries(item).map(([kind, body]): [string, string] => [
        `dynamodb:${ITEM_ACTIONS[kind as keyof typeof ITEM_ACTIONS]}`,
        String(body?.TableName),
      ]),
    );
  if (operation === 'BatchGetItem' || operation === 'BatchWriteItem')
    return Object.keys((input.RequestItems ?? {}) as object).map((table) => [`dynamodb:${operation}`, table]);
  const table = String(input.TableName);
  return [[`dynamodb:${operation}`, input.IndexName ? `${table}/index/${String(input.IndexName)}` : table]];
};

/** Scheduler, EventBridge and SQS requests: the action, what it names, and the answer AWS would give. */
const answeredCalls = (operation: string, input: Input): { calls: [string, string][]; output: Input } => {
  switch (operation) {
    case 'CreateSchedule': {
      const target = input.Target as { RoleArn?: string };
      return {
        // Creating a schedule that assumes a role passes the role to Scheduler.
        calls: [
          ['scheduler:CreateSchedule', String(input.GroupName)],
          ['iam:PassRole', String(target.RoleArn)],
        ],
        output: { ScheduleArn: `arn:aws:scheduler:us-east-1:000000000000:schedule/${String(input.GroupName)}/${String(input.Name)}` },
      };
    }
    case 'DeleteSchedule':
    case 'GetSchedule':
      return { calls: [[`scheduler:${operation}`, String(input.GroupName)]], output: {} };
    case 'PutEvents': {
      const entries = (input.Entries ?? []) as { EventBusName?: string }[];
      return {
        calls: [...new Set(entries.map((e) => String(e.EventBusName)))].map((bus) => ['events:PutEvents', bus]),
        output: { FailedEntryCount: 0, Entries: entries.map((_, i) => ({ EventId: `e-${i}` })) },
      };
    }
    case 'SendMessage':
      return { calls: [['sqs:SendMessage', String(input.QueueUrl)]], output: { MessageId: 'm-1' } };
    default:
      throw new Error(`OPS-1: the recorder does not know ${operation}; teach test/support/aws-calls.ts what it authorizes`);
  }
};

const SERVICES = [
  ['dynamodb', DynamoDBClient],
  ['scheduler', SchedulerClient],
  ['events', EventBridgeClient],
  ['sqs', SQSClient],
] as const;

const KMS_HOST = /^kms\.[a-z0-9-]+\.amazonaws\.com$/;

export class AwsCallRecorder {
  readonly calls: AwsCall[] = [];
  /** What Scheduler, EventBridge and SQS were sent, in order: for the test to deliver as AWS would. */
  readonly sent: { readonly operation: string; readonly input: Input }[] = [];
  private readonly acting = new AsyncLocalStorage<EntryPoint>();
  private readonly root: { readonly privateKey: KeyObject; readonly publicKey: KeyObject };
  private readonly undo: (() => void)[] = [];

  constructor(private readonly names: ResourceNames) {
    this.root = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  }

  /** Runs `work` as `entry`'s invocation: every AWS call it makes is recorded as that entry point's. */
  as<T>(entry: EntryPoint, work: () => T): T {
    return this.acting.run(entry, work);
  }

  /** The entry point whose invocation is running, if any. */
  current(): EntryPoint | undefined {
    return this.acting.getStore();
  }

  /** ARBITER_SIGNING_KEYS for the functions that sign: the public half of the key `kms:Sign` answers with. */
  publishedKeys(created = '2026-01-01T00:00:00.000Z'): string {
    const der = this.root.publicKey.export({ format: 'der', type: 'spki' });
    return JSON.stringify([{ publicKey: der.toString('base64'), created }]);
  }

  /** Instruments every client of the four services that sends from now on, and `fetch` for KMS, until `uninstall`. */
  install(): void {
    const instrumented = new WeakSet<object>();
    for (const [service, Client] of SERVICES) {
      const prototype = Client.prototype as unknown as { send: (...args: unknown[]) => unknown };
      const original = prototype.send;
      const recorder = this;
      prototype.send = function send(this: InstanceType<typeof Client>, ...args: unknown[]) {
        if (!instrumented.has(this)) {
          instrumented.add(this);
          // The four clients' stacks differ only in their input and output types, which the recorder reads as records.
          recorder.instrument(service, this as unknown as DynamoDBClient);
        }
        return original.apply(this, args);
      };
      this.undo.push(() => {
        prototype.send = original;
      });
    }
    const fetched = globalThis.fetch;
    globalThis.fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const target = new URL(url instanceof Request ? url.url : url);
      if (!KMS_HOST.test(target.hostname)) return fetched(url, init);
      return this.kmsSign(init);
    }) as typeof fetch;
    this.undo.push(() => {
      globalThis.fetch = fetched;
    });
  }

  uninstall(): void {
    for (const undo of this.undo.splice(0).reverse()) undo();
  }

  /** The recording, by entry point and action, with the resources' recording names. */
  recorded(): RecordedCalls {
    const byEntry: Record<string, Record<string, Set<string>>> = {};
    for (const { entry, action, resource } of this.calls) {
      const actions = byEntry[entry] ?? {};
      byEntry[entry] = actions;
      actions[action] = (actions[action] ?? new Set()).add(resource);
    }
    return Object.fromEntries(
      Object.keys(byEntry)
        .sort()
        .map((entry) => {
          const actions = byEntry[entry] ?? {};
          return [
            entry,
            Object.fromEntries(
              Object.keys(actions)
                .sort()
                .map((action) => [action, [...(actions[action] ?? [])].sort()]),
            ),
          ];
        }),
    );
  }

  private record(calls: readonly [string, string][]): void {
    const entry = this.acting.getStore();
    // Outside every invocation: the harness's own calls (its tables, its reads to wait on).
    if (!entry) return;
    for (const [action, physical] of calls) this.calls.push({ entry, action, resource: this.nameOf(physical) });
  }

  /** A physical name (table, index, queue URL, ARN) as the recording names it; unknown names fail the run. */
  private nameOf(physical: string): AwsResource {
    const [table, index] = physical.split('/index/');
    const named = this.names[table ?? ''] ?? this.names[physical];
    if (!named) throw new Error(`OPS-1: a call named ${physical}, which is none of the resources the test gave the functions`);
    return index === undefined ? named : `${named}/index/${index}`;
  }

  private instrument(service: (typeof SERVICES)[number][0], client: DynamoDBClient): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const operation = String(context.commandName).replace(/Command$/, '');
        const input = args.input as Input;
        if (service === 'dynamodb') {
          this.record(dynamoCalls(operation, input));
          return next(args);
        }
        const { calls, output } = answeredCalls(operation, input);
        this.record(calls);
        if (this.acting.getStore()) this.sent.push({ operation, input });
        return { output: { $metadata: {}, ...output }, response: {} } as Awaited<ReturnType<typeof next>>;
      },
      { step: 'initialize', priority: 'high', name: 'ops1CallRecorder' },
    );
  }

  /** KMS `Sign` as the certified signer sends it: recorded, and signed with the published key (DER, as KMS answers). */
  private async kmsSign(init: RequestInit | undefined): Promise<Response> {
    const headers = new Headers(init?.headers);
    const target = headers.get('x-amz-target') ?? '';
    if (target !== 'TrentService.Sign') throw new Error(`OPS-1: an unexpected KMS request ${target}`);
    const body = JSON.parse(String(init?.body)) as { KeyId: string; Message: string };
    this.record([['kms:Sign', body.KeyId]]);
    const signature = sign('sha256', Buffer.from(body.Message, 'base64'), { key: this.root.privateKey, dsaEncoding: 'der' });
    return Response.json({ KeyId: body.KeyId, Signature: signature.toString('base64'), SigningAlgorithm: 'ECDSA_SHA_256' });
  }
}
