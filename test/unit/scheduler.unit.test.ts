import { describe, expect, it, vi } from 'vitest';
import { atExpression, createScheduleInput, LocalScheduler, scheduleName } from '../../functions/adapters/scheduler.ts';

const target = {
  group: 'arbiter-deadlines',
  targetArn: 'arn:aws:lambda:eu-west-1:1:function:timer',
  roleArn: 'arn:aws:iam::1:role/sched',
  deadLetterArn: 'arn:aws:sqs:eu-west-1:1:dlq',
};
const now = new Date('2026-03-01T12:00:00.000Z');

describe('EventBridge Scheduler requests', () => {
  it('names a schedule deterministically per game and step, within 64 characters of the allowed alphabet', () => {
    const name = scheduleName('g_0123456789abcdef0123', 't12-command');
    expect(name).toBe(scheduleName('g_0123456789abcdef0123', 't12-command'));
    expect(name).not.toBe(scheduleName('g_0123456789abcdef0123', 't12-resource'));
    expect(name).toMatch(/^[0-9A-Za-z_.-]{1,64}$/);
  });

  it('fires once at the deadline in UTC, with no flexible window, then deletes itself', () => {
    const input = createScheduleInput({ gameId: 'g_1', phaseKey: 't1-command', at: '2026-03-03T12:00:00.250Z' }, target, now);
    expect(input).toMatchObject({
      GroupName: 'arbiter-deadlines',
      ScheduleExpression: 'at(2026-03-03T12:00:01)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      ClientToken: expect.stringMatching(/^[0-9a-f]{64}$/),
      Target: {
        Arn: target.targetArn,
        RoleArn: target.roleArn,
        Input: '{"gameId":"g_1","phaseKey":"t1-command"}',
        DeadLetterConfig: { Arn: target.deadLetterArn },
        RetryPolicy: { MaximumRetryAttempts: 20, MaximumEventAgeInSeconds: 86_400 },
      },
    });
  });

  it('PBM-12 a step created again at another time (paused and resumed) is a new request, the same time a retry', () => {
    const deadline = { gameId: 'g_1', phaseKey: 't1-command', at: '2026-03-03T12:00:00.000Z' };
    const first = createScheduleInput(deadline, target, now);
    expect(createScheduleInput(deadline, target, now).ClientToken).toBe(first.ClientToken);
    const resumed = createScheduleInput({ ...deadline, at: '2026-03-04T12:00:00.000Z' }, target, now);
    expect(resumed.Name).toBe(first.Name);
    expect(resumed.ClientToken).not.toBe(first.ClientToken);
  });

  it('never asks for a time in the past: a deadline already due fires a second from now', () => {
    expect(atExpression('2026-03-01T11:00:00.000Z', now)).toBe('at(2026-03-01T12:00:01)');
  });
});

describe('the local scheduler', () => {
  const soon = () => new Date(Date.now() + 30).toISOString();
  /** The timers are due within milliseconds; the bound is only there for a machine under load. */
  const WAIT = { timeout: 10_000, interval: 10 };

  it('fires the phase timer at the deadline, once', async () => {
    const fired: string[] = [];
    const scheduler = new LocalScheduler(async (input) => void fired.push(input.phaseKey));
    await scheduler.schedule({ gameId: 'g_1', phaseKey: 't1-command', at: soon() });
    await scheduler.schedule({ gameId: 'g_1', phaseKey: 't1-command', at: soon() });
    await vi.waitFor(() => expect(fired).toEqual(['t1-command']), WAIT);
    expect(scheduler.pending.size).toBe(0);
  });

  it('PBM-12 scheduling the same step at another time replaces the old time', async () => {
    vi.useFakeTimers();
    try {
      const fired: string[] = [];
      const scheduler = new LocalScheduler(async (input) => void fired.push(input.phaseKey));
      await scheduler.schedule({ gameId: 'g_1', phaseKey: 't1-command', at: new Date(Date.now() + 50).toISOString() });
      const later = new Date(Date.now() + 60_000).toISOString();
      await scheduler.schedule({ gameId: 'g_1', phaseKey: 't1-command', at: later });
      expect([...scheduler.pending.values()].map((d) => d.at)).toEqual([later]);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(fired).toEqual([]);
      await vi.advanceTimersByTimeAsync(31_000);
      expect(fired).toHaveLength(1);
      expect(scheduler.pending.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("retries a failed fire, like Scheduler's retry policy, and then gives up", async () => {
    let calls = 0;
    const flaky = new LocalScheduler(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('the game moved on');
      },
      () => {},
      5,
      10,
    );
    await flaky.schedule({ gameId: 'g_1', phaseKey: 't1-command', at: soon() });
    await vi.waitFor(() => expect(calls).toBe(3), WAIT);
    expect(flaky.pending.size).toBe(0);

    const lines: string[] = [];
    let attempts = 0;
    const broken = new LocalScheduler(
      async () => {
        attempts += 1;
        throw new Error('down');
      },
      (line) => lines.push(line),
      2,
      10,
    );
    await broken.schedule({ gameId: 'g_2', phaseKey: 't1-command', at: soon() });
    await vi.waitFor(() => expect(lines).toHaveLength(1), WAIT);
    expect(attempts).toBe(3);
    expect(lines[0]).toBe('phase timer for g_2 t1-command failed 3 time(s), given up: Error: down');
  });

  it('does not fire a cancelled deadline', async () => {
    const fired: string[] = [];
    const scheduler = new LocalScheduler(async (input) => void fired.push(input.phaseKey));
    const at = soon();
    await scheduler.schedule({ gameId: 'g_1', phaseKey: 't1-command', at });
    await scheduler.cancel('g_1', 't1-command');
    // A witness due after it: once the witness has fired, the cancelled deadline's time has passed too.
    await scheduler.schedule({ gameId: 'g_1', phaseKey: 't1-resource', at: new Date(Date.parse(at) + 30).toISOString() });
    await vi.waitFor(() => expect(fired).toContain('t1-resource'), WAIT);
    expect(fired).toEqual(['t1-resource']);
  });
});
