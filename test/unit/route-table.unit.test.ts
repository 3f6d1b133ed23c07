/**
 * ARC-5: one route table. Each route is declared once, in its feature's operations.ts, and
 * functions/http/route-table.ts puts the features' lists together: the routers, the OpenAPI
 * document and the CDK routes (checked on the template in test/stack/stack.stack.test.ts) all
 * read them; the router authenticates and parses by the route's declaration.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { openApiDocument, takesRulesetCommand } from '../../functions/docs/http/openapi.ts';
import { docsRoutes } from '../../functions/docs/http/operations.ts';
import { buildDocsRouter } from '../../functions/docs/http/routes.ts';
import { buildApiRouter } from '../../functions/http/api-router.ts';
import { buildClubsRouter } from '../../functions/http/clubs-router.ts';
import { buildRouter } from '../../functions/http/every-route.ts';
import { inline, queryParams } from '../../functions/http/openapi-parts.ts';
import { type Handlers, ROUTES, type Route, type RouteDeclaration, routeKeys, routerFor } from '../../functions/http/route-table.ts';
import { Problem } from '../../functions/kernel/problems.ts';

interface Operation {
  readonly operationId: string;
  readonly tags: string[];
  readonly summary: string;
  readonly description?: string;
  readonly security: unknown[];
  readonly parameters?: { name?: string; in?: string }[];
  readonly requestBody?: { content: { 'application/json': { schema: unknown } } };
}

const noDeps = () => {
  throw new Error('no deps: only the route table is read');
};
const paths = openApiDocument().paths as unknown as Record<string, Record<string, Operation>>;
const inDocument = Object.entries(paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
);
const table = ROUTES as readonly RouteDeclaration[];

const event = (method: string, rawPath: string, body?: unknown, headers: Record<string, string> = {}) =>
  ({
    rawPath,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { http: { method, sourceIp: '203.0.113.9' } },
  }) as unknown as APIGatewayProxyEventV2;

/** A handler for every route that answers what it was handed. */
const echoing = Object.fromEntries(
  table.map((r) => [r.operationId, async (_request: unknown, input: unknown) => ({ statusCode: 200, body: JSON.stringify(input) })]),
) as unknown as Handlers<Route>;

/** The routes the function `serves` names answers, in the table's order. */
const servedBy = (serves: RouteDeclaration['serves']) => ROUTES.filter((r) => r.serves === serves);

describe('ARC-5 one route table', () => {
  it('ARC-5 declares each route once: operationIds and METHOD /path unique, an id description exactly where the path has {id}, and one for each other segment', () => {
    expect(new Set(table.map((r) => r.operationId)).size).toBe(table.length);
    expect(new Set(routeKeys()).size).toBe(table.length);
    for (const route of table) {
      expect(
        [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        route.operationId,
      ).toEqual([...(route.id === undefined ? [] : ['id']), ...Object.keys(route.params ?? {})]);
    }
  });

  it('ARC-5 the router serves exactly the table: the local runtime every route, each function its own, in the table order', () => {
    expect(buildRouter(noDeps).routeKeys).toEqual(routeKeys());
    expect(buildApiRouter(noDeps).routeKeys).toEqual(routeKeys('api'));
    expect(buildDocsRouter().routeKeys).toEqual(routeKeys('docs'));
    expect(docsRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(routeKeys('docs'));
    expect(buildClubsRouter(noDeps).routeKeys).toEqual(routeKeys('clubs'));
    expect([...routeKeys('api'), ...routeKeys('docs'), ...routeKeys('clubs')].sort()).toEqual([...routeKeys()].sort());
  });

  it('ARC-5 every operation of the OpenAPI document is a route of the table, and every route is one, as the table declares it', () => {
    expect(inDocument.map((o) => o.key)).toEqual(expect.arrayContaining(routeKeys()));
    expect(inDocument.length).toBe(table.length);
    for (const route of table) {
      const operation = paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.operationId).toBe(route.operationId);
      expect(operation?.tags).toEqual([route.tag]);
      expect(operation?.summary).toBe(route.summary);
      expect(operation?.description).toBe(route.description);
      expect(operation?.security, route.operationId).toEqual(
        { public: [], optional: [{}, { apiKey: [] }], apiKey: [{ apiKey: [] }] }[route.auth],
      );
    }
  });

  it("ARC-5 the document's query parameters and request bodies are the table's schemas", () => {
    for (const route of table) {
      const operation = paths[route.path]?.[route.method.toLowerCase()];
      const query = (operation?.parameters ?? []).filter((p) => p.in === 'query');
      expect(query, route.operationId).toEqual(route.query ? queryParams(route.query) : []);
      const path = (operation?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(path, route.operationId).toEqual([...(route.id === undefined ? [] : ['id']), ...Object.keys(route.params ?? {})]);
      expect(operation?.requestBody === undefined, route.operationId).toBe(route.body === undefined);
      // The commands route's `command` (and its dry run's) is a $ref to the rulesets' command unions in place of the schema's loose object.
      if (route.body && !takesRulesetCommand(route)) {
        expect(operation?.requestBody?.content['application/json'].schema, route.operationId).toEqual(inline(route.body));
      }
    }
  });

  it('ARC-5 the router authenticates a route that needs the key before it parses anything, and hands the handler the player', async () => {
    const refused = new Problem(401, 'unauthorized', 'Unauthorized', 'No API key.');
    const router = routerFor(ROUTES, echoing, async (authorization) => {
      if (authorization !== 'Bearer ok') throw refused;
      return 'p_1';
    });
    await expect(router.handle(event('PATCH', '/players/me', { name: 5 }))).rejects.toBe(refused);
    await expect(router.handle(event('PATCH', '/players/me', { name: 5 }, { authorization: 'Bearer ok' }))).rejects.toMatchObject({
      status: 400,
      type: 'invalid-body',
    });
    const renamed = await router.handle(event('PATCH', '/players/me', { name: ' Ann ' }, { authorization: 'Bearer ok' }));
    expect(JSON.parse(renamed.body ?? '')).toEqual({ playerId: 'p_1', body: { name: 'Ann' } });
    const lobby = await router.handle(event('GET', '/games', undefined, { authorization: 'Bearer ok' }));
    expect(JSON.parse(lobby.body ?? '')).toEqual({ playerId: 'p_1', query: { after: 0, limit: 50 } });
  });

  it('ARC-5 CLUB-1 a route whose key is optional hands null without a key, the player with a good key, and a bad key is the 401', async () => {
    const refused = new Problem(401, 'unauthorized', 'Unauthorized', 'Bad key.');
    const router = routerFor(servedBy('clubs'), echoing, async (authorization) => {
      if (authorization !== 'Bearer ok') throw refused;
      return 'p_1';
    });
    const read = (headers?: Record<string, string>) => router.handle(event('GET', '/tournaments/t_1/standings', undefined, headers));
    expect(JSON.parse((await read()).body ?? '')).toEqual({ playerId: null });
    expect(JSON.parse((await read({ authorization: 'Bearer ok' })).body ?? '')).toEqual({ playerId: 'p_1' });
    await expect(read({ authorization: 'Bearer wrong' })).rejects.toBe(refused);
    // The clubs function serves optional-key routes: it must be given the check too.
    expect(() => routerFor(servedBy('clubs'), echoing)).toThrow('needs the API key');
  });

  it('ARC-5 a public route is served without a key, and a function that serves one needing the key must be given a check', async () => {
    const router = routerFor(servedBy('docs'), echoing);
    expect(JSON.parse((await router.handle(event('GET', '/rulesets'))).body ?? '')).toEqual({ playerId: null });
    expect(() => routerFor(servedBy('api'), echoing)).toThrow('needs the API key');
    const { registerPlayer: _, ...missing } = echoing as unknown as Record<string, unknown>;
    expect(() => routerFor(servedBy('api'), missing as unknown as Handlers<Route>, async () => 'p_1')).toThrow(
      'no handler for registerPlayer',
    );
  });
});
