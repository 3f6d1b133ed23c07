/**
 * The event store on DynamoDB (docs/design.md §4). Appending is one
 * TransactWriteItems: a conditional Put per event, a ConditionCheck that event seq-1
 * exists, and the command's idempotency record. Loading reads the latest snapshot and
 * the tail of the log in parallel, so a command costs one read round trip however long
 * the game.
 *
 * PERF-5: the latest snapshot is also kept under one fixed key (`SNAP#LATEST`, written in
 * the same transaction as `SNAP#<seq>`), so loading gets it with a BatchGetItem that also
 * fetches whatever the caller needs from the `games` table (the command path: the seed and
 * the idempotency record). A command then costs two reads in parallel and one transaction.
 * `SNAP#<seq>` stays for the state at an earlier event (PERF-2).
 *
 * HALL-2: the store knows no domain. It folds with the fold its reader hands it (`StreamFold`),
 * and stores a snapshot with the tag the appender gave it; a snapshot is trusted only while the
 * fold still tags its state so (for a game: the rules version that folded it, `gameFold`). A
 * stream whose fold is not `snapshotted` (a tournament's) is read whole, beside its records.
 */
import {
  BatchGetItemCommand,
  type DynamoDBClient,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  TransactionCanceledException,
  type TransactWriteItem,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { assertBatchFits, MAX_BATCH } from '../games/app/budget.ts';
import {
  type AppendRequest,
  type AppendResult,
  type GameStore,
  isTournamentId,
  type LoadedState,
  type StreamFold,
  type TaggedState,
} from '../kernel/ports.ts';
import { batchItems, type Item, itemToEvents } from './event-codec.ts';
import { commandItem, gameKey, secretAndCommandKeys, secretAndCommandOf, secretItem } from './game-items.ts';
import { crossesSnapshot, SNAPSHOT_EVERY } from './snapshot-boundary.ts';
import type { TableNames } from './tables.ts';

/**
 * The most events one command may produce (a transaction holds at most 100 items, budget.ts), and
 * how many events apart snapshots are written (snapshot-boundary.ts).
 */
export { MAX_BATCH, SNAPSHOT_EVERY };
/**
 * Events the tail read asks for. The batch that crossed the last multiple m of SNAPSHOT_EVERY
 * at or below the head wrote a snapshot at its last seq, which is >= m > head - SNAPSHOT_EVERY,
 * so the latest snapshot lies within the newest SNAPSHOT_EVERY events. (It was a snapshot
 * interval plus a batch, 140 events, read by every command; a tail that does not reach a
 * usable snapshot still falls back to SNAP#<seq> and the log after it.)
 */
export const TAIL = SNAPSHOT_EVERY;

const snapshotSk = (seq: number) => `SNAP#${String(seq).padStart(10, '0')}`;
/** The latest snapshot's fixed key; it sorts after every `SNAP#<seq>`, so a range over those never meets it. */
export const LATEST_SNAPSHOT_SK = 'SNAP#LATEST';

interface Snapshot<S> {
  readonly seq: number;
  readonly state: S;
}

export class EventStore implements GameStore {
  constructor(
    readonly db: DynamoDBClient,
    readonly tables: TableNames,
  ) {}

  /**
   * The folded state: the latest snapshot and the events after it. Two requests in
   * parallel: the tail of the log (one Query) and one BatchGetItem of the latest snapshot,
   * with the seed and the command's idempotency record when `commandId` is given.
   */
  async load<S>(gameId: string, fold: StreamFold<S>, commandId?: string): Promise<LoadedState<S>> {
    if (fold.snapshotted === false) return this.loadWhole(gameId, fold, commandId);
    const latestKey: Item = { pk: { S: gameKey(gameId) }, sk: { S: LATEST_SNAPSHOT_SK } };
    const alsoGet = commandId === undefined ? [] : secretAndCommandKeys(gameId, commandId);
    const [got, tail] = await Promise.all([this.batchGet([latestKey, ...alsoGet]), this.tail(gameId)]);
    const records = secretAndCommandOf(got.filter((item) => item.sk?.S !== LATEST_SNAPSHOT_SK));
    const latest = got.find((item) => item.sk?.S === LATEST_SNAPSHOT_SK);
    const snapshot = await this.snapshotOf(latest, fold);
    const foldOnto = (events: readonly EventEnvelope[], from: S) => this.foldOnto(gameId, fold, events, from);
    const oldest = tail.at(-1)?.seq ?? 1;
    const ascending = tail.reverse();
    if (snapshot && snapshot.seq >= oldest - 1) {
      return {
        state: await foldOnto(
          ascending.filter((e) => e.seq > snapshot.seq),
          snapshot.state,
        ),
        fromSnapshot: snapshot.seq,
        ...records,
      };
    }
    if (oldest === 1) return { state: await foldOnto(ascending, fold.initial), fromSnapshot: null, ...records };
    // The tail did not reach the fixed-key snapshot (none yet, one written before it existed,
    // or one under other rules): the latest usable `SNAP#<seq>`, then the log from it.
    const usable = await this.latestSnapshot(gameId, fold);
    const base = usable ?? { seq: 0, state: fold.initial };
    return { state: await foldOnto(await this.readAfter(gameId, base.seq), base.state), fromSnapshot: usable?.seq ?? null, ...records };
  }

  /**
   * A stream never snapshotted (a tournament's), folded whole: the log from its first event and,
   * with `commandId`, the seed and the command's record, in parallel. A tail read would stop
   * short of a long one's start and send two more requests, one after the other, to find no snapshot.
   */
  private async loadWhole<S>(gameId: string, fold: StreamFold<S>, commandId?: string): Promise<LoadedState<S>> {
    const [got, events] = await Promise.all([
      commandId === undefined ? [] : this.batchGet(secretAndCommandKeys(gameId, commandId)),
      this.readAfter(gameId, 0),
    ]);
    return { state: await this.foldOnto(gameId, fold, events, fold.initial), fromSnapshot: null, ...secretAndCommandOf(got) };
  }

  /** Items of the `games` table by key, consistently, asking again for any left unprocessed. */
  private async batchGet(keys: readonly Item[]): Promise<Item[]> {
    const items: Item[] = [];
    let pending: Item[] = [...keys];
    while (pending.length > 0) {
      const result = await this.db.send(
        new BatchGetItemCommand({ RequestItems: { [this.tables.games]: { Keys: pending, ConsistentRead: true } } }),
      );
      items.push(...((result.Responses?.[this.tables.games] ?? []) as Item[]));
      pending = (result.UnprocessedKeys?.[this.tables.games]?.Keys ?? []) as Item[];
    }
    return items;
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const { gameId, expectedVersion, events } = request;
    assertBatchFits(events);
    // INV-1: one item per event, or for a large batch its first event and packed runs (event-codec.ts).
    const eventItems = batchItems(events);
    const items: TransactWriteItem[] = eventItems.map((item) => ({
      Put: {
        TableName: this.tables.events,
        Item: item,
        ConditionExpression: 'attribute_not_exists(gameId)',
      },
    }));
    if (expectedVersion > 0) {
      items.push({
        ConditionCheck: {
          TableName: this.tables.events,
          Key: { gameId: { S: gameId }, seq: { N: String(expectedVersion) } },
          ConditionExpression: 'attribute_exists(gameId)',
        },
      });
    }
    const newItems = [
      ...(request.command ? [commandItem(gameId, request.command.commandId, request.command.record)] : []),
      ...(request.seed === undefined ? [] : [secretItem(gameId, request.seed)]),
    ];
    for (const item of newItems) {
      items.push({ Put: { TableName: this.tables.games, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } });
    }
    const last = events.at(-1)?.seq ?? expectedVersion;
    if (request.snapshot && crossesSnapshot(expectedVersion, last)) {
      const snapshot = snapshotItem(gameId, last, request.snapshot);
      // Transactions on one game are ordered by the ConditionCheck on seq-1, so the fixed key always ends on the newest.
      items.push({ Put: { TableName: this.tables.games, Item: snapshot } });
      items.push({ Put: { TableName: this.tables.games, Item: { ...snapshot, sk: { S: LATEST_SNAPSHOT_SK } } } });
    }
    try {
      await this.db.send(new TransactWriteItemsCommand({ TransactItems: items }));
      return { ok: true };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const eventConflict = reasons
        .slice(0, eventItems.length + (expectedVersion > 0 ? 1 : 0))
        .some((r) => r.Code === 'ConditionalCheckFailed');
      if (eventConflict) return { ok: false, conflict: 'version' };
      if (reasons.some((r) => r.Code === 'ConditionalCheckFailed')) return { ok: false, conflict: 'item' };
      throw error;
    }
  }

  /** Events with seq > after (and <= upTo), in order, reading every page. */
  async readAfter(
    gameId: string,
    after: number,
    upTo = Number.MAX_SAFE_INTEGER,
    limit = Number.MAX_SAFE_INTEGER,
  ): Promise<EventEnvelope[]> {
    const events: EventEnvelope[] = [];
    // Nothing lies between: DynamoDB refuses a BETWEEN whose bounds are reversed.
    if (after >= upTo) return events;
    // A packed run is keyed by its last seq, so one that starts at or before `after` still lies in the range.
    const take = (item: Item) => {
      for (const event of itemToEvents(item)) if (event.seq > after && event.seq <= upTo) events.push(event);
    };
    let start: Item | undefined;
    do {
      const input: QueryCommandInput = {
        TableName: this.tables.events,
        KeyConditionExpression: 'gameId = :g AND seq BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':g': { S: gameId }, ':from': { N: String(after + 1) }, ':to': { N: String(upTo) } },
        ConsistentRead: true,
        ...(limit < Number.MAX_SAFE_INTEGER ? { Limit: limit - events.length } : {}),
        ...(start ? { ExclusiveStartKey: start } : {}),
      };
      const page = await this.db.send(new QueryCommand(input));
      for (const item of page.Items ?? []) take(item);
      start = page.LastEvaluatedKey;
    } while (start && events.length < limit);
    // The range may end inside a packed run, keyed past `upTo`: the next item holds the rest, if it is one.
    const reached = events.at(-1)?.seq ?? after;
    if (events.length < limit && upTo < Number.MAX_SAFE_INTEGER && reached < upTo) {
      const next = await this.db.send(
        new QueryCommand({
          TableName: this.tables.events,
          KeyConditionExpression: 'gameId = :g AND seq > :to',
          ExpressionAttributeValues: { ':g': { S: gameId }, ':to': { N: String(upTo) } },
          ConsistentRead: true,
          Limit: 1,
        }),
      );
      const item = next.Items?.[0];
      if (item?.packed) take(item);
    }
    return events.slice(0, limit);
  }

  /** The seq of the game's last event, 0 when it has none: one Query of one key, what a wait reads (REL-23). */
  async lastSeq(gameId: string): Promise<number> {
    const page = await this.db.send(
      new QueryCommand({
        TableName: this.tables.events,
        KeyConditionExpression: 'gameId = :g',
        ExpressionAttributeValues: { ':g': { S: gameId } },
        ProjectionExpression: 'seq',
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    return Number(page.Items?.[0]?.seq?.N ?? 0);
  }

  private async tail(gameId: string): Promise<EventEnvelope[]> {
    const page = await this.db.send(
      new QueryCommand({
        TableName: this.tables.events,
        KeyConditionExpression: 'gameId = :g',
        ExpressionAttributeValues: { ':g': { S: gameId } },
        ScanIndexForward: false,
        Limit: TAIL,
        ConsistentRead: true,
      }),
    );
    // Newest first: a packed run's events are put back in order, then the whole tail is reversed.
    return (page.Items ?? []).flatMap((item) => itemToEvents(item).reverse());
  }

  /** Every game's id: a Scan of the first events, which only a rebuild can afford. */
  async *gameIds(): AsyncGenerator<string> {
    let start: Item | undefined;
    do {
      const page = await this.db.send(
        new ScanCommand({
          TableName: this.tables.events,
          ProjectionExpression: 'gameId',
          FilterExpression: 'seq = :one',
          ExpressionAttributeValues: { ':one': { N: '1' } },
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of page.Items ?? []) if (item.gameId?.S && !isTournamentId(item.gameId.S)) yield item.gameId.S;
      start = page.LastEvaluatedKey;
    } while (start);
  }

  /** The state after event `version` (not the latest): the nearest snapshot at or before it, plus the events up to it. */
  async loadAt<S>(gameId: string, version: number, fold: StreamFold<S>): Promise<S> {
    if (version <= 0) return fold.initial;
    const snapshot = fold.snapshotted === false ? null : await this.latestSnapshot(gameId, fold, version);
    const base = snapshot ?? { seq: 0, state: fold.initial };
    return this.foldOnto(gameId, fold, await this.readAfter(gameId, base.seq, version), base.state);
  }

  /** `events` of the stream folded onto `from` by `fold`, any earlier state it asks for loaded by the same fold. */
  private foldOnto<S>(gameId: string, fold: StreamFold<S>, events: readonly EventEnvelope[], from: S): Promise<S> {
    return fold.fold(events, from, (v) => this.loadAt(gameId, v, fold));
  }

  private async latestSnapshot<S>(gameId: string, fold: StreamFold<S>, atOrBefore = Number.MAX_SAFE_INTEGER): Promise<Snapshot<S> | null> {
    const page = await this.db.send(
      new QueryCommand({
        TableName: this.tables.games,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
        ExpressionAttributeValues: {
          ':pk': { S: gameKey(gameId) },
          ':first': { S: snapshotSk(0) },
          ':last': { S: snapshotSk(Math.min(atOrBefore, 9_999_999_999)) },
        },
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    return this.snapshotOf(page.Items?.[0], fold);
  }

  /** The snapshot an item holds, while `fold` tags its state as the item was tagged: one folded otherwise (by other rules) is not trusted. */
  private async snapshotOf<S>(item: Item | undefined, fold: StreamFold<S>): Promise<Snapshot<S> | null> {
    if (!item?.state?.S || !item.seq?.N) return null;
    const state = JSON.parse(item.state.S) as S;
    if ((await fold.tag(state)) !== item.rulesVersion?.S) return null;
    return { seq: Number(item.seq.N), state };
  }
}

/** A snapshot's item; its tag is kept in `rulesVersion`, the name it had when only games were snapshotted. */
const snapshotItem = (gameId: string, seq: number, snapshot: TaggedState): Item => ({
  pk: { S: gameKey(gameId) },
  sk: { S: snapshotSk(seq) },
  seq: { N: String(seq) },
  rulesVersion: { S: snapshot.tag },
  state: { S: JSON.stringify(snapshot.state) },
});
