/**
 * The routes that describe the service as the API declares and documents them: the rulesets,
 * the OpenAPI document and the service's public signing keys (TRUST-1). For each, its method and
 * path, who may call it, its request schemas and what the document says of it, which its
 * function's router, the CDK routes and the document read (route-table.ts); and its answers in
 * `/openapi.json`, which only the document reads. Their handlers are in routes.ts.
 */
import { always, header, problem, requestId, withEtag } from '../../http/openapi-parts.ts';
import type { RouteDeclaration } from '../../http/route.ts';

export const docsRoutes = [
  {
    method: 'GET',
    path: '/rulesets',
    operationId: 'listRulesets',
    serves: 'docs',
    auth: 'public',
    tag: 'rulesets',
    summary: 'The rule systems, their seats, phases and commands.',
  },
  {
    method: 'GET',
    path: '/rulesets/{id}',
    operationId: 'getRuleset',
    serves: 'docs',
    auth: 'public',
    tag: 'rulesets',
    summary: 'One ruleset with JSON Schemas of its options and commands.',
    id: 'The ruleset id, e.g. post-galactica.',
  },
  {
    method: 'GET',
    path: '/openapi.json',
    operationId: 'getOpenApi',
    serves: 'docs',
    auth: 'public',
    tag: 'meta',
    summary: 'This document.',
  },
  {
    method: 'GET',
    path: '/.well-known/arbiter-keys.json',
    operationId: 'getKeySet',
    serves: 'docs',
    auth: 'public',
    tag: 'meta',
    summary: "The service's public signing keys (JWKS), the one that signs now first.",
    description:
      'TRUST-1, TRUST-5: every receipt and export signature names a key of this set, by `kid` (on AWS, a short-lived key whose certificate names one). Retired keys stay in it, so what they signed still verifies; a revoked key carries the date from which it is not trusted. `arbiter keys` lists them. Cached for five minutes.',
  },
] as const satisfies readonly RouteDeclaration[];

export type DocsRoute = (typeof docsRoutes)[number];
export type DocsOperationId = DocsRoute['operationId'];

/** The answers of the routes that describe the service. */
export const docsResponses = (): Record<DocsOperationId, Record<string, unknown>> => ({
  listRulesets: { ...withEtag('The rulesets.', 'RulesetList'), ...always },
  getRuleset: { ...withEtag('The ruleset.', 'Ruleset'), 404: problem('No such ruleset.'), ...always },
  getOpenApi: {
    200: {
      description: 'OpenAPI 3.1. Its ETag names this answer: send it as If-None-Match.',
      headers: { ...requestId, ETag: header('ETag') },
      content: { 'application/json': { schema: { type: 'object' } } },
    },
    304: withEtag('', 'EventsPage')[304],
    ...always,
  },
  getKeySet: { ...withEtag('The key set.', 'KeySet'), ...always },
});
