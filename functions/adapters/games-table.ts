/**
 * Items of the `games` table other than snapshots: seeds, idempotency records, players,
 * read models and inboxes (see infra/tables.ts for the key design).
 */
import {
  BatchGetItemCommand,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { TableNames } from '../../infra/tables.ts';
import type { Item } from './event-codec.ts';
import { gameKey } from './event-store.ts';

export const playerKey = (playerId: string) => `PLAYER#${playerId}`;

export interface CommandRecord {
  readonly bodyHash: string;
  readonly firstSeq: number;
  readonly lastSeq: number;
}

export interface ReadModel {
  readonly version: number;
  /** The folded GameState as JSON text. */
  readonly state: string;
}

export interface InboxEntry {
  readonly gameId: string;
  readonly ruleset: string;
  readonly status: string;
  readonly seat: string;
  readonly awaiting: boolean;
  readonly deadline: string | null;
  readonly version: number;
  readonly updatedAt: string;
}

/** API-9: a public game open to join, as the lobby lists it. */
export interface LobbyEntry {
  readonly gameId: string;
  readonly ruleset: string;
  readonly seatsFree: number;
  readonly createdAt: string;
}

const LOBBY = 'LOBBY';
const lobbySk = (entry: Pick<LobbyEntry, 'createdAt' | 'gameId'>) => `${entry.createdAt}#${entry.gameId}`;

export interface Player {
  readonly playerId: string;
  readonly name: string;
  readonly apiKeyHash: string;
  readonly createdAt?: string;
}

export class GamesTable {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly tables: TableNames,
  ) {}

  secretItem(gameId: string, seed: string): Item {
    return { pk: { S: gameKey(gameId) }, sk: { S: 'SECRET' }, seed: { S: seed } };
  }

  commandItem(gameId: string, commandId: string, record: CommandRecord): Item {
    return {
      pk: { S: gameKey(gameId) },
      sk: { S: `CMD#${commandId}` },
      bodyHash: { S: record.bodyHash },
      firstSeq: { N: String(record.firstSeq) },
      lastSeq: { N: String(record.lastSeq) },
    };
  }

  /** The keys of the seed and of this command's idempotency record. */
  secretAndCommandKeys(gameId: string, commandId: string): Item[] {
    return [
      { pk: { S: gameKey(gameId) }, sk: { S: 'SECRET' } },
      { pk: { S: gameKey(gameId) }, sk: { S: `CMD#${commandId}` } },
    ];
  }

  /** The seed and the idempotency record among items read by `secretAndCommandKeys`. */
  secretAndCommandOf(items: readonly Item[]): { seed: string | null; command: CommandRecord | null } {
    const seed = items.find((i) => i.sk?.S === 'SECRET')?.seed?.S ?? null;
    const record = items.find((i) => i.sk?.S?.startsWith('CMD#'));
    return { seed, command: record ? toCommandRecord(record) : null };
  }

  /** The seed and this command's idempotency record, in one request. */
  async secretAndCommand(gameId: string, commandId: string): Promise<{ seed: string | null; command: CommandRecord | null }> {
    const result = await this.db.send(
      new BatchGetItemCommand({
        RequestItems: { [this.tables.games]: { Keys: this.secretAndCommandKeys(gameId, commandId), ConsistentRead: true } },
      }),
    );
    return this.secretAndCommandOf((result.Responses?.[this.tables.games] ?? []) as Item[]);
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
    if (!item?.state?.S || !item.version?.N) return null;
    return { version: Number(item.version.N), state: item.state.S };
  }

  /** Write the read model only over the version it was folded from (or over anything, to rebuild). */
  async putReadModel(gameId: string, model: ReadModel, previous: number | 'any'): Promise<boolean> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.tables.games,
          Item: { pk: { S: gameKey(gameId) }, sk: { S: 'VIEW' }, version: { N: String(model.version) }, state: { S: model.state } },
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
   * API-9: list a game in the lobby as of read-model `version`, only while that is still the
   * game's read model (a projection of a later version that already removed it wins).
   */
  async putLobby(entry: LobbyEntry, version: number): Promise<void> {
    try {
      await this.db.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: this.tables.games,
                Key: { pk: { S: gameKey(entry.gameId) }, sk: { S: 'VIEW' } },
                ConditionExpression: 'version = :v',
                ExpressionAttributeValues: { ':v': { N: String(version) } },
              },
            },
            {
              Put: {
                TableName: this.tables.games,
                Item: { pk: { S: LOBBY }, sk: { S: lobbySk(entry) }, entry: { S: JSON.stringify(entry) }, version: { N: String(version) } },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
    }
  }

  async deleteLobby(entry: Pick<LobbyEntry, 'createdAt' | 'gameId'>): Promise<void> {
    await this.db.send(new DeleteItemCommand({ TableName: this.tables.games, Key: { pk: { S: LOBBY }, sk: { S: lobbySk(entry) } } }));
  }

  /** The lobby, oldest game first. */
  async lobby(): Promise<LobbyEntry[]> {
    const items = await queryAll(this.db, {
      TableName: this.tables.games,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: LOBBY } },
    });
    return items.flatMap((item) => (item.entry?.S ? [JSON.parse(item.entry.S) as LobbyEntry] : []));
  }

  async inbox(playerId: string): Promise<InboxEntry[]> {
    const items = await queryAll(this.db, {
      TableName: this.tables.games,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :g)',
      ExpressionAttributeValues: { ':pk': { S: playerKey(playerId) }, ':g': { S: 'GAME#' } },
    });
    return items.flatMap((item) => (item.entry?.S ? [JSON.parse(item.entry.S) as InboxEntry] : []));
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
    return { playerId, name: item.name.S, apiKeyHash: item.apiKeyHash.S, ...(item.createdAt?.S ? { createdAt: item.createdAt.S } : {}) };
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
    let keys: Item[] = [...new Set(playerIds)].map((id) => ({ pk: { S: playerKey(id) }, sk: { S: 'PROFILE' } }));
    while (keys.length > 0) {
      const result = await this.db.send(
        new BatchGetItemCommand({
          RequestItems: {
            [this.tables.games]: { Keys: keys, ProjectionExpression: 'pk, #name', ExpressionAttributeNames: { '#name': 'name' } },
          },
        }),
      );
      for (const item of result.Responses?.[this.tables.games] ?? []) {
        if (item.pk?.S && item.name?.S) names.set(item.pk.S.slice('PLAYER#'.length), item.name.S);
      }
      keys = (result.UnprocessedKeys?.[this.tables.games]?.Keys ?? []) as Item[];
    }
    return names;
  }
}

const toCommandRecord = (item: Item): CommandRecord => ({
  bodyHash: item.bodyHash?.S ?? '',
  firstSeq: Number(item.firstSeq?.N ?? 0),
  lastSeq: Number(item.lastSeq?.N ?? 0),
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
