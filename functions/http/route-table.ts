/**
 * ARC-5, HALL-1: the one route table. Each feature declares its routes in its own folder,
 * `functions/<feature>/http/operations.ts`: method, path template, operationId, which function
 * serves it, whether it needs the API key, what the document says of it, the zod schemas of its
 * query and body, and beside them its answers in the document; its handlers, one per
 * operationId, are in the feature's routes.ts. This table puts the features' lists together:
 * the OpenAPI paths (docs/http/openapi.ts, which adds each operation's answers by operationId),
 * the CDK routes (infra/aws/http-api.ts, by `routeKeys`) and the local runtime (every-route.ts)
 * read it, and each function's router (`routerFor`) serves its features' lists in its order.
 *
 * Adding a route touches its feature's operations.ts (declaration and answers), its routes.ts
 * (handler) and its use case in app/; a new feature adds its list here, in the place its routes
 * take in the document, and to the router of the function that serves it.
 *
 * Nothing here builds JSON Schema or an OpenAPI answer, and `ROUTES` is built only where it is
 * read, so a function's bundle carries its own routes' declarations and no other's, nor the
 * document's code (PERF-1).
 */
import { clubRoutes } from '../clubs/http/operations.ts';
import { docsRoutes } from '../docs/http/operations.ts';
import { gameRoutes } from '../games/http/operations.ts';
import { webhookRoutes } from '../notifications/http/operations.ts';
import { playerRoutes } from '../players/http/operations.ts';
import { tournamentRoutes } from '../tournaments/http/operations.ts';
import { parseBody, parseQuery } from './respond.ts';
import type { Handlers, RouteDeclaration } from './route.ts';
import { type Request, type Response, Router } from './router.ts';

export type { Handlers, RouteDeclaration, RouteInput } from './route.ts';

/** The features' lists one after the other, as one list. */
const joined = <L extends readonly (readonly RouteDeclaration[])[]>(...lists: L): readonly L[number][number][] => lists.flat();

/**
 * Every route, feature by feature, in the order the document lists them, which is also the
 * order the local runtime's router tries them. Only a feature's own routes can shadow each
 * other, so its list puts a more specific template first (`/players/me` before `/players/{id}`).
 * Annotated pure: a bundle that does not read it (a Lambda's) leaves it, and the other
 * features' declarations, out (esbuild keeps a spread at a module's top level, PERF-1).
 */
export const ROUTES = /* @__PURE__ */ joined(playerRoutes, docsRoutes, gameRoutes, tournamentRoutes, clubRoutes, webhookRoutes);

/** Each feature's routes by its folder's name (`functions/<feature>/`), in the document's order: what the design's tables and the recipes' test read. */
export const FEATURE_ROUTES = {
  players: playerRoutes,
  docs: docsRoutes,
  games: gameRoutes,
  tournaments: tournamentRoutes,
  clubs: clubRoutes,
  notifications: webhookRoutes,
} as const;

export type Route = (typeof ROUTES)[number];
export type OperationId = Route['operationId'];

/** The handlers of the function `F` serves: one for each of its routes, whichever feature declares it. */
export type ServedBy<F extends RouteDeclaration['serves']> = Handlers<Extract<Route, { serves: F }>>;

/** `METHOD /template` of each route `serves` names (every route without it), as API Gateway keys routes. */
export const routeKeys = (serves?: RouteDeclaration['serves']): string[] =>
  ROUTES.filter((r) => serves === undefined || r.serves === serves).map((r) => `${r.method} ${r.path}`);

/**
 * COST-7: a read a route starts before its caller is authenticated, so that the two overlap:
 * given the request, it runs the rest of the route (`next`: authentication, parsing, the
 * handler) with what it started at hand, for the use case to take. It answers nothing itself.
 */
export type ReadAhead = (request: Request, next: () => Promise<Response>) => Promise<Response>;

/**
 * The router of `routes`, in their order, each answered by its handler. `authenticate` turns
 * an Authorization header into a player id, or throws the 401; a function whose routes are all
 * public needs none. `ahead` names the routes that read ahead by `METHOD /template`, as `routeKeys`.
 */
export const routerFor = <R extends RouteDeclaration>(
  routes: readonly R[],
  handlers: Handlers<R>,
  authenticate?: (authorization: string | undefined) => Promise<string>,
  ahead: Readonly<Record<string, ReadAhead>> = {},
): Router => {
  const router = new Router();
  const byId = handlers as unknown as Readonly<Record<string, (request: Request, input: unknown) => Promise<Response>>>;
  for (const route of routes as readonly RouteDeclaration[]) {
    const handler = byId[route.operationId];
    if (!handler) throw new Error(`no handler for ${route.operationId}`);
    const auth = route.auth === 'public' ? undefined : authenticate;
    if (route.auth !== 'public' && !auth) throw new Error(`${route.operationId} needs the API key, and nothing checks it`);
    const readAhead = ahead[`${route.method} ${route.path}`];
    router.on(route.method, route.path, async (request) => {
      const rest = async () => {
        const given = request.headers.authorization;
        const playerId = !auth || (route.auth === 'optional' && given === undefined) ? null : await auth(given);
        const query = route.query ? parseQuery(request, route.query) : undefined;
        const body = route.body ? parseBody(request, route.body) : undefined;
        return handler(request, { playerId, query, body });
      };
      return readAhead ? readAhead(request, rest) : rest();
    });
  }
  return router;
};
