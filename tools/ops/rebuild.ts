/**
 * `npm run rebuild`: recompute every read model from the `events` table alone, for
 * example after a projection bug fix or after the stream's 24-hour retention.
 *   local:  npm run rebuild -- --endpoint http://127.0.0.1:<port printed by npm start>
 *   AWS:    EVENTS_TABLE=… GAMES_TABLE=… npm run rebuild
 */
import { parseArgs } from 'node:util';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createDynamoClient } from '../../functions/adapters/dynamo-client.ts';
import { createDeps } from '../../functions/adapters/dynamo-deps.ts';
import { tableNames } from '../../functions/adapters/tables.ts';
import { rebuildAll } from '../../functions/games/app/projection.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const { values } = parseArgs({ options: { endpoint: { type: 'string' }, prefix: { type: 'string' } } });
const endpoint = values.endpoint ?? process.env.DYNAMODB_ENDPOINT;
const local = tableNames(values.prefix);
const tables = { events: process.env.EVENTS_TABLE ?? local.events, games: process.env.GAMES_TABLE ?? local.games };

const { client } = createDynamoClient({ endpoint, region: process.env.AWS_REGION ?? 'us-east-1' });
const started = performance.now();
const count = await rebuildAll(createDeps(client, tables, everyRuleset()), (line) => console.log(line));
console.log(`rebuilt ${count} game(s) from ${tables.events} in ${Math.round(performance.now() - started)} ms`);
client.destroy();
