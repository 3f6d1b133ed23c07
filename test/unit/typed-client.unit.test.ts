/**
 * API-2: a client generated from the spec (client/arbiter.d.ts with openapi-fetch) plays a
 * match of each ruleset through the real handler on the memory adapters, type-checked with no
 * casts, and every answer it gets is validated against the schema the document declares for
 * its route and status.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import createClient, { type Middleware } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { components, paths } from '../../client/arbiter.d.ts';
import { rulesets } from '../../domain/rulesets.ts';
import { openApiDocument } from '../../functions/docs/http/openapi.ts';
import { commandId, eventually } from '../support/client.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';

type Json = Record<string, unknown>;
const doc = openApiDocument() as unknown as Json & { paths: Record<string, Record<string, { responses: Record<string, Json> }>> };
const named = doc.components as { responses: Record<string, Json> };
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** The answer the document lists for this route, method and status. */
const listed = (path: string, method: string, status: number): Json => {
  const response = doc.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
  if (!response) throw new Error(`${method} ${path} answered ${status}, which the document does not list`);
  return typeof response.$ref === 'string' ? (named.responses[response.$ref.split('/').pop() ?? ''] ?? {}) : response;
};

/** A validator of the schema the document declares for this route, method, status and media type. */
const declared = (path: string, method: string, status: number, mediaType: string) => {
  const key = `${method} ${path} ${status} ${mediaType}`;
  const cached = validators.get(key);
  if (cached) return cached;
  const schema = (listed(path, method, status).content as Record<string, { schema: Json }> | undefined)?.[mediaType]?.schema;
  if (!schema) throw new Error(`${method} ${path} ${status} answered ${mediaType}, which the document does not declare`);
  // The components travel with each schema so its `#/components/...` references resolve.
  const validate = ajv.compile({ ...schema, components: doc.components });
  validators.set(key, validate);
  return validate;
};

const checked: string[] = [];
const invalid: string[] = [];

/** Every answer, validated against the document: its status listed, its body of the declared schema. */
const validateAnswers: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    checked.push(`${request.method} ${schemaPath} ${response.status}`);
    if (response.status === 204 || response.status === 304) {
      listed(schemaPath, request.method, response.status);
      return undefined;
    }
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
    const text = await response.clone().text();
    const validate = declared(schemaPath, request.method, response.status, mediaType);
    const value = mediaType === 'application/x-ndjson' ? text : JSON.parse(text);
    if (!validate(value)) invalid.push(`${request.method} ${schemaPath} ${response.status}: ${ajv.errorsText(validate.errors)}`);
    return undefined;
  },
};

/** The problem document of an error answer (the AWS stage's own 429 is `{ message }` instead). */
type Problem = components['schemas']['Problem'];
const problem = (error: Problem | { message?: string } | undefined): Problem | undefined =>
  error && 'detail' in error ? error : undefined;

let api: MemoryApi;
const clientFor = (apiKey?: string) => {
  const client = createClient<paths>({
    baseUrl: api.url,
    fetch: api.fetch,
    ...(apiKey ? { headers: { authorization: `Bearer ${apiKey}` } } : {}),
  });
  client.use(validateAnswers);
  return client;
};

beforeAll(async () => {
  // The real handler on the memory adapters (ARC-3): these routes are not about storage.
  api = memoryApi();
});

const register = async (name: string) => {
  const { data } = await clientFor().POST('/players', { body: { name } });
  if (!data) throw new Error(`could not register ${name}`);
  return { client: clientFor(data.apiKey), playerId: data.playerId };
};

describe('API-2 a client generated from the spec', () => {
  it.each([...rulesets.keys()])(
    'API-2 plays a %s match to its end through the typed client (create, join, roll-off, first player, concede), every answer valid',
    async (rulesetId) => {
      const ann = await register('Ann');
      const bob = await register('Bob');
      const [first, second] = rulesets.get(rulesetId)?.seatNames ?? [];
      if (!first || !second) throw new Error(`${rulesetId} has no two seats`);

      const created = await ann.client.POST('/games', { body: { ruleset: rulesetId, seat: first, commandId: commandId() } });
      expect(created.response.status, JSON.stringify(created.error)).toBe(201);
      const gameId = created.data?.gameId ?? '';
      const path = { params: { path: { id: gameId } } };

      const joined = await bob.client.POST('/games/{id}/join', { ...path, body: {} });
      const rolledOff = joined.data?.events.find((e) => e.type === 'RolledOff');
      const winner = rolledOff?.type === 'RolledOff' ? rolledOff.data.winner : undefined;
      const seats = { [first]: ann, [second]: bob };
      if (typeof winner === 'string') {
        const chooser = seats[winner];
        const chosen = await chooser?.client.POST('/games/{id}/commands', {
          ...path,
          body: { commandId: commandId(), command: { type: 'ChooseFirstPlayer', seat: winner } },
        });
        expect(chosen?.response.status, JSON.stringify(chosen?.error)).toBe(200);
      }

      const wrong = await ann.client.POST('/games/{id}/commands', {
        ...path,
        body: { commandId: commandId(), expectedVersion: 0, command: { type: 'Concede' } },
      });
      expect(problem(wrong.error)?.type).toBe('https://arbiter.dev/problems/version-conflict');

      const conceded = await bob.client.POST('/games/{id}/commands', {
        ...path,
        body: { commandId: commandId(), command: { type: 'Concede' } },
      });
      expect(conceded.data?.events.map((e) => e.type)).toContain('GameEnded');

      // The read model follows the log (API-6 is another item): wait for it to see the end.
      const view = await eventually(
        () => ann.client.GET('/games/{id}', path),
        (reply) => reply.data?.status === 'ended',
      );
      expect(view.data?.result?.winner).toBe(first);
      const etag = view.response.headers.get('etag') ?? '';
      const again = await ann.client.GET('/games/{id}', { params: { path: { id: gameId }, header: { 'If-None-Match': etag } } });
      expect(again.response.status).toBe(304);

      const events = await bob.client.GET('/games/{id}/events', { params: { path: { id: gameId }, query: { after: 0, limit: 500 } } });
      expect(events.data?.events.at(-1)?.type).toBe('SeedRevealed');
      const state = await bob.client.GET('/games/{id}/state', { params: { path: { id: gameId }, query: { at: 1 } } });
      expect(state.data?.state.status).toBe('lobby');
      const log = await ann.client.GET('/games/{id}/log', { ...path, parseAs: 'text' });
      expect(log.data?.split('\n').length).toBeGreaterThan(3);
      // The inbox is projected after the game's view: wait for it rather than race it.
      const mine = await eventually(
        () => ann.client.GET('/me/games', { params: { query: { awaiting: 'false' } } }),
        (reply) => reply.data?.games.some((g) => g.gameId === gameId) === true,
      );
      expect(mine.data?.games.map((g) => g.gameId)).toContain(gameId);
      const ruleset = await ann.client.GET('/rulesets/{id}', { params: { path: { id: rulesetId } } });
      expect(ruleset.data?.id).toBe(rulesetId);
    },
    60_000,
  );

  it('API-2 the public routes and the problems answered are valid against the spec too', async () => {
    const anon = clientFor();
    expect((await anon.GET('/rulesets')).data?.rulesets.map((r) => r.id)).toEqual([...rulesets.keys()]);
    expect(problem((await anon.GET('/rulesets/{id}', { params: { path: { id: 'chess' } } })).error)?.status).toBe(404);
    expect(problem((await anon.GET('/games/{id}', { params: { path: { id: 'g_none' } } })).error)?.status).toBe(401);
    const bad = await anon.POST('/players', { body: { name: '' } });
    expect(problem(bad.error)?.errors?.[0]?.pointer).toBe('/name');
    expect((await anon.GET('/openapi.json')).response.status).toBe(200);
  });

  it('API-2 every answer the client received was listed in the document and of its declared schema', () => {
    expect(checked.length).toBeGreaterThan(40);
    expect(invalid).toEqual([]);
  });
});
