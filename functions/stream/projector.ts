/** Lambda: the projector, fed by the `events` table stream (INSERT records only): `projector` of the one list (consumers/). */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { everyFold } from '../../domain/folds.ts';
import type { Deps } from '../kernel/deps.ts';
import { depsFromEnv } from '../lambda-deps.ts';
import { lambdaOf } from './consumers/consumer.ts';
import { projector } from './consumers/projector.ts';

export const makeProjector = (deps: () => Deps): ((event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>) =>
  lambdaOf(projector, () => ({ deps: deps(), scheduler: null, bus: null }));

// Folds games of every rule system, so every fold is imported at start (no referee: PERF-1).
export const handler = makeProjector(() => depsFromEnv({ rulesets: everyFold() }));
