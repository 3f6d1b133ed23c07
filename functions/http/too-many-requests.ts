/** The answer to a client that must slow down: 429, problem+json, and when to try again. */
import { Problem } from '../kernel/problems.ts';
import { problemResponse } from './respond.ts';
import type { Response } from './router.ts';

/** `Retry-After` in whole seconds (RFC 9110), also in the problem as `retryAfter` (retry-after.ts). */
export const tooManyRequests = (retryAfterSeconds: number, detail: string): Response =>
  problemResponse(new Problem(429, 'too-many-requests', 'Too many requests', detail, { retryAfter: retryAfterSeconds }));
