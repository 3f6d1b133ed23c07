/** Lambda: the timer reactor, fed by the `events` stream: one-time schedules for phase deadlines (`timerReactor` of the one list). */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { everyFold } from '../../domain/folds.ts';
import type { Report } from '../games/app/timer-reactor.ts';
import type { Deps } from '../kernel/deps.ts';
import type { PhaseScheduler } from '../kernel/ports.ts';
import { depsFromEnv } from '../lambda-deps.ts';
import { lambdaOf } from './consumers/consumer.ts';
import { timerReactor } from './consumers/timer-reactor.ts';
import { schedulerFromEnv } from './scheduler-from-env.ts';

/** `report` takes the error line of a step that cannot be scheduled (REL-18); on Lambda, standard error. */
export const makeTimerReactor = (
  deps: () => Deps,
  scheduler: () => PhaseScheduler,
  report?: Report,
): ((event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>) =>
  lambdaOf(timerReactor, () => ({ deps: deps(), scheduler: scheduler(), bus: null, ...(report ? { report } : {}) }));

// Folds games of every rule system, so every fold is imported at start (no referee: PERF-1).
export const handler = makeTimerReactor(() => depsFromEnv({ rulesets: everyFold() }), schedulerFromEnv);
