/**
 * Lambda: clubs, their ladders, and tournaments (CLUB-1 to CLUB-6), on the same API as the
 * games. They have a function of their own so that the API's cold start, which every game
 * command pays, compiles none of their code: with them the API bundle was over PERF-1's
 * 600 KiB (docs/design.md §14). It loads each rule system when a tournament's game first needs it.
 */
import { rulesetCatalogue } from '../../domain/catalogue.ts';
import { rulesetList } from '../../domain/ruleset-list.ts';
import { kmsSignerFromEnv } from '../adapters/kms-signer.ts';
import { depsFromEnv } from '../lambda-deps.ts';
import { buildClubsRouter } from './clubs-router.ts';
import { httpHandler } from './handler.ts';

export const handler = httpHandler(
  buildClubsRouter(() => depsFromEnv({ rulesets: rulesetCatalogue(rulesetList), signer: kmsSignerFromEnv })),
);
