/** ARC-2: the DynamoDB adapters hold to the ports' contract (test/support/contract-ports.ts), on DynamoDB Local. */
import { beforeAll } from 'vitest';
import { WaitLeaseTable } from '../../functions/adapters/wait-lease-table.ts';
import { describePortContract } from '../support/contract-ports.ts';
import { freshTables, type TestDb } from '../support/dynamo.ts';

let db: TestDb;
beforeAll(async () => {
  db = await freshTables();
});

describePortContract('DynamoDB', async () => ({ deps: db.deps, leases: new WaitLeaseTable(db.dynamo.client, db.tables) }));
