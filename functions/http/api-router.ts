/**
 * The API function's routes (api.ts): players, games and their commands, webhooks. Apart from
 * the clubs' (clubs-router.ts) and the documentation's (docs/http/routes.ts), so that this cold
 * start, which every game command pays, loads none of their code (PERF-1).
 */

import { readCommandAhead } from '../games/app/commands.ts';
import { gameRoutes } from '../games/http/operations.ts';
import { gameHandlers } from '../games/http/routes.ts';
import type { Deps } from '../kernel/deps.ts';
import { webhookRoutes } from '../notifications/http/operations.ts';
import { webhookHandlers } from '../notifications/http/routes.ts';
import { authenticate } from '../players/app/players.ts';
import { playerRoutes } from '../players/http/operations.ts';
import { playerHandlers } from '../players/http/routes.ts';
import { commandIdIn } from './command-id.ts';
import { type ReadAhead, routerFor, type ServedBy } from './route-table.ts';
import type { Router } from './router.ts';

/** The API function's handlers: each of its features' own. */
export const apiHandlers = (deps: () => Deps): ServedBy<'api'> => ({
  ...playerHandlers(deps),
  ...gameHandlers(deps),
  ...webhookHandlers(deps),
});

/**
 * COST-7: a command's game is read while its caller is authenticated (commands.ts,
 * `readCommandAhead`). Keyed by the route, as the router knows it: the games feature's files
 * (its recipe, docs/design.md §19.1) are where a route's own code lives, and this is the host's.
 */
export const apiReadsAhead = (deps: () => Deps): Readonly<Record<string, ReadAhead>> => ({
  'POST /games/{id}/commands': (request, next) => {
    const commandId = commandIdIn(request.body);
    const gameId = request.params.id;
    return commandId === undefined || gameId === undefined ? next() : readCommandAhead(deps(), gameId, commandId, next);
  },
});

/** The API function's routes, in the table's order (route-table.ts). */
export const buildApiRouter = (deps: () => Deps): Router =>
  routerFor(
    [...playerRoutes, ...gameRoutes, ...webhookRoutes],
    apiHandlers(deps),
    (authorization) => authenticate(deps(), authorization),
    apiReadsAhead(deps),
  );
