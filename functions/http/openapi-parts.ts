/**
 * The pieces `/openapi.json` is built from: named responses and headers, and helpers for operations.
 *
 * Every function's bundle imports this module, since each feature declares its routes' answers
 * beside the routes (`functions/<feature>/http/operations.ts`); only the documentation's uses it.
 * So nothing here runs while it loads: a constant built by a call has the call annotated pure,
 * and what a spread or a property read builds is a function, and esbuild leaves all of it, and
 * the recorded examples, out of the bundles that never document (PERF-1).
 */

import { unwrapLazy } from '../../domain/kernel/schema.ts';
import * as z from '../../domain/kernel/zod.ts';
import { MAX_BODY_BYTES } from './input-guard.ts';
import { problemComponents, problemRef, problemTypesOf } from './openapi-examples.ts';

/** A zod schema as an inline JSON Schema (request bodies and parameters). */
export const inline = (s: z.core.$ZodType): Record<string, unknown> => {
  const { $schema: _, ...rest } = z.toJSONSchema(s, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as Record<
    string,
    unknown
  >;
  return rest;
};

export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
export const header = (id: string) => ({ $ref: `#/components/headers/${id}` });
const response = (id: string) => ({ $ref: `#/components/responses/${id}` });

/** Every answer of the Lambda carries the request id (the 429 of the AWS stage does not reach it). */
export const requestId = { 'x-request-id': /* @__PURE__ */ header('RequestId') };

export const ok = (description: string, schema: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { ...requestId, ...headers },
  content: { 'application/json': { schema: ref(schema) } },
});

export const noContent = (description: string) => ({ description, headers: requestId });

/** A 200 with its ETag, and the 304 that answers a matching If-None-Match. */
export const withEtag = (description: string, schema: string) => ({
  200: ok(`${description} Its ETag names this answer: send it as If-None-Match.`, schema, { ETag: header('ETag') }),
  304: { description: 'Unchanged: the If-None-Match names this answer.', headers: { ...requestId, ETag: header('ETag') } },
});

export const location = { Location: /* @__PURE__ */ header('Location') };

/** A problem answer; `examples` inline (`{ summary, value }`) or `$ref`s to the recorded ones (problemRef). */
export const problem = (description: string, examples?: Record<string, unknown>) => ({
  description,
  headers: requestId,
  content: { 'application/problem+json': { schema: ref('Problem'), ...(examples ? { examples } : {}) } },
});

export const body = (schema: Record<string, unknown>) => ({ required: true, content: { 'application/json': { schema } } });

export const queryParams = (s: z.core.$ZodType) =>
  Object.entries((unwrapLazy(s) as z.core.$ZodObject)._zod.def.shape).map(([name, field]) => ({
    name,
    in: 'query',
    required: !z.safeParse(field, undefined).success,
    schema: inline(field),
  }));

export const pathId = (what: string) => ({ name: 'id', in: 'path', required: true, description: what, schema: { type: 'string' } });
export const ifNoneMatch = { $ref: '#/components/parameters/IfNoneMatch' };

export const secured = [{ apiKey: [] }];
export const PUBLIC: never[] = [];
/** A key is optional (OpenAPI's empty requirement): without one the route answers what anyone may see (CLUB-1). */
export const OPTIONAL_KEY = [{}, { apiKey: [] }];

/** Statuses any operation may answer: throttling on AWS and an internal error. */
export const always = {
  429: /* @__PURE__ */ response('Throttled'),
  500: /* @__PURE__ */ response('InternalError'),
  503: /* @__PURE__ */ response('TimedOut'),
};
export const unauthorized = { 401: /* @__PURE__ */ response('Unauthorized') };
/** The 429 of an operation with a rate limit of its own (REL-26), in place of `always`'s. */
export const rateLimited = { 429: /* @__PURE__ */ response('RateLimited') };
/** Statuses of an operation that reads a JSON body. */
export const withBody = { 400: /* @__PURE__ */ response('BadRequest'), 413: /* @__PURE__ */ response('TooLarge') };

/** The meanings of 409 at a game's command routes, each with its problem type, as the API answered them (DOC-3). */
export const conflictExamples = () => ({
  versionConflict: {
    summary: 'version-conflict: another command was accepted first (or expectedVersion is not the current version)',
    ...problemRef('version-conflict'),
  },
  rulesVersion: {
    summary: "rules-version: the game's rules version is not served here (or its log does not decide the same under them)",
    ...problemRef('rules-version'),
  },
  commandIdReused: {
    summary: 'command-id-reused: the commandId was already used for a different command',
    ...problemRef('command-id-reused'),
  },
  gameState: {
    summary: 'conflict: the game is not in a state for that command (over, paused, another step)',
    ...problemRef('conflict'),
  },
});

/** `$ref`s to the recorded example of each problem type answered with `status`, but `except`. */
const examplesOf = (status: number, except: readonly string[] = []) =>
  Object.fromEntries(problemTypesOf(status).flatMap((type) => (except.includes(type) ? [] : [[type, problemRef(type)]])));

/** What API Gateway's own 429 carries. */
const stageThrottled = { type: 'object', properties: { message: { type: 'string' } } };

/** The content of the AWS stage's own 429 (plain JSON, `{ message }`). */
export const stageThrottledContent = { 'application/json': { schema: stageThrottled } };

/** The document's shared components: examples, the security scheme, headers, parameters and named responses. */
export const sharedComponents = () => ({
  /** DOC-3: an example of every problem type, each the API's answer to a request that provokes it. */
  examples: problemComponents(),
  securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'The API key from POST /players.' } },
  headers: {
    ETag: {
      description: 'Names this answer: send it as If-None-Match to be answered 304 while it is unchanged.',
      schema: { type: 'string' },
    },
    Location: { description: 'The URL of what was created.', schema: { type: 'string' } },
    RequestId: { description: 'The request id; quote it when reporting a problem.', schema: { type: 'string' } },
    RetryAfter: { description: 'Whole seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
  },
  parameters: {
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag of the answer you have: 304 while it is unchanged.',
      schema: { type: 'string' },
    },
  },
  responses: {
    BadRequest: problem(
      'The body or the query is not valid: malformed JSON, nested too deeply, not Unicode, unknown fields or a schema mismatch (`errors` lists each field by JSON Pointer).',
      {
        invalidBody: { summary: 'invalid-body: a field does not match the schema', ...problemRef('invalid-body') },
        ...examplesOf(400, ['invalid-body']),
      },
    ),
    Unauthorized: problem('No API key, or not a valid one.', examplesOf(401)),
    TooLarge: problem(`The body is over ${MAX_BODY_BYTES} bytes; nothing was written.`, examplesOf(413)),
    InternalError: problem('Something went wrong on our side; nothing was written. The problem carries the request id.', examplesOf(500)),
    TimedOut: problem(
      'INV-9: the request took too long and was stopped; what it sent may or may not have been recorded. Retry it with the same commandId or requestId after Retry-After: the first result if it was, a decision now if not.',
      examplesOf(503),
    ),
    Throttled: {
      description: 'Too many requests: the AWS HTTP API stage throttles (API Gateway answers this itself).',
      content: stageThrottledContent,
    },
    RateLimited: {
      description:
        "Too many requests: over this operation's hourly rate limit (problem type too-many-requests, with Retry-After and `retryAfter` in seconds; docs/api.md lists the limits), or the AWS HTTP API stage throttles (API Gateway answers `{ message }` itself).",
      headers: { ...requestId, 'Retry-After': header('RetryAfter') },
      content: {
        'application/problem+json': {
          schema: ref('Problem'),
          examples: {
            tooManyRequests: { summary: 'too-many-requests: over the rate limit', ...problemRef('too-many-requests') },
          },
        },
        'application/json': { schema: stageThrottled },
      },
    },
  },
});
