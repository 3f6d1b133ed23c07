/**
 * The phase scheduler of a Lambda that arms deadlines (the timer reactor: games' steps; the
 * tournament reactor: rounds, CLUB-4), built once per container from the environment the
 * stack gives both (infra/aws/phase-deadlines.ts). Every schedule targets the phase timer.
 */
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { EventBridgeScheduler } from '../adapters/scheduler.ts';
import { required } from '../config.ts';
import type { PhaseScheduler } from '../kernel/ports.ts';

let scheduler: PhaseScheduler | undefined;

export const schedulerFromEnv = (): PhaseScheduler => {
  scheduler ??= new EventBridgeScheduler(new SchedulerClient({}), {
    group: required('SCHEDULE_GROUP'),
    targetArn: required('PHASE_TIMER_ARN'),
    roleArn: required('SCHEDULER_ROLE_ARN'),
    deadLetterArn: required('SCHEDULER_DLQ_ARN'),
  });
  return scheduler;
};
