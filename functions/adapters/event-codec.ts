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

const text = (item: Item, name: string): string => {
  const value = item[name]?.S;
  if (value === undefined) throw new Error(`event item lacks ${name}`);
  return value;
};
const number = (item: Item, name: string): number => {
  const value = item[name]?.N;
  if (value === undefined) throw new Error(`event item lacks ${name}`);
  return Number(value);
};

/** Also reads stream images, whose attribute values have the same shape. */
export const itemToEvent = (item: Item): EventEnvelope => {
  const command = item.command?.S;
  const visibleTo = item.visibleTo?.S;
  return {
    gameId: text(item, 'gameId'),
    seq: number(item, 'seq'),
    type: text(item, 'type'),
    v: number(item, 'v'),
    data: JSON.parse(text(item, 'data')) as unknown,
    at: text(item, 'at'),
    actor: text(item, 'actor'),
    commandId: text(item, 'commandId'),
    rulesVersion: text(item, 'rulesVersion'),
    prevHash: text(item, 'prevHash'),
    hash: text(item, 'hash'),
    ...(command === undefined ? {} : { command: JSON.parse(command) as unknown }),
    ...(visibleTo === undefined ? {} : { visibleTo }),
  };
};
