/**
 * Phase deadlines as one-time schedules: one contract, an EventBridge Scheduler adapter
 * for AWS and an in-process one for the local runtime. Both fire the phase timer with
 * `{ gameId, phaseKey }`, or `{ gameId, phaseKey, reminder }` for a reminder that long
 * before the deadline (PBM-7).
 */
import {
  ConflictException,
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  type SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { sha256Hex } from '../../domain/kernel/hash.ts';
import type { PhaseDeadline, PhaseScheduler, TimerInput } from '../kernel/ports.ts';

/**
 * Deterministic per game and step (and reminder), within Scheduler's 64 characters of
 * [0-9A-Za-z-_.]. A deadline's name is what it always was, so schedules made before
 * reminders existed are still found and deleted.
 */
export const scheduleName = (gameId: string, phaseKey: string, reminder?: string): string =>
  `${gameId.replace(/[^0-9A-Za-z_.-]/g, '_').slice(0, 40)}.${sha256Hex(`${gameId}:${phaseKey}${reminder === undefined ? '' : `:remind:${reminder}`}`).slice(0, 20)}`;

/** What the phase timer is given: the reminder only when there is one, so a deadline's input is unchanged. */
export const timerInputOf = (deadline: PhaseDeadline): TimerInput => ({
  gameId: deadline.gameId,
  phaseKey: deadline.phaseKey,
  ...(deadline.reminder === undefined ? {} : { reminder: deadline.reminder }),
});

export interface SchedulerTarget {
  readonly group: string;
  readonly targetArn: string;
  readonly roleArn: string;
  readonly deadLetterArn: string;
}

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC, no milliseconds, never in the past. */
export const atExpression = (at: string, now: Date): string => {
  const when = Math.max(Date.parse(at), now.getTime() + 1000);
  return `at(${new Date(Math.ceil(when / 1000) * 1000).toISOString().slice(0, 19)})`;
};

export const createScheduleInput = (deadline: PhaseDeadline, target: SchedulerTarget, now: Date): CreateScheduleCommandInput => {
  const name = scheduleName(deadline.gameId, deadline.phaseKey, deadline.reminder);
  return {
    Name: name,
    GroupName: target.group,
    ScheduleExpression: atExpression(deadline.at, now),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    // Per name and time: a redelivered record is idempotent, while a step whose deadline moved
    // (PBM-12: deleted at a pause, created again at resume) is not mistaken for the earlier request.
    ClientToken: sha256Hex(`${name}:${atExpression(deadline.at, now)}`),
    Target: {
      Arn: target.targetArn,
      RoleArn: target.roleArn,
      Input: JSON.stringify(timerInputOf(deadline)),
      RetryPolicy: { MaximumRetryAttempts: 20, MaximumEventAgeInSeconds: 86_400 },
      DeadLetterConfig: { Arn: target.deadLetterArn },
    },
  };
};

export class EventBridgeScheduler implements PhaseScheduler {
  constructor(
    private readonly client: SchedulerClient,
    private readonly target: SchedulerTarget,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async schedule(deadline: PhaseDeadline): Promise<void> {
    try {
      await this.client.send(new CreateScheduleCommand(createScheduleInput(deadline, this.target, this.clock())));
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error; // it exists already: a redelivered record
    }
  }

  async cancel(gameId: string, phaseKey: string, reminder?: string): Promise<void> {
    try {
      await this.client.send(new DeleteScheduleCommand({ Name: scheduleName(gameId, phaseKey, reminder), GroupName: this.target.group }));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error; // fired and deleted itself, or never made
    }
  }
}

/** The local counterpart: timers in this process, firing the same phase timer handler. */
export class LocalScheduler implements PhaseScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** What is scheduled now, by name: visible to tests. */
  readonly pending = new Map<string, PhaseDeadline>();

  constructor(
    private readonly fire: (input: TimerInput) => Promise<unknown>,
    private readonly log: (line: string) => void = () => {},
    private readonly retries = 5,
    private readonly retryDelayMs = 1000,
    /** The time deadlines are due against: the runtime's clock, which a test may move (ARC-3). */
    private readonly now: () => number = Date.now,
  ) {}

  /** The clock moved: every pending deadline is timed again from the new now, and those now due fire. */
  wake(): void {
    for (const [name, deadline] of this.pending) {
      clearTimeout(this.timers.get(name));
      this.arm(name, deadline);
    }
  }

  async schedule(deadline: PhaseDeadline): Promise<void> {
    const name = scheduleName(deadline.gameId, deadline.phaseKey, deadline.reminder);
    if (this.pending.get(name)?.at === deadline.at) return;
    // The same step at another time (PBM-12: an extended or resumed deadline) replaces the old time.
    clearTimeout(this.timers.get(name));
    this.pending.set(name, deadline);
    this.arm(name, deadline);
  }

  async cancel(gameId: string, phaseKey: string, reminder?: string): Promise<void> {
    const name = scheduleName(gameId, phaseKey, reminder);
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
    this.pending.delete(name);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** setTimeout holds at most ~24.8 days: longer deadlines re-arm on the way. */
  /**
   * Like Scheduler's retry policy, a failed fire is tried again (the phase timer is
   * idempotent), `retries` times with a doubling pause, before it is given up and logged.
   */
  private arm(name: string, deadline: PhaseDeadline, attempt = 0): void {
    const due = Math.max(0, Date.parse(deadline.at) - this.now()) + 20;
    const wait = attempt === 0 ? due : this.retryDelayMs * 2 ** (attempt - 1);
    const timer = setTimeout(
      async () => {
        if (Date.parse(deadline.at) > this.now()) return this.arm(name, deadline, attempt);
        this.timers.delete(name);
        try {
          await this.fire(timerInputOf(deadline));
          // Unless the step was scheduled again at another time meanwhile (PBM-12): that one stays.
          if (this.pending.get(name) === deadline) this.pending.delete(name);
        } catch (error) {
          if (attempt < this.retries && this.pending.get(name) === deadline) return this.arm(name, deadline, attempt + 1);
          if (this.pending.get(name) === deadline) this.pending.delete(name);
          this.log(
            `phase timer for ${deadline.gameId} ${deadline.phaseKey}${deadline.reminder ? ` (reminder ${deadline.reminder})` : ''} failed ${attempt + 1} time(s), given up: ${String(error)}`,
          );
        }
      },
      Math.min(wait, 2 ** 31 - 1),
    );
    timer.unref();
    this.timers.set(name, timer);
  }
}
