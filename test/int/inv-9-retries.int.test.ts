/**
 * INV-9, REL-8 on DynamoDB Local: concurrent identical retries (same command id, same body) all
 * get the first answer, however many race. The load's two reads (the log's tail and the
 * record) are not one snapshot, so a retry could see the first attempt's events without its
 * record and be refused on them (409 version-conflict, GAME_EXISTS); it must be answered as
 * the first one was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { awaitingSeats } from '../../domain/match/view.ts';
import { type CommandResult, executeCommand } from '../../functions/games/app/commands.ts';
import { loadGame } from '../../functions/games/app/game-fold.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';

let db: TestDb;
beforeAll(async () => {
  db = await freshTables();
});

const RACERS = 40;

/** What an answer says, whichever of the racers gave it: the events (by seq and hash) and the version. */
const gist = (result: CommandResult) => ({ version: result.version, events: result.events.map((e) => `${e.seq}:${e.type}:${e.hash}`) });

const race = (run: () => Promise<CommandResult>) => Promise.allSettled(Array.from({ length: RACERS }, run));

const answers = (settled: PromiseSettledResult<CommandResult>[]) => {
  const refused = settled.flatMap((s) => (s.status === 'rejected' ? [String((s.reason as Error).message)] : []));
  expect(refused).toEqual([]);
  return settled.map((s) => gist((s as PromiseFulfilledResult<CommandResult>).value));
};

describe('INV-9 concurrent identical retries all get the first answer', () => {
  it('INV-9 REL-8 40 identical CreateGame retries racing: one game, and every racer is answered with its creation', async () => {
    for (let round = 0; round < 3; round += 1) {
      const gameId = `g_race_create_${round}`;
      const settled = await race(() =>
        executeCommand(db.deps, {
          gameId,
          commandId: 'create-0001',
          command: { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' },
          caller: { kind: 'player', playerId: 'p_red' },
        }),
      );
      const all = answers(settled);
      expect(new Set(all.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(await db.deps.store.lastSeq(gameId)).toBe(all[0]?.version);
    }
  });

  it('INV-9 REL-8 40 identical retries of a command with an expected version: one batch, every racer answered with it', async () => {
    const gameId = 'g_race_command';
    const give = (commandId: string, playerId: string, command: Record<string, unknown> & { type: string }, expectedVersion?: number) =>
      executeCommand(db.deps, {
        gameId,
        commandId,
        command: command as never,
        caller: { kind: 'player', playerId },
        ...(expectedVersion === undefined ? {} : { expectedVersion }),
      });
    await give('create-0001', 'p_red', { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } });
    let { version } = await give('join-0001', 'p_blue', { type: 'JoinGame' });
    for (let round = 0; round < 3; round += 1) {
      const { state } = await loadGame(db.deps, gameId);
      expect(state.status).toBe('playing');
      const [seat] = awaitingSeats(db.deps.rulesets, state);
      const settled = await race(() => give(`end-phase-${round}`, seat === 'red' ? 'p_red' : 'p_blue', { type: 'EndPhase' }, version));
      const all = answers(settled);
      expect(new Set(all.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(await db.deps.store.lastSeq(gameId)).toBe(all[0]?.version);
      version = all[0]?.version ?? version;
    }
  });
});
