/**
 * The Retry-After header (RFC 9110) of a 429 problem: any Problem whose `retryAfter` (in its
 * body too) is a whole number of seconds gets it, so every limit (REL-23's waits, REL-26's
 * rates) says when to come back in the same way.
 */
import type { Problem } from '../kernel/problems.ts';

export const retryAfterHeader = (problem: Problem): Record<string, string> => {
  const seconds = problem.extra.retryAfter;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= 0 ? { 'retry-after': String(seconds) } : {};
};
