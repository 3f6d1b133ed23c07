/** Lambda: the timer reactor, fed by the `events` stream: one-time schedules for phase deadlines. */
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { everyFold } from '../../domain/folds.ts';
import { EventBridgeScheduler } from '../adapters/scheduler.ts';
import type { Deps } from '../app/deps.ts';
import type { PhaseScheduler } from '../app/ports.ts';
import { type Report, reactToDeadlines } from '../app/timer-reactor.ts';
import { required } from '../config.ts';
import { depsFromEnv } from '../lambda-deps.ts';
import { perGame } from './records.ts';

/** `report` takes the error line of a step that cannot be scheduled (REL-18); on Lambda, standard error. */
export const makeTimerReactor =
  (deps: () => Deps, scheduler: () => PhaseScheduler, report?: Report) =>
  (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
    perGame(event, (batch) => reactToDeadlines(deps(), scheduler(), batch.gameId, batch.events, report));

let scheduler: PhaseScheduler | undefined;
const schedulerFromEnv = (): PhaseScheduler => {
  scheduler ??= new EventBridgeScheduler(new SchedulerClient({}), {
    group: required('SCHEDULE_GROUP'),
    targetArn: required('PHASE_TIMER_ARN'),
    roleArn: required('SCHEDULER_ROLE_ARN'),
    deadLetterArn: required('SCHEDULER_DLQ_ARN'),
  });
  return scheduler;
};

// Folds games of every rule system, so every fold is imported at start (no referee: PERF-1).
export const handler = makeTimerReactor(() => depsFromEnv({ rulesets: everyFold() }), schedulerFromEnv);
