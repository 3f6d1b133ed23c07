/**
 * The whole HTTP API in one router: the API function's routes (routes.ts) and those that
 * describe the service (docs-routes.ts). On AWS they are two functions behind one HTTP API,
 * so that the API's bundle carries no documentation code (PERF-1); the local runtime serves
 * them all from one handler, and this one table is what the OpenAPI document is checked against.
 */
import type { Deps } from '../app/deps.ts';
import type { CorsPolicy } from './cors.ts';
import { addDocsRoutes } from './docs-routes.ts';
import { httpHandler, type LogLine } from './handler.ts';
import type { Router } from './router.ts';
import { buildApiRouter } from './routes.ts';

/** Every route of the service. */
export const buildRouter = (deps: () => Deps): Router => addDocsRoutes(buildApiRouter(deps));

/** Every route in one handler: the local runtime's, and the tests'. */
export const makeApi = (deps: () => Deps, log?: LogLine, cors?: CorsPolicy) => httpHandler(buildRouter(deps), log, cors);
