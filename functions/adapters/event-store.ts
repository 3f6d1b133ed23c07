/**
 * The event store on DynamoDB (docs/design.md §4, §5).
 *
 * COST-1, COST-2: a command costs one read and one write. A stream's state is checkpointed on
 * the event item that ends a batch crossing a multiple of SNAPSHOT_EVERY (and on its first
 * batch): the state packed with raw DEFLATE (`ckpt`, compact.ts), its fold's tag and the
 * stream's secret (a game's seed). The newest checkpoint so lies within the newest
 * SNAPSHOT_EVERY items, and one Query of them, newest first, gives the state, the events after
 * it, the seed and the idempotency records of the newest commands (each kept on its batch's
 * first event, `rec`). The checkpoint is written once, in the write that appends its events.
 *
 * Appending a one-item batch of a positioned command (one sent with `expectedVersion`) is one
 * conditional PutItem: the item at `expectedVersion` + 1 must not exist, and being there makes it
 * the command's own record. Every other batch is one TransactWriteItems: its items, a
 * ConditionCheck that event `expectedVersion` exists, and the records kept apart in the `games`
 * table (the seed of a new game; the `CMD#` record of a command sent without a version, which a
 * retry must find under its id alone, however long ago it was accepted).
 *
 * Games checkpointed before COST-2 have snapshots in the `games` table (`SNAP#<seq>` and
 * `SNAP#LATEST`) and their seed under `SECRET`: a load whose tail holds no usable checkpoint
 * reads those, as it did, until the game's next batch across a boundary checkpoints it anew.
 *
 * HALL-2: the store knows no domain. It folds with the fold its reader hands it (`StreamFold`),
 * and stores a checkpoint with the tag the appender gave it; a checkpoint is trusted only while
 * the fold still tags its state so (for a game: the rules version that folded it, `gameFold`). A
 * stream whose fold is not `snapshotted` (a tournament's) is read whole, beside its records.
 */
import {
  BatchGetItemCommand,
  ConditionalCheckFailedException,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
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
  type CommandRecord,
  type GameStore,
  isTournamentId,
  type LoadedState,
  type StreamFold,
  type TaggedState,
} from '../kernel/ports.ts';
import { pack, unpack } from './compact.ts';
import { batchItems, type Item, itemToEvents, SINGLE_EVENT_ITEMS } from './event-codec.ts';
import { commandItem, gameKey, secretAndCommandKeys, secretAndCommandOf, secretItem } from './game-items.ts';
import { crossesSnapshot, SNAPSHOT_EVERY } from './snapshot-boundary.ts';
import type { TableNames } from './tables.ts';

/**
 * The most events one command may produce (a transaction holds at most 100 items, budget.ts), and
 * how many events apart checkpoints are written (snapshot-boundary.ts).
 */
export { MAX_BATCH, SNAPSHOT_EVERY };
/** Items a load reads, newest first: enough to reach the newest checkpoint (snapshot-boundary.ts). */
export const TAIL = SNAPSHOT_EVERY;

const snapshotSk = (seq: number) => `SNAP#${String(seq).padStart(10, '0')}`;
/** A pre-COST-2 game's latest snapshot, under one fixed key that sorts after every `SNAP#<seq>`. */
export const LATEST_SNAPSHOT_SK = 'SNAP#LATEST';

interface Snapshot<S> {
  readonly seq: number;
  readonly state: S;
}

/** A checkpoint read from an event item: the state after the item's last event, and the stream's secret. */
interface Checkpoint<S> extends Snapshot<S> {
  readonly secret: string | null;
}

/** How many streams' newest states a process keeps (COST-7): a Lambda instance serves a few games at a time. */
const KEPT_STATES = 64;

export class EventStore implements GameStore {
  /**
   * COST-7: the newest state this process appended or loaded, by stream, with the seq it is the
   * state after and its tag. A load whose Query finds that seq still the head answers it without
   * unpacking, parsing and folding: the log up to a seq never changes, so whichever process wrote
   * since, the state there is the same (the memory store remembers the same way). Oldest out first.
   */
  private readonly kept = new Map<string, { readonly seq: number; readonly state: unknown; readonly tag: string }>();

  constructor(
    readonly db: DynamoDBClient,
    readonly tables: TableNames,
  ) {}

  private keep(gameId: string, seq: number, state: unknown, tag: string): void {
    this.kept.delete(gameId);
    this.kept.set(gameId, { seq, state, tag });
    if (this.kept.size > KEPT_STATES) this.kept.delete(this.kept.keys().next().value as string);
  }

  /** The state kept for `gameId` if it is the state after `head` and `fold` still tags it as it was kept. */
  private async keptAt<S>(gameId: string, head: number, fold: StreamFold<S>): Promise<S | null> {
    const kept = this.kept.get(gameId);
    if (!kept || kept.seq !== head) return null;
    return (await fold.tag(kept.state as S)) === kept.tag ? (kept.state as S) : null;
  }

  /**
   * The folded state: one Query of the newest items, which hold the newest checkpoint, the events
   * after it, the seed and the newest commands' records (COST-1). A command's record not among
   * them is found by its append (its `CMD#` item is there) or on its refusal (commands.ts).
   */
  async load<S>(gameId: string, fold: StreamFold<S>, commandId?: string): Promise<LoadedState<S>> {
    if (fold.snapshotted === false) return this.loadWhole(gameId, fold, commandId);
    const tail = await this.newest(gameId, Number.MAX_SAFE_INTEGER);
    const command = commandId === undefined ? null : recordIn(tail, commandId);
    const head = Number(tail[0]?.seq?.N ?? 0);
    const marked = tail.find((i) => i.ckpt?.B !== undefined);
    const secret = marked?.secret?.S ?? null;
    if (marked && (commandId === undefined || secret !== null)) {
      const seed = commandId === undefined ? null : secret;
      const kept = await this.keptAt(gameId, head, fold);
      if (kept !== null) return { state: kept, fromSnapshot: Number(marked.seq?.N), seed, command };
      const checkpoint = await this.checkpointIn(tail, fold);
      if (checkpoint) {
        const after = eventsOf(tail).filter((e) => e.seq > checkpoint.seq);
        const state = await this.foldOnto(gameId, fold, after, checkpoint.state);
        this.keep(gameId, head, state, await fold.tag(state));
        return { state, fromSnapshot: checkpoint.seq, seed, command };
      }
    }
    return this.loadBefore(gameId, fold, tail, commandId);
  }

  /**
   * A stream with no usable checkpoint among its newest items: one checkpointed before COST-2
   * (its snapshots and seed in the `games` table), or one whose checkpoint another rules version
   * folded. The latest usable snapshot there, then the log after it.
   */
  private async loadBefore<S>(gameId: string, fold: StreamFold<S>, tail: readonly Item[], commandId?: string): Promise<LoadedState<S>> {
    const latestKey: Item = { pk: { S: gameKey(gameId) }, sk: { S: LATEST_SNAPSHOT_SK } };
    const alsoGet = commandId === undefined ? [] : secretAndCommandKeys(gameId, commandId);
    const got = await this.batchGet([latestKey, ...alsoGet]);
    const records = secretAndCommandOf(got.filter((item) => item.sk?.S !== LATEST_SNAPSHOT_SK));
    const command = commandId === undefined ? null : (recordIn(tail, commandId) ?? records.command);
    const ascending = eventsOf(tail);
    const oldest = ascending[0]?.seq ?? 1;
    const latest = await this.snapshotOf(
      got.find((item) => item.sk?.S === LATEST_SNAPSHOT_SK),
      fold,
    );
    // The tail reaches the fixed-key snapshot, or the stream's start; else the latest usable `SNAP#<seq>` and the log from it.
    const reached = latest && latest.seq >= oldest - 1 ? latest : null;
    const base = reached || oldest === 1 ? reached : await this.latestSnapshot(gameId, fold);
    const from = base ?? { seq: 0, state: fold.initial };
    const events = reached || oldest === 1 ? ascending.filter((e) => e.seq > from.seq) : await this.readAfter(gameId, from.seq);
    return { state: await this.foldOnto(gameId, fold, events, from.state), fromSnapshot: base?.seq ?? null, seed: records.seed, command };
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
    const { gameId, events } = request;
    assertBatchFits(events);
    // INV-1: one item per event, or for a large batch its first event and packed runs (event-codec.ts).
    const eventItems = withCheckpoint(withRecord(batchItems(events), request), request);
    const apart = [
      ...(request.command && !request.command.positioned ? [commandItem(gameId, request.command.commandId, request.command.record)] : []),
      ...(request.seed === undefined ? [] : [secretItem(gameId, request.seed)]),
    ];
    const [only] = eventItems;
    const appended =
      only && eventItems.length === 1 && apart.length === 0 ? await this.putOne(only) : await this.transact(request, eventItems, apart);
    const last = events.at(-1)?.seq;
    if (appended.ok && request.snapshot && last !== undefined) this.keep(gameId, last, request.snapshot.state, request.snapshot.tag);
    return appended;
  }

  /** A batch in one TransactWriteItems: its items, the check that event `expectedVersion` exists, and the records kept apart. */
  private async transact(request: AppendRequest, eventItems: readonly Item[], apart: readonly Item[]): Promise<AppendResult> {
    const { gameId, expectedVersion } = request;
    const items: TransactWriteItem[] = eventItems.map((item) => ({
      Put: { TableName: this.tables.events, Item: item, ConditionExpression: 'attribute_not_exists(gameId)' },
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
    for (const item of apart) {
      items.push({ Put: { TableName: this.tables.games, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } });
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

  /**
   * COST-2: a one-item batch with no record kept apart, in one conditional PutItem. Only the item
   * after `expectedVersion` may not exist yet: it is put where a racing batch on the same version
   * would put its first item, and the version it was decided on was read consistently, so the
   * event it follows exists (the transaction's ConditionCheck states that for batches whose
   * version a caller may give from elsewhere).
   */
  private async putOne(item: Item): Promise<AppendResult> {
    try {
      await this.db.send(
        new PutItemCommand({ TableName: this.tables.events, Item: item, ConditionExpression: 'attribute_not_exists(gameId)' }),
      );
      return { ok: true };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return { ok: false, conflict: 'version' };
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

  async recordAt(gameId: string, seq: number): Promise<{ commandId: string; record: CommandRecord } | null> {
    const { Item: item } = await this.db.send(
      new GetItemCommand({
        TableName: this.tables.events,
        Key: { gameId: { S: gameId }, seq: { N: String(seq) } },
        ProjectionExpression: 'commandId, rec, seq',
        ConsistentRead: true,
      }),
    );
    const record = item ? recordOf(item) : null;
    return item?.commandId?.S && record ? { commandId: item.commandId.S, record } : null;
  }

  /** The newest SNAPSHOT_EVERY items at or before `upTo`, newest first. */
  private async newest(gameId: string, upTo: number): Promise<Item[]> {
    return (await this.newestPage(gameId, upTo, TAIL)).items;
  }

  /** A page of the items at or before `upTo` (or before `start`), newest first. */
  private async newestPage(gameId: string, upTo: number, limit: number, start?: Item): Promise<{ items: Item[]; next?: Item }> {
    const page = await this.db.send(
      new QueryCommand({
        TableName: this.tables.events,
        KeyConditionExpression: 'gameId = :g AND seq <= :to',
        ExpressionAttributeValues: { ':g': { S: gameId }, ':to': { N: String(upTo) } },
        ScanIndexForward: false,
        Limit: limit,
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    return { items: (page.Items ?? []) as Item[], ...(page.LastEvaluatedKey ? { next: page.LastEvaluatedKey as Item } : {}) };
  }

  /**
   * The items from the nearest checkpoint at or before `upTo` to it, newest first. The head's
   * checkpoint is among the newest TAIL items; an earlier version may lie inside a long batch
   * (a bulk append, a GSC2 reveal) whose checkpoint is at its end, past `upTo`: the nearest one
   * before is then at most that batch (`SINGLE_EVENT_ITEMS` items, or fewer packed runs) and TAIL
   * items back: one more page. A game with no checkpoint there was stored before them.
   */
  private async itemsToCheckpoint(gameId: string, upTo: number): Promise<Item[]> {
    const first = await this.newestPage(gameId, upTo, TAIL);
    if (first.items.some((i) => i.ckpt?.B !== undefined) || !first.next) return first.items;
    return [...first.items, ...(await this.newestPage(gameId, upTo, SINGLE_EVENT_ITEMS, first.next)).items];
  }

  /** The newest checkpoint among `items` (newest first) that `fold` still trusts. */
  private async checkpointIn<S>(items: readonly Item[], fold: StreamFold<S>): Promise<Checkpoint<S> | null> {
    const item = items.find((i) => i.ckpt?.B !== undefined);
    if (!item?.ckpt?.B || !item.seq?.N) return null;
    const state = JSON.parse(unpack(item.ckpt.B)) as S;
    if ((await fold.tag(state)) !== item.ckptTag?.S) return null;
    return { seq: Number(item.seq.N), state, secret: item.secret?.S ?? null };
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

  /**
   * The state after event `version` (not the latest), PERF-2: the items from the nearest
   * checkpoint at or before it (one Query, unless `version` lies inside a long batch), folded. A
   * pre-COST-2 game's snapshot when none has a checkpoint.
   */
  async loadAt<S>(gameId: string, version: number, fold: StreamFold<S>): Promise<S> {
    if (version <= 0) return fold.initial;
    if (fold.snapshotted !== false) {
      const items = await this.itemsToCheckpoint(gameId, version);
      const checkpoint = await this.checkpointIn(items, fold);
      if (checkpoint) {
        // The events up to `version` are all among the items when the newest of them ends there;
        // otherwise `version` lies inside a packed run keyed past it, which the range read reaches.
        const whole = items[0]?.seq?.N === String(version);
        const after = whole ? eventsOf(items).filter((e) => e.seq > checkpoint.seq) : await this.readAfter(gameId, checkpoint.seq, version);
        return this.foldOnto(gameId, fold, after, checkpoint.state);
      }
    }
    const snapshot = fold.snapshotted === false ? null : await this.latestSnapshot(gameId, fold, version);
    const base = snapshot ?? { seq: 0, state: fold.initial };
    return this.foldOnto(gameId, fold, await this.readAfter(gameId, base.seq, version), base.state);
  }

  /** `events` of the stream folded onto `from` by `fold`, any earlier state it asks for loaded by the same fold. */
  private foldOnto<S>(gameId: string, fold: StreamFold<S>, events: readonly EventEnvelope[], from: S): Promise<S> {
    return fold.fold(events, from, (v) => this.loadAt(gameId, v, fold));
  }

  /** A pre-COST-2 game's latest `SNAP#<seq>` at or before `atOrBefore` that `fold` still trusts. */
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

  /** The snapshot a pre-COST-2 item holds, while `fold` tags its state as the item was tagged: one folded otherwise (by other rules) is not trusted. */
  private async snapshotOf<S>(item: Item | undefined, fold: StreamFold<S>): Promise<Snapshot<S> | null> {
    if (!item?.state?.S || !item.seq?.N) return null;
    const state = JSON.parse(item.state.S) as S;
    if ((await fold.tag(state)) !== item.rulesVersion?.S) return null;
    return { seq: Number(item.seq.N), state };
  }
}

/** The events of items read newest first, oldest first. */
const eventsOf = (newestFirst: readonly Item[]): EventEnvelope[] => newestFirst.flatMap((item) => itemToEvents(item).reverse()).reverse();

/**
 * A record as an event item keeps it, small because every command's first item carries one and a
 * load reads eight of them: the body hash in bytes (`h`), the seqs as offsets from the item's
 * (`f`: a rules adoption before the command starts its answer earlier; `n`: the events after),
 * and the sender (`b`).
 */
interface KeptRecord {
  /** The SHA-256 body hash in base64; a hash of another form (a test's) is kept as it is, in `r`. */
  readonly h?: string;
  readonly r?: string;
  readonly f?: number;
  readonly n?: number;
  readonly b?: string;
}

const keptRecord = (record: CommandRecord, seq: number): Item => {
  const kept: KeptRecord = {
    ...(/^[0-9a-f]{64}$/.test(record.bodyHash) ? { h: Buffer.from(record.bodyHash, 'hex').toString('base64') } : { r: record.bodyHash }),
    ...(record.firstSeq === seq ? {} : { f: seq - record.firstSeq }),
    ...(record.lastSeq === seq ? {} : { n: record.lastSeq - seq }),
    ...(record.by === undefined ? {} : { b: record.by }),
  };
  return { rec: { S: JSON.stringify(kept) } };
};

/** The idempotency record an event item keeps, if it is the first of its command's batch. */
const recordOf = (item: Item): CommandRecord | null => {
  if (!item.rec?.S || !item.seq?.N) return null;
  const kept = JSON.parse(item.rec.S) as KeptRecord;
  const seq = Number(item.seq.N);
  return {
    bodyHash: kept.h === undefined ? (kept.r ?? '') : Buffer.from(kept.h, 'base64').toString('hex'),
    firstSeq: seq - (kept.f ?? 0),
    lastSeq: seq + (kept.n ?? 0),
    ...(kept.b === undefined ? {} : { by: kept.b }),
  };
};

/** The record of command `commandId` among `items`, if one of them keeps it. */
const recordIn = (items: readonly Item[], commandId: string): CommandRecord | null => {
  const item = items.find((i) => i.rec?.S !== undefined && i.commandId?.S === commandId);
  return item ? recordOf(item) : null;
};

/** The batch's items with its command's record on the first. */
const withRecord = (items: Item[], request: AppendRequest): Item[] => {
  const [first, ...rest] = items;
  if (!first || !request.command) return items;
  return [{ ...first, ...keptRecord(request.command.record, Number(first.seq?.N)) }, ...rest];
};

/** The batch's items with the checkpoint on the last, when the batch crosses a boundary (snapshot-boundary.ts). */
const withCheckpoint = (items: Item[], request: AppendRequest): Item[] => {
  const last = request.events.at(-1)?.seq ?? request.expectedVersion;
  const end = items.at(-1);
  if (!end || !request.snapshot || !crossesSnapshot(request.expectedVersion, last)) return items;
  return [...items.slice(0, -1), { ...end, ...checkpointAttributes(request.snapshot, request.secret) }];
};

const checkpointAttributes = (snapshot: TaggedState, secret: string | undefined): Item => ({
  ckpt: { B: pack(JSON.stringify(snapshot.state)) },
  ckptTag: { S: snapshot.tag },
  ...(secret === undefined ? {} : { secret: { S: secret } }),
});
