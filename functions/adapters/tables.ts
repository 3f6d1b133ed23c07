/**
 * The one definition of Arbiter's DynamoDB tables. The CDK stack (infra/aws) and the
 * local runtime (infra/local) both build their tables from this, so they cannot drift.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export interface KeyAttribute {
  readonly name: string;
  readonly type: 'S' | 'N';
}

export interface TableDefinition {
  /** Logical name; the physical name is `${prefix}${name}`. */
  readonly name: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
  /** Stream view, when the table drives stream consumers. */
  readonly stream?: 'NEW_IMAGE';
  /** The attribute (epoch seconds) after which DynamoDB removes an item, on AWS. */
  readonly timeToLive?: string;
  readonly indexes?: readonly IndexDefinition[];
}

/** A global secondary index projecting its keys and `attributes` only (INCLUDE). */
export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
  readonly attributes: readonly string[];
}

/**
 * REL-31 `lobby`: the open public games, on the read models themselves (a view is in the
 * index only while its game is in the lobby), so a view and its lobby entry are one write.
 * Partitioned `LOBBY#<ruleset>#<shard>` so lobby writes spread over several keys; ordered
 * `<createdAt>#<gameId>`, oldest first, so a page is a key-ordered query from a cursor.
 */
export const lobbyIndex: IndexDefinition = {
  name: 'lobby',
  partitionKey: { name: 'lobbyPartition', type: 'S' },
  sortKey: { name: 'lobbyOrder', type: 'S' },
  attributes: ['lobbyEntry'],
};

/**
 * `events`: the immutable log. One item per event, `gameId` + gap-free `seq`, never
 * updated or deleted. Its stream (new images) is the outbox for every consumer.
 */
export const eventsTable: TableDefinition = {
  name: 'events',
  partitionKey: { name: 'gameId', type: 'S' },
  sortKey: { name: 'seq', type: 'N' },
  stream: 'NEW_IMAGE',
};

/**
 * `games`: everything that is not the log, in one single-table design keyed `pk`/`sk`:
 * - `GAME#<id>` / `VIEW`        the read model (folded state), written by the projector
 * - `GAME#<id>` / `SNAP#<seq>`  snapshots of the folded state, written with commands
 * - `GAME#<id>` / `SNAP#LATEST` a copy of the latest snapshot, read by the command path
 * - `GAME#<id>` / `SECRET`      the game's dice seed, revealed only in the log at the end
 * - `GAME#<id>` / `CMD#<id>`    idempotency records, one per accepted command
 * - `PLAYER#<id>` / `PROFILE`   a player and the SHA-256 of their API key
 * - `PLAYER#<id>` / `GAME#<id>` the player's inbox entry for a match (projector)
 * - `PLAYER#<id>` / `HOOK#<id>` a webhook subscription with its signing secret and its
 *                               delivery log (the latest 50 entries), under its owner
 * - `PLAYER#<id>` / `COUNT#HOOKS` how many webhooks the player has, written with each (REL-25)
 * - `PLAYER#<id>` / `WAITS`     the player's waiting requests on AWS, a map of lease ids to
 *                               when each runs out (REL-23, wait-lease-table.ts)
 * - `RATE#<action>#<key or address>` / `<window start>` a rate-limit counter (REL-26), removed
 *                               by the TTL on `expiresAt` once its hour is over
 * - `WEBHOOK-RETRIES` / `<delivery id>` a delivery waiting for its next attempt, in the
 *                               local runtime only (on AWS it waits in SQS)
 * and the index `lobby` over the views of games open to join (`lobbyIndex`).
 */
export const gamesTable: TableDefinition = {
  name: 'games',
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  timeToLive: 'expiresAt',
  indexes: [lobbyIndex],
};

export const tableDefinitions = [eventsTable, gamesTable] as const;

export interface TableNames {
  readonly events: string;
  readonly games: string;
}

export const tableNames = (prefix = 'arbiter-'): TableNames => ({
  events: `${prefix}${eventsTable.name}`,
  games: `${prefix}${gamesTable.name}`,
});

const keySchema = (def: { partitionKey: KeyAttribute; sortKey: KeyAttribute }) => [
  { AttributeName: def.partitionKey.name, KeyType: 'HASH' as const },
  { AttributeName: def.sortKey.name, KeyType: 'RANGE' as const },
];

const attributeDefinitions = (def: { partitionKey: KeyAttribute; sortKey: KeyAttribute }) => [
  { AttributeName: def.partitionKey.name, AttributeType: def.partitionKey.type },
  { AttributeName: def.sortKey.name, AttributeType: def.sortKey.type },
];

/** An index as CreateTable and UpdateTable (adding it to an existing table) take it. */
export const indexInput = (index: IndexDefinition) => ({
  IndexName: index.name,
  KeySchema: keySchema(index),
  Projection: { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.attributes] },
});

/** The attribute definitions of a table's keys and its indexes' keys. */
export const keyAttributeDefinitions = (def: TableDefinition) => [
  ...attributeDefinitions(def),
  ...(def.indexes ?? []).flatMap(attributeDefinitions),
];

/** The CreateTable request for DynamoDB (Local), on-demand billing as on AWS. */
export const createTableInput = (def: TableDefinition, physicalName: string): CreateTableCommandInput => ({
  TableName: physicalName,
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: keyAttributeDefinitions(def),
  KeySchema: keySchema(def),
  ...(def.indexes?.length ? { GlobalSecondaryIndexes: def.indexes.map(indexInput) } : {}),
  ...(def.stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream } } : {}),
});
