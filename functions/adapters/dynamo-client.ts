/**
 * The DynamoDB client, for AWS or for DynamoDB Local, with a request counter for benchmarks
 * and tests: requests and items by operation, the capacity units each request would consume
 * on AWS (AWS-4) computed from the sizes of the items it read and wrote, and, where asked
 * for (DynamoDB Local by default), the capacity DynamoDB itself reports (COST-1).
 */
import type { Agent, ClientRequestArgs } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DYNAMODB_ITEM_LIMIT_BYTES } from '../../domain/kernel/budget.ts';

export interface DynamoOptions {
  readonly endpoint?: string | undefined;
  readonly region?: string;
  /**
   * COST-1: ask every request for `ReturnConsumedCapacity: 'TOTAL'` and sum it in `reported`.
   * By default on a client of an `endpoint` (DynamoDB Local: tests, benches, `npm start`) and
   * off on AWS, where the Lambdas' client would only carry a figure nothing reads.
   */
  readonly reportCapacity?: boolean;
}

export interface CapacityUnits {
  /** Read capacity units (RCU), strongly consistent as Arbiter reads unless said otherwise. */
  read: number;
  /** Write capacity units (WCU). */
  write: number;
}

export interface CountingClient {
  readonly client: DynamoDBClient;
  /** Requests sent since creation, by operation name (GetItem, TransactWriteItems, ...). */
  readonly requests: Map<string, number>;
  /** Items returned by reads since creation, by operation name. */
  readonly itemsRead: Map<string, number>;
  /** Capacity units the requests since creation would consume on AWS (see `readUnits`, `writeUnits`). */
  readonly units: CapacityUnits;
  /** Bytes of the items read and written since creation, as `itemBytes` counts them. */
  readonly bytes: { read: number; written: number };
  /**
   * COST-1: the capacity units DynamoDB reported for the requests since creation (`reportCapacity`;
   * zero without it). A request that fails (a condition not met) reports none, though AWS bills it.
   */
  readonly reported: CapacityUnits;
}

type Item = Record<string, AttributeValue>;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** A number's size as DynamoDB counts it: about one byte per two significant digits, plus one. */
const numberBytes = (n: string) => Math.ceil(n.replace(/^-/, '').replace(/[.]/, '').replace(/^0+/, '').replace(/0+$/, '').length / 2) + 1;

const valueBytes = (value: AttributeValue): number => {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined) return numberBytes(value.N);
  if (value.B !== undefined) return value.B.byteLength;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS !== undefined) return value.SS.reduce((sum, s) => sum + utf8(s), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, n) => sum + numberBytes(n), 0);
  if (value.L !== undefined) return 3 + value.L.reduce((sum, v) => sum + 1 + valueBytes(v), 0);
  if (value.M !== undefined) return 3 + Object.entries(value.M).reduce((sum, [k, v]) => sum + 1 + utf8(k) + valueBytes(v), 0);
  return 0;
};

/** An item's size as DynamoDB bills it: each attribute's name plus its value, in bytes. */
export const itemBytes = (item: Item): number =>
  Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueBytes(value), 0);

/**
 * Write units of writing items of these sizes: 1 WCU per started KB of each item (at least
 * one), doubled inside a transaction (TransactWriteItems).
 */
export const writeUnits = (sizes: readonly number[], options: { transactional: boolean }): number =>
  sizes.reduce((sum, size) => sum + Math.max(1, Math.ceil(size / 1024)), 0) * (options.transactional ? 2 : 1);

/**
 * Read units of one read of `bytes`: 1 RCU per started 4 KB strongly consistent, half that
 * eventually consistent, at least one started 4 KB. A Query sums its items before rounding;
 * GetItem and BatchGetItem round each item (a missing one costs the minimum).
 */
export const readUnits = (bytes: number, options: { consistent: boolean }): number =>
  Math.max(1, Math.ceil(bytes / 4096)) * (options.consistent ? 1 : 0.5);

/** The formulas `readUnits` and `writeUnits` apply, for benchmarks to print beside their figures. */
export const UNIT_FORMULAS =
  'WCU = sum over items of ceil(size / 1 KB) (min 1), x2 in TransactWriteItems; RCU = ceil(bytes / 4 KB) (min 1) per Query or per item got, x0.5 eventually consistent';

interface Input {
  readonly ConsistentRead?: boolean;
  readonly Item?: Item;
  readonly RequestItems?: Record<string, { Keys?: Item[]; ConsistentRead?: boolean } | unknown[]>;
  readonly TransactItems?: readonly {
    Put?: { Item?: Item };
    ConditionCheck?: unknown;
    Update?: unknown;
    Delete?: unknown;
  }[];
}
interface Output {
  readonly Items?: Item[];
  readonly Item?: Item;
  readonly Responses?: Record<string, Item[]>;
}

/** The units one request costs, from what it sent and what it got back. */
const unitsOf = (name: string, input: Input, output: Output | undefined): CapacityUnits => {
  const consistent = input.ConsistentRead === true;
  switch (name) {
    case 'Query':
    case 'Scan':
      return {
        read: readUnits(
          (output?.Items ?? []).reduce((s, i) => s + itemBytes(i), 0),
          { consistent },
        ),
        write: 0,
      };
    case 'GetItem':
      return { read: readUnits(output?.Item ? itemBytes(output.Item) : 0, { consistent }), write: 0 };
    case 'BatchGetItem': {
      let read = 0;
      for (const [table, request] of Object.entries(input.RequestItems ?? {})) {
        const asked = request as { Keys?: Item[]; ConsistentRead?: boolean };
        const got = output?.Responses?.[table] ?? [];
        const bytes = got.map(itemBytes);
        // Missing items cost the minimum each.
        const missing = Math.max(0, (asked.Keys?.length ?? 0) - got.length);
        const options = { consistent: asked.ConsistentRead === true };
        read += bytes.reduce((s, b) => s + readUnits(b, options), 0) + missing * readUnits(0, options);
      }
      return { read, write: 0 };
    }
    case 'PutItem':
      return { read: 0, write: writeUnits([input.Item ? itemBytes(input.Item) : 0], { transactional: false }) };
    case 'UpdateItem':
    case 'DeleteItem':
      return { read: 0, write: writeUnits([0], { transactional: false }) };
    case 'TransactWriteItems':
      // A ConditionCheck, Update or Delete is counted as a transactional write of at most 1 KB
      // (the request does not carry the item's size; Arbiter's checked items are events).
      return {
        read: 0,
        write: writeUnits(
          (input.TransactItems ?? []).map((t) => (t.Put?.Item ? itemBytes(t.Put.Item) : 0)),
          { transactional: true },
        ),
      };
    default:
      return { read: 0, write: 0 };
  }
};

const bytesOf = (input: Input, output: Output | undefined) => ({
  read: [...(output?.Items ?? []), ...(output?.Item ? [output.Item] : []), ...Object.values(output?.Responses ?? {}).flat()].reduce(
    (s, i) => s + itemBytes(i),
    0,
  ),
  written: [...(input.Item ? [input.Item] : []), ...(input.TransactItems ?? []).flatMap((t) => (t.Put?.Item ? [t.Put.Item] : []))].reduce(
    (s, i) => s + itemBytes(i),
    0,
  ),
});

const itemsOf = (output: Output | undefined): number =>
  (output?.Items?.length ?? 0) + (output?.Item ? 1 : 0) + Object.values(output?.Responses ?? {}).reduce((s, l) => s + l.length, 0);

/** INV-1, INV-2: an item DynamoDB would refuse for its size, refused before a byte of it is sent. */
export class ItemTooLarge extends Error {
  override readonly name = 'ItemTooLarge';
}

/** The largest item a write puts, in bytes as `itemBytes` counts them, and its key attributes. */
const largestPut = (input: Input): { bytes: number; item: Item } | null => {
  const puts = [...(input.Item ? [input.Item] : []), ...(input.TransactItems ?? []).flatMap((t) => (t.Put?.Item ? [t.Put.Item] : []))];
  let largest: { bytes: number; item: Item } | null = null;
  for (const item of puts) {
    const bytes = itemBytes(item);
    if (!largest || bytes > largest.bytes) largest = { bytes, item };
  }
  return largest;
};

/**
 * INV-2: sockets whose errors never reach the process. DynamoDB Local answers an oversized
 * request with 413 and closes the connection while the body is still being written; the SDK
 * rejects the request, but the socket's own `EPIPE` then had no listener, and an unhandled
 * 'error' event ends a Node.js process: one oversized write stopped `npm start`. Every socket
 * this agent opens has a listener; the request that used it still fails with its error. Only
 * a client of a plain-http endpoint (DynamoDB Local) gets one, and `node:http` is loaded then
 * only: a Lambda's bundle sends https and never loads it (PERF-1).
 */
const listenedAgent = (): Agent => {
  const http = process.getBuiltinModule('node:http');
  class ListenedAgent extends http.Agent {
    override createConnection(options: ClientRequestArgs, callback?: (error: Error | null, socket: Duplex) => void): Duplex {
      // biome-ignore lint/suspicious/noExplicitAny: Agent.createConnection is public (Node's http docs) but @types/node leaves it out of Agent's type
      const socket = (http.Agent.prototype as any).createConnection.call(this, options, callback) as Duplex;
      socket.on('error', () => {});
      return socket;
    }
  }
  return new ListenedAgent({ keepAlive: true });
};

/** The operations that accept `ReturnConsumedCapacity`, by whether they consume read or write units. */
const CAPACITY_KIND: Readonly<Record<string, keyof CapacityUnits>> = {
  GetItem: 'read',
  BatchGetItem: 'read',
  Query: 'read',
  Scan: 'read',
  TransactGetItems: 'read',
  PutItem: 'write',
  UpdateItem: 'write',
  DeleteItem: 'write',
  BatchWriteItem: 'write',
  TransactWriteItems: 'write',
};

/** The units a response reports: one `ConsumedCapacity`, or one per table (batches, transactions). */
const reportedUnits = (output: unknown): number => {
  const consumed = (output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] } | undefined)
    ?.ConsumedCapacity;
  const all = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  return all.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
};

/** COST-1: asks each operation that can say what it consumed to say it, and adds it up in `reported`. */
const addCapacityReport = (client: DynamoDBClient, reported: CapacityUnits): void => {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const kind = CAPACITY_KIND[String(context.commandName ?? '').replace(/Command$/, '')];
      if (kind === undefined) return next(args);
      const input = args.input as { ReturnConsumedCapacity?: string };
      const result = await next({ ...args, input: { ...input, ReturnConsumedCapacity: input.ReturnConsumedCapacity ?? 'TOTAL' } });
      reported[kind] += reportedUnits(result.output);
      return result;
    },
    { step: 'initialize', name: 'arbiterCapacityReport' },
  );
};

export const createDynamoClient = ({
  endpoint,
  region = 'us-east-1',
  reportCapacity = Boolean(endpoint),
}: DynamoOptions = {}): CountingClient => {
  const client = new DynamoDBClient({
    region,
    ...(endpoint
      ? {
          endpoint,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          requestHandler: { httpAgent: listenedAgent() },
        }
      : {}),
    maxAttempts: 5,
  });
  // INV-1, INV-2: DynamoDB refuses an item over 400 KB; this says which, before sending it.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const largest = largestPut(args.input as Input);
      if (largest && largest.bytes > DYNAMODB_ITEM_LIMIT_BYTES) {
        const key = ['gameId', 'sk', 'pk'].flatMap((k) => (largest.item[k]?.S ? [`${k}=${largest.item[k].S}`] : [])).join(', ');
        throw new ItemTooLarge(
          `${String(context.commandName)}: an item of ${largest.bytes} bytes (${key}) is over DynamoDB's ${DYNAMODB_ITEM_LIMIT_BYTES}-byte limit; nothing was sent`,
        );
      }
      return next(args);
    },
    { step: 'initialize', priority: 'high', name: 'arbiterItemSize' },
  );
  const requests = new Map<string, number>();
  const itemsRead = new Map<string, number>();
  const units: CapacityUnits = { read: 0, write: 0 };
  const bytes = { read: 0, written: 0 };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      requests.set(name, (requests.get(name) ?? 0) + 1);
      const result = await next(args);
      const output = result.output as Output | undefined;
      const cost = unitsOf(name, args.input as Input, output);
      units.read += cost.read;
      units.write += cost.write;
      const size = bytesOf(args.input as Input, output);
      bytes.read += size.read;
      bytes.written += size.written;
      const read = itemsOf(output);
      if (read > 0) itemsRead.set(name, (itemsRead.get(name) ?? 0) + read);
      return result;
    },
    { step: 'initialize', name: 'arbiterRequestCounter' },
  );
  const reported: CapacityUnits = { read: 0, write: 0 };
  if (reportCapacity) addCapacityReport(client, reported);
  return { client, requests, itemsRead, units, bytes, reported };
};
