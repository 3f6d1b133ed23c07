/**
 * A schema failure as the client's 400 (API-4): each field error with its JSON Pointer and a
 * sentence. The application's strictness check and the HTTP layer's body and query parsing
 * both word their refusals here, so the application needs nothing of the HTTP layer.
 */
import type * as z from '../../domain/kernel/zod.ts';
import { Problem, type ProblemType } from './problems.ts';

/** RFC 6901: `~` and `/` inside a key are escaped in a JSON Pointer. */
export const escapePointer = (token: string): string => token.replaceAll('~', '~0').replaceAll('/', '~1');

export type Issue = z.core.$ZodIssue;

export const pointerOf = (path: readonly PropertyKey[]): string => path.map((p) => `/${escapePointer(String(p))}`).join('');

/** "The event number…" as the end of a sentence: "the event number…", ending in a full stop. */
export const sentenceCase = (text: string): string => {
  const trimmed = text.trim().replaceAll('`', '');
  const lowered = /^[A-Z][a-z]/.test(trimmed) ? `${trimmed[0]?.toLowerCase()}${trimmed.slice(1)}` : trimmed;
  return /[.!?]$/.test(lowered) ? lowered : `${lowered}.`;
};

export const withMore = (first: string, count: number): string =>
  count > 1 ? `${first.replace(/\.$/, '')} (${count - 1} more ${count === 2 ? 'problem is' : 'problems are'} listed in errors).` : first;

const a = (noun: string): string => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : a(typeof value);

const valueAt = (root: unknown, path: readonly PropertyKey[]): unknown => {
  let value: unknown = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
};

const sized = (origin: string, n: number | bigint): string =>
  origin === 'string' ? `${n} characters` : origin === 'array' || origin === 'set' ? `${n} items` : String(n);

/** What is wrong with a value, as the end of a sentence that starts with its name. */
export const issuePhrase = (issue: Issue, input?: unknown): string => {
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined
        ? 'is required'
        : `must be ${issue.expected === 'int' ? 'a whole number' : a(issue.expected)}, not ${kindOf(input)}`;
    case 'too_small':
      return issue.origin === 'number' || issue.origin === 'bigint'
        ? `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${issue.minimum}`
        : `must have at least ${sized(issue.origin, issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'bigint'
        ? `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${issue.maximum}`
        : `must have at most ${sized(issue.origin, issue.maximum)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} no schema knows: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      if (input === undefined) return 'is required';
      return 'discriminator' in issue && typeof issue.discriminator === 'string'
        ? `is ${JSON.stringify(input)}, which is none of the ${issue.discriminator} values allowed here`
        : 'matches none of the forms it may take';
    case 'invalid_format':
      return `must be ${a(issue.format)} string`;
    default:
      return `is not valid: ${issue.message}`;
  }
};

/** The field errors of a schema failure, each with its JSON Pointer (under `at`) and a sentence. */
export const fieldErrors = (issues: readonly Issue[], input: unknown, at = ''): { pointer: string; detail: string }[] =>
  issues.map((issue) => {
    const pointer = `${at}${pointerOf(issue.path)}`;
    const value = valueAt(input, issue.path);
    // A refinement's own message is already a sentence about the value (e.g. "a deadline is an ISO 8601 duration…").
    const phrase = issue.code === 'custom' ? `is not valid: ${issue.message}` : issuePhrase(issue, value);
    return { pointer, detail: `${pointer ? `The field ${pointer}` : 'The value'} ${phrase}.` };
  });

/** A 400 for a value that does not match its schema, listing every field error (API-4). */
export const schemaProblem = (
  issues: readonly Issue[],
  input: unknown,
  { type, what, at = '' }: { readonly type: ProblemType; readonly what: string; readonly at?: string },
): Problem => {
  const errors = fieldErrors(issues, input, at);
  const first = errors[0]?.detail ?? 'The value is not valid.';
  return new Problem(
    400,
    type,
    `${what} is not valid`,
    withMore(`${what} is not valid: ${first[0]?.toLowerCase()}${first.slice(1)}`, errors.length),
    {
      errors,
    },
  );
};
