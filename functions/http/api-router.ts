/**
 * The API function's routes (api.ts): players, games and their commands, webhooks. Apart from
 * the clubs' (clubs-router.ts) and the documentation's (docs/http/routes.ts), so that this cold
 * start, which every game command pays, loads none of their code (PERF-1).
 */

import { gameRoutes } from '../games/http/operations.ts';
import { gameHandlers } from '../games/http/routes.ts';
import type { Deps } from '../kernel/deps.ts';
import { webhookRoutes } from '../notifications/http/operations.ts';
import { webhookHandlers } from '../notifications/http/routes.ts';
import { authenticate } from '../players/app/players.ts';
import { playerRoutes } from '../players/http/operations.ts';
import { playerHandlers } from '../players/http/routes.ts';
import { routerFor, type ServedBy } from './route-table.ts';
import type { Router } from './router.ts';

/** The API function's handlers: each of its features' own. */
export const apiHandlers = (deps: () => Deps): ServedBy<'api'> => ({
  ...playerHandlers(deps),
  ...gameHandlers(deps),
  ...webhookHandlers(deps),
});

/** The API function's routes, in the table's order (route-table.ts). */
export const buildApiRouter = (deps: () => Deps): Router =>
  routerFor([...playerRoutes, ...gameRoutes, ...webhookRoutes], apiHandlers(deps), (authorization) => authenticate(deps(), authorization));
