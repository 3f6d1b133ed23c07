/**
 * OPS-2: the AWS services the Lambda bundles call besides DynamoDB, on 127.0.0.1: EventBridge
 * Scheduler (CreateSchedule, GetSchedule, DeleteSchedule), EventBridge (PutEvents), SQS
 * (SendMessage) and KMS (Sign). The bundles' SDK clients are built with no endpoint, as on AWS;
 * the harness points them here with the SDK's own `AWS_ENDPOINT_URL_<SERVICE>` variables, so no
 * request ever leaves the machine. Each call is answered in the service's wire protocol and kept,
 * so a test reads what a function asked of AWS: the schedules it made, the events it published,
 * the messages it queued.
 */
import { createHash, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A schedule as CreateSchedule was given it (Scheduler's REST JSON body), with its name and group. */
export interface StoredSchedule {
  readonly Name: string;
  readonly GroupName: string;
  readonly ScheduleExpression: string;
  readonly Target: { readonly Arn: string; readonly RoleArn: string; readonly Input: string };
}

/** One PutEvents entry, as the publisher sent it. */
export interface PutEntry {
  readonly Source: string;
  readonly DetailType: string;
  readonly Detail: string;
  readonly EventBusName: string;
  /** Epoch seconds, as the SDK serializes a Date in this protocol. */
  readonly Time?: number;
}

export interface QueuedMessage {
  readonly QueueUrl: string;
  readonly MessageBody: string;
  readonly DelaySeconds?: number;
}

const ACCOUNT = '000000000000';
const REGION = 'us-east-1';

export class AwsStandIn {
  /** The schedules that exist now, by name: created, not yet deleted. */
  readonly schedules = new Map<string, StoredSchedule>();
  /** Every schedule ever created, in order. */
  readonly created: StoredSchedule[] = [];
  readonly published: PutEntry[] = [];
  readonly queued: QueuedMessage[] = [];
  /** How many times KMS Sign was asked: once per container that signs (the key it certifies lives a day). */
  signs = 0;
  /** The stack's KMS key, here: a P-256 key whose public half the stack's key set publishes. */
  readonly kmsKey: { readonly privateKey: KeyObject; readonly publicKey: KeyObject };

  private constructor(
    private readonly server: Server,
    readonly url: string,
    kmsKey: AwsStandIn['kmsKey'],
  ) {
    this.kmsKey = kmsKey;
  }

  static async start(): Promise<AwsStandIn> {
    let standIn: AwsStandIn | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => standIn?.answer(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const { port } = server.address() as AddressInfo;
    standIn = new AwsStandIn(server, `http://127.0.0.1:${port}`, generateKeyPairSync('ec', { namedCurve: 'P-256' }));
    return standIn;
  }

  /** The URL of a queue, as SQS names one: this stand-in's address, the account, the queue's name. */
  queueUrl(name: string): string {
    return `${this.url}/${ACCOUNT}/${name}`;
  }

  /** An ARN of this stand-in's account and region. */
  arn(service: string, resource: string): string {
    return `arn:aws:${service}:${REGION}:${ACCOUNT}:${resource}`;
  }

  /** What the stack's PublicKeys custom resource reads from KMS at deploy: each generation's public key (ARBITER_SIGNING_KEYS). */
  publishedKeys(created: string): string {
    return JSON.stringify([{ publicKey: this.kmsKey.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'), created }]);
  }

  close(): Promise<void> {
    return new Promise((done) => {
      this.server.close(() => done());
      this.server.closeAllConnections();
    });
  }

  private answer(req: IncomingMessage, body: string, res: ServerResponse): void {
    const target = req.headers['x-amz-target'];
    const reply = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(json));
    };
    try {
      if (typeof target === 'string') {
        reply(200, this.jsonOperation(target, JSON.parse(body)));
        return;
      }
      const scheduled = this.scheduleOperation(req.method ?? 'GET', new URL(req.url ?? '/', this.url), body);
      reply(scheduled.status, scheduled.json, scheduled.status >= 400 ? { 'x-amzn-errortype': String(scheduled.error) } : {});
    } catch (error) {
      reply(400, { __type: 'ValidationException', message: String(error) }, { 'x-amzn-errortype': 'ValidationException' });
    }
  }

  /** The JSON protocols (EventBridge, SQS, KMS): the operation is named by `X-Amz-Target`. */
  private jsonOperation(target: string, input: Record<string, unknown>): unknown {
    switch (target) {
      case 'AWSEvents.PutEvents': {
        const entries = input.Entries as PutEntry[];
        this.published.push(...entries);
        return { FailedEntryCount: 0, Entries: entries.map((_, i) => ({ EventId: `event-${this.published.length + i}` })) };
      }
      case 'AmazonSQS.SendMessage': {
        const message = input as unknown as QueuedMessage;
        this.queued.push(message);
        // The SDK checks the body's MD5, as SQS returns it.
        return {
          MessageId: `message-${this.queued.length}`,
          MD5OfMessageBody: createHash('md5').update(message.MessageBody).digest('hex'),
        };
      }
      case 'TrentService.Sign': {
        this.signs += 1;
        const signature = createSign('SHA256')
          .update(Buffer.from(String(input.Message), 'base64'))
          .sign(this.kmsKey.privateKey);
        return { KeyId: input.KeyId, Signature: signature.toString('base64'), SigningAlgorithm: 'ECDSA_SHA_256' };
      }
      default:
        throw new Error(`the stand-in does not answer ${target}`);
    }
  }

  /** Scheduler's REST JSON protocol: `/schedules/{Name}`, the group in the body or the query. */
  private scheduleOperation(method: string, url: URL, body: string): { status: number; json: unknown; error?: string } {
    const name = decodeURIComponent(url.pathname.replace(/^\/schedules\//, ''));
    const missing = { status: 404, json: { Message: `Schedule ${name} does not exist.` }, error: 'ResourceNotFoundException' };
    if (method === 'POST') {
      if (this.schedules.has(name))
        return { status: 409, json: { Message: `Schedule ${name} already exists.` }, error: 'ConflictException' };
      const schedule = { ...(JSON.parse(body) as Omit<StoredSchedule, 'Name'>), Name: name };
      this.schedules.set(name, schedule);
      this.created.push(schedule);
      return { status: 200, json: { ScheduleArn: this.arn('scheduler', `schedule/${schedule.GroupName}/${name}`) } };
    }
    const schedule = this.schedules.get(name);
    if (!schedule) return missing;
    if (method === 'DELETE') {
      this.schedules.delete(name);
      return { status: 200, json: {} };
    }
    return { status: 200, json: { ...schedule, Arn: this.arn('scheduler', `schedule/${schedule.GroupName}/${name}`) } };
  }
}
