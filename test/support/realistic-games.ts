/** COST-1: the realistic games of scenarios/realistic-games.ts, each command measured on DynamoDB Local. */
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { type CountingClient, itemBytes, writeUnits } from '../../functions/adapters/dynamo-client.ts';
import { eventToItem } from '../../functions/adapters/event-codec.ts';
import type { TableNames } from '../../functions/adapters/tables.ts';
import type { CommandRequest } from '../../functions/games/app/commands.ts';
import { executeCommand } from '../../functions/games/app/commands.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { type Give, playRealisticGame, type RealisticRuleset } from '../../scenarios/realistic-games.ts';

export * from '../../scenarios/realistic-games.ts';

/** What one command cost on DynamoDB Local, as its client counted and DynamoDB reported it (COST-1). */
export interface MeasuredCommand {
  readonly type: string;
  /** Its events' first and last seq. */
  readonly seq: number;
  readonly lastSeq: number;
  readonly events: number;
  /** Sent with `expectedVersion`. */
  readonly positioned: boolean;
  /** It wrote with a TransactWriteItems. */
  readonly transactional: boolean;
  readonly requests: number;
  /** Capacity units DynamoDB reported for its requests. */
  readonly rcu: number;
  readonly wcu: number;
  /** Its events' items as `eventToItem` makes them, each in bytes as DynamoDB counts them. */
  readonly eventBytes: readonly number[];
  /** The write units its checkpoint (`ckpt` on its last event's item) added to that item; null when it wrote none. */
  readonly checkpointWcu: number | null;
}

/** The storage a measured game is played on: a client that reports capacity, and deps on its own tables. */
export interface MeasuredDb {
  readonly dynamo: CountingClient;
  readonly tables: TableNames;
  readonly deps: Deps;
}

const totalRequests = (dynamo: CountingClient) => [...dynamo.requests.values()].reduce((a, b) => a + b, 0);

/** The client's counts now, to be taken from its counts after a command. */
const countsOf = (dynamo: CountingClient) => ({
  requests: totalRequests(dynamo),
  transactions: dynamo.requests.get('TransactWriteItems') ?? 0,
  ...dynamo.reported,
});

/**
 * The checkpoint a batch wrote: the store keeps it on the batch's last event item as the binary
 * attribute `ckpt` (COST-2). What it added is that item's write units with it, less without it,
 * twice over in a transaction (at DynamoDB's rates: `writeUnits`).
 */
const checkpointWcu = async (db: MeasuredDb, gameId: string, lastSeq: number, transactional: boolean): Promise<number | null> => {
  const { Item } = await db.dynamo.client.send(
    new GetItemCommand({ TableName: db.tables.events, Key: { gameId: { S: gameId }, seq: { N: String(lastSeq) } }, ConsistentRead: true }),
  );
  if (!Item?.ckpt) return null;
  const { ckpt: _, ...without } = Item;
  const options = { transactional };
  return writeUnits([itemBytes(Item)], options) - writeUnits([itemBytes(without)], options);
};

/** `executeCommand`, measured by the client's counts around it; the look at the written items comes after. */
const measuring = (db: MeasuredDb, measured: Map<CommandRequest, MeasuredCommand>): Give => {
  return async (deps, request) => {
    const before = countsOf(db.dynamo);
    const result = await executeCommand(deps, request);
    const after = countsOf(db.dynamo);
    const first = result.events[0];
    const last = result.events.at(-1);
    if (result.replayed || !first || !last) return result;
    const transactional = after.transactions > before.transactions;
    measured.set(request, {
      type: request.command.type,
      seq: first.seq,
      lastSeq: last.seq,
      events: result.events.length,
      positioned: request.expectedVersion !== undefined,
      transactional,
      requests: after.requests - before.requests,
      rcu: after.read - before.read,
      wcu: after.write - before.write,
      eventBytes: result.events.map((e) => itemBytes(eventToItem(e))),
      checkpointWcu: await checkpointWcu(db, request.gameId, last.seq, transactional),
    });
    return result;
  };
};

/** A realistic game played on `db`, and what each of its commands that wrote events cost. */
export const measureRealisticGame = async (db: MeasuredDb, ruleset: RealisticRuleset, options: { takeBack?: boolean } = {}) => {
  const measured = new Map<CommandRequest, MeasuredCommand>();
  const given = await playRealisticGame(db.deps, ruleset, { ...options, give: measuring(db, measured) });
  return { given, measured: given.flatMap((g) => measured.get(g.request) ?? []) };
};
