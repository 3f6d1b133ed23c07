/**
 * What the takeback service tests share (TB-1 to TB-7): the exported log of a game, the rolls
 * a run of events carries, and a recorded roll swapped for another (a forger reusing a draw).
 */
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { type FoundRoll, findRolls } from '../../domain/kernel/rolls.ts';
import { type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import type { Client } from './client.ts';

/** `GET /games/{id}/log` as `client` exports it (NDJSON), parsed. */
export const exportedLog = async (base: string, client: Client, gameId: string): Promise<ParsedLog> => {
  const reply = await fetch(`${base}/games/${gameId}/log`, { headers: { authorization: `Bearer ${client.apiKey}` } });
  return parseLog(await reply.text());
};

/** Every roll of the public events among `events` (a sealed event's own are secret until revealed). */
export const publicRolls = (events: readonly EventEnvelope[]): FoundRoll[] =>
  events.filter((e) => e.visibleTo === undefined).flatMap((e) => findRolls(e.data));

/** `data` with the value at a path `findRolls` names (`a.b[2].c`) replaced. */
export const withRoll = (data: unknown, path: string, roll: unknown): unknown => {
  const copy = structuredClone(data) as Record<string, unknown>;
  const parts = path.match(/[^.[\]]+/g) ?? [];
  let node = copy;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  node[parts.at(-1) as string] = roll;
  return copy;
};
