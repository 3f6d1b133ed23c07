/**
 * A crash at a chosen point of a series of writes, on real DynamoDB Local: the client sends
 * writes until the `crashAt`-th and none from it on, as a process killed just before that
 * write would. Reads still answer, so the code under test runs until it needs to write.
 */
import { everyRuleset } from '../../domain/rulesets.ts';
import { createDynamoClient } from '../../functions/adapters/dynamo-client.ts';
import { createDeps } from '../../functions/adapters/dynamo-deps.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import type { TestDb } from './dynamo.ts';

const RULESETS = everyRuleset();

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems', 'BatchWriteItem']);

export class Crash extends Error {
  constructor(readonly write: number) {
    super(`crashed before write ${write}`);
    this.name = 'Crash';
  }
}

export interface CrashingDeps {
  readonly deps: Deps;
  /** Writes attempted since `crashAt`, the cut-off ones included. */
  readonly writes: () => number;
  /** From now on, let `write - 1` writes through and stop every later one. */
  crashAt(write: number): void;
  /** Whether a write was stopped since `crashAt`. */
  readonly crashed: () => boolean;
}

export const crashingDeps = (db: TestDb): CrashingDeps => {
  const { client } = createDynamoClient({ endpoint: db.endpoint });
  let limit = Number.POSITIVE_INFINITY;
  let attempted = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = String(context.commandName ?? '').replace(/Command$/, '');
      if (WRITES.has(name)) {
        attempted += 1;
        if (attempted >= limit) throw new Crash(attempted);
      }
      return next(args);
    },
    { step: 'initialize', name: 'crashAtWrite' },
  );
  return {
    deps: createDeps(client, db.tables, RULESETS),
    writes: () => attempted,
    crashAt: (write) => {
      limit = write;
      attempted = 0;
    },
    crashed: () => attempted >= limit,
  };
};
