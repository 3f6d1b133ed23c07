/** Lambda: the projector, fed by the `events` table stream (INSERT records only). */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { everyFold } from '../../domain/folds.ts';
import { reactForClubs } from '../app/club-reactions.ts';
import type { Deps } from '../app/deps.ts';
import { projectGame } from '../app/projection.ts';
import { depsFromEnv } from '../lambda-deps.ts';
import { perGame } from './records.ts';

export const makeProjector =
  (deps: () => Deps) =>
  (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
    perGame(event, async (batch) => {
      await projectGame(deps(), batch.gameId, batch.events);
      // CLUB-1, CLUB-6: a club's games and ladders follow the same records, idempotently (docs/design.md §21).
      await reactForClubs(deps(), batch.gameId, batch.events);
    });

// Folds games of every rule system, so every fold is imported at start (no referee: PERF-1).
export const handler = makeProjector(() => depsFromEnv({ rulesets: everyFold() }));
