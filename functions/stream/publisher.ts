/** Lambda: the publisher, fed by the `events` stream: integration events to the EventBridge bus (`publisher` of the one list). */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { everyFold } from '../../domain/folds.ts';
import { busFromEnv } from '../bus-from-env.ts';
import type { Deps } from '../kernel/deps.ts';
import type { EventBus } from '../kernel/ports.ts';
import { depsFromEnv } from '../lambda-deps.ts';
import { lambdaOf } from './consumers/consumer.ts';
import { publisher } from './consumers/publisher.ts';

export const makePublisher = (deps: () => Deps, bus: () => EventBus): ((event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>) =>
  lambdaOf(publisher, () => ({ deps: deps(), scheduler: null, bus: bus() }));

// Folds games of every rule system, so every fold is imported at start (no referee: PERF-1).
export const handler = makePublisher(() => depsFromEnv({ rulesets: everyFold() }), busFromEnv);
