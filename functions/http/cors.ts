/**
 * CORS (API-5): which browser origins may call the API, the preflight answer, and the
 * headers every answer carries for an allowed origin. One implementation for the local
 * runtime and Lambda (a middy middleware and a preflight step in the API handler).
 *
 * Authentication is a bearer key in `authorization`, never a cookie, so credentials are
 * never allowed (`access-control-allow-credentials` is not sent): a page on another
 * origin can act only with a key its user gave it.
 *
 * Configuration: `ARBITER_CORS_ORIGINS`, comma-separated. Each entry is an exact origin
 * (`https://table.example.org`), an origin with any port (`http://localhost:*`), or `*`
 * (any origin). Unset, the local default allows pages served from this machine only
 * (DEFAULT_CORS_ORIGINS). On AWS the stack sets it from the `corsOrigins` context, the
 * same list API Gateway's own CORS settings use; API Gateway then answers preflights
 * itself and puts its own CORS headers on every answer (it ignores the function's).
 */
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Problem } from '../kernel/problems.ts';
import type { Response } from './router.ts';

/** Local default: pages served from this machine, on any port. */
export const DEFAULT_CORS_ORIGINS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'];
/** The methods the API's routes answer. */
export const CORS_ALLOW_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** The request headers clients send. */
export const CORS_ALLOW_HEADERS: readonly string[] = ['authorization', 'content-type', 'if-none-match'];
/** The response headers a page may read besides the CORS-safelisted ones. */
export const CORS_EXPOSE_HEADERS: readonly string[] = ['arbiter-read-model', 'etag', 'location', 'retry-after', 'x-request-id'];
/** How long a browser may cache a preflight answer (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE_SECONDS = 3600;

export interface CorsPolicy {
  /** The configured entries, as given. */
  readonly origins: readonly string[];
  /** `*` (any origin), the origin itself, or null when the origin may not call the API. */
  allowOriginFor(origin: string): string | null;
}

/** Splits `a, b ,c` into entries; empty entries are ignored. */
export const parseCorsOrigins = (value: string | readonly string[] | undefined): readonly string[] | undefined => {
  if (value === undefined) return undefined;
  const entries = (typeof value === 'string' ? value.split(',') : value).map((e) => e.trim()).filter((e) => e !== '');
  return entries.length > 0 ? entries : undefined;
};

const ENTRY = /^(?:\*|https?:\/\/(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::(?:\d{1,5}|\*))?)$/;

export const corsPolicy = (origins: readonly string[] = DEFAULT_CORS_ORIGINS): CorsPolicy => {
  for (const entry of origins) {
    if (!ENTRY.test(entry))
      throw new Error(
        `CORS origin "${entry}" is not an origin: write scheme://host[:port], scheme://host:* for any port, or * for any origin (no path, no trailing slash).`,
      );
  }
  const any = origins.includes('*');
  const exact = new Set(origins.filter((o) => !o.endsWith(':*')).map((o) => o.toLowerCase()));
  const anyPort = origins.filter((o) => o.endsWith(':*')).map((o) => o.slice(0, -2).toLowerCase());
  return {
    origins,
    allowOriginFor: (origin) => {
      if (any) return '*';
      const o = origin.toLowerCase();
      if (exact.has(o)) return origin;
      for (const base of anyPort) {
        if (o === base) return origin;
        if (o.startsWith(`${base}:`) && /^\d{1,5}$/.test(o.slice(base.length + 1))) return origin;
      }
      return null;
    },
  };
};

/** The policy `ARBITER_CORS_ORIGINS` describes, else the local default. */
export const corsPolicyFromEnv = (env: Readonly<Record<string, string | undefined>>): CorsPolicy =>
  corsPolicy(parseCorsOrigins(env.ARBITER_CORS_ORIGINS) ?? DEFAULT_CORS_ORIGINS);

/** Headers are normalized to lower case before this runs (http-header-normalizer). */
const originOf = (event: APIGatewayProxyEventV2): string | undefined => event.headers?.origin;

/** A CORS preflight: OPTIONS with Origin and Access-Control-Request-Method. */
export const isPreflight = (event: APIGatewayProxyEventV2): boolean =>
  event.requestContext?.http?.method?.toUpperCase() === 'OPTIONS' &&
  originOf(event) !== undefined &&
  event.headers?.['access-control-request-method'] !== undefined;

/** The CORS headers of an answer to a request from `origin` (none when it is not allowed; `vary` unless any origin is). */
export const corsHeadersFor = (policy: CorsPolicy, origin: string | undefined): Record<string, string> => {
  const vary: Record<string, string> = policy.origins.includes('*') ? {} : { vary: 'origin' };
  if (origin === undefined) return vary;
  const allowed = policy.allowOriginFor(origin);
  if (allowed === null) return vary;
  return { ...vary, 'access-control-allow-origin': allowed, 'access-control-expose-headers': CORS_EXPOSE_HEADERS.join(', ') };
};

/**
 * The answer to a preflight, for any path (as API Gateway answers them): 204 with the
 * methods, headers and max age an allowed origin may use; a 403 problem for any other origin.
 */
export const preflightResponse = (policy: CorsPolicy, event: APIGatewayProxyEventV2): Response => {
  const origin = originOf(event) ?? '';
  if (policy.allowOriginFor(origin) === null) {
    throw new Problem(
      403,
      'origin-not-allowed',
      'Origin not allowed',
      `Pages from ${origin.slice(0, 200) || 'this origin'} may not call this API from a browser; this server allows ${policy.origins.join(', ')}. Its operator sets the list (ARBITER_CORS_ORIGINS locally, the corsOrigins context on AWS).`,
    );
  }
  return {
    statusCode: 204,
    headers: {
      'access-control-allow-methods': CORS_ALLOW_METHODS.join(', '),
      'access-control-allow-headers': CORS_ALLOW_HEADERS.join(', '),
      'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
    },
  };
};

/**
 * Adds `access-control-allow-origin` (and the exposed headers) to every answer for an
 * allowed origin, problems included, and `vary: origin` unless any origin is allowed.
 * Runs after the problem middleware has turned an error into its answer.
 */
export const corsHeaders = <E extends APIGatewayProxyEventV2>(policy: CorsPolicy): middy.MiddlewareObj<E, Response> => {
  const add = async (request: middy.Request<E, Response>) => {
    const { response } = request;
    if (!response) return;
    const headers = corsHeadersFor(policy, originOf(request.event));
    const vary = [response.headers?.vary, headers.vary].filter((v) => v !== undefined).join(', ');
    response.headers = { ...response.headers, ...headers, ...(vary ? { vary } : {}) };
  };
  return { after: add, onError: add };
};
