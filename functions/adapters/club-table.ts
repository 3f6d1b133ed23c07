/**
 * Clubs in the `games` table (docs/design.md §9, §21), all under one partition per club,
 * `CLUB#<clubId>`: the club itself (`PROFILE`), one item per member (`MEMBER#<playerId>`), per
 * game created in it (`GAME#<gameId>`), per tournament created in it (`TOURNAMENT#<tournamentId>`), per ladder (`LADDER#<ruleset>`),
 * per player rated on a ladder (`RATING#<ruleset>#<playerId>`, INV-1: so no item grows with the
 * ladder's players) and per rated game of a ladder (`RATED#<ruleset>#<gameId>`). A member and a game are each an item of their own put on
 * `attribute_not_exists`, so concurrent joins neither lose nor duplicate one; a ladder is written
 * over the revision it was read at, in one transaction with its game's change, which is put only
 * where that game has none: a redelivered end rates nothing twice.
 */
import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type {
  Club,
  ClubGame,
  ClubMember,
  ClubRole,
  ClubStore,
  ClubTournament,
  Ladder,
  RateOutcome,
  Rating,
  RatingChange,
} from '../kernel/ports.ts';
import { queryAll } from './dynamo-games.ts';
import type { Item } from './event-codec.ts';
import type { TableNames } from './tables.ts';

const clubKey = (clubId: string) => `CLUB#${clubId}`;
const key = (clubId: string, sk: string) => ({ pk: { S: clubKey(clubId) }, sk: { S: sk } });
const PROFILE = 'PROFILE';
const memberSk = (playerId: string) => `MEMBER#${playerId}`;
const gameSk = (gameId: string) => `GAME#${gameId}`;
const tournamentSk = (tournamentId: string) => `TOURNAMENT#${tournamentId}`;
const ladderSk = (ruleset: string) => `LADDER#${ruleset}`;
const ratedSk = (ruleset: string, gameId: string) => `RATED#${ruleset}#${gameId}`;
const ratingPrefix = (ruleset: string) => `RATING#${ruleset}#`;
const ratingSk = (ruleset: string, playerId: string) => `${ratingPrefix(ruleset)}${playerId}`;

/** Each record is kept as JSON text in `body`, as the webhook table keeps its subscriptions. */
const item = (clubId: string, sk: string, body: unknown, extra: Item = {}): Item => ({
  ...key(clubId, sk),
  body: { S: JSON.stringify(body) },
  ...extra,
});

/**
 * INV-1: one player's rating on a ladder, an item of its own, with `games` beside the body for
 * the condition of the next write (`rate`). Its size does not depend on the ladder's players.
 */
export const ratingItem = (clubId: string, ruleset: string, playerId: string, rating: Rating): Item =>
  item(clubId, ratingSk(ruleset, playerId), { playerId, rating }, { games: { N: String(rating.games) } });

/** One rated game's change on a ladder, with its order `n` beside the body. */
export const changeItem = (clubId: string, ruleset: string, change: RatingChange): Item =>
  item(clubId, ratedSk(ruleset, change.gameId), change, { n: { N: String(change.n) } });

const bodyOf = <T>(found: Item): T => JSON.parse(found.body?.S ?? 'null') as T;

const failedCondition = (error: unknown): boolean => error instanceof ConditionalCheckFailedException;

export class ClubTable implements ClubStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly tables: TableNames,
  ) {}

  private async get<T>(clubId: string, sk: string): Promise<T | null> {
    const { Item: found } = await this.db.send(
      new GetItemCommand({ TableName: this.tables.games, Key: key(clubId, sk), ConsistentRead: true }),
    );
    return found ? bodyOf<T>(found) : null;
  }

  private async put(record: Item, onlyNew: boolean): Promise<boolean> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.tables.games,
          Item: record,
          ...(onlyNew ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
        }),
      );
      return true;
    } catch (error) {
      if (failedCondition(error)) return false;
      throw error;
    }
  }

  private async query<T>(clubId: string, prefix: string): Promise<T[]> {
    const items = await queryAll(this.db, {
      TableName: this.tables.games,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': { S: clubKey(clubId) }, ':p': { S: prefix } },
      ConsistentRead: true,
    });
    return items.map((found) => bodyOf<T>(found));
  }

  async createClub(club: Club, organiser: ClubMember): Promise<boolean> {
    try {
      await this.db.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tables.games,
                Item: item(club.clubId, PROFILE, club),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            { Put: { TableName: this.tables.games, Item: item(club.clubId, memberSk(organiser.playerId), organiser) } },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof TransactionCanceledException && (error.CancellationReasons ?? [])[0]?.Code === 'ConditionalCheckFailed') {
        return false;
      }
      throw error;
    }
  }

  club(clubId: string): Promise<Club | null> {
    return this.get<Club>(clubId, PROFILE);
  }

  /** Read-modify-write of the club's record, conditioned on the body read (a rotation racing another: the last one wins whole). */
  async setInviteCode(clubId: string, inviteCode: string): Promise<boolean> {
    for (;;) {
      const { Item: found } = await this.db.send(
        new GetItemCommand({ TableName: this.tables.games, Key: key(clubId, PROFILE), ConsistentRead: true }),
      );
      if (!found?.body?.S) return false;
      const club = bodyOf<Club>(found);
      try {
        await this.db.send(
          new UpdateItemCommand({
            TableName: this.tables.games,
            Key: key(clubId, PROFILE),
            UpdateExpression: 'SET body = :new',
            ConditionExpression: 'body = :old',
            ExpressionAttributeValues: { ':new': { S: JSON.stringify({ ...club, inviteCode }) }, ':old': { S: found.body.S } },
          }),
        );
        return true;
      } catch (error) {
        if (!failedCondition(error)) throw error;
      }
    }
  }

  async addMember(clubId: string, member: ClubMember): Promise<'added' | 'exists'> {
    return (await this.put(item(clubId, memberSk(member.playerId), member), true)) ? 'added' : 'exists';
  }

  member(clubId: string, playerId: string): Promise<ClubMember | null> {
    return this.get<ClubMember>(clubId, memberSk(playerId));
  }

  async setRole(clubId: string, playerId: string, role: ClubRole): Promise<boolean> {
    const member = await this.member(clubId, playerId);
    if (!member) return false;
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.tables.games,
          Item: item(clubId, memberSk(playerId), { ...member, role }),
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (failedCondition(error)) return false;
      throw error;
    }
  }

  async removeMember(clubId: string, playerId: string): Promise<boolean> {
    try {
      await this.db.send(
        new DeleteItemCommand({
          TableName: this.tables.games,
          Key: key(clubId, memberSk(playerId)),
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (failedCondition(error)) return false;
      throw error;
    }
  }

  members(clubId: string): Promise<ClubMember[]> {
    return this.query<ClubMember>(clubId, 'MEMBER#');
  }

  async addGame(clubId: string, game: ClubGame): Promise<void> {
    await this.put(item(clubId, gameSk(game.gameId), game), true);
  }

  games(clubId: string): Promise<ClubGame[]> {
    return this.query<ClubGame>(clubId, 'GAME#');
  }

  async addTournament(clubId: string, tournament: ClubTournament): Promise<void> {
    await this.put(item(clubId, tournamentSk(tournament.tournamentId), tournament), true);
  }

  tournaments(clubId: string): Promise<ClubTournament[]> {
    return this.query<ClubTournament>(clubId, 'TOURNAMENT#');
  }

  /**
   * INV-1: the ladder's head (`LADDER#<ruleset>`: `rated` and `rev`) and one item per rated
   * player (`RATING#<ruleset>#<playerId>`), read together. A head written before the ratings
   * moved out keeps their map in its body, never written again: a player's own item, once
   * there, is the newer rating.
   */
  async ladder(clubId: string, ruleset: string): Promise<Ladder | null> {
    const [{ Item: head }, rated] = await Promise.all([
      this.db.send(new GetItemCommand({ TableName: this.tables.games, Key: key(clubId, ladderSk(ruleset)), ConsistentRead: true })),
      this.query<{ playerId: string; rating: Rating }>(clubId, ratingPrefix(ruleset)),
    ]);
    if (!head) return null;
    const legacy = head.body?.S ? bodyOf<Partial<Omit<Ladder, 'rev'>>>(head) : {};
    const ratings: Record<string, Rating> = { ...legacy.ratings };
    for (const { playerId, rating } of rated) ratings[playerId] = rating;
    return { ratings, rated: Number(head.rated?.N ?? legacy.rated ?? 0), rev: Number(head.rev?.N ?? '0') };
  }

  /**
   * One transaction: the game's change (only where it has none), the head moved from `rev` to
   * `rev + 1`, and the rating of each player the change names, each put only over the rating
   * that was read (its `games`, which every rated game of the player adds one to): a Query is
   * not isolated from a transaction, so a ladder read half before and half after another
   * game's rating is refused here as a conflict, and rated again on the new ladder.
   */
  async rate(clubId: string, ruleset: string, rev: number, ladder: Omit<Ladder, 'rev'>, change: RatingChange): Promise<RateOutcome> {
    const table = this.tables.games;
    const ratingPuts = change.players.map(({ playerId }) => {
      const rating = ladder.ratings[playerId];
      if (!rating) throw new Error(`the ladder has no rating for ${playerId}, whom the change of ${change.gameId} rates`);
      const before = rating.games - 1;
      return {
        Put: {
          TableName: table,
          Item: ratingItem(clubId, ruleset, playerId, rating),
          ConditionExpression: before === 0 ? 'attribute_not_exists(pk)' : 'attribute_not_exists(pk) OR games = :before',
          ...(before === 0 ? {} : { ExpressionAttributeValues: { ':before': { N: String(before) } } }),
        },
      };
    });
    try {
      await this.db.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            {
              Put: {
                TableName: table,
                Item: changeItem(clubId, ruleset, change),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: table,
                Key: key(clubId, ladderSk(ruleset)),
                UpdateExpression: 'SET rev = :next, rated = :rated',
                ConditionExpression: rev === 0 ? 'attribute_not_exists(pk)' : 'rev = :rev',
                ExpressionAttributeValues: {
                  ':next': { N: String(rev + 1) },
                  ':rated': { N: String(ladder.rated) },
                  ...(rev === 0 ? {} : { ':rev': { N: String(rev) } }),
                },
              },
            },
            ...ratingPuts,
          ],
        }),
      );
      return 'rated';
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const [changeReason] = error.CancellationReasons ?? [];
      if (changeReason?.Code === 'ConditionalCheckFailed') return 'already';
      return 'conflict';
    }
  }

  async ratingChanges(clubId: string, ruleset: string): Promise<RatingChange[]> {
    return (await this.query<RatingChange>(clubId, `RATED#${ruleset}#`)).sort((a, b) => a.n - b.n);
  }
}
