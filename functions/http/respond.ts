/** Building responses: JSON, problem+json (RFC 9457), and body parsing with clear 400s. */
import type { z } from 'zod';
import { Problem } from '../app/problems.ts';
import type { Request, Response } from './router.ts';

export const PROBLEM_BASE = 'https://arbiter.dev/problems/';

export const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): Response => ({
  statusCode,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

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

/** The body as JSON, validated: malformed JSON and schema failures are different 400s. */
export const parseBody = <S extends z.ZodType>(request: Request, schema: S): z.infer<S> => {
  let value: unknown;
  try {
    value = request.body === undefined || request.body === '' ? {} : JSON.parse(request.body);
  } catch (error) {
    throw new Problem(400, 'malformed-json', 'Malformed JSON', `The request body is not valid JSON: ${(error as Error).message}.`);
  }
  return validate(value, schema, 'invalid-body', 'The request body');
};

export const parseQuery = <S extends z.ZodType>(request: Request, schema: S): z.infer<S> =>
  validate(request.query, schema, 'invalid-query', 'The query string');

const validate = <S extends z.ZodType>(value: unknown, schema: S, type: string, what: string): z.infer<S> => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = issues[0];
  const where = first?.path ? ` at "${first.path}"` : '';
  throw new Problem(400, type, `${what} is not valid`, `${what} is not valid${where}: ${first?.message ?? 'unknown problem'}.`, { issues });
};
