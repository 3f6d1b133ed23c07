/**
 * The Retry-After header (RFC 9110) of a 429 problem: any Problem that carries a whole
 * `retryAfterSeconds` gets it, so each limit says when to come back in the same way (REL-23).
 */
import type { Problem } from '../app/problems.ts';

export const retryAfterHeader = (problem: Problem): Record<string, string> => {
  const seconds = (problem as Problem & { readonly retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= 0 ? { 'retry-after': String(seconds) } : {};
};
