/**
 * API-1: the OpenAPI document is a typed contract: named components referenced from the
 * operations, an operationId each, the public routes public, every route of the router in
 * it, and every status, header and 409 meaning a client must handle.
 */
import { describe, expect, it } from 'vitest';
import { variantsByType } from '../../domain/kernel/schema.ts';
import { matchCommandSchemas, RESERVED_COMMANDS } from '../../domain/match/command-table.ts';
import { MATCH_EVENT_TYPES } from '../../domain/match/events.ts';
import { rulesets } from '../../domain/rulesets.ts';
import { componentPrefix } from '../../functions/docs/http/components.ts';
import { openApiDocument } from '../../functions/docs/http/openapi.ts';
import { buildRouter } from '../../functions/http/every-route.ts';

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { name?: string; in?: string; $ref?: string }[];
  requestBody?: unknown;
  responses: Record<string, { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, { examples?: object }> }>;
}
type Schema = { oneOf?: { $ref: string }[]; discriminator?: { propertyName: string; mapping: Record<string, string> } } & Record<
  string,
  unknown
>;

const doc = openApiDocument();
const paths = doc.paths as unknown as Record<string, Record<string, Operation>>;
const schemas = doc.components.schemas as Record<string, Schema>;
const operations = Object.entries(paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
);
const op = (key: string): Operation => {
  const found = operations.find((o) => o.key === key)?.operation;
  if (!found) throw new Error(`no operation ${key}`);
  return found;
};

/** Every `$ref` in a JSON value. */
const refsIn = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => (key === '$ref' && typeof v === 'string' ? [v] : refsIn(v)));
};

/** The components reachable from the paths, following `$ref`s through the components. */
const reachable = (): Set<string> => {
  const seen = new Set<string>();
  const queue = refsIn(doc.paths);
  for (let ref = queue.shift(); ref !== undefined; ref = queue.shift()) {
    if (seen.has(ref)) continue;
    seen.add(ref);
    const [, , kind, name] = ref.split('/');
    queue.push(...refsIn((doc.components as unknown as Record<string, Record<string, unknown>>)[kind ?? '']?.[name ?? '']));
  }
  return seen;
};

const routeKeys = buildRouter(() => {
  throw new Error('no deps: only the route table is read');
}).routeKeys;

describe('API-1 a typed spec', () => {
  it('API-1 every route of the router is in the document with its method, and nothing else is', () => {
    expect(operations.map((o) => o.key).sort()).toEqual([...routeKeys].sort());
  });

  it('API-1 every operation has a unique operationId, a summary and a 4xx answer', () => {
    const ids = operations.map((o) => o.operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, operation } of operations) {
      expect(
        Object.keys(operation.responses).some((s) => s.startsWith('4')),
        key,
      ).toBe(true);
    }
  });

  it('API-1 CLUB-1 public routes say security: [], a key optional says [{}, apiKey], every other route needs the API key', () => {
    const open = ['POST /players', 'GET /rulesets', 'GET /rulesets/{id}', 'GET /openapi.json', 'GET /.well-known/arbiter-keys.json'];
    // CLUB-7: a tournament, its rounds and standings are read with no key, by the tournament page;
    // CLUB-1: with one, a member reads a private club's. TABLE-5: a public game's log and events are watched with no key.
    const optional = [
      'GET /tournaments/{id}',
      'GET /tournaments/{id}/rounds',
      'GET /tournaments/{id}/standings',
      'GET /games/{id}/events',
      'GET /games/{id}/log',
    ];
    expect(doc.security).toEqual([{ apiKey: [] }]);
    for (const { key, operation } of operations) {
      expect(operation.security, key).toEqual(open.includes(key) ? [] : optional.includes(key) ? [{}, { apiKey: [] }] : [{ apiKey: [] }]);
    }
    expect(doc.servers.map((s) => s.url)).toEqual(['http://127.0.0.1:3000', 'https://{apiId}.execute-api.{region}.amazonaws.com']);
  });

  it('API-1 the problem, the envelope, the game view and each ruleset have named components, all referenced, none dangling', () => {
    const names = [
      'Problem',
      'FieldError',
      'EventEnvelope',
      'GameView',
      ...[...rulesets.keys()].flatMap((id) => ['Command', 'Event', 'View'].map((k) => `${componentPrefix(id)}${k}`)),
    ];
    for (const name of names) expect(schemas[name], name).toBeDefined();
    const used = reachable();
    for (const name of Object.keys(schemas)) expect(used.has(`#/components/schemas/${name}`), name).toBe(true);
    for (const ref of used) {
      const [, , kind, name] = ref.split('/');
      expect((doc.components as unknown as Record<string, Record<string, unknown>>)[kind ?? '']?.[name ?? ''], ref).toBeDefined();
    }
    expect(Object.keys((schemas.Problem as { properties: object }).properties)).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'detail', 'rule', 'code', 'errors']),
    );
    expect(JSON.stringify(schemas.Problem)).toContain('#/components/schemas/FieldError');
  });

  it("API-1 each ruleset's commands are a union discriminated by type: its own commands and the lifecycle commands", () => {
    for (const [id, r] of rulesets) {
      const union = schemas[`${componentPrefix(id)}Command`];
      const own = [...variantsByType(r.commandSchema).keys()];
      const lifecycle = [...matchCommandSchemas.keys()].filter((t) => !RESERVED_COMMANDS.has(t));
      expect(union?.discriminator?.propertyName).toBe('type');
      expect(Object.keys(union?.discriminator?.mapping ?? {}).sort()).toEqual([...own, ...lifecycle].sort());
      expect(union?.oneOf?.map((o) => o.$ref).sort()).toEqual(Object.values(union?.discriminator?.mapping ?? {}).sort());
      expect(lifecycle).toEqual(expect.arrayContaining(['ChooseFirstPlayer', 'Concede']));
    }
    const body = JSON.stringify(op('POST /games/{id}/commands').requestBody);
    for (const id of rulesets.keys()) expect(body).toContain(`#/components/schemas/${componentPrefix(id)}Command`);
  });

  it("API-1 each ruleset's events are a union of every event type it and the match emit, and the envelope is one of them", () => {
    for (const [id, r] of rulesets) {
      const union = schemas[`${componentPrefix(id)}Event`] as unknown as { oneOf: { properties: { type: { const: string } } }[] };
      const types = union.oneOf.map((v) => v.properties.type.const);
      expect(types.sort()).toEqual([...new Set([...MATCH_EVENT_TYPES, ...r.eventTypes])].sort());
    }
    const envelope = JSON.stringify(schemas.EventEnvelope);
    for (const id of rulesets.keys()) expect(envelope).toContain(`#/components/schemas/${componentPrefix(id)}Event`);
    expect(envelope).toContain('#/components/schemas/SealedEvent');
    expect(JSON.stringify(op('GET /games/{id}').responses[200])).toContain('#/components/schemas/GameView');
  });

  it('API-1 a retried create is a 200 beside the 201, with Location; 409 lists each of its meanings', () => {
    for (const key of ['POST /games', 'POST /me/webhooks']) {
      const { responses } = op(key);
      expect(Object.keys(responses), key).toEqual(expect.arrayContaining(['200', '201', '409', '413']));
      expect(Object.keys(responses[201]?.headers ?? {})).toEqual(expect.arrayContaining(['Location', 'x-request-id']));
      expect(Object.keys(responses[200]?.headers ?? {})).toEqual(expect.arrayContaining(['Location']));
    }
    for (const key of ['POST /games/{id}/commands', 'POST /games/{id}/join']) {
      const examples = op(key).responses[409]?.content?.['application/problem+json']?.examples ?? {};
      expect(Object.keys(examples), key).toEqual(['versionConflict', 'rulesVersion', 'commandIdReused', 'gameState']);
    }
  });

  it('API-1 a GET answered with an ETag declares it, takes If-None-Match and lists its 304', () => {
    const etagged = operations.filter((o) => o.key.startsWith('GET ')).map((o) => o.key);
    expect(etagged.length).toBeGreaterThan(10);
    for (const key of etagged) {
      const { responses, parameters } = op(key);
      expect(Object.keys(responses[200]?.headers ?? {}), key).toEqual(expect.arrayContaining(['ETag', 'x-request-id']));
      expect(responses[304], key).toBeDefined();
      expect(parameters, key).toContainEqual({ $ref: '#/components/parameters/IfNoneMatch' });
    }
    const waits = operations.filter((o) => o.operation.parameters?.some((p) => p.name === 'wait')).map((o) => o.key);
    expect(waits.sort()).toEqual(['GET /games/{id}/events', 'GET /me/games']);
  });

  it('API-1 every operation that reads a body lists 400 and 413', () => {
    for (const { key, operation } of operations.filter((o) => o.operation.requestBody)) {
      expect(Object.keys(operation.responses), key).toEqual(expect.arrayContaining(['400', '413']));
    }
  });
});
