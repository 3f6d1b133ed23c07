/**
 * Errors a client can act on, as RFC 9457 problem details: a status, a stable type, a
 * short title and a sentence a person understands. Rule violations add the rule ID.
 */
import type { RuleViolation } from '../../domain/kernel/violation.ts';

export class Problem extends Error {
  constructor(
    readonly status: number,
    /** A stable slug, published as `https://arbiter.dev/problems/<type>`. */
    readonly type: string,
    readonly title: string,
    readonly detail: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(detail);
  }
}

export const ruleViolation = (v: RuleViolation): Problem =>
  new Problem(
    v.status ?? 422,
    v.status === 403 ? 'not-allowed' : v.status === 409 ? 'conflict' : 'rule-violation',
    titleFor(v),
    v.message,
    {
      rule: v.rule,
      code: v.code,
    },
  );

const titleFor = (v: RuleViolation): string =>
  v.status === 403 ? 'You may not do that now' : v.status === 409 ? 'The game is not in a state for that' : 'Against the rules';

export const notFound = (what: string) => new Problem(404, 'not-found', 'Not found', `There is no ${what}.`);
