/**
 * Webhook subscriptions in the `games` table, one item each under their owner:
 * `PLAYER#<playerId>` / `HOOK#<subscriptionId>`, holding the subscription, its signing
 * secret and its delivery log (the latest entries, bounded). Every change is a
 * read-modify-write conditioned on the item's revision, so the API and concurrent
 * deliveries never overwrite each other's log entries.
 */
import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  type QueryCommandInput,
} from '@aws-sdk/client-dynamodb';
import type { TableNames } from '../../infra/tables.ts';
import type { Item } from './event-codec.ts';
import { playerKey, queryAll } from './games-table.ts';

export const hookSk = (subscriptionId: string) => `HOOK#${subscriptionId}`;

export interface Subscription {
  readonly id: string;
  readonly playerId: string;
  readonly url: string;
  /** One game, or null for every game the player is seated in. */
  readonly gameId: string | null;
  readonly kinds: readonly string[];
  readonly format: 'json' | 'discord' | 'slack';
  readonly description: string | null;
  readonly createdAt: string;
  readonly enabled: boolean;
  readonly disabledAt: string | null;
  readonly disabledReason: string | null;
}

export type DeliveryStatus = 'sending' | 'retrying' | 'delivered' | 'failed' | 'cancelled';

export interface DeliveryLogEntry {
  /** The Standard Webhooks `webhook-id`: the same for every attempt. */
  readonly id: string;
  readonly kind: string;
  readonly eventId: string | null;
  readonly gameId: string | null;
  readonly createdAt: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly lastAttemptAt: string | null;
  readonly nextAttemptAt: string | null;
  readonly responseStatus: number | null;
  readonly lastError: string | null;
}

export interface HookRecord {
  readonly subscription: Subscription;
  readonly secret: string;
  /** Oldest first. */
  readonly log: readonly DeliveryLogEntry[];
  readonly rev: number;
}

const CONFLICT_RETRIES = 20;

export class WebhookTable {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly tables: TableNames,
  ) {}

  /** False when a subscription with this id exists already. */
  async create(subscription: Subscription, secret: string): Promise<boolean> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.tables.games,
          Item: toItem({ subscription, secret, log: [], rev: 1 }),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async list(playerId: string): Promise<HookRecord[]> {
    return (await this.hookItems(playerId, { ConsistentRead: true })).map(fromItem);
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

  /** Whether there was one to delete. */
  async delete(playerId: string, subscriptionId: string): Promise<boolean> {
    const { Attributes: old } = await this.db.send(
      new DeleteItemCommand({ TableName: this.tables.games, Key: key(playerId, subscriptionId), ReturnValues: 'ALL_OLD' }),
    );
    return old !== undefined;
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

const toItem = (record: HookRecord): Item => ({
  ...key(record.subscription.playerId, record.subscription.id),
  subscription: { S: JSON.stringify(record.subscription) },
  secret: { S: record.secret },
  log: { S: JSON.stringify(record.log) },
  rev: { N: String(record.rev) },
});

const fromItem = (item: Item): HookRecord => ({
  subscription: JSON.parse(item.subscription?.S ?? '{}') as Subscription,
  secret: item.secret?.S ?? '',
  log: JSON.parse(item.log?.S ?? '[]') as DeliveryLogEntry[],
  rev: Number(item.rev?.N ?? 0),
});
