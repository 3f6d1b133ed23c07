/**
 * AWS-3 locally: the records `npm start` set aside in `<data-dir>/failed-stream-records.ndjson`
 * (REL-15). Each affected game is re-derived from the log (redrive.ts): its read model
 * re-projected, a deadline already due fired. The records of every game that redrove are
 * taken out of the file; the others stay, with the reason printed.
 *
 * The local scheduler and bus live inside the running `npm start`, so this process cannot
 * arm a deadline that is still ahead, nor re-send a notification: `npm start` re-reads the
 * stream when it starts, which schedules and publishes again (receivers de-duplicate on
 * `webhook-id`).
 */
import { type FailedRecord, readFailedRecords, removeFailedRecords } from '../../infra/local/failed-records.ts';
import { planRedrive, type RedriveContext, type Redriven, redriveGame } from './redrive.ts';

export interface LocalRedrive {
  readonly games: readonly Redriven[];
  readonly removed: number;
  readonly left: readonly FailedRecord[];
}

export const redriveFailedRecords = async (context: RedriveContext, path: string): Promise<LocalRedrive> => {
  const entries = await readFailedRecords(path);
  if (entries.length === 0) return { games: [], removed: 0, left: [] };
  const plan = planRedrive(entries);
  const games: Redriven[] = [];
  for (const [gameId, consumers] of plan.games) games.push(await redriveGame(context, gameId, consumers));
  const done = new Set(games.filter((g) => g.ok).map((g) => g.gameId));
  const redriven = entries.filter((e) => e.gameId !== null && done.has(e.gameId));
  const left = await removeFailedRecords(path, redriven);
  return { games, removed: redriven.length, left };
};
