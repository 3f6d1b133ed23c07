/**
 * REL-18: a step whose deadline lies past the bound (a log written before it, or a bug) is
 * never a silent stall: the timer reactor, fed from the real stream, schedules nothing for
 * it and reports one structured error line, the line the AWS alarm counts.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { LATEST_TIME } from '../../domain/kernel/duration.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { executeCommand } from '../../functions/games/app/commands.ts';
import type { PhaseDeadline, PhaseScheduler } from '../../functions/kernel/ports.ts';
import { makeTimerReactor } from '../../functions/stream/timer-reactor.ts';
import { UNSCHEDULABLE_STEP_LINE } from '../../infra/aws/alarms.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';
import { ageLog } from '../support/older-rules.ts';
import { readStream } from '../support/stream.ts';

class RecordingScheduler implements PhaseScheduler {
  readonly calls: string[] = [];
  async schedule(deadline: PhaseDeadline) {
    this.calls.push(`schedule ${deadline.phaseKey}${deadline.reminder ? ` reminder ${deadline.reminder}` : ''} at ${deadline.at}`);
  }
  async cancel(_gameId: string, phaseKey: string) {
    this.calls.push(`cancel ${phaseKey}`);
  }
}

const T0 = new Date('2026-03-01T12:00:00.000Z');
let db: TestDb;

beforeAll(async () => {
  db = await freshTables({ clock: () => T0 });
});

/**
 * A game recorded by an older server, before durations were bounded at creation (INV-1,
 * INV-6): played on the memory adapters with a deadline the bound takes, then its log
 * rewritten as pg-0.7.0 wrote it, with `deadlines`, and appended to DynamoDB Local.
 */
const timedGame = async (gameId: string, deadlines: Record<string, unknown>, reminders?: string[]) => {
  const recorder = createMemoryDeps(everyRuleset(), { clock: () => T0 });
  const caller = (playerId: string) => ({ kind: 'player', playerId }) as const;
  const options = { firstPlayer: 'red', deadlines: { default: 'P1D' }, ...(reminders ? { reminders } : {}) };
  await executeCommand(recorder, {
    gameId,
    commandId: `${gameId}-create`,
    command: { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red', options },
    caller: caller('p_red'),
  });
  await executeCommand(recorder, { gameId, commandId: `${gameId}-join`, command: { type: 'JoinGame' }, caller: caller('p_blue') });
  const withDeadlines = (event: EventEnvelope): unknown => {
    if (event.type !== 'GameCreated') return event.data;
    const data = event.data as { options: Record<string, unknown> };
    return { ...data, options: { ...data.options, deadlines } };
  };
  const events = ageLog(await recorder.store.readAfter(gameId, 0), 'pg-0.7.0', withDeadlines);
  const appended = await db.deps.store.append({ gameId, expectedVersion: 0, events, seed: 'ab'.repeat(32) });
  expect(appended).toEqual({ ok: true });
};

const react = async (gameId: string) => {
  const scheduler = new RecordingScheduler();
  const reported: string[] = [];
  const records = (await readStream(db)).filter((r: DynamoDBRecord) => r.dynamodb?.NewImage?.gameId?.S === gameId);
  const reactor = makeTimerReactor(
    () => db.deps,
    () => scheduler,
    (line) => reported.push(line),
  );
  expect((await reactor({ Records: records })).batchItemFailures).toEqual([]);
  return { calls: scheduler.calls, reported: reported.map((line) => JSON.parse(line) as Record<string, unknown>) };
};

describe('REL-18 a step that cannot be scheduled', () => {
  it('REL-18 a deadline past the bound is not scheduled and is reported as one error line, with its reminder', async () => {
    await timedGame('g_forever', { default: 'P99999999D' }, ['PT1H']);
    const { calls, reported } = await react('g_forever');
    expect(calls).toEqual(['cancel lobby']);
    expect(reported).toEqual([
      {
        level: 'error',
        msg: UNSCHEDULABLE_STEP_LINE,
        gameId: 'g_forever',
        phaseKey: 't1-command',
        at: LATEST_TIME,
        detail: `The deadline of step t1-command in game g_forever passes at ${LATEST_TIME}, more than P365D from now, so it was not scheduled: the step will not time out.`,
      },
      expect.objectContaining({ level: 'error', msg: UNSCHEDULABLE_STEP_LINE, phaseKey: 't1-command', reminder: 'PT1H' }),
    ]);
  });

  it('REL-18 a deadline of the longest duration accepted is scheduled, and nothing is reported', async () => {
    await timedGame('g_year', { default: 'P365D' }, ['PT1H']);
    const { calls, reported } = await react('g_year');
    expect(calls).toEqual([
      'cancel lobby',
      'schedule t1-command at 2027-03-01T12:00:00.000Z',
      'schedule t1-command reminder PT1H at 2027-03-01T11:00:00.000Z',
    ]);
    expect(reported).toEqual([]);
  });
});
