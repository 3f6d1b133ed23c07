/**
 * Errors a client can act on, as RFC 9457 problem details: a status, a stable type, a
 * short title and a sentence a person understands. Rule violations add the rule ID.
 */
import type { RuleViolation } from '../../domain/kernel/violation.ts';

/**
 * Every problem type the API answers with, each a stable slug published as
 * `https://arbiter.dev/problems/<type>`. A new one is added here, or it does not compile; the
 * OpenAPI document carries an example of each, recorded from a real answer (DOC-3).
 */
export const PROBLEM_TYPES = [
  'invalid-body',
  'invalid-query',
  'malformed-json',
  'malformed-request',
  'malformed-path',
  'invalid-unicode',
  'too-deep',
  'unknown-field',
  'unknown-command',
  'invalid-webhook-url',
  'unauthorized',
  'not-allowed',
  'origin-not-allowed',
  'not-found',
  'method-not-allowed',
  'conflict',
  'version-conflict',
  'rules-version',
  'command-id-reused',
  'request-id-reused',
  'too-many-webhooks',
  'too-large',
  'rule-violation',
  'too-many-requests',
  'too-many-waits',
  'timed-out',
  'internal',
] as const;

export type ProblemType = (typeof PROBLEM_TYPES)[number];

export class Problem extends Error {
  constructor(
    readonly status: number,
    /** A stable slug, published as `https://arbiter.dev/problems/<type>`. */
    readonly type: ProblemType,
    readonly title: string,
    readonly detail: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(detail);
  }
}

/** INV-10: what a refusal is about, which its title names. */
export type Refused = 'game' | 'tournament' | 'club';

export const ruleViolation = (v: RuleViolation, subject: Refused = 'game'): Problem =>
  new Problem(
    v.status ?? 422,
    v.status === 403 ? 'not-allowed' : v.status === 409 ? 'conflict' : 'rule-violation',
    titleFor(v, subject),
    v.message,
    {
      rule: v.rule,
      code: v.code,
    },
  );

const titleFor = (v: RuleViolation, subject: Refused): string =>
  v.status === 403
    ? 'You may not do that now'
    : v.status === 409
      ? `The ${subject} is not in a state for that`
      : subject === 'game'
        ? 'Against the rules'
        : `Against the ${subject} rules`;

export const notFound = (what: string) => new Problem(404, 'not-found', 'Not found', `There is no ${what}.`);
