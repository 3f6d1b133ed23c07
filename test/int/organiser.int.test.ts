import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { executeCommand } from '../../functions/games/app/commands.ts';
import type { PhaseDeadline, PhaseScheduler } from '../../functions/kernel/ports.ts';
import { makeTimerReactor } from '../../functions/stream/timer-reactor.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';
import { readStream } from '../support/stream.ts';

/** A scheduler port that records what the reactor asked of it. */
class RecordingScheduler implements PhaseScheduler {
  readonly calls: string[] = [];
  async schedule(deadline: PhaseDeadline) {
    this.calls.push(`schedule ${deadline.phaseKey} at ${deadline.at}`);
  }
  async cancel(_gameId: string, phaseKey: string) {
    this.calls.push(`cancel ${phaseKey}`);
  }
}

let now = new Date('2026-03-01T12:00:00.000Z');
let db: TestDb;
let sequence = 0;
const give = (playerId: string, command: { type: string } & Record<string, unknown>) => {
  sequence += 1;
  return executeCommand(db.deps, { gameId: 'g_org', commandId: `org-${sequence}`, command, caller: { kind: 'player', playerId } });
};
const seq = (r: DynamoDBRecord) => Number(r.dynamodb?.NewImage?.seq?.N);
const recordsOf = async () => (await readStream(db)).filter((r) => r.dynamodb?.NewImage?.gameId?.S === 'g_org');

beforeAll(async () => {
  db = await freshTables({ clock: () => now });
});

describe('PBM-12 the timer reactor follows a moved deadline, fed from the real stream', () => {
  it('PBM-12 a pause deletes the schedule, resume and extension schedule the deadline again, and a redelivered pause does not undo them', async () => {
    const scheduler = new RecordingScheduler();
    const react = makeTimerReactor(
      () => db.deps,
      () => scheduler,
    );
    let reacted = 0;
    /** React to the records written since the last call, one command's batch at a time. */
    const step = async (at: string, playerId: string, command: { type: string } & Record<string, unknown>) => {
      now = new Date(at);
      await give(playerId, command);
      const fresh = (await recordsOf()).filter((r) => seq(r) > reacted);
      reacted = Math.max(reacted, ...fresh.map(seq));
      scheduler.calls.length = 0;
      expect((await react({ Records: fresh })).batchItemFailures).toEqual([]);
      return [...scheduler.calls];
    };

    await step('2026-03-01T12:00:00.000Z', 'p_org', {
      type: 'CreateGame',
      ruleset: 'post-galactica',
      options: { firstPlayer: 'red', deadlines: { default: 'PT1H' } },
    });
    await step('2026-03-01T12:00:00.000Z', 'p_red', { type: 'JoinGame', seat: 'red' });
    expect(await step('2026-03-01T12:00:00.000Z', 'p_blue', { type: 'JoinGame', seat: 'blue' })).toEqual([
      'cancel lobby',
      'schedule t1-command at 2026-03-01T13:00:00.000Z',
    ]);
    expect(await step('2026-03-01T12:15:00.000Z', 'p_org', { type: 'PauseGame' })).toEqual(['cancel t1-command']);
    expect(await step('2026-03-01T12:30:00.000Z', 'p_org', { type: 'ResumeGame' })).toEqual([
      'cancel t1-command',
      'schedule t1-command at 2026-03-01T13:15:00.000Z',
    ]);
    expect(await step('2026-03-01T12:40:00.000Z', 'p_org', { type: 'ExtendDeadline', by: 'PT1H' })).toEqual([
      'cancel t1-command',
      'schedule t1-command at 2026-03-01T14:15:00.000Z',
    ]);

    // The pause's record again, after the game was resumed and extended: the schedule stays at the deadline now.
    const pause = (await recordsOf()).filter((r) => r.dynamodb?.NewImage?.type?.S === 'GamePaused');
    scheduler.calls.length = 0;
    await react({ Records: pause });
    expect(scheduler.calls).toEqual(['cancel t1-command', 'schedule t1-command at 2026-03-01T14:15:00.000Z']);
  });
});
