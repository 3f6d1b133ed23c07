/**
 * OPS-1: each function's DynamoDB grants, action by action and table by table: what its code
 * calls, and nothing more. test/stack/ops-1-grants.stack.test.ts checks them against the calls
 * each entry point was recorded making in the storage tier (test/int/ops-1-aws-calls.int.test.ts);
 * a grant here that no recorded call uses is listed there with the path that needs it.
 *
 * CDK's `grantReadData` and `grantReadWriteData` are not used: they add Scan, DescribeTable,
 * BatchWriteItem, the table's own stream reads and every action on `index/*`, which no function
 * calls (a rebuild's Scan runs with the operator's credentials, tools/ops/). The log is
 * append-only, so no function may update or delete an event. In a TransactWriteItems, IAM
 * authorizes each Put as PutItem, each Update as UpdateItem, each Delete as DeleteItem and each
 * ConditionCheck as ConditionCheckItem.
 */
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { lobbyIndex } from '../../functions/adapters/tables.ts';

type Action = 'GetItem' | 'BatchGetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheckItem';

export interface TableAccess {
  readonly events: readonly Action[];
  readonly games: readonly Action[];
  /** Query the games table's lobby index (API-9, REL-31). */
  readonly lobby?: true;
}

/**
 * Folding a game: its tail is a Query of `events`; a game checkpointed before COST-2 keeps its
 * snapshots (a Query) and its seed (a BatchGetItem) in `games` (adapters/event-store.ts).
 */
const FOLD = { events: ['Query'], games: ['Query', 'BatchGetItem'] } as const satisfies TableAccess;

/**
 * Deciding a command and appending what it gave: a positioned command's PutItem on the event
 * after its version, or a TransactWriteItems of the events, a ConditionCheck of the version and
 * the records kept in `games` (a new game's seed, a command's record); a command retried after
 * a conflict, or a deadline fired again, reads its record back from `games` (GetItem).
 */
const APPEND = {
  events: [...FOLD.events, 'PutItem', 'ConditionCheckItem'],
  games: [...FOLD.games, 'GetItem', 'PutItem'],
} as const satisfies TableAccess;

/** Players, games' read models, webhooks, clubs, rate limits and wait leases: the HTTP functions' own items in `games`. */
const HTTP = { events: APPEND.events, games: [...APPEND.games, 'UpdateItem', 'DeleteItem'] } as const satisfies TableAccess;

export const TABLE_ACCESS = {
  // A game command sent at a version that has moved on reads the event after it, to tell a retry from a conflict (COST-2).
  api: { events: [...HTTP.events, 'GetItem'], games: HTTP.games, lobby: true },
  // The club function appends to tournaments' streams, as the API does to games'.
  clubs: HTTP,
  // Gives DeadlineReached; the tournament reactor creates and joins games and records results (CLUB-4).
  phaseTimer: APPEND,
  tournaments: APPEND,
  // Writes the read models, inboxes and ladders.
  projector: { events: FOLD.events, games: [...FOLD.games, 'GetItem', 'PutItem', 'UpdateItem'] },
  // Each folds the game to the event before its batch, and reads nothing else (OPS-1).
  timerReactor: FOLD,
  publisher: FOLD,
  // Folds a game to find its seats, reads the subscriptions and writes the delivery logs under them.
  webhooks: { events: FOLD.events, games: [...FOLD.games, 'GetItem', 'PutItem'] },
} as const satisfies Record<string, TableAccess>;

const dynamodb = (actions: readonly Action[]) => actions.map((action) => `dynamodb:${action}`);

/** Grants `fn` exactly `access` on the two tables. */
export const grantTables = (fn: LambdaFunction, tables: { readonly events: Table; readonly games: Table }, access: TableAccess): void => {
  fn.addToRolePolicy(new PolicyStatement({ actions: dynamodb(access.events), resources: [tables.events.tableArn] }));
  fn.addToRolePolicy(new PolicyStatement({ actions: dynamodb(access.games), resources: [tables.games.tableArn] }));
  if (access.lobby)
    fn.addToRolePolicy(
      new PolicyStatement({ actions: dynamodb(['Query']), resources: [`${tables.games.tableArn}/index/${lobbyIndex.name}`] }),
    );
};
