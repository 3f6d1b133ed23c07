/** Building responses: JSON, problem+json (RFC 9457), and body parsing with clear 400s. */
import type { z } from 'zod';
import { etagMatches, etagOf } from '../app/etag.ts';
import { Problem } from '../app/problems.ts';
import { escapePointer, parseJsonBody } from './input-guard.ts';
import type { Request, Response } from './router.ts';

export const PROBLEM_BASE = 'https://arbiter.dev/problems/';

export const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): Response => ({
  statusCode,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A GET answer with its ETag; 304 when the client already has it. */
export const withEtag = (request: Request, body: unknown): Response => {
  const etag = etagOf(body);
  if (etagMatches(request.headers['if-none-match'], etag)) return { statusCode: 304, headers: { etag } };
  return json(200, body, { etag, 'cache-control': 'private, no-cache' });
};

export const problemResponse = (problem: Problem): Response => ({
  statusCode: problem.status,
  headers: { 'content-type': 'application/problem+json' },
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
export const parseBody = <S extends z.ZodType>(request: Request, schema: S): z.infer<S> =>
  validate(parseJsonBody(request.body), schema, 'invalid-body', 'The request body');

export const parseQuery = <S extends z.ZodType>(request: Request, schema: S): z.infer<S> =>
  validate(request.query, schema, 'invalid-query', 'The query string');

const validate = <S extends z.ZodType>(value: unknown, schema: S, type: string, what: string): z.infer<S> => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => ({
    pointer: i.path.map((p) => `/${escapePointer(String(p))}`).join(''),
    detail: i.message,
  }));
  const first = errors[0];
  const where = first?.pointer ? ` at ${first.pointer}` : '';
  throw new Problem(400, type, `${what} is not valid`, `${what} is not valid${where}: ${first?.detail ?? 'unknown problem'}.`, { errors });
};
