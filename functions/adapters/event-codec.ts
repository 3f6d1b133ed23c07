/** Events as DynamoDB items and back: payloads as JSON text, so their hashes survive any round trip. */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { Signature } from '../../domain/kernel/signature.ts';

export type Item = Record<string, AttributeValue>;

export const eventToItem = (e: EventEnvelope): Item => ({
  gameId: { S: e.gameId },
  seq: { N: String(e.seq) },
  type: { S: e.type },
  v: { N: String(e.v) },
  data: { S: JSON.stringify(e.data) },
  at: { S: e.at },
  actor: { S: e.actor },
  commandId: { S: e.commandId },
  rulesVersion: { S: e.rulesVersion },
  prevHash: { S: e.prevHash },
  hash: { S: e.hash },
  ...(e.command === undefined ? {} : { command: { S: JSON.stringify(e.command) } }),
  ...(e.signature === undefined ? {} : { signature: { S: JSON.stringify(e.signature) } }),
  ...(e.visibleTo === undefined ? {} : { visibleTo: { S: e.visibleTo } }),
});

/** Names the item (when its key can be read) in every refusal, so an operator can find it in the table. */
const malformed = (item: Item, problem: string): Error => new Error(`event item ${item.gameId?.S ?? '?'}#${item.seq?.N ?? '?'} ${problem}`);

const text = (item: Item, name: string): string => {
  const value = item[name]?.S;
  if (value === undefined) throw malformed(item, `lacks ${name}`);
  return value;
};
const number = (item: Item, name: string): number => {
  const value = item[name]?.N;
  if (value === undefined) throw malformed(item, `lacks ${name}`);
  return Number(value);
};
const json = (item: Item, name: string, value: string): unknown => {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw malformed(item, `has ${name} that is not JSON`);
  }
};

/** Also reads stream images, whose attribute values have the same shape. Throws on an item that is not an event. */
export const itemToEvent = (item: Item): EventEnvelope => {
  const command = item.command?.S;
  const signature = item.signature?.S;
  const visibleTo = item.visibleTo?.S;
  return {
    gameId: text(item, 'gameId'),
    seq: number(item, 'seq'),
    type: text(item, 'type'),
    v: number(item, 'v'),
    data: json(item, 'data', text(item, 'data')),
    at: text(item, 'at'),
    actor: text(item, 'actor'),
    commandId: text(item, 'commandId'),
    rulesVersion: text(item, 'rulesVersion'),
    prevHash: text(item, 'prevHash'),
    hash: text(item, 'hash'),
    ...(command === undefined ? {} : { command: json(item, 'command', command) }),
    ...(signature === undefined ? {} : { signature: json(item, 'signature', signature) as Signature }),
    ...(visibleTo === undefined ? {} : { visibleTo }),
  };
};

/**
 * INV-1: a batch of up to this many events is written one item per event. A larger one (a GSC2
 * beams reveal of two full fleets records about 470) would pass the 100 items of one
 * transaction, so its first event stays an item of its own (the item any racing batch on the
 * same version also puts: the two collide, as one-item-per-event batches do) and the rest are
 * packed in runs: one item per run of consecutive events, keyed by the run's last seq, so a
 * range read from any seq reaches it, the newest item's seq is still the head, and the next
 * batch's check on its expected version finds the run that ends there.
 */
export const SINGLE_EVENT_ITEMS = 80;

/** The most events in one packed run, and about the most bytes, so a run's item stays far under 400 KB. */
const RUN_EVENTS = 50;
const RUN_BYTES = 200 * 1024;

/** The items a batch is written as: one per event, or for a large batch its first event and then packed runs. */
export const batchItems = (events: readonly EventEnvelope[]): Item[] => {
  if (events.length <= SINGLE_EVENT_ITEMS) return events.map(eventToItem);
  const [first, ...rest] = events as [EventEnvelope, ...EventEnvelope[]];
  const runs: EventEnvelope[][] = [];
  let bytes = 0;
  for (const event of rest) {
    const size = Buffer.byteLength(JSON.stringify(event), 'utf8');
    const run = runs.at(-1);
    if (run && run.length < RUN_EVENTS && bytes + size <= RUN_BYTES) {
      run.push(event);
      bytes += size;
    } else {
      runs.push([event]);
      bytes = size;
    }
  }
  return [eventToItem(first), ...runs.map(runItem)];
};

const runItem = (run: readonly EventEnvelope[]): Item => {
  const last = run.at(-1) as EventEnvelope;
  return {
    gameId: { S: last.gameId },
    seq: { N: String(last.seq) },
    firstSeq: { N: String(run[0]?.seq ?? last.seq) },
    packed: { S: JSON.stringify(run) },
  };
};

/**
 * The events an item holds: itself, or a packed run's (checked to be consecutive and to end at
 * the item's seq). Also reads stream images. Throws on an item that is neither.
 */
export const itemToEvents = (item: Item): EventEnvelope[] => {
  const packed = item.packed?.S;
  if (packed === undefined) return [itemToEvent(item)];
  const last = number(item, 'seq');
  const first = number(item, 'firstSeq');
  const run = json(item, 'packed', packed);
  const consecutive =
    Array.isArray(run) &&
    run.length === last - first + 1 &&
    run.every((e: { seq?: unknown; gameId?: unknown }, i) => e.seq === first + i && e.gameId === item.gameId?.S);
  if (!consecutive) throw malformed(item, `packs no run of events ${first} to ${last}`);
  return run as EventEnvelope[];
};
