/**
 * Dependencies built once per Lambda container (or local process) from the environment.
 */
import { createDynamoClient } from './adapters/dynamo-client.ts';
import { createDeps, type Deps } from './app/deps.ts';
import { config } from './config.ts';

let deps: Deps | undefined;

export const depsFromEnv = (): Deps => {
  if (!deps) {
    const c = config();
    const { client } = createDynamoClient({ endpoint: c.dynamoEndpoint, region: c.region });
    deps = createDeps(client, { events: c.eventsTable, games: c.gamesTable });
  }
  return deps;
};
