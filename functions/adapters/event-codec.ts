/** Events as DynamoDB items and back: payloads as JSON text, so their hashes survive any round trip. */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';

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
    ...(visibleTo === undefined ? {} : { visibleTo }),
  };
};
