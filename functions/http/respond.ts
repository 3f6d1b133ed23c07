/** Building responses: JSON, problem+json (RFC 9457), and body parsing with clear 400s. */
import { unwrapLazy } from '../../domain/kernel/schema.ts';
import * as z from '../../domain/kernel/zod.ts';
import { etagMatches, etagOf } from '../kernel/etag.ts';
import { Problem } from '../kernel/problems.ts';
import { issuePhrase, pointerOf, schemaProblem, sentenceCase, withMore } from '../kernel/schema-problems.ts';
import { parseJsonBody } from './input-guard.ts';
import { retryAfterHeader } from './retry-after.ts';
import type { Request, Response } from './router.ts';

export const PROBLEM_BASE = 'https://arbiter.dev/problems/';

export const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): Response => ({
  statusCode,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** An exported log (a game's or a tournament's) as an NDJSON download with its ETag; 304 when the client already has it. */
export const ndjsonDownload = (request: Request, body: string, filename: string): Response => {
  const etag = etagOf(body);
  if (etagMatches(request.headers['if-none-match'], etag)) return { statusCode: 304, headers: { etag } };
  const headers = {
    'content-type': 'application/x-ndjson',
    'content-disposition': `attachment; filename="${filename}"`,
    etag,
    'cache-control': 'private, no-cache',
  };
  return { statusCode: 200, headers, body };
};

/** A GET answer with its ETag; 304 when the client already has it. */
export const withEtag = (
  request: Request,
  body: unknown,
  cacheControl = 'private, no-cache',
  headers: Readonly<Record<string, string>> = {},
): Response => {
  const etag = etagOf(body);
  if (etagMatches(request.headers['if-none-match'], etag)) return { statusCode: 304, headers: { etag, ...headers } };
  return json(200, body, { etag, 'cache-control': cacheControl, ...headers });
};

export const problemResponse = (problem: Problem): Response => ({
  statusCode: problem.status,
  headers: { 'content-type': 'application/problem+json', ...retryAfterHeader(problem) },
  body: JSON.stringify({
    type: `${PROBLEM_BASE}${problem.type}`,
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
    ...problem.extra,
  }),
});

/**
 * The body as JSON, validated: too large, too deep, not Unicode, malformed JSON and schema
 * failures are each their own 4xx, all before anything is hashed or written.
 */
export const parseBody = <S extends z.core.$ZodType>(request: Request, schema: S): z.infer<S> => {
  const body = parseJsonBody(request.body);
  const result = z.safeParse(schema, body);
  if (result.success) return result.data;
  throw schemaProblem(result.error.issues, body, { type: 'invalid-body', what: 'The request body' });
};

/**
 * The query string, validated (API-4): a missing or malformed parameter is a 400 that
 * names it and says what it is for, e.g. "at is required: the event number to show the state after."
 */
export const parseQuery = <S extends z.core.$ZodType>(request: Request, schema: S): z.infer<S> => {
  const result = z.safeParse(schema, request.query);
  if (result.success) return result.data;
  const shape = (unwrapLazy(schema) as unknown as { shape?: Record<string, z.core.$ZodType | undefined> }).shape ?? {};
  const errors = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    const raw = request.query[name];
    const field = shape[name];
    const meaning = field && z.globalRegistry.get(field)?.description;
    const phrase =
      raw === undefined
        ? 'is required'
        : issue.code === 'invalid_type'
          ? `must be a whole number, not "${raw.slice(0, 40)}"`
          : issuePhrase(issue);
    return {
      pointer: pointerOf(issue.path),
      detail: `${name} ${phrase}${meaning ? `: ${sentenceCase(meaning)}` : '.'}`,
    };
  });
  throw new Problem(
    400,
    'invalid-query',
    'The query string is not valid',
    withMore(`The query parameter ${errors[0]?.detail}`, errors.length),
    {
      errors,
    },
  );
};
