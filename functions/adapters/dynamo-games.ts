/**
 * Items of the `games` table other than snapshots: seeds, idempotency records, players,
 * read models and inboxes (see functions/adapters/tables.ts for the key design).
 */
import { createHash } from 'node:crypto';
import {
  BatchGetItemCommand,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  type QueryCommandInput,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { PublishedKey } from '../../domain/kernel/signature.ts';
import {
  type CommandRecord,
  type GamesPort,
  type InboxEntry,
  type LobbyEntry,
  lobbyOrder,
  type Player,
  type PlayerSigning,
  type ProjectedView,
  type ReadModel,
  type StaleMark,
} from '../kernel/ports.ts';
import { pack, unpack } from './compact.ts';
import type { Item } from './event-codec.ts';
import { gameKey, playerKey, secretAndCommandKeys, secretAndCommandOf, toCommandRecord } from './game-items.ts';
import { mergePartitions } from './lobby-merge.ts';
import { lobbyIndex, type TableNames } from './tables.ts';

/**
 * REL-31: how many index partitions each ruleset's lobby is spread over. A page asks each of
 * them, so this bounds what a page reads (page size + 1 entries per partition) as well as
 * spreading the writes. Changing it moves entries: run `npm run rebuild` after.
 */
export const LOBBY_SHARDS = 4;

const lobbyPartition = (ruleset: string, shard: number) => `LOBBY#${ruleset}#${shard}`;
const shardOf = (gameId: string) => (createHash('sha256').update(gameId).digest()[0] ?? 0) % LOBBY_SHARDS;

export class DynamoGames implements GamesPort {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly tables: TableNames,
  ) {}

  /** The seed and this command's idempotency record, in one request. */
  async secretAndCommand(gameId: string, commandId: string): Promise<{ seed: string | null; command: CommandRecord | null }> {
    const result = await this.db.send(
      new BatchGetItemCommand({
        RequestItems: { [this.tables.games]: { Keys: secretAndCommandKeys(gameId, commandId), ConsistentRead: true } },
      }),
    );
    return secretAndCommandOf((result.Responses?.[this.tables.games] ?? []) as Item[]);
  }

  async command(gameId: string, commandId: string): Promise<CommandRecord | null> {
    const { Item: item } = await this.db.send(
      new GetItemCommand({
        TableName: this.tables.games,
        Key: { pk: { S: gameKey(gameId) }, sk: { S: `CMD#${commandId}` } },
        ConsistentRead: true,
      }),
    );
    return item ? toCommandRecord(item) : null;
  }

  async readModel(gameId: string): Promise<ReadModel | null> {
    const { Item: item } = await this.db.send(
      new GetItemCommand({ TableName: this.tables.games, Key: { pk: { S: gameKey(gameId) }, sk: { S: 'VIEW' } } }),
    );
    const state = item ? viewStateOf(item) : null;
    if (state === null || !item?.version?.N) return null;
    const model = { version: Number(item.version.N), state };
    return item.stale?.S ? { ...model, stale: JSON.parse(item.stale.S) as StaleMark } : model;
  }

  /** INV-4: one attribute set on the view as it is; a later `putReadModel` replaces the whole item, and the mark with it. */
  async markStale(gameId: string, mark: StaleMark): Promise<void> {
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.tables.games,
          Key: { pk: { S: gameKey(gameId) }, sk: { S: 'VIEW' } },
          UpdateExpression: 'SET stale = :mark',
          ConditionExpression: 'attribute_exists(version)',
          ExpressionAttributeValues: { ':mark': { S: JSON.stringify(mark) } },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /**
   * Write the read model only over the version it was folded from (or over anything, to rebuild).
   * Its lobby entry is part of the same item (REL-20: nothing to lose between two writes), in the
   * `lobby` index only while there is one (REL-31). COST-2: the state is stored packed
   * (`stateZ`); the put replaces the whole item, so a legacy `state` goes with it.
   */
  async putReadModel(gameId: string, model: ProjectedView, previous: number | 'any'): Promise<boolean> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.tables.games,
          Item: {
            pk: { S: gameKey(gameId) },
            sk: { S: 'VIEW' },
            version: { N: String(model.version) },
            stateZ: { B: pack(model.state) },
            ...(model.lobby ? lobbyAttributes(model.lobby) : {}),
          },
          ...(previous === 'any'
            ? {}
            : previous === 0
              ? { ConditionExpression: 'attribute_not_exists(pk)' }
              : { ConditionExpression: 'version = :previous', ExpressionAttributeValues: { ':previous': { N: String(previous) } } }),
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async dropReadModel(gameId: string, version: number): Promise<void> {
    try {
      await this.db.send(
        new DeleteItemCommand({
          TableName: this.tables.games,
          Key: { pk: { S: gameKey(gameId) }, sk: { S: 'VIEW' } },
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': { N: String(version) } },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /** An inbox entry never goes back in time: older versions lose. */
  async putInbox(playerId: string, entry: InboxEntry): Promise<void> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.tables.games,
          Item: {
            pk: { S: playerKey(playerId) },
            sk: { S: `GAME#${entry.gameId}` },
            entry: { S: JSON.stringify(entry) },
            version: { N: String(entry.version) },
          },
          ConditionExpression: 'attribute_not_exists(pk) OR version < :v',
          ExpressionAttributeValues: { ':v': { N: String(entry.version) } },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /**
   * REL-31: the first `count` lobby entries of these rulesets after order key `after`, in lobby
   * order, and whether more follow: a merge of the index partitions (lobby-merge.ts), none read
   * past `count + 1` entries (the one past the page tells whether more follow), so a page reads
   * at most that many items per partition, however many games the lobby holds.
   */
  async lobby(rulesets: readonly string[], after: string | null, count: number): Promise<{ entries: LobbyEntry[]; more: boolean }> {
    const partitions = rulesets.flatMap((ruleset) => Array.from({ length: LOBBY_SHARDS }, (_, shard) => lobbyPartition(ruleset, shard)));
    const entries = await mergePartitions(partitions, count + 1, lobbyOrder, (partition, start: Item | undefined, limit) =>
      this.lobbyChunk(partition, after, start, limit),
    );
    return { entries: entries.slice(0, count), more: entries.length > count };
  }

  private async lobbyChunk(partition: string, after: string | null, start: Item | undefined, limit: number) {
    const page = await this.db.send(
      new QueryCommand({
        TableName: this.tables.games,
        IndexName: lobbyIndex.name,
        Limit: limit,
        ...(start ? { ExclusiveStartKey: start } : {}),
        ...(after === null
          ? {
              KeyConditionExpression: '#p = :p',
              ExpressionAttributeNames: { '#p': lobbyIndex.partitionKey.name },
              ExpressionAttributeValues: { ':p': { S: partition } },
            }
          : {
              KeyConditionExpression: '#p = :p AND #o > :after',
              ExpressionAttributeNames: { '#p': lobbyIndex.partitionKey.name, '#o': lobbyIndex.sortKey.name },
              ExpressionAttributeValues: { ':p': { S: partition }, ':after': { S: after } },
            }),
      }),
    );
    const entries = (page.Items ?? []).flatMap((item) => (item.lobbyEntry?.S ? [JSON.parse(item.lobbyEntry.S) as LobbyEntry] : []));
    return { entries, end: page.LastEvaluatedKey as Item | undefined };
  }

  async inbox(playerId: string): Promise<InboxEntry[]> {
    const items = await queryAll(this.db, {
      TableName: this.tables.games,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :g)',
      ExpressionAttributeValues: { ':pk': { S: playerKey(playerId) }, ':g': { S: 'GAME#' } },
    });
    return items.flatMap((item) => {
      if (!item.entry?.S) return [];
      const entry = JSON.parse(item.entry.S) as InboxEntry;
      return [item.stale?.S ? { ...entry, stale: JSON.parse(item.stale.S) as StaleMark } : entry];
    });
  }

  /** INV-4: one attribute on the row as it is; the next `putInbox` replaces the whole item, and the mark with it. */
  async markInboxStale(playerId: string, gameId: string, mark: StaleMark): Promise<void> {
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.tables.games,
          Key: { pk: { S: playerKey(playerId) }, sk: { S: `GAME#${gameId}` } },
          UpdateExpression: 'SET stale = :mark',
          ConditionExpression: 'attribute_exists(entry)',
          ExpressionAttributeValues: { ':mark': { S: JSON.stringify(mark) } },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async createPlayer(player: Player, createdAt: string): Promise<void> {
    await this.db.send(
      new PutItemCommand({
        TableName: this.tables.games,
        Item: {
          pk: { S: playerKey(player.playerId) },
          sk: { S: 'PROFILE' },
          name: { S: player.name },
          apiKeyHash: { S: player.apiKeyHash },
          createdAt: { S: createdAt },
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async player(playerId: string): Promise<Player | null> {
    const { Item: item } = await this.db.send(
      new GetItemCommand({ TableName: this.tables.games, Key: { pk: { S: playerKey(playerId) }, sk: { S: 'PROFILE' } } }),
    );
    if (!item?.apiKeyHash?.S || !item.name?.S) return null;
    const signing = signingOf(item);
    return {
      playerId,
      name: item.name.S,
      apiKeyHash: item.apiKeyHash.S,
      ...(item.createdAt?.S ? { createdAt: item.createdAt.S } : {}),
      ...(signing ? { signing } : {}),
    };
  }

  /** A new name on an existing profile; false when there is no such player. */
  async renamePlayer(playerId: string, name: string): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.tables.games,
          Key: { pk: { S: playerKey(playerId) }, sk: { S: 'PROFILE' } },
          UpdateExpression: 'SET #name = :name',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': { S: name } },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /**
   * Replace the key hash only while it is still `oldHash`. The profile holds the player's one
   * hash (the key names the player, so no key-hash index exists): a single conditional write
   * revokes the old key as it installs the new one, and of two concurrent rotations one fails.
   */
  async rotateKey(playerId: string, oldHash: string, newHash: string): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.tables.games,
          Key: { pk: { S: playerKey(playerId) }, sk: { S: 'PROFILE' } },
          UpdateExpression: 'SET apiKeyHash = :new',
          ConditionExpression: 'apiKeyHash = :old',
          ExpressionAttributeValues: { ':old': { S: oldHash }, ':new': { S: newHash } },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /** The display names of these players (at most 100), by id; unknown ids are left out. */
  async playerNames(playerIds: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const [playerId, item] of await this.profiles(playerIds, '#name')) if (item.name?.S) names.set(playerId, item.name.S);
    return names;
  }

  /**
   * TRUST-6: the signing keys and setting live on the profile, which authenticating a request reads
   * anyway (so the command path checks a signature with no read of its own); a write names the
   * revision it read, so of two concurrent changes one fails and is made again on what the other left.
   */
  async setSigning(playerId: string, signing: Omit<PlayerSigning, 'revision'>, revision: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.tables.games,
          Key: { pk: { S: playerKey(playerId) }, sk: { S: 'PROFILE' } },
          UpdateExpression: 'SET signing = :signing, signingRev = :next',
          ConditionExpression: revision === 0 ? 'attribute_exists(pk) AND attribute_not_exists(signingRev)' : 'signingRev = :rev',
          ExpressionAttributeValues: {
            ':signing': { S: JSON.stringify({ keys: signing.keys, requireSignatures: signing.requireSignatures }) },
            ':next': { N: String(revision + 1) },
            ...(revision === 0 ? {} : { ':rev': { N: String(revision) } }),
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async playerKeys(playerIds: readonly string[]): Promise<Map<string, readonly PublishedKey[]>> {
    const keys = new Map<string, readonly PublishedKey[]>();
    for (const [playerId, item] of await this.profiles(playerIds, 'signing, signingRev')) {
      const signing = signingOf(item);
      if (signing && signing.keys.length > 0) keys.set(playerId, signing.keys);
    }
    return keys;
  }

  /** These players' profiles (at most 100), by id, with only `projection`'s attributes; unknown ids are left out. */
  private async profiles(playerIds: readonly string[], projection: string): Promise<Map<string, Item>> {
    const found = new Map<string, Item>();
    let keys: Item[] = [...new Set(playerIds)].map((id) => ({ pk: { S: playerKey(id) }, sk: { S: 'PROFILE' } }));
    while (keys.length > 0) {
      const names = projection.includes('#name') ? { ExpressionAttributeNames: { '#name': 'name' } } : {};
      const result = await this.db.send(
        new BatchGetItemCommand({
          RequestItems: { [this.tables.games]: { Keys: keys, ProjectionExpression: `pk, ${projection}`, ...names } },
        }),
      );
      for (const item of result.Responses?.[this.tables.games] ?? []) {
        if (item.pk?.S) found.set(item.pk.S.slice('PLAYER#'.length), item);
      }
      keys = (result.UnprocessedKeys?.[this.tables.games]?.Keys ?? []) as Item[];
    }
    return found;
  }
}

/**
 * COST-2: a view's state text. Views are written packed (`stateZ`, 8 to 13 times smaller than the JSON, and
 * a view is rewritten by every projected command); one written before that holds it as JSON
 * text (`state`) until its game's next projection or `npm run rebuild` rewrites it, so tables and
 * data folders need no migration step. Null when the item holds neither.
 */
const viewStateOf = (item: Item): string | null => {
  if (item.stateZ?.B) return unpack(item.stateZ.B);
  return item.state?.S || null;
};

const lobbyAttributes = (entry: LobbyEntry): Item => ({
  [lobbyIndex.partitionKey.name]: { S: lobbyPartition(entry.ruleset, shardOf(entry.gameId)) },
  [lobbyIndex.sortKey.name]: { S: lobbyOrder(entry) },
  lobbyEntry: { S: JSON.stringify(entry) },
});

/** Every item a Query matches, page after page. */
export const queryAll = async (db: DynamoDBClient, input: QueryCommandInput): Promise<Item[]> => {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ...(start ? { ExclusiveStartKey: start } : {}) }));
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/** TRUST-6: a profile's signing keys and setting, as `setSigning` wrote them; undefined before the first write. */
const signingOf = (item: Item): PlayerSigning | undefined => {
  const text = item.signing?.S;
  const revision = item.signingRev?.N;
  if (text === undefined || revision === undefined) return undefined;
  const { keys, requireSignatures } = JSON.parse(text) as Omit<PlayerSigning, 'revision'>;
  return { keys, requireSignatures, revision: Number(revision) };
};
