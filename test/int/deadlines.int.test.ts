import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalBus } from '../../functions/adapters/bus.ts';
import { executeCommand } from '../../functions/games/app/commands.ts';
import { fireDeadline } from '../../functions/games/app/phase-timer.ts';
import type { IntegrationEvent, PhaseDeadline, PhaseScheduler } from '../../functions/kernel/ports.ts';
import { makePhaseTimer } from '../../functions/scheduler/phase-timer.ts';
import { makePublisher } from '../../functions/stream/publisher.ts';
import { makeTimerReactor } from '../../functions/stream/timer-reactor.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';
import { readStream } from '../support/stream.ts';

/** A scheduler port that records what the reactor asked of it. */
class RecordingScheduler implements PhaseScheduler {
  readonly calls: string[] = [];
  readonly scheduled: PhaseDeadline[] = [];
  async schedule(deadline: PhaseDeadline) {
    this.calls.push(`schedule ${deadline.phaseKey} at ${deadline.at}`);
    this.scheduled.push(deadline);
  }
  async cancel(_gameId: string, phaseKey: string) {
    this.calls.push(`cancel ${phaseKey}`);
  }
}

const T0 = new Date('2026-03-01T12:00:00.000Z');
let now = T0;
let db: TestDb;
const count = async (gameId: string) => (await db.deps.store.readAfter(gameId, 0)).length;

let sequence = 0;
const give = (gameId: string, playerId: string, command: { type: string } & Record<string, unknown>) => {
  sequence += 1;
  return executeCommand(db.deps, { gameId, commandId: `dl-${sequence}`, command, caller: { kind: 'player', playerId } });
};

/** Red goes first (a mission choice, so no roll-off); every phase has an hour, the Movement Phase ten minutes. */
const startTimedGame = async (gameId: string) => {
  await give(gameId, 'p_red', {
    type: 'CreateGame',
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red', deadlines: { default: 'PT1H', phases: { movement: 'PT10M' } } },
  });
  await give(gameId, 'p_blue', { type: 'JoinGame' });
};

const recordsOf = (records: DynamoDBRecord[], gameId: string) => records.filter((r) => r.dynamodb?.NewImage?.gameId?.S === gameId);

beforeAll(async () => {
  db = await freshTables({ clock: () => now });
});

describe('the phase timer', () => {
  it('PG-4 when a deadline passes, the phase ends as if the active player ended it', async () => {
    now = T0;
    await startTimedGame('g_due');
    now = new Date('2026-03-01T13:00:00.000Z');
    const fired = await makePhaseTimer(() => db.deps)({ gameId: 'g_due', phaseKey: 't1-command' });
    expect(fired.written).toBe(2);
    const log = await db.deps.store.readAfter('g_due', 0);
    expect(log.slice(-2).map((e) => [e.type, e.actor])).toEqual([
      ['DeadlinePassed', 'system'],
      ['PhaseStarted', 'system'],
    ]);
    expect(log.at(-1)?.data).toEqual({ phase: 'resource', seat: 'red' });
  });

  it('a duplicate fire writes nothing', async () => {
    const before = await count('g_due');
    const again = await fireDeadline(db.deps, { gameId: 'g_due', phaseKey: 't1-command' });
    expect(again.written).toBe(0);
    expect(await count('g_due')).toBe(before);
  });

  it('a late fire, after the phase was ended by its player, writes nothing', async () => {
    now = T0;
    await startTimedGame('g_late');
    await give('g_late', 'p_red', { type: 'EndPhase' });
    const before = await count('g_late');
    now = new Date('2026-03-02T00:00:00.000Z');
    expect((await fireDeadline(db.deps, { gameId: 'g_late', phaseKey: 't1-command' })).written).toBe(0);
    expect(await count('g_late')).toBe(before);
  });

  it('a fire for a finished game writes nothing', async () => {
    now = T0;
    await startTimedGame('g_over');
    await give('g_over', 'p_blue', { type: 'Concede' });
    const before = await count('g_over');
    now = new Date('2026-03-02T00:00:00.000Z');
    expect((await fireDeadline(db.deps, { gameId: 'g_over', phaseKey: 't1-command' })).written).toBe(0);
    expect(await count('g_over')).toBe(before);
  });

  it('a fire for a game that does not exist writes nothing and does not fail', async () => {
    expect(await fireDeadline(db.deps, { gameId: 'g_ghost', phaseKey: 't1-command' })).toMatchObject({ written: 0 });
    expect(await count('g_ghost')).toBe(0);
  });
});

describe('the timer reactor, fed from the real stream', () => {
  it('schedules the deadline of the step that opens, and deletes it when the step closes early', async () => {
    now = T0;
    await startTimedGame('g_react');
    const scheduler = new RecordingScheduler();
    const react = makeTimerReactor(
      () => db.deps,
      () => scheduler,
    );
    const seen = await readStream(db);
    expect((await react({ Records: recordsOf(seen, 'g_react') })).batchItemFailures).toEqual([]);
    // The lobby's expiry (PBM-10) opened and closed within the batch: deleted in case it was scheduled, never created.
    expect(scheduler.calls).toEqual(['cancel lobby', 'schedule t1-command at 2026-03-01T13:00:00.000Z']);

    now = new Date('2026-03-01T12:05:00.000Z');
    await give('g_react', 'p_red', { type: 'EndPhase' });
    await give('g_react', 'p_red', { type: 'EndPhase' });
    const seq = (r: DynamoDBRecord) => Number(r.dynamodb?.NewImage?.seq?.N);
    const reacted = Math.max(...recordsOf(seen, 'g_react').map(seq));
    const fresh = recordsOf(await readStream(db), 'g_react').filter((r) => seq(r) > reacted);
    scheduler.calls.length = 0;
    // Each command's records arrive in their own batch, as from a busy stream.
    for (const record of fresh) await react({ Records: [record] });
    expect(scheduler.calls).toEqual([
      'cancel t1-command',
      'schedule t1-resource at 2026-03-01T13:05:00.000Z',
      'cancel t1-resource',
      'schedule t1-movement at 2026-03-01T12:15:00.000Z',
    ]);
  });

  it('gives a step that opened and closed within one batch no schedule at all, and is idempotent on redelivery', async () => {
    const scheduler = new RecordingScheduler();
    const react = makeTimerReactor(
      () => db.deps,
      () => scheduler,
    );
    const records = recordsOf(await readStream(db), 'g_react');
    await react({ Records: records });
    await react({ Records: records });
    const once = ['cancel lobby', 'cancel t1-command', 'cancel t1-resource', 'schedule t1-movement at 2026-03-01T12:15:00.000Z'];
    expect(scheduler.calls).toEqual([...once, ...once]);
  });
});

describe('the publisher, fed from the real stream', () => {
  it('publishes TurnStarted, PhaseStarted, SeatAwaited with the deadline, and GameEnded, each with a stable id', async () => {
    now = T0;
    await startTimedGame('g_pub');
    await give('g_pub', 'p_red', { type: 'Concede' });
    const bus = new LocalBus();
    const publisher = makePublisher(
      () => db.deps,
      () => bus,
    );
    const records = recordsOf(await readStream(db), 'g_pub');
    expect((await publisher({ Records: records })).batchItemFailures).toEqual([]);
    // Red is awaited from the moment the first player is chosen, before the turn's own events.
    expect(bus.published.map((e) => e.type)).toEqual(['SeatAwaited', 'TurnStarted', 'PhaseStarted', 'GameEnded']);
    expect(bus.published.find((e) => e.type === 'SeatAwaited')?.detail).toEqual({
      seat: 'red',
      playerId: 'p_red',
      phase: 'command',
      deadline: '2026-03-01T13:00:00.000Z',
    });
    expect(bus.published.find((e) => e.type === 'GameEnded')?.detail).toMatchObject({ winner: 'blue', reason: 'red conceded' });
    expect(new Set(bus.published.map((e) => e.id)).size).toBe(bus.published.length);
    expect(JSON.stringify(bus.published)).not.toMatch(/"seed"/);
  });

  it("retries the entries the bus refused, and fails the game's batch when the bus keeps refusing", async () => {
    const records = recordsOf(await readStream(db), 'g_pub');
    let refusals = 1;
    const flaky = {
      attempts: [] as number[],
      async put(events: readonly IntegrationEvent[]) {
        this.attempts.push(events.length);
        if (refusals > 0) {
          refusals -= 1;
          return events.slice(0, 1);
        }
        return [];
      },
    };
    expect(
      (
        await makePublisher(
          () => db.deps,
          () => flaky,
        )({ Records: records })
      ).batchItemFailures,
    ).toEqual([]);
    expect(flaky.attempts).toEqual([4, 1]);

    const refusing = { put: async (events: readonly IntegrationEvent[]) => events };
    const failed = await makePublisher(
      () => db.deps,
      () => refusing,
    )({ Records: records });
    expect(failed.batchItemFailures).toEqual([{ itemIdentifier: records[0]?.dynamodb?.SequenceNumber }]);
  }, 20_000);
});
