/**
 * Webhook subscriptions in the `games` table, one item each under their owner:
 * `PLAYER#<playerId>` / `HOOK#<subscriptionId>`, holding the subscription, its signing
 * secret and its delivery log (the latest entries, bounded). Every change is a
 * read-modify-write conditioned on the item's revision, so the API and concurrent
 * deliveries never overwrite each other's log entries.
 *
 * REL-25: a player's count of subscriptions is an item of its own, `PLAYER#<playerId>` /
 * `COUNT#HOOKS`, written in the same transaction as each creation (on the condition that it
 * is under the limit) and each deletion, so the limit holds however many requests race.
 */
import {
  ConditionalCheckFailedException,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  type TransactWriteItemsCommandInput,
} from '@aws-sdk/client-dynamodb';
import type { CreateOutcome, DeliveryLogEntry, HookRecord, Subscription, WebhookStore } from '../kernel/ports.ts';
import { pack, unpack } from './compact.ts';
import { queryAll } from './dynamo-games.ts';
import type { Item } from './event-codec.ts';
import { playerKey } from './game-items.ts';
import type { TableNames } from './tables.ts';

export const hookSk = (subscriptionId: string) => `HOOK#${subscriptionId}`;

const CONFLICT_RETRIES = 20;

const COUNT_SK = 'COUNT#HOOKS';

/**
 * Every creation and deletion of one player's webhooks writes the one count item, so racing
 * requests collide and wait their turn: enough tries for dozens at once.
 */
const COUNT_RETRIES = 60;

/** Transactions on one player's count that collide are retried after a short random pause. */
const pause = (attempt: number) => new Promise((done) => setTimeout(done, Math.random() * Math.min(250, 10 * 2 ** attempt)));

const conflicted = (error: TransactionCanceledException): boolean =>
  (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');

export class WebhookTable implements WebhookStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly tables: TableNames,
  ) {}

  /**
   * The subscription and its owner's count, in one transaction: at most `max` per player,
   * however many creations race (REL-25).
   */
  async create(subscription: Subscription, secret: string, max: number): Promise<CreateOutcome> {
    const { playerId } = subscription;
    const full = (n: number) => n >= max;
    const outcome = await this.transact(playerId, full, {
      TransactItems: [
        {
          Put: {
            TableName: this.tables.games,
            Item: toItem({ subscription, secret, log: [], rev: 1 }),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: this.tables.games,
            Key: countKey(playerId),
            UpdateExpression: 'ADD n :one',
            // A missing count fails too: it is counted from the items first (countFromItems).
            ConditionExpression: 'n < :max',
            ExpressionAttributeValues: { ':one': { N: '1' }, ':max': { N: String(max) } },
          },
        },
      ],
    });
    if (outcome === 'done') return 'created';
    return (await this.get(playerId, subscription.id)) ? 'exists' : 'full';
  }

  /** The subscriptions alone (no secret, no log): what fan-out reads for every event. */
  async subscriptions(playerId: string): Promise<Subscription[]> {
    const items = await this.hookItems(playerId, { ProjectionExpression: '#s', ExpressionAttributeNames: { '#s': 'subscription' } });
    return items.flatMap((item) => (item.subscription?.S ? [JSON.parse(item.subscription.S) as Subscription] : []));
  }

  /** Every HOOK# item of a player, page after page. */
  private hookItems(playerId: string, extra: Partial<QueryCommandInput>): Promise<Item[]> {
    return queryAll(this.db, {
      TableName: this.tables.games,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :h)',
      ExpressionAttributeValues: { ':pk': { S: playerKey(playerId) }, ':h': { S: 'HOOK#' } },
      ...extra,
    });
  }

  async get(playerId: string, subscriptionId: string): Promise<HookRecord | null> {
    const { Item: item } = await this.db.send(
      new GetItemCommand({ TableName: this.tables.games, Key: key(playerId, subscriptionId), ConsistentRead: true }),
    );
    return item ? fromItem(item) : null;
  }

  /** Whether there was one to delete; its owner's count goes down with it (REL-25). */
  async delete(playerId: string, subscriptionId: string): Promise<boolean> {
    const outcome = await this.transact(playerId, () => false, {
      TransactItems: [
        { Delete: { TableName: this.tables.games, Key: key(playerId, subscriptionId), ConditionExpression: 'attribute_exists(pk)' } },
        {
          Update: {
            TableName: this.tables.games,
            Key: countKey(playerId),
            UpdateExpression: 'ADD n :minusOne',
            ConditionExpression: 'n > :zero',
            ExpressionAttributeValues: { ':minusOne': { N: '-1' }, ':zero': { N: '0' } },
          },
        },
      ],
    });
    return outcome === 'done';
  }

  /**
   * Run a transaction that changes `playerId`'s count: again when it collided with another, and
   * once the count exists when it did not yet. 'refused' when a condition failed otherwise, or
   * when, after a collision, the count says it would (`hopeless`): the requests that lost a race
   * for the last places stop at once instead of colliding with those still in it.
   */
  private async transact(
    playerId: string,
    hopeless: (count: number) => boolean,
    input: TransactWriteItemsCommandInput,
  ): Promise<'done' | 'refused'> {
    for (let attempt = 0; attempt < COUNT_RETRIES; attempt += 1) {
      if (attempt > 0) {
        const count = await this.count(playerId);
        if (count !== null && hopeless(count)) return 'refused';
      }
      try {
        await this.db.send(new TransactWriteItemsCommand(input));
        return 'done';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        if (conflicted(error)) await pause(attempt);
        else if (!(await this.countFromItems(playerId))) return 'refused';
      }
    }
    throw new Error(`the webhooks of ${playerId}: ${COUNT_RETRIES} conflicting transactions in a row`);
  }

  /** The player's count of webhooks, or null while it has none (countFromItems). */
  private async count(playerId: string): Promise<number | null> {
    const { Item: item } = await this.db.send(
      new GetItemCommand({ TableName: this.tables.games, Key: countKey(playerId), ConsistentRead: true }),
    );
    return item?.n?.N === undefined ? null : Number(item.n.N);
  }

  /**
   * A player whose subscriptions were made before the count existed (an older data folder or
   * table) gets it here, counted from their items; true when this wrote it. No creation or
   * deletion succeeds while it is missing, so the items cannot change while they are counted.
   */
  private async countFromItems(playerId: string): Promise<boolean> {
    if ((await this.count(playerId)) !== null) return false;
    let n = 0;
    let start: Item | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tables.games,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :h)',
          ExpressionAttributeValues: { ':pk': { S: playerKey(playerId) }, ':h': { S: 'HOOK#' } },
          Select: 'COUNT',
          ConsistentRead: true,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      n += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.tables.games,
          Item: { ...countKey(playerId), n: { N: String(n) } },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      // Another request counted them at the same moment: the count is there now.
      if (error instanceof ConditionalCheckFailedException) return true;
      throw error;
    }
  }

  /**
   * Apply `change` to the current record and write it over the revision it was read at,
   * again on a conflict. `change` returning null writes nothing. Answers the record as
   * written (or as read, when unchanged), and null when the subscription is gone.
   */
  async update(
    playerId: string,
    subscriptionId: string,
    change: (record: HookRecord) => Omit<HookRecord, 'rev'> | null,
  ): Promise<HookRecord | null> {
    for (let attempt = 0; attempt < CONFLICT_RETRIES; attempt += 1) {
      const current = await this.get(playerId, subscriptionId);
      if (!current) return null;
      const changed = change(current);
      if (!changed) return current;
      const next = { ...changed, rev: current.rev + 1 };
      try {
        await this.db.send(
          new PutItemCommand({
            TableName: this.tables.games,
            Item: toItem(next),
            ConditionExpression: 'rev = :rev',
            ExpressionAttributeValues: { ':rev': { N: String(current.rev) } },
          }),
        );
        return next;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    throw new Error(`webhook ${subscriptionId}: ${CONFLICT_RETRIES} conflicting writes in a row`);
  }
}

const key = (playerId: string, subscriptionId: string): Item => ({ pk: { S: playerKey(playerId) }, sk: { S: hookSk(subscriptionId) } });

const countKey = (playerId: string): Item => ({ pk: { S: playerKey(playerId) }, sk: { S: COUNT_SK } });

const toItem = (record: HookRecord): Item => ({
  ...key(record.subscription.playerId, record.subscription.id),
  subscription: { S: JSON.stringify(record.subscription) },
  secret: { S: record.secret },
  // COST-2: the delivery log (up to 50 entries, about 14 KB of JSON) is rewritten by every delivery, twice; packed it is a few KB.
  logZ: { B: pack(JSON.stringify(record.log)) },
  rev: { N: String(record.rev) },
});

const fromItem = (item: Item): HookRecord => ({
  subscription: JSON.parse(item.subscription?.S ?? '{}') as Subscription,
  secret: item.secret?.S ?? '',
  // A subscription written before COST-2 keeps its log as JSON text until its next change.
  log: JSON.parse(item.logZ?.B ? unpack(item.logZ.B) : (item.log?.S ?? '[]')) as DeliveryLogEntry[],
  rev: Number(item.rev?.N ?? 0),
});
