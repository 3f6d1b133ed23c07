/** Lambda: the publisher, fed by the `events` stream: integration events to the EventBridge bus. */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { everyFold } from '../../domain/folds.ts';
import type { Deps } from '../app/deps.ts';
import type { EventBus } from '../app/ports.ts';
import { integrationEvents, publish } from '../app/publishing.ts';
import { transitions } from '../app/transitions.ts';
import { busFromEnv } from '../bus-from-env.ts';
import { depsFromEnv } from '../lambda-deps.ts';
import { perGame } from './records.ts';

export const makePublisher =
  (deps: () => Deps, bus: () => EventBus) =>
  (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
    perGame(event, async (batch) => {
      const all = deps();
      return publish(bus(), integrationEvents(all.rulesets, await transitions(all, batch.gameId, batch.events)));
    });

// Folds games of every rule system, so every fold is imported at start (no referee: PERF-1).
export const handler = makePublisher(() => depsFromEnv({ rulesets: everyFold() }), busFromEnv);
