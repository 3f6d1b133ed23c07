/** What each check of a log answers, and what the checks share (verify.ts, rules-check.ts). */
import type { EventEnvelope } from '../kernel/envelope.ts';
import type { ParsedLog } from './log.ts';

/** A run of the log decided under one rules version, and whether this build re-decided it. */
export interface RulesPart {
  readonly fromSeq: number;
  readonly toSeq: number;
  readonly rulesVersion: string;
  readonly readjudicated: boolean;
}

export interface CheckResult {
  readonly check: 'chain' | 'seed' | 'dice' | 'rules' | 'state' | 'origin' | 'signatures';
  readonly ok: boolean;
  /** One line a person reads. */
  readonly verdict: string;
  /** The first line of the log where the check fails. */
  readonly line?: number;
  /** More lines: e.g. both versions of a diverging event, side by side. */
  readonly detail?: readonly string[];
  /** The rules check of a log that changed rules version (PBM-14): each part, and whether it was re-decided. */
  readonly parts?: readonly RulesPart[];
  /** VIEW-8: not made yet, not failed: the game runs and the check needs what its end reveals. */
  readonly pending?: true;
}

export const pass = (check: CheckResult['check'], verdict: string): CheckResult => ({ check, ok: true, verdict });
export const fail = (check: CheckResult['check'], verdict: string, line?: number, detail?: readonly string[]): CheckResult => ({
  check,
  ok: false,
  verdict,
  ...(line === undefined ? {} : { line }),
  ...(detail === undefined ? {} : { detail }),
});

/** VIEW-8: a check a running game's export cannot make yet (the seed, or another seat's sealed orders, come with its end). */
export const pending = (check: CheckResult['check'], verdict: string, line?: number): CheckResult => ({
  ...fail(check, verdict, line),
  pending: true,
});

/** A log exported while its game runs: the seed is not revealed yet. */
export const isRunning = (header: ParsedLog['header']): boolean => header.seed === null && header.status !== 'ended';

/** Sealed events of a redacted export keep their place in the chain but not their content. */
export const isSealed = (event: EventEnvelope) => event.type === 'Sealed' && event.data === null;
