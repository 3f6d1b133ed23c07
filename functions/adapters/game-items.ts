/**
 * The keys and items of a game's own records in the `games` table (docs/design.md §9): the
 * seed and the idempotency records, which the event store writes in a command's transaction
 * and the games table reads outside it. Only adapters see these items.
 */
import type { CommandRecord } from '../kernel/ports.ts';
import type { Item } from './event-codec.ts';

export const gameKey = (gameId: string) => `GAME#${gameId}`;
export const playerKey = (playerId: string) => `PLAYER#${playerId}`;

const SECRET_SK = 'SECRET';
const commandSk = (commandId: string) => `CMD#${commandId}`;

export const secretItem = (gameId: string, seed: string): Item => ({
  pk: { S: gameKey(gameId) },
  sk: { S: SECRET_SK },
  seed: { S: seed },
});

export const commandItem = (gameId: string, commandId: string, record: CommandRecord): Item => ({
  pk: { S: gameKey(gameId) },
  sk: { S: commandSk(commandId) },
  bodyHash: { S: record.bodyHash },
  firstSeq: { N: String(record.firstSeq) },
  lastSeq: { N: String(record.lastSeq) },
  ...(record.by === undefined ? {} : { by: { S: record.by } }),
});

/** The keys of the seed and of this command's idempotency record. */
export const secretAndCommandKeys = (gameId: string, commandId: string): Item[] => [
  { pk: { S: gameKey(gameId) }, sk: { S: SECRET_SK } },
  { pk: { S: gameKey(gameId) }, sk: { S: commandSk(commandId) } },
];

export const toCommandRecord = (item: Item): CommandRecord => ({
  bodyHash: item.bodyHash?.S ?? '',
  firstSeq: Number(item.firstSeq?.N ?? 0),
  lastSeq: Number(item.lastSeq?.N ?? 0),
  ...(item.by?.S === undefined ? {} : { by: item.by.S }),
});

/** The seed and the idempotency record among items read by `secretAndCommandKeys`. */
export const secretAndCommandOf = (items: readonly Item[]): { seed: string | null; command: CommandRecord | null } => {
  const seed = items.find((i) => i.sk?.S === SECRET_SK)?.seed?.S ?? null;
  const record = items.find((i) => i.sk?.S?.startsWith('CMD#'));
  return { seed, command: record ? toCommandRecord(record) : null };
};
