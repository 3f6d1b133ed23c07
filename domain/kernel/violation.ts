/**
 * Rule violations are values, never exceptions: a stable code, the rule ID the engine
 * enforced, and a sentence a player understands.
 */
export interface RuleViolation {
  readonly code: string;
  /** The rule point enforced, e.g. `PG-9`, or `MATCH` for the shared lifecycle. */
  readonly rule: string;
  readonly message: string;
  /** 422 by default; 403 when the actor may not act at all (not their turn, not seated). */
  readonly status?: 403 | 409 | 422;
}

export type Decision<E> = { readonly ok: true; readonly events: readonly E[] } | { readonly ok: false; readonly violation: RuleViolation };

export const accept = <E>(...events: E[]): Decision<E> => ({ ok: true, events });

export const reject = (code: string, rule: string, message: string, status?: RuleViolation['status']): Decision<never> => ({
  ok: false,
  violation: status ? { code, rule, message, status } : { code, rule, message },
});

/** For a `switch` over a discriminated union: compile error when a case is missing. */
export const assertNever = (value: never): never => {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
};
