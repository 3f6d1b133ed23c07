/**
 * API-5 CORS over real HTTP against the local runtime: preflights as a browser sends them,
 * the headers on normal answers and problems, and the origins from ARBITER_CORS_ORIGINS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsPolicyFromEnv, DEFAULT_CORS_ORIGINS } from '../../functions/http/cors.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { Client, startServiceRuntime } from '../support/http.ts';

let local: MemoryRuntime;
let configured: MemoryRuntime;
let apiKey: string;
let gameId: string;

/** A runtime made while ARBITER_CORS_ORIGINS has `value` (the handler reads it when it is made). */
const runtimeWith = async (value: string | undefined): Promise<MemoryRuntime> => {
  const before = process.env.ARBITER_CORS_ORIGINS;
  if (value === undefined) delete process.env.ARBITER_CORS_ORIGINS;
  else process.env.ARBITER_CORS_ORIGINS = value;
  try {
    return await startServiceRuntime();
  } finally {
    if (before === undefined) delete process.env.ARBITER_CORS_ORIGINS;
    else process.env.ARBITER_CORS_ORIGINS = before;
  }
};

beforeAll(async () => {
  // One after the other: each reads the environment while it starts.
  local = await runtimeWith(undefined);
  configured = await runtimeWith('https://table.example.org, http://bot.example.net:*');
  const anon = new Client(local.url);
  const ann = await anon.register('Ann');
  apiKey = String(ann.client.apiKey);
  const created = await ann.client.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' });
  gameId = created.body.gameId;
});
afterAll(() => Promise.all([local?.stop(), configured?.stop()]));

/** What a browser sends before a cross-origin POST with a bearer key and a JSON body. */
const preflight = (base: string, path: string, origin: string) =>
  fetch(`${base}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });

describe('API-5 CORS', () => {
  it('API-5 a preflight from a page on this machine is answered 204 with the methods, headers and max age it may use', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8080', 'http://[::1]:3001']) {
      const response = await preflight(local.url, `/games/${gameId}/commands`, origin);
      expect(response.status, origin).toBe(204);
      expect(await response.text()).toBe('');
      const h = response.headers;
      expect(h.get('access-control-allow-origin')).toBe(origin);
      expect(h.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE');
      expect(h.get('access-control-allow-headers')).toBe('authorization, content-type, if-none-match');
      expect(h.get('access-control-max-age')).toBe('3600');
      expect(h.get('vary')).toContain('origin');
      expect(h.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('API-5 a preflight from another origin is a 403 problem that says which origins are allowed and how to change them', async () => {
    for (const origin of ['https://evil.example', 'http://localhost.evil.example:80', 'null']) {
      const response = await preflight(local.url, '/players', origin);
      expect(response.status, origin).toBe(403);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      const problem = (await response.json()) as { type: string; detail: string };
      expect(problem.type).toBe('https://arbiter.dev/problems/origin-not-allowed');
      expect(problem.detail).toContain(origin);
      expect(problem.detail).toContain('http://localhost:*');
      expect(problem.detail).toContain('ARBITER_CORS_ORIGINS');
    }
  });

  it('API-5 a normal answer to an allowed origin carries allow-origin, vary and the exposed headers; a problem too', async () => {
    const origin = 'http://localhost:5173';
    const view = await fetch(`${local.url}/games/${gameId}`, { headers: { origin, authorization: `Bearer ${apiKey}` } });
    expect(view.status).toBe(200);
    expect(view.headers.get('access-control-allow-origin')).toBe(origin);
    expect(view.headers.get('access-control-expose-headers')).toBe('arbiter-read-model, etag, location, retry-after, x-request-id');
    expect(view.headers.get('vary')).toContain('origin');
    expect(view.headers.get('etag')).toBeTruthy();

    const missing = await fetch(`${local.url}/games/g_nothing`, { headers: { origin, authorization: `Bearer ${apiKey}` } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    expect(missing.headers.get('access-control-allow-origin')).toBe(origin);
    expect(missing.headers.get('x-request-id')).toBeTruthy();

    const created = await fetch(`${local.url}/players`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cy' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('API-5 the 413 the local server gives an oversize upload itself carries allow-origin too', async () => {
    const origin = 'http://localhost:5173';
    const big = await fetch(`${local.url}/players`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(big.headers.get('access-control-allow-origin')).toBe(origin);
    expect(big.headers.get('access-control-expose-headers')).toContain('x-request-id');
  });

  it('API-5 an answer to another origin, or to a request without one, carries no allow-origin', async () => {
    const other = await fetch(`${local.url}/rulesets`, { headers: { origin: 'https://evil.example' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toContain('origin');
    const none = await fetch(`${local.url}/rulesets`);
    expect(none.status).toBe(200);
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('API-5 an OPTIONS that is not a preflight is still a 405', async () => {
    const response = await fetch(`${local.url}/players`, { method: 'OPTIONS' });
    expect(response.status).toBe(405);
  });

  it('API-5 ARBITER_CORS_ORIGINS sets the allowed origins: exact ones and any port of one host, and then no longer this machine', async () => {
    expect((await preflight(configured.url, '/players', 'https://table.example.org')).status).toBe(204);
    const anyPort = await preflight(configured.url, '/players', 'http://bot.example.net:8443');
    expect(anyPort.status).toBe(204);
    expect(anyPort.headers.get('access-control-allow-origin')).toBe('http://bot.example.net:8443');
    expect((await preflight(configured.url, '/players', 'https://table.example.org:444')).status).toBe(403);
    expect((await preflight(configured.url, '/players', 'http://localhost:5173')).status).toBe(403);
    const rulesets = await fetch(`${configured.url}/rulesets`, { headers: { origin: 'https://table.example.org' } });
    expect(rulesets.headers.get('access-control-allow-origin')).toBe('https://table.example.org');
  });

  it('API-5 the origins setting: the local default, *, and a clear error for an entry that is not an origin', () => {
    expect(corsPolicyFromEnv({}).origins).toEqual(DEFAULT_CORS_ORIGINS);
    expect(corsPolicyFromEnv({ ARBITER_CORS_ORIGINS: ' ' }).origins).toEqual(DEFAULT_CORS_ORIGINS);
    const any = corsPolicyFromEnv({ ARBITER_CORS_ORIGINS: '*' });
    expect(any.allowOriginFor('https://anyone.example')).toBe('*');
    expect(() => corsPolicyFromEnv({ ARBITER_CORS_ORIGINS: 'https://table.example.org/' })).toThrow(/is not an origin/);
    expect(() => corsPolicyFromEnv({ ARBITER_CORS_ORIGINS: 'table.example.org' })).toThrow(/is not an origin/);
  });
});
