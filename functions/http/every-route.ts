/**
 * The whole HTTP API in one router: every route of the route table (route-table.ts), with the
 * API function's handlers (api-router.ts), the club function's (clubs-router.ts) and those
 * that describe the service (docs/http/routes.ts). On AWS they are three functions behind one HTTP
 * API, so that the API's bundle carries no documentation, club or tournament code (PERF-1);
 * the local runtime serves them all from one handler.
 */

import { docsHandlersWith } from '../docs/http/routes.ts';
import type { Deps } from '../kernel/deps.ts';
import { authenticate } from '../players/app/players.ts';
import { apiHandlers, apiReadsAhead } from './api-router.ts';
import { clubsHandlers } from './clubs-router.ts';
import type { CorsPolicy } from './cors.ts';
import { httpHandler, type LogLine } from './handler.ts';
import { ROUTES, routerFor } from './route-table.ts';
import type { Router } from './router.ts';

/** Every route of the service. */
export const buildRouter = (deps: () => Deps): Router =>
  routerFor(
    ROUTES,
    { ...apiHandlers(deps), ...clubsHandlers(deps), ...docsHandlersWith(() => deps().signer.keySet()) },
    (authorization) => authenticate(deps(), authorization),
    apiReadsAhead(deps),
  );

/** Every route in one handler: the local runtime's, and the tests'. */
export const makeApi = (deps: () => Deps, log?: LogLine, cors?: CorsPolicy) => httpHandler(buildRouter(deps), log, cors);
