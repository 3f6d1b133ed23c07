import { describe, expect, it } from 'vitest';
import { atExpression, createScheduleInput, scheduleName } from '../../functions/adapters/scheduler.ts';

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
      ClientToken: input.Name,
      Target: {
        Arn: target.targetArn,
        RoleArn: target.roleArn,
        Input: '{"gameId":"g_1","phaseKey":"t1-command"}',
        DeadLetterConfig: { Arn: target.deadLetterArn },
        RetryPolicy: { MaximumRetryAttempts: 20, MaximumEventAgeInSeconds: 86_400 },
      },
    });
  });

  it('never asks for a time in the past: a deadline already due fires a second from now', () => {
    expect(atExpression('2026-03-01T11:00:00.000Z', now)).toBe('at(2026-03-01T12:00:01)');
  });
});
