/**
 * ARC-5, HALL-1: what a route is. Each feature declares its routes in its own folder:
 * `functions/<feature>/http/operations.ts` holds each route's declaration (below) and its
 * answers in `/openapi.json`, `routes.ts` its handler, one per operationId, which the compiler
 * holds to the declarations (`Handlers`), and `app/` its use case. Adding a route touches those
 * three files (and `schemas.ts` for a new request or answer schema).
 *
 * Why the handler is not beside the declaration: the documentation function lists every route
 * (the document), so it imports every feature's declarations; a module that also held the
 * handlers would bring their use cases into its bundle, whose `import()`s esbuild keeps as
 * chunks even when the code that calls them is shaken out (evanw/esbuild#3252), the webhook
 * address guard among them (PERF-1). The answers are beside the declarations because only the
 * documentation reads them, and they build nothing while they load: the other functions'
 * bundles leave them out.
 *
 * The route table (route-table.ts) composes the features' lists; it imports them, so they
 * import these types from here and not from it (no import circle, ARC-8).
 */
import type * as z from '../../domain/kernel/zod.ts';
import type { Request, Response } from './router.ts';

export interface RouteDeclaration {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** API Gateway's template: `{name}` is one path segment. */
  readonly path: string;
  readonly operationId: string;
  /** The Lambda function that answers it on AWS: the documentation's routes load code the API's cold start does without (PERF-1). */
  readonly serves: 'api' | 'docs' | 'clubs';
  /**
   * `apiKey`: the router authenticates the bearer key before anything else, and hands the handler the player.
   * `optional`: the same when an Authorization header is sent (a bad key is still the 401), else the handler
   * gets null: a route anyone may read whose answer may depend on who asks (a private club's tournament, CLUB-1).
   */
  readonly auth: 'apiKey' | 'optional' | 'public';
  /** The document's group; each tag is one feature's (HALL-1): `rulesets` and `meta` are the docs'. */
  readonly tag: 'players' | 'rulesets' | 'games' | 'clubs' | 'tournaments' | 'webhooks' | 'meta';
  readonly summary: string;
  readonly description?: string;
  /** What the path's `{id}` names, for a path that has one. */
  readonly id?: string;
  /** What each other segment of the path names (`{playerId}`, `{ruleset}`), after `{id}`, in the path's order. */
  readonly params?: Readonly<Record<string, string>>;
  /** Parsed (API-4) after authentication, before the handler runs. */
  readonly query?: z.core.$ZodType;
  /** Parsed (API-4) after authentication and the query, before the handler runs. */
  readonly body?: z.core.$ZodType;
}

/** What the router hands a route's handler: the authenticated player, and the query and body parsed by the route's schemas. */
export interface RouteInput<R extends RouteDeclaration> {
  readonly playerId: R['auth'] extends 'apiKey' ? string : R['auth'] extends 'optional' ? string | null : null;
  readonly query: R extends { readonly query: infer S extends z.core.$ZodType } ? z.infer<S> : undefined;
  readonly body: R extends { readonly body: infer S extends z.core.$ZodType } ? z.infer<S> : undefined;
}

/** One handler for each of the routes `R` (a union of declarations), keyed by operationId: a missing or extra one does not compile. */
export type Handlers<R extends RouteDeclaration> = {
  readonly [X in R as X['operationId']]: (request: Request, input: RouteInput<X>) => Promise<Response>;
};
