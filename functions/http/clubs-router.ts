/**
 * The club function's routes (clubs.ts): clubs, their ladders, and tournaments (CLUB-1 to
 * CLUB-6). Apart from the API's (api-router.ts), whose webhook routes would bring the webhook
 * sender's address guard into this function's bundle (PERF-1).
 */

import { clubRoutes } from '../clubs/http/operations.ts';
import { clubHandlers } from '../clubs/http/routes.ts';
import type { Deps } from '../kernel/deps.ts';
import { authenticate } from '../players/app/players.ts';
import { tournamentRoutes } from '../tournaments/http/operations.ts';
import { tournamentHandlers } from '../tournaments/http/routes.ts';
import { routerFor, type ServedBy } from './route-table.ts';
import type { Router } from './router.ts';

/** The club function's handlers: a function of their own, so that the API's cold start loads none of their code (PERF-1). */
export const clubsHandlers = (deps: () => Deps): ServedBy<'clubs'> => ({
  ...clubHandlers(deps),
  ...tournamentHandlers(deps),
});

/** The club function's routes, in the table's order (route-table.ts). */
export const buildClubsRouter = (deps: () => Deps): Router =>
  routerFor([...tournamentRoutes, ...clubRoutes], clubsHandlers(deps), (authorization) => authenticate(deps(), authorization));
