/** ARC-2: the in-memory adapters hold to the ports' contract (test/support/contract-ports.ts). */
import { everyRuleset } from '../../domain/rulesets.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { MemoryWaitLeases } from '../../functions/adapters/memory/limits.ts';
import { describePortContract } from '../support/contract-ports.ts';

describePortContract('memory', async () => ({ deps: createMemoryDeps(everyRuleset()), leases: new MemoryWaitLeases() }));
