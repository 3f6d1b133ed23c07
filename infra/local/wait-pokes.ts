/**
 * COST-7: `npm start` answers a wait (PBM-8) as soon as this process writes what it waits for,
 * not at its watcher's next read (250 ms to 1 s later, REL-23): a put of a game's events pokes
 * the waits on that game's log, a write of a player's inbox row the waits on that inbox. The keys
 * are those functions/games/app/queries.ts watches. On AWS the writer is another function than
 * the one holding the wait, so nothing pokes there and the watchers' reads answer, as before.
 */
import type { Waits } from '../../functions/games/app/waiting.ts';
import type { GamesPort, InboxEntry, StaleMark } from '../../functions/kernel/ports.ts';

/** The waits on a game's log (`awaitGameEvents`) and on a player's inbox (`awaitInbox`). */
export const gameWaitKey = (gameId: string): string => `game:${gameId}`;
export const inboxWaitKey = (playerId: string): string => `inbox:${playerId}`;

/**
 * `games` whose writes of a player's inbox row poke the waits on that inbox: every other method
 * is the one `games` has (`Object.create` delegates to it, and its methods run on its fields).
 */
export const inboxesThatPoke = (games: GamesPort, waits: Waits): GamesPort => {
  const poking = Object.create(games) as GamesPort;
  poking.putInbox = async (playerId: string, entry: InboxEntry) => {
    await games.putInbox(playerId, entry);
    waits.poke(inboxWaitKey(playerId));
  };
  poking.markInboxStale = async (playerId: string, gameId: string, mark: StaleMark) => {
    await games.markInboxStale(playerId, gameId, mark);
    waits.poke(inboxWaitKey(playerId));
  };
  return poking;
};

interface PutInput {
  readonly TableName?: string;
  readonly Item?: { readonly gameId?: { readonly S?: string } };
}

interface WriteInput extends PutInput {
  readonly TransactItems?: readonly { readonly Put?: PutInput }[];
  readonly RequestItems?: Readonly<Record<string, readonly { readonly PutRequest?: PutInput }[]>>;
}

/**
 * The games a DynamoDB request puts events of into `table`, each once: the three ways in that
 * `writesTo` (stream-poller.ts) names.
 */
export const gamesPutInto = (commandName: string, request: object, table: string): string[] => {
  const input = request as WriteInput;
  const puts: (PutInput | undefined)[] =
    commandName === 'PutItemCommand'
      ? [input]
      : commandName === 'TransactWriteItemsCommand'
        ? (input.TransactItems ?? []).map((item) => item.Put)
        : commandName === 'BatchWriteItemCommand'
          ? (input.RequestItems?.[table] ?? []).map((item) => ({ TableName: table, ...item.PutRequest }))
          : [];
  const ids = puts.flatMap((put) => (put?.TableName === table && put.Item?.gameId?.S ? [put.Item.gameId.S] : []));
  return [...new Set(ids)];
};
