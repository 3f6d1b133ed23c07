/**
 * Lambda: the tournament reactor, fed by the `events` stream (CLUB-4, docs/design.md §10.4):
 * a tournament's paired round opens its games and arms its deadline (with the phase timer as
 * the target, as games' steps do), each paired player hears of it on the bus, and a game's end
 * is reported to its tournament: `tournamentReactor` of the one list, which `npm start`'s
 * stream poller and the memory runtime's stream run too (HALL-3).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { rulesetCatalogue } from '../../domain/catalogue.ts';
import { rulesetList } from '../../domain/ruleset-list.ts';
import { busFromEnv } from '../bus-from-env.ts';
import type { Deps } from '../kernel/deps.ts';
import type { EventBus, PhaseScheduler } from '../kernel/ports.ts';
import { depsFromEnv } from '../lambda-deps.ts';
import { lambdaOf } from './consumers/consumer.ts';
import { tournamentReactor } from './consumers/tournaments.ts';
import { schedulerFromEnv } from './scheduler-from-env.ts';

export const makeTournamentReactor = (
  deps: () => Deps,
  scheduler: () => PhaseScheduler | null,
  bus: () => EventBus,
): ((event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>) =>
  lambdaOf(tournamentReactor, () => ({ deps: deps(), scheduler: scheduler(), bus: bus() }));

/** It opens games, so it decides with a game's referee, loaded with the first game of its rule system (PERF-1), as the phase timer does. */
export const handler = makeTournamentReactor(() => depsFromEnv({ rulesets: rulesetCatalogue(rulesetList) }), schedulerFromEnv, busFromEnv);
